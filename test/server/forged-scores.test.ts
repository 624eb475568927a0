import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Prng } from '../../src/core/prng.ts';
import { join } from 'node:path';
import { readBoardFile } from '../../src/samegame/board-files.ts';
import { randomBoard } from '../../src/samegame/rules/random-boards.ts';
import { TEST_SETS } from '../../src/samegame/test-sets.ts';
import { SameGame } from '../../src/samegame/rules/game.ts';
import { sameGameReplay, type SameGameReplay } from '../../src/samegame/replay.ts';
import { startServer, type RunningServer } from '../../src/server/server.ts';
import { WEB_DIST } from '../../src/server/web-build.ts';
import { openDatabase, type Db } from '../../src/store/database.ts';
import type { ReplayLog } from '../../src/tetris/game.ts';
import { finishedGame } from './finished-games.ts';

/** Honest finished Tetris games of three rule sets, and what they score. */
const HONEST = [
  finishedGame('classic', 1, { width: 6, height: 10, agent: 'dellacherie' }),
  finishedGame('classic', 2, { width: 8, height: 10, agent: 'lee' }),
  finishedGame('research', 3, { width: 6, height: 8, agent: 'dellacherie' }),
  finishedGame('target', 4, { target: 20, agent: 'target' }),
];

/** An honest SameGame to its end on a board dealt by a seed (largest group first), with its score. */
function honestSameGame(seed: number): { replay: SameGameReplay; score: number } {
  const board = randomBoard(6, 6, 3, seed);
  const game = new SameGame(board);
  while (!game.isOver()) {
    const moves = game.moves();
    const [x, y] = moves.reduce((best, move) => (game.groupAt(...move).length > game.groupAt(...best).length ? move : best));
    game.play(x, y);
  }
  const replay = sameGameReplay(
    board,
    game.rules,
    game.history().map(({ x, y }) => [x, y]),
  );
  return { replay: { ...replay, deal: { seed, colours: 3 } }, score: game.score() };
}

/** A forged or mutated submission of kind `kind`: each is refused, whatever the generator draws. */
function forged(kind: number, prng: Prng): unknown {
  const { replay, pieces } = HONEST[prng.nextInt(HONEST.length)];
  const log: ReplayLog = structuredClone(replay);
  const at = prng.nextInt(log.inputs.length);
  const place = (input: ReplayLog['inputs'][number]) => ('place' in input ? input.place : [0, 0, 0]);
  switch (kind % 14) {
    case 0: {
      const [rotation, , y] = place(log.inputs[at]);
      log.inputs[at] = { t: log.inputs[at].t, place: [rotation, log.config.width + 1 + prng.nextInt(50), y] }; // off the board
      return { name: 'moved', replay: log };
    }
    case 1:
      log.inputs.splice(log.inputs.length - 1 - prng.nextInt(Math.min(5, log.inputs.length)), 1 + prng.nextInt(3)); // it never ends
      return { name: 'cut', replay: { ...log, inputs: log.inputs.slice(0, Math.max(0, log.inputs.length - 1)) } };
    case 2:
      log.inputs[at] = { ...log.inputs[at], t: [-1, Number.NaN, 1e400, -1e-9][prng.nextInt(4)] };
      return { name: 'time', replay: log };
    case 3:
      (log.inputs as unknown[])[at] = [{ t: 0 }, { t: 0, place: 'x' }, { t: 0, key: 'Q' }, null, { t: 0, place: [1, 2] }][prng.nextInt(5)];
      return { name: 'typed', replay: log };
    case 4:
      return {
        name: 'listed',
        replay: { ...log, config: { ...log.config, randomizer: 'sequence', sequence: 'I'.repeat(1 + prng.nextInt(20)) } },
      };
    case 5:
      return {
        name: 'huge',
        replay: { ...log, config: { ...log.config, width: [3, 99, 41][prng.nextInt(3)], height: [3, 200][prng.nextInt(2)] } },
      };
    case 6:
      return { name: 'format', replay: { ...log, version: 2 + prng.nextInt(5) } };
    case 7:
      log.inputs.push(structuredClone(log.inputs[log.inputs.length - 1])); // a piece after the game ended
      return { name: 'after', replay: log };
    case 8:
      return { name: 'shares', replay: log, agents: [{ name: 'bcts', pieces: pieces + 1 + prng.nextInt(100) }] };
    case 9:
      return { game: 'tetris', rules: 'classic', board: '10x20', name: 'old', points: prng.nextInt(1e9), lines: 1 };
    case 10:
      return { name: 'rules', replay: { ...log, config: { ...log.config, rules: ['cheat', 'marathon', ''][prng.nextInt(3)] } } };
    case 11:
      return { name: 'inputs', replay: { ...log, inputs: [{}, 'all', 7][prng.nextInt(3)] } };
    case 12: {
      const board = honestSameGame(1 + prng.nextInt(50));
      const cells = board.replay.board.split('');
      const digit = cells.findIndex((cell) => /\d/.test(cell));
      cells[digit] = cells[digit] === '0' ? '1' : '0'; // a board the seed does not deal
      return { name: 'board', replay: { ...board.replay, board: cells.join('') } };
    }
    default: {
      const board = honestSameGame(1 + prng.nextInt(50));
      const moves = prng.nextInt(2) === 0 ? board.replay.moves.slice(0, -1) : [...board.replay.moves, [0, 0]];
      return { name: 'moves', replay: { ...board.replay, moves } }; // unfinished, or a move after the end
    }
  }
}

