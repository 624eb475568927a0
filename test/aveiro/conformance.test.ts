import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { CoursePieces, KeepalivePings } from '../../src/aveiro/course-random.ts';
import { AveiroGame, gameInfo, listedPieces, type Frame, type PieceSource, type ShapeName } from '../../src/aveiro/game.ts';
import { identifyPiece, type Cell } from '../../src/aveiro/wire.ts';
import { PIECE_NAMES } from '../../src/tetris/pieces.ts';
import { aveiroRotation } from '../../src/tetris/rotation/aveiro.ts';

/**
 * Games recorded on the wire from the course's server (github.com/dgomes/ia-tetris): the join reply,
 * every state frame, the final message, and the key the client sent after each frame. Replaying the
 * same keys on Gridmind's game, which runs on the engine, must give every frame exactly, cell order
 * included.
 *
 * `original-server-seed7.json`: the course's game logic, seed 7. The `course-seed11-*.json.gz` games
 * come from its server itself (`server.py --seed 11`, Python 3.11 with websockets 10.4, the major its
 * requirements name), recorded by scripts/record-course-game.ts with the time every message arrived and
 * every connection opened: `two-connections` lasts 71 s with a second connection open (a player that
 * never joins), so six keepalive pings fall inside it; `second-game` is the game played next on the
 * same server.
 */
interface Recording {
  seed?: number;
  keys: string[];
  messages: Record<string, unknown>[];
  arrivals?: number[];
  opened?: { player: number; bystanders: number[] };
  close?: { code: number; reason: string };
}

const read = (name: string): Recording => {
  const bytes = readFileSync(new URL(`./golden/${name}`, import.meta.url));
  return JSON.parse((name.endsWith('.gz') ? gunzipSync(bytes) : bytes).toString('utf8'));
};
const seed7 = read('original-server-seed7.json');
const twoConnections = read('course-seed11-two-connections.json.gz');
const secondGame = read('course-seed11-second-game.json.gz');

const framesOf = (recording: Recording) => recording.messages.filter((message) => 'game' in message) as unknown as Frame[];
const shapeOf = (cells: Cell[]) => PIECE_NAMES[identifyPiece(cells)!.piece] as ShapeName;

/** The pieces of a recorded game, in the order it dealt them (the first piece, its preview, then one per spawn). */
function dealtShapes(frames: Frame[]): ShapeName[] {
  const shapes = [shapeOf(frames[0].piece!), ...frames[0].next_pieces.map(shapeOf)];
  frames.forEach((frame, i) => {
    if (i > 0 && frames[i - 1].piece === null) shapes.push(shapeOf(frame.next_pieces[2]));
  });
  return shapes;
}

/**
 * The key each tick of a recording applied, read from the frames: the course applies the last key that
 * came before the tick, so a key sent after frame i that arrives late applies a tick later. A turn shows
 * as a new orientation, a shift as a column one off, a drop as a fall of more than one row; a tick that
 * shows none of them applied no key (or one that was blocked, which is the same).
 */
function appliedKeys(frames: Frame[]): string[] {
  return frames.slice(1).map((frame, i) => {
    if (frame.piece === null) return '';
    const before = frames[i].piece === null ? null : identifyPiece(frames[i].piece!);
    const after = identifyPiece(frame.piece)!;
    const start = before ?? { piece: after.piece, ...aveiroRotation.spawn(after.piece, 8, 30) };
    if (after.rotation !== start.rotation) return 'w';
    if (after.x !== start.x) return after.x < start.x ? 'a' : 'd';
    return start.y - after.y > 1 ? 's' : '';
  });
}

/** Plays a recording's keys on a game dealt by `pieces`, checking every frame; `beforeTick(i)` runs before tick i. */
function replayFrames(recording: Recording, pieces: PieceSource, beforeTick: (i: number) => void = () => {}): AveiroGame {
  const frames = framesOf(recording);
  const keys = recording.arrivals === undefined ? recording.keys : appliedKeys(frames);
  const game = new AveiroGame(pieces);
  frames.forEach((expected, i) => {
    beforeTick(i);
    const frame = game.tick();
    if (i > 0) frame.player = 'recorder';
    expect(JSON.parse(JSON.stringify(frame)), `frame ${i}`).toEqual(expected);
    game.keypress(keys[i] ?? ''); // none after the last frame
  });
  expect(game.running).toBe(false);
  const final = recording.messages.at(-1)!;
  expect(final).toMatchObject({ ...JSON.parse(JSON.stringify(game.info())), player: 'recorder' });
  expect(final.highscores).toContainEqual(['recorder', game.score]);
  return game;
}

describe('conformance with the course server, frame by frame', () => {
  it('plays the seed 7 game exactly: every state frame, then the final message', () => {
    expect(seed7.messages[0]).toEqual(gameInfo());
    const game = replayFrames(seed7, listedPieces(dealtShapes(framesOf(seed7))));
    expect(framesOf(seed7).length).toBeGreaterThan(400);
    expect(game.score).toBeGreaterThan(50); // the recording includes line clears and speed changes
  });

  for (const [name, recording] of [
    ['two-connections', twoConnections],
    ['second-game', secondGame],
  ] as const) {
    it(`plays the recorded ${name} game exactly, with the pieces the course's generator deals at the times the frames came`, () => {
      const frames = framesOf(recording);
      const arrivals = recording.arrivals!.filter((_, i) => 'game' in recording.messages[i]);
      const pings = new KeepalivePings();
      for (const openedAt of [recording.opened!.player, ...recording.opened!.bystanders]) pings.open(openedAt);
      // The course seeds its generator and deals three pieces as it answers the join; it deals each
      // later piece in the tick before the frame that shows it first.
      let now = recording.arrivals![0];
      const game = replayFrames(recording, new CoursePieces(recording.seed!, pings, () => now), (i) => (now = arrivals[i]));
      expect(game.dealt).toBe(dealtShapes(frames).join(''));
      // Each key read from the frames is one the client sent after one of the two frames before.
      appliedKeys(frames).forEach((key, i) => {
        if (key !== '') expect([recording.keys[i], recording.keys[i - 1]], `tick ${i + 1}`).toContain(key);
      });
    });
  }

  it('the recorded games are long enough for pings to matter: without the pings the pieces differ', () => {
    const dealt = dealtShapes(framesOf(twoConnections)).join('');
    const unpinged = new CoursePieces(twoConnections.seed!);
    const drawn = Array.from({ length: dealt.length }, () => unpinged.next()).join('');
    expect(drawn).not.toBe(dealt);
    expect(drawn.slice(0, 20)).toBe(dealt.slice(0, 20)); // the same until the first ping, 20 s in
    expect(twoConnections.arrivals!.at(-1)! - twoConnections.opened!.player).toBeGreaterThan(60_000);
  });

  it("the course replies to a join with its last game's score and speed, and ends a game with close 1000 and no reason", () => {
    const last = twoConnections.messages.at(-1)!;
    expect(twoConnections.messages[0]).toEqual(gameInfo());
    expect(secondGame.messages[0]).toEqual(gameInfo(last.score as number, last.game_speed as number));
    expect(secondGame.messages[0].score).toBeGreaterThan(100);
    for (const { close } of [twoConnections, secondGame]) expect(close).toEqual({ code: 1000, reason: '' });
  });
});
