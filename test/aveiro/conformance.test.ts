import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { AveiroGame, startInfo, type Cell, type ShapeName } from '../../src/aveiro/game.ts';
import { identifyPiece } from '../../src/client/planner.ts';

/**
 * One game recorded on the wire from the course server's own game logic (seed 7): the join reply,
 * every state frame, and the final message, with the key the client sent after each frame. Replaying
 * the same pieces and keys on Gridmind's game must give every frame exactly, cell order included.
 */
const golden = JSON.parse(readFileSync(new URL('./golden/original-server-seed7.json', import.meta.url), 'utf8')) as {
  keys: string[];
  messages: Record<string, unknown>[];
};
const frames = golden.messages.filter((message) => 'game' in message);

/** The pieces of the recorded game, in the order it dealt them (the first piece, its preview, then one per spawn). */
function dealtShapes(): ShapeName[] {
  const shapeOf = (cells: Cell[]) => identifyPiece(cells)!.shape;
  const first = frames[0];
  const shapes = [shapeOf(first.piece as Cell[]), ...(first.next_pieces as Cell[][]).map(shapeOf)];
  frames.forEach((frame, i) => {
    const previous = i === 0 ? null : frames[i - 1];
    if (previous !== null && previous.piece === null) shapes.push(shapeOf((frame.next_pieces as Cell[][])[2]));
  });
  return shapes;
}

describe('conformance with the original server, frame by frame', () => {
  it('plays the recorded game exactly: every state frame, then the final message', () => {
    const [join, ...rest] = golden.messages;
    expect(join).toEqual(startInfo());
    const game = new AveiroGame(dealtShapes());
    frames.forEach((expected, i) => {
      const frame = game.tick();
      if (i > 0) frame.player = 'recorder';
      expect(JSON.parse(JSON.stringify(frame)), `frame ${i}`).toEqual(expected);
      game.keypress(golden.keys[i]);
    });
    expect(game.running).toBe(false);
    const final = rest.at(-1)!;
    expect(final).toMatchObject({ ...JSON.parse(JSON.stringify(game.info())), player: 'recorder' });
    expect(final.highscores).toContainEqual(['recorder', game.score]);
    expect(frames.length).toBeGreaterThan(400);
    expect(game.score).toBeGreaterThan(50); // the recording includes line clears and speed changes
  });
});
