/**
 * High scores the server keeps per second: the compiled `gridmind serve` (needs `npm run build`) on a
 * fresh SQLite database, 16 clients posting scores back to back for a few seconds a round. Each post is a
 * finished game's replay (Dellacherie's agent on 6×10 under the classic rules, 75 pieces), which the
 * server plays again before it commits the score and answers 201. Posts answered 201 per second, median
 * of the rounds.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { median } from '../src/core/stats.ts';
import { loadAgentSpec } from '../src/tetris-ai/agent-files.ts';
import { playGame } from '../src/tetris-ai/play.ts';

const ROUNDS = 3;
const SECONDS = 3;
const CLIENTS = 16;
const BIN = fileURLToPath(new URL('../bin/gridmind.js', import.meta.url));
const GAME = playGame(loadAgentSpec('dellacherie'), {
  rules: 'classic',
  width: 6,
  height: 10,
  seed: 3,
  preview: 0,
  maxPieces: null,
  recordReplay: true,
}).replay;

async function round(): Promise<number> {
  const folder = mkdtempSync(join(tmpdir(), 'gridmind-bench-server-'));
  const child = spawn(process.execPath, [BIN, 'serve', '--no-build', '--rate-limit', '1000000'], {
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
  const end = performance.now() + SECONDS * 1000;
  let landed = 0;
  const client = async (id: number) => {
    for (let k = 0; performance.now() < end; k++) {
      const response = await fetch(`${url}/api/highscores`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: `c${id} ${k}`, replay: GAME }),
      });
      await response.arrayBuffer();
      if (response.status === 201) landed++;
    }
  };
  const start = performance.now();
  await Promise.all(Array.from({ length: CLIENTS }, (_, id) => client(id)));
  const rate = (landed / (performance.now() - start)) * 1000;
  child.kill('SIGINT');
  await new Promise((resolve) => child.on('exit', resolve));
  rmSync(folder, { recursive: true, force: true });
  return rate;
}

export async function benchServer(): Promise<string[]> {
  const rates: number[] = [];
  for (let i = 0; i < ROUNDS; i++) rates.push(await round());
  return [
    `server: ${Math.round(median(rates)).toLocaleString('en-US')} high scores kept a second (${CLIENTS} clients posting, median of ${ROUNDS} rounds of ${SECONDS} s)`,
  ];
}
