import { AveiroGame, type Frame } from '../../src/aveiro/game.ts';

/**
 * Seed 114 played with a fixed pattern of keys: the game ends with an I spawning onto an I that lies in
 * the same cells of row 1, so the course lists that row's 4 cells twice, counts 8 and clears it. Returns
 * the game and every frame it sent.
 */
export function overlappingEnd(): { game: AveiroGame; frames: Frame[] } {
  const keys = ['a', 'w', 'd', 's', '', 'd', 'x', 'a', 'w', 'w', 's', 'a', 'd', ''];
  const game = new AveiroGame(114);
  const frames = [game.tick()];
  for (let n = 114; game.running; n++) {
    game.keypress(keys[(n * 7 + (n >> 3)) % keys.length]);
    frames.push(game.tick());
  }
  return { game, frames };
}
