import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPages } from '../../scripts/docs-site.ts';
import { startServer, type RunningServer } from '../../src/server/server.ts';
import { openDatabase, type Db } from '../../src/store/database.ts';
import { sendRaw } from './raw-request.ts';

describe('the documentation at /docs, over HTTP', () => {
  const folder = mkdtempSync(join(tmpdir(), 'gridmind-docs-server-'));
  const web = join(folder, 'web');
  const site = join(folder, 'docs');
  const unbuilt = join(folder, 'unbuilt');
  let db: Db;
  let server: RunningServer;
  let bare: RunningServer;
  beforeAll(async () => {
    mkdirSync(web);
    writeFileSync(join(web, 'index.html'), '<!doctype html><title>app</title>');
    writeFileSync(join(folder, 'secret.txt'), 'not for the web');
    buildPages(site); // the real pages (TypeDoc's reference aside: a stand-in)
    mkdirSync(join(site, 'api', 'assets'), { recursive: true });
    writeFileSync(join(site, 'api', 'index.html'), '<!doctype html><title>API</title>');
    writeFileSync(join(site, 'api', 'assets', 'main.js'), 'export {};');
    symlinkSync(join(folder, 'secret.txt'), join(site, 'secret.txt'));
    mkdirSync(unbuilt);
    db = openDatabase(':memory:');
    server = await startServer({ port: 0, host: '127.0.0.1', db, webRoot: web, docsRoot: site });
    bare = await startServer({ port: 0, host: '127.0.0.1', db, webRoot: web, docsRoot: unbuilt });
  });
  afterAll(async () => {
    await server.close();
    await bare.close();
    db.close();
    rmSync(folder, { recursive: true, force: true });
  });

  it('sends /docs to /docs/, its front page, and a folder to its index', async () => {
    for (const [path, location] of [
      ['/docs', '/docs/'],
      ['/docs?from=app', '/docs/?from=app'],
      ['/docs/api', '/docs/api/'],
    ]) {
      const answer = await sendRaw(server, 'GET', path);
      expect([path, answer.status, answer.headers.location]).toEqual([path, 301, location]);
    }
    const front = await sendRaw(server, 'GET', '/docs/');
    expect(front.status).toBe(200);
    expect(front.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(front.body).toContain('<title>Overview · Gridmind documentation</title>');
    expect((await sendRaw(server, 'GET', '/docs/api/')).body).toContain('<title>API</title>');
  });

  it('serves each page and file with its content type, checked again on each visit, under the app’s content policy (inline styles aside)', async () => {
    for (const [path, type, holds] of [
      ['/docs/commands.html', 'text/html; charset=utf-8', '<h2 id="gridmind-bench">gridmind bench</h2>'],
      ['/docs/site.css', 'text/css; charset=utf-8', 'nav.pages'],
      ['/docs/api/assets/main.js', 'text/javascript; charset=utf-8', 'export {};'],
      ['/docs/images/why-here-play.png', 'image/png', 'PNG'],
    ]) {
      const answer = await sendRaw(server, 'GET', path);
      expect([path, answer.status, answer.headers['content-type']]).toEqual([path, 200, type]);
      expect(answer.body).toContain(holds);
      expect(answer.headers['cache-control']).toBe('no-cache'); // not hashed names, as the app's are: a rebuilt page shows at once
      expect(answer.headers['content-security-policy']).toContain("script-src 'self';"); // TypeDoc's pages style inline, but run no inline script
      expect(answer.headers['x-content-type-options']).toBe('nosniff');
    }
    expect((await sendRaw(server, 'GET', '/docs/')).headers['content-security-policy']).toContain("style-src 'self' 'unsafe-inline'");
    expect((await sendRaw(server, 'GET', '/')).headers['content-security-policy']).not.toContain('unsafe-inline'); // the app's own stays strict
    const head = await sendRaw(server, 'HEAD', '/docs/');
    expect([head.status, head.body]).toEqual([200, '']);
  });

  it('answers 404 for what is not there, never the app in its place', async () => {
    for (const path of ['/docs/missing.html', '/docs/missing', '/docs/images/none.png', '/docs/api/nothing/']) {
      const answer = await sendRaw(server, 'GET', path);
      expect([path, answer.status]).toEqual([path, 404]);
      expect(answer.body).not.toContain('<title>app</title>');
    }
    // Only /docs and what is under it is the documentation.
    expect((await sendRaw(server, 'GET', '/docsmith')).body).toContain('<title>app</title>');
  });

  it('never leaves the site: climbing paths are refused, links out of it forbidden, and reading is GET or HEAD alone', async () => {
    for (const path of [
      '/docs/../package.json',
      '/docs/%2e%2e/secret.txt',
      '/docs/..%2fsecret.txt',
      '/docs/images/..%5c..%5csecret.txt',
      '/docs/%00',
    ]) {
      const answer = await sendRaw(server, 'GET', path);
      expect([path, answer.status]).toEqual([path, 400]);
      expect(answer.body).not.toContain('not for the web');
    }
    const linked = await sendRaw(server, 'GET', '/docs/secret.txt');
    expect([linked.status, linked.body]).toEqual([403, 'forbidden: a link out of the documentation']);
    const posted = await sendRaw(server, 'POST', '/docs/');
    expect([posted.status, posted.headers.allow]).toEqual([405, 'GET, HEAD']);
  });

  it('says how to build the site when it is not built, on every path of it', async () => {
    for (const path of ['/docs/', '/docs/commands.html', '/docs/api/']) {
      const answer = await sendRaw(bare, 'GET', path);
      expect([path, answer.status, answer.headers['content-type']]).toEqual([path, 503, 'text/html; charset=utf-8']);
      expect(answer.body).toContain('<title>The documentation is not built · Gridmind</title>');
      expect(answer.body).toContain('run <code>npm run docs</code>');
    }
    expect((await sendRaw(bare, 'GET', '/docs')).status).toBe(301);
  });
});
