/**
 * Another client's view of the server under a flood: one address posts the largest replays and the turns
 * of a slow agent in code back to back (flood-thread.ts, on a thread of its own), while a client from
 * another address loads the app's page (`GET /`) and posts a small finished game's score, each on a steady
 * beat, and times every answer. The server must serve `slow`, the agent {@link writeSlowAgent} writes,
 * with a move time limit of {@link SLOW_AGENT_LIMIT_MS}.
 * test/server/stall.test.ts runs it briefly; `npm run bench server`, for longer.
 */
import { writeFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { threadEntry } from '../src/node/timed-thread.ts';
import { MAX_REPLAY_BYTES } from '../src/server/api.ts';
import { Game, type ReplayLog } from '../src/tetris/game.ts';
import { loadAgentSpec } from '../src/tetris-ai/agent-files.ts';
import { playGame } from '../src/tetris-ai/play.ts';
import type { FloodData } from './flood-thread.ts';

/** How long the slow agent thinks over each move (busily, as a search does), and its move time limit: it answers in time. */
export const SLOW_AGENT_MS = 200;
export const SLOW_AGENT_LIMIT_MS = 300;

/** The address the measured client sends from (Linux routes all of 127.0.0.0/8 to the loopback), and another for its warm-up. */
const MEASURED_CLIENT = '127.0.0.2';
const WARMING_CLIENT = '127.0.0.3';

/** How often the measured client loads the page and posts a score, in ms (its posts stay within its rates). */
const PAGE_EVERY_MS = 20;
const POST_EVERY_MS = 40;

/** How long the flood runs before the measures start: its first check and turns are under way by then. */
const RAMP_MS = 500;

/** What the measured client saw: each answer's time in ms and its posts' statuses; and what the flooder got, by kind and status. */
export interface FloodReport {
  readonly page: number[];
  readonly post: number[];
  readonly postStatuses: Record<string, number>;
  /** Null without a flood. */
  readonly flood: Record<string, number> | null;
}

/** Writes the slow agent's module into `folder`; returns its file. */
export function writeSlowAgent(folder: string): string {
  const file = join(folder, 'slow.mjs');
  writeFileSync(
    file,
    `// Thinks ${SLOW_AGENT_MS} ms over each move, busily, then takes the first placement.
export default { name: 'slow', choose() { const end = performance.now() + ${SLOW_AGENT_MS}; while (performance.now() < end); return 0; } };
`,
  );
  return file;
}

/** A finished game (Dellacherie's agent on 6×10 under the classic rules: some 85 pieces) of `seed`. */
export function finishedGame(seed: number): ReplayLog {
  const options = { rules: 'classic', width: 6, height: 10, seed, preview: 0, maxPieces: null, recordReplay: true } as const;
  return playGame(loadAgentSpec('dellacherie'), options).replay!;
}

/**
 * The largest high score the server takes: a finished game (of seed 0, which the measured client's games
 * never have: a game is stored once) whose first piece is first pressed left, at the wall and in vain,
 * until the body holds `maxBytes` bytes (close to a million inputs, which the server plays all).
 */
export function largestScoreBody(maxBytes = MAX_REPLAY_BYTES): Uint8Array<ArrayBuffer> {
  const game = finishedGame(0);
  const press = { t: 0, key: 'L' as const };
  const presses = Math.floor((maxBytes - JSON.stringify({ name: 'flood', replay: game }).length) / (JSON.stringify(press).length + 1));
  const replay = { ...game, inputs: [...Array.from({ length: presses }, () => press), ...game.inputs] };
  return new TextEncoder().encode(JSON.stringify({ name: 'flood', replay }));
}

/** A request from the measured client (or from `from`): its status and how long its answer took, in ms. */
function timed(
  url: string,
  agent: Agent,
  method: string,
  path: string,
  body?: string,
  from = MEASURED_CLIENT,
): Promise<{ status: number; ms: number }> {
  const start = performance.now();
  return new Promise((resolve, reject) => {
    const sent = request(
      `${url}${path}`,
      { method, agent, localAddress: from, headers: { 'content-type': 'application/json' } },
      (answer) => {
        answer.resume();
        answer.on('end', () => resolve({ status: answer.statusCode!, ms: performance.now() - start }));
      },
    );
    sent.on('error', reject);
    sent.end(body);
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs `step` `times` times, one every `every` ms (the next at once when one takes longer). */
async function beat(every: number, times: number, step: () => Promise<void>): Promise<void> {
  for (let k = 0; k < times; k++) {
    const next = performance.now() + every;
    await step();
    await sleep(next - performance.now());
  }
}

/** Starts the flood on the server at `url` (resolves once it is under way); its `stop()` ends it and resolves with the flooder's statuses. */
async function startFlood(url: string): Promise<{ stop(): Promise<Record<string, number>> }> {
  const game = new Game({ rules: 'classic', seed: 1 });
  const data: FloodData = {
    url,
    turn: {
      id: 1,
      turn: {
        rows: Array.from(game.board.rows.subarray(0, game.board.height)),
        piece: game.current,
        preview: game.preview(),
        rules: 'classic',
        score: 0,
        level: 0,
        target: null,
        from: game.active!,
      },
    },
    game: { agent: 'slow', width: 10, height: 20, rotation: 'classic', mode: 'reachable' },
    replayPosts: 2,
    games: 2,
  };
  const { entry, source } = threadEntry(import.meta.url, './flood-thread');
  const thread = new Worker(entry, { workerData: { ...data, entry: source } });
  const message = () =>
    new Promise<unknown>((resolve, reject) => {
      thread.once('message', resolve);
      thread.once('error', reject);
    });
  await message(); // "flooding"
  return {
    stop: async () => {
      thread.postMessage('stop');
      const statuses = (await message()) as Record<string, number>;
      await thread.terminate();
      return statuses;
    },
  };
}

/**
 * Measures the measured client for some `seconds`, under the flood (once it is under way) or without
 * it. The client first loads the page and posts scores, unmeasured: one, then two at once (the second
 * from another address), so that the server has started its checking threads and each has checked one.
 */
export async function measureUnderFlood(url: string, { seconds, flood }: { seconds: number; flood: boolean }): Promise<FloodReport> {
  const [pages, posts] = [PAGE_EVERY_MS, POST_EVERY_MS].map((every) => Math.round((seconds * 1000) / every));
  const games = Array.from({ length: posts + 3 }, (_, seed) => finishedGame(seed + 1));
  const agent = new Agent({ keepAlive: true });
  let posted = 0;
  const postScore = (from?: string) =>
    timed(url, agent, 'POST', '/api/highscores', JSON.stringify({ name: `measured ${posted}`, replay: games[posted++] }), from);
  await timed(url, agent, 'GET', '/');
  await postScore();
  await Promise.all([postScore(), postScore(WARMING_CLIENT)]);
  const flooding = flood ? await startFlood(url) : null;
  if (flooding !== null) await sleep(RAMP_MS);
  const report = { page: [] as number[], post: [] as number[], postStatuses: {} as Record<string, number> };
  await Promise.all([
    beat(PAGE_EVERY_MS, pages, async () => void report.page.push((await timed(url, agent, 'GET', '/')).ms)),
    beat(POST_EVERY_MS, posts, async () => {
      const { status, ms } = await postScore();
      report.post.push(ms);
      report.postStatuses[status] = (report.postStatuses[status] ?? 0) + 1;
    }),
  ]);
  agent.destroy();
  return { ...report, flood: flooding === null ? null : await flooding.stop() };
}
