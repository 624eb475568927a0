import { describe, expect, it } from 'vitest';
import { verifyScore } from '../../src/server/verified-scores.ts';
import { UNNAMED_AGENT } from '../../src/core/player-names.ts';
import type { HighScore } from '../../src/store/highscores.ts';
import { whoPlayed } from '../../web/src/score-tables.ts';
import type { Key } from '../../src/tetris/keys.ts';
import { GARBAGE_COLOUR, HUMAN, TetrisSession, type SessionSetup } from '../../web/src/tetris/session.ts';

/**
 * A human's game of `setup`, one of `keys` (in turn) every 50 ms, 20 keys a second: a person's pace
 * (src/server/human-pace.ts); played until the game ends or `limit` keys have been pressed.
 */
function playedByHand(setup: SessionSetup, keys: readonly Key[], limit: number): { session: TetrisSession; over: boolean } {
  let over = false;
  const session = new TetrisSession(setup, null, () => (over = true));
  for (let pressed = 0; !over && pressed < limit; pressed++) {
    session.humanKey(keys[pressed % keys.length]);
    session.frame(pressed * 50);
  }
  return { session, over };
}

describe("the Play view's high scores", () => {
  it("submit a human's finished game as a replay that the server takes at the game's own score", () => {
    const setup = {
      player: HUMAN,
      rules: 'classic',
      width: 6,
      height: 10,
      rotation: 'classic',
      garbageRows: 2,
      seed: 5,
      target: 100,
    } as const;
    const { session, over } = playedByHand(setup, ['L', 'R', 'C', 'H'], 2000);
    expect(over).toBe(true);
    const { table, entry } = verifyScore(JSON.parse(JSON.stringify(session.submission('Ana'))));
    expect(table).toEqual({
      game: 'tetris',
      rules: 'classic',
      board: '6x10',
      rotation: 'classic',
      dealing: 'uniform',
      preview: 3,
      rows: 2,
    });
    expect(entry).toMatchObject({
      name: 'Ana',
      points: session.game.score,
      lines: session.game.lines,
      pieces: session.game.pieces,
      agents: [],
    });
  });

  it("paint the piece the aveiro rules lay over the stack at a game's end in its colour, and submit that game at its score", () => {
    const setup = {
      player: HUMAN,
      rules: 'aveiro',
      width: 8,
      height: 30,
      rotation: 'aveiro',
      garbageRows: 0,
      seed: 1,
      target: 100,
    } as const;
    const { session, over } = playedByHand(setup, ['L', 'H', 'R', 'C', 'H', 'R', 'R', 'H'], 5000);
    expect(over).toBe(true);
    const { game, colours } = session;
    expect(game.laidOver).not.toBeNull();
    const painted = Array.from({ length: 30 }, (_, y) => Array.from({ length: 8 }, (_, x) => colours[y * 8 + x] !== 0));
    expect(painted).toEqual(Array.from({ length: 30 }, (_, y) => Array.from({ length: 8 }, (_, x) => game.board.isFilled(x, y))));
    expect(colours.includes(GARBAGE_COLOUR)).toBe(false); // the board was never repainted from scratch
    const { entry } = verifyScore(JSON.parse(JSON.stringify(session.submission('Ana'))));
    expect(entry).toMatchObject({ points: game.score, lines: game.lines, pieces: game.pieces });
  });

  it('name who played: the player, the agents alone, or both with each agent’s share of the pieces', () => {
    const score = (changes: Partial<HighScore>): HighScore => ({
      id: 1,
      name: 'Bob',
      points: 10,
      lines: 1,
      date: '',
      pieces: 200,
      agents: [],
      replayable: true,
      players: 'human',
      ...changes,
    });
    expect(whoPlayed(score({}))).toBe('Bob');
    expect(whoPlayed(score({ name: 'bcts', agents: [{ name: 'bcts', pieces: 200 }], players: 'agents' }))).toBe('bcts');
    expect(whoPlayed(score({ agents: [{ name: 'bcts', pieces: 124 }], players: 'both' }))).toBe('Bob + bcts (62%)');
    expect(whoPlayed(score({ agents: [{ name: 'bcts', pieces: 1 }], players: 'both' }))).toBe('Bob + bcts (1%)');
    expect(whoPlayed(score({ agents: [{ name: UNNAMED_AGENT, pieces: 200 }], players: 'agents' }))).toBe('Bob (an agent)');
    expect(whoPlayed(score({ agents: [{ name: UNNAMED_AGENT, pieces: 50 }], players: 'both' }))).toBe('Bob + an agent (25%)');
  });
});