describe('high scores are replays the server checks', () => {
  let db: Db;
  let server: RunningServer;
  const post = (body: unknown) =>
    fetch(`${server.url}/api/highscores`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

  beforeAll(async () => {
    db = openDatabase(':memory:');
    server = await startServer({ port: 0, host: '127.0.0.1', db, webRoot: WEB_DIST, rateLimit: { perSecond: 1e6, burst: 1e6 } });
  });
  afterAll(async () => {
    await server.close();
    db.close();
  });

  it('refuses each of 1,400 forged or mutated submissions with a 4xx and its reason, and stores none', async () => {
    const prng = new Prng(2026);
    const submissions = Array.from({ length: 1400 }, (_, kind) => forged(kind, prng));
    const landed: unknown[] = [];
    for (let start = 0; start < submissions.length; start += 50) {
      const batch = submissions.slice(start, start + 50);
      const answers = await Promise.all(batch.map(post));
      for (const [i, answer] of answers.entries()) {
        const { error } = await answer.json();
        if (answer.status < 400 || answer.status >= 500 || typeof error !== 'string' || error === '') landed.push(batch[i]);
      }
    }
    expect(landed.map((submission) => (submission as { name: string }).name)).toEqual([]);
    expect((db.prepare('SELECT COUNT(*) AS n FROM highscores').get() as { n: number }).n).toBe(0);
  });

  it("takes a shipped test set's board by its file name, and refuses a board that is not that file's", async () => {
    const board = readBoardFile(join(TEST_SETS.standard, 'schadd_03.txt'));
    const game = new SameGame(board);
    while (!game.isOver()) game.play(...game.moves()[0]);
    const replay = {
      ...sameGameReplay(
        board,
        game.rules,
        game.history().map(({ x, y }) => [x, y]),
      ),
      deal: { set: 'standard', file: 'schadd_03.txt' },
    };
    const taken = await post({ name: 'from the set', replay });
    expect([taken.status, (await taken.json()).points]).toEqual([201, game.score()]);
    for (const deal of [
      { set: 'standard', file: 'schadd_04.txt' },
      { set: 'standard', file: '../../package.json' },
      { set: 'hard', file: 'schadd_03.txt' },
    ]) {
      const refused = await post({ name: 'x', replay: { ...replay, deal } });
      expect(refused.status, JSON.stringify(deal)).toBe(400);
    }
  });

  it('takes every honest game, at the score its replay gives', async () => {
    for (const game of [...HONEST, honestSameGame(7), honestSameGame(8)]) {
      const answer = await post({ name: 'honest', replay: game.replay });
      expect(answer.status).toBe(201);
      expect((await answer.json()).points).toBe(game.score);
    }
  });
});
