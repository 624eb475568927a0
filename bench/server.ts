/**
 * The compiled `gridmind serve` (needs `npm run build`), on a fresh SQLite database each time:
 *
 * - High scores kept per second: 16 clients, each from an address of its own, posting scores back to
 *   back for a few seconds a round. Each post is a finished game's replay, a game of its own (a game is
 *   stored once; Dellacherie's agent on 6×10 under the classic rules, some 85 pieces), which the server
 *   plays again before it commits the score and answers 201. Posts answered 201 per second, median of
 *   the rounds.
 * - Another client under a flood: while one address posts the largest replays and the turns
 *   of a slow agent in code back to back (server-flood.ts), a client from another address loads the page
 *   and posts a score on a steady beat; the times of its answers (median, 99th percentile, most), and
 *   what the flooder was answered. Then the same client without the flood.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { maximum, median, percentile } from '../src/core/stats.ts';
import type { ReplayLog } from '../src/tetris/game.ts';
import { finishedGame, measureUnderFlood, SLOW_AGENT_LIMIT_MS, writeSlowAgent, type FloodReport } from './server-flood.ts';

const ROUNDS = 3;
const SECONDS = 3;
const CLIENTS = 16;
/** How long the other client is measured, under the flood and without it. */
const FLOOD_SECONDS = 20;
/** Games posted a round at most: more than the server keeps in a round (each round has a database of its own). */
const GAMES = 3000;
const BIN = fileURLToPath(new URL('../bin/gridmind.js', import.meta.url));

/** Starts `gridmind serve` on a fresh database in `folder`, with `flags`; resolves with its address and how to stop it. */
async function serve(folder: string, flags: string[]): Promise<{ url: string; stop(): Promise<void> }> {
  const child = spawn(process.execPath, [BIN, 'serve', '--no-build', '--host', '127.0.0.1', ...flags], {
    env: { ...process.env, GRIDMIND_DB: join(folder, 'scores.db'), PORT: '0' },
  });
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout.on('data', (chunk) => {
      output += chunk;
      const match = /running at (http:\/\/\S+)/.exec(output);
      if (match) resolve(match[1]);
    });
    child.on('exit', () => reject(new Error(`gridmind serve exited (run \`npm run build\` first): ${output}`)));
  });
  return {
    url,
    stop: async () => {
      child.kill('SIGINT');
      await new Promise((resolve) => child.on('exit', resolve));
    },
  };
}

/** Posts a score from `localAddress`; resolves with the answer's status. */
function postScore(url: string, agent: Agent, localAddress: string, name: string, replay: ReplayLog): Promise<number> {
  return new Promise((resolve, reject) => {
    const body = JSON.stringify({ name, replay });
    const sent = request(
      `${url}/api/highscores`,
      { method: 'POST', agent, localAddress, headers: { 'content-type': 'application/json' } },
      (answer) => {
        answer.resume();
        answer.on('end', () => resolve(answer.statusCode!));
      },
    );
    sent.on('error', reject);
    sent.end(body);
  });
}

async function round(games: readonly ReplayLog[]): Promise<number> {
  const folder = mkdtempSync(join(tmpdir(), 'gridmind-bench-server-'));
  const server = await serve(folder, ['--rate-limit', '1000000']);
  const end = performance.now() + SECONDS * 1000;
  let landed = 0;
  let posted = 0;
  const client = async (id: number) => {
    const agent = new Agent({ keepAlive: true });
    while (performance.now() < end && posted < games.length) {
      const k = posted++;
      if ((await postScore(server.url, agent, `127.0.1.${id + 1}`, `c${id} ${k}`, games[k])) === 201) landed++;
    }
    agent.destroy();
  };
  const start = performance.now();
  await Promise.all(Array.from({ length: CLIENTS }, (_, id) => client(id)));
  const rate = (landed / (performance.now() - start)) * 1000;
  await server.stop();
  rmSync(folder, { recursive: true, force: true });
  return rate;
}

/** The other client's view, with the flood or without, on a server that serves the slow agent. */
async function flooded(flood: boolean): Promise<FloodReport> {
  const folder = mkdtempSync(join(tmpdir(), 'gridmind-bench-server-'));
  const server = await serve(folder, ['--agent', writeSlowAgent(folder), '--agent-time-limit', String(SLOW_AGENT_LIMIT_MS)]);
  try {
    return await measureUnderFlood(server.url, { seconds: FLOOD_SECONDS, flood });
  } finally {
    await server.stop();
    rmSync(folder, { recursive: true, force: true });
  }
}

/** Answer times in ms: median, 99th percentile, most. */
function times(values: readonly number[]): string {
  const ms = (value: number) => value.toFixed(1);
  return `p50 ${ms(median(values))}, p99 ${ms(percentile(values, 99))}, max ${ms(maximum(values))} ms (${values.length})`;
}

function floodLine(label: string, { page, post, postStatuses, flood }: FloodReport): string {
  const statuses = (counts: Record<string, number>) =>
    Object.entries(counts)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([status, count]) => `${status} ×${count}`)
      .join(', ');
  const flooder = flood === null ? '' : `; the flooder got ${statuses(flood)}`;
  return `server, ${label}: GET / ${times(page)}; score post ${times(post)} (${statuses(postStatuses)})${flooder}`;
}

export async function benchServer(): Promise<string[]> {
  const games = Array.from({ length: GAMES }, (_, seed) => finishedGame(seed + 1));
  const rates: number[] = [];
  for (let i = 0; i < ROUNDS; i++) rates.push(await round(games));
  return [
    `server: ${Math.round(median(rates)).toLocaleString('en-US')} high scores kept a second (${CLIENTS} clients, each from its own address, posting; median of ${ROUNDS} rounds of ${SECONDS} s)`,
    floodLine(
      `another client for ${FLOOD_SECONDS} s under a flood from one address (the largest replays, slow agent turns)`,
      await flooded(true),
    ),
    floodLine(`the same client for ${FLOOD_SECONDS} s without the flood`, await flooded(false)),
  ];
}
