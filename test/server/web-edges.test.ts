import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../src/server/server.ts';
import { openDatabase, type Db } from '../../src/store/database.ts';
import { finishedGame } from './finished-games.ts';
import { sendRaw } from './raw-request.ts';

describe('the edges of the web server', () => {
  const folder = mkdtempSync(join(tmpdir(), 'gridmind-web-edges-'));
  const root = join(folder, 'web');
  const outside = join(folder, 'outside');
  let db: Db;
  let server: RunningServer;
  beforeAll(async () => {
    mkdirSync(join(root, 'assets'), { recursive: true });
    mkdirSync(outside);
    writeFileSync(join(root, 'index.html'), '<!doctype html><title>app</title>');
    writeFileSync(join(root, 'assets', 'app.js'), 'export {};');
    writeFileSync(join(outside, 'secret.txt'), 'not for the web');
    symlinkSync(join(outside, 'secret.txt'), join(root, 'secret.txt')); // a file linked out of the app's folder
    symlinkSync(outside, join(root, 'linked')); // a folder linked out of it
    symlinkSync(join(root, 'assets', 'app.js'), join(root, 'alias.js')); // a link that stays inside
    db = openDatabase(':memory:');
    server = await startServer({ port: 0, host: '127.0.0.1', db, webRoot: root });
  });
  afterAll(async () => {
    await server.close();
    db.close();
    rmSync(folder, { recursive: true, force: true });
  });

  it('never follows a symbolic link out of the app’s folder, and serves one that stays inside', async () => {
    for (const path of ['/secret.txt', '/linked/secret.txt']) {
      const answer = await sendRaw(server, 'GET', path);
      expect([path, answer.status]).toEqual([path, 403]);
      expect(answer.body).not.toContain('not for the web');
    }
    expect((await sendRaw(server, 'GET', '/alias.js')).body).toBe('export {};');
    expect((await sendRaw(server, 'GET', '/assets/app.js')).status).toBe(200);
  });

  it('reads pages with GET and HEAD only: any other method is 405 with Allow', async () => {
    for (const method of ['POST', 'PUT', 'DELETE', 'PATCH', 'TRACE', 'OPTIONS']) {
      for (const path of ['/', '/assets/app.js', '/scores']) {
        const answer = await sendRaw(server, method, path);
        expect([method, path, answer.status, answer.headers.allow]).toEqual([method, path, 405, 'GET, HEAD']);
      }
    }
    const head = await sendRaw(server, 'HEAD', '/');
    expect([head.status, head.body]).toEqual([200, '']);
    expect((await sendRaw(server, 'GET', '/')).body).toContain('<title>app</title>');
  });

  it('sends nosniff with every answer: pages, the API, and their errors', async () => {
    for (const [method, path] of [
      ['GET', '/'],
      ['GET', '/missing.js'],
      ['DELETE', '/'],
      ['GET', '/api/highscores?game=tetris&rules=classic&board=10x20'],
      ['GET', '/api/nothing'],
      ['POST', '/api/highscores'],
    ]) {
      const answer = await sendRaw(server, method, path);
      expect([method, path, answer.headers['x-content-type-options']]).toEqual([method, path, 'nosniff']);
    }
  });

  it('refuses names that reorder text or show nothing, and cuts a long one by grapheme, never inside an emoji', async () => {
    const post = (name: string, seed: number) =>
      fetch(`${server.url}/api/highscores`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name, replay: finishedGame('classic', seed, { width: 6, height: 8 }).replay }),
      });
    for (const [name, says] of [
      ['\u202eatiR', 'name: a name may not hold bidirectional control characters'],
      ['\u200b\u2060\u200b', 'name: a name must show something'],
      ['   ', 'name: a name must show something'],
      ['a'.repeat(201), 'name: a name may be 200 characters at the most'],
    ] as const) {
      const answer = await post(name, 3);
      expect(answer.status).toBe(400);
      const { error } = await answer.json();
      expect(error).toContain(says);
      expect(error).not.toContain('name: name'); // the field named once
    }
    const family = '👨‍👩‍👧‍👦'; // one grapheme of seven code points: cut after 24 code units, it would fall apart
    const stored = await post(`${'a'.repeat(23)}${family}${family}`, 4);
    expect(stored.status).toBe(201);
    const { entries } = await (await fetch(`${server.url}/api/highscores?game=tetris&rules=classic&board=6x8&preview=0`)).json();
    expect(entries.map((entry: { name: string }) => entry.name)).toEqual([`${'a'.repeat(23)}${family}`]);
  });
});
