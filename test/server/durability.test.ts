import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { finishedGame } from './finished-games.ts';

const bin = fileURLToPath(new URL('../../bin/gridmind.js', import.meta.url));

/** Starts `gridmind serve` on `database` and resolves with the process and its URL. */
async function serve(database: string): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, [bin, 'serve', '--no-build', '--rate-limit', '1000000'], {
    env: { ...process.env, GRIDMIND_DB: database, PORT: '0' },
  });
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout!.on('data', (chunk) => {
      output += chunk;
      const match = /running at (http:\/\/\S+)/.exec(output);
      if (match) resolve(match[1]);
    });
    child.on('exit', () => reject(new Error(`serve exited: ${output}`)));
  });
  return { child, url };
}

describe('high scores under a crash', () => {
  it('keeps every score answered 201 when the server is killed (SIGKILL) amid a stream of posts, and the database stays whole', async () => {
    const database = join(mkdtempSync(join(tmpdir(), 'gridmind-crash-')), 'scores.db');
    const { child, url } = await serve(database);
    // Each post a game of its own: a game is stored once.
    const games = Array.from({ length: 2000 }, (_, seed) => finishedGame('classic', seed + 1, { width: 6, height: 10 }));
    const landed: string[] = [];
    let sent = 0;
    let stopped = false;
    const exited = new Promise((resolve) => child.on('exit', resolve));
    const first = await fetch(`${url}/api/highscores`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'first', replay: finishedGame('classic', games.length + 1, { width: 6, height: 10 }).replay }),
    });
    expect(first.status).toBe(201); // the server starts its threads that check scores with its first
    const poster = async () => {
      while (!stopped) {
        const game = games[sent % games.length];
        const name = `p${sent++}`;
        try {
          const response = await fetch(`${url}/api/highscores`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ name, replay: game.replay }),
          });
          if (response.status === 201) landed.push(name);
        } catch {
          // the server died under this request: no answer, no promise
        }
      }
    };
    const posters = Array.from({ length: 8 }, poster);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    child.kill('SIGKILL');
    await exited;
    stopped = true;
    await Promise.all(posters);
    expect(landed.length).toBeGreaterThan(50);

    const restarted = await serve(database);
    try {
      expect((await fetch(`${restarted.url}/api/highscores?game=tetris&rules=classic&board=10x20`)).status).toBe(200);
    } finally {
      restarted.child.kill('SIGINT');
      await new Promise((resolve) => restarted.child.on('exit', resolve));
    }
    const db = new Database(database, { readonly: true });
    try {
      expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
      const kept = new Set((db.prepare('SELECT name FROM highscores').all() as { name: string }[]).map(({ name }) => name));
      expect(landed.filter((name) => !kept.has(name))).toEqual([]);
    } finally {
      db.close();
    }
  });
});
