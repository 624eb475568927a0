import { Agent, request } from 'node:http';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Prng } from '../../src/core/prng.ts';
import { bodyWork } from '../../src/server/score-check-thread.ts';
import { MAX_QUEUED_CHECKS } from '../../src/server/score-checks.ts';
import { startServer, type RunningServer } from '../../src/server/server.ts';
import { WEB_DIST } from '../../src/server/web-build.ts';
import { openDatabase, type Db } from '../../src/store/database.ts';
import { finishedGame } from './finished-games.ts';

interface Sent {
  readonly method?: string;
  readonly path: string;
  readonly body?: string;
  /** The client's own address: every 127.x.y.z is this machine, and the server tells them apart. */
  readonly from?: string;
}

const table = { game: 'tetris', rules: 'classic', board: '10x20' };

/** Sends one request and resolves with its answer's status, Retry-After and body (status 0: no answer, the connection failed). */
function exchange(
  server: RunningServer,
  { method = 'GET', path, body, from = '127.0.0.1' }: Sent,
  agent?: Agent,
): Promise<{ status: number; retryAfter?: string; body: string }> {
  const { port } = new URL(server.url);
  return new Promise((resolve) => {
    const outgoing = request(
      { host: '127.0.0.1', port, method, path, localAddress: from, agent, headers: { 'content-type': 'application/json' } },
      (answer) => {
        let text = '';
        answer.on('data', (chunk) => (text += chunk));
        answer.on('end', () => resolve({ status: answer.statusCode ?? 0, retryAfter: answer.headers['retry-after'], body: text }));
      },
    );
    outgoing.on('error', () => resolve({ status: 0, body: '' }));
    outgoing.end(body);
  });
}

/** Sends one request and resolves with the status of its answer (0: no answer, the connection failed). */
async function send(server: RunningServer, sent: Sent, agent?: Agent): Promise<number> {
  return (await exchange(server, sent, agent)).status;
}

/** Runs `tasks` with at most `width` at once. */
async function inParallel<T>(tasks: (() => Promise<T>)[], width: number): Promise<T[]> {
  const results: T[] = new Array(tasks.length);
  let next = 0;
  const lane = async () => {
    while (next < tasks.length) {
      const i = next++;
      results[i] = await tasks[i]();
    }
  };
  await Promise.all(Array.from({ length: width }, lane));
  return results;
}

/** A hostile request of kind `k`, varied by the generator: each must get a 4xx. */
function hostile(k: number, prng: Prng): Sent {
  const junk = (n: number) => Array.from({ length: n }, () => String.fromCharCode(prng.nextInt(0x800))).join('');
  const score = { ...table, name: 'x', points: 1, lines: 1 };
  switch (k % 12) {
    case 0:
      return { method: 'POST', path: '/api/highscores', body: `{${junk(prng.nextInt(200))}` };
    case 1:
      return {
        method: 'POST',
        path: '/api/highscores',
        body: JSON.stringify({ ...score, name: 'y'.repeat(17_000 + prng.nextInt(40_000)) }),
      };
    case 2: {
      const depth = 1000 + prng.nextInt(7000);
      return { method: 'POST', path: '/api/highscores', body: '['.repeat(depth) + ']'.repeat(depth) };
    }
    case 3:
      return { method: 'POST', path: '/api/highscores', body: JSON.stringify({ ...score, points: junk(5), lines: [prng.nextInt(9)] }) };
    case 4:
      return { method: 'POST', path: '/api/highscores', body: JSON.stringify({ ...score, points: -1 - prng.nextInt(1e9) }) };
    case 5:
      return { method: 'POST', path: '/api/highscores', body: JSON.stringify({ ...score, board: `${99 + prng.nextInt(900)}x99` }) };
    case 6:
      return { path: `/api/highscores?game=${encodeURIComponent(junk(8))}&rules=classic&board=10x20` };
    case 7:
      return { method: ['PUT', 'DELETE', 'PATCH'][prng.nextInt(3)], path: ['/api/highscores', '/api/runs'][prng.nextInt(2)] };
    case 8:
      return { path: `/api/${['nothing', 'highscores/1', '..', 'runs/x'][prng.nextInt(4)]}` };
    case 9:
      return {
        path: ['/../package.json', '/%2e%2e/%2e%2e/etc/passwd', '/assets/..%5c..%5cpackage.json', '/a/%2E%2E/%2e%2e/x', '/..'][
          prng.nextInt(5)
        ],
      };
    case 10:
      return { path: ['/%00', '/index.html%00.js', '/%zz', '/%E0%A4%A'][prng.nextInt(4)] };
    default:
      return { path: `/assets/${prng.nextInt(1e9)}.js` };
  }
}

describe('the HTTP server under abuse', () => {
  let db: Db;
  let server: RunningServer;
  beforeAll(async () => {
    db = openDatabase(':memory:');
    server = await startServer({ port: 0, host: '127.0.0.1', db, webRoot: WEB_DIST, requestTimeoutMs: 1000 });
  });
  afterAll(async () => {
    await server.close();
    db.close();
  });

  it('answers a flood from one address with 429 and Retry-After, while another address is served', async () => {
    const flood = await inParallel(
      Array.from({ length: 1500 }, () => () => send(server, { path: '/api/runs', from: '127.0.0.2' })),
      32,
    );
    expect(flood.filter((status) => status === 429).length).toBeGreaterThan(700); // 200 at once and 50 a second pass: most of 1,500 do not
    expect(flood.every((status) => status === 200 || status === 429)).toBe(true);
    expect(await send(server, { path: `/api/highscores?${new URLSearchParams(table)}`, from: '127.0.0.3' })).toBe(200);
    // Past its burst, a client is told when to try again.
    const { port } = new URL(server.url);
    const headers = await inParallel(
      Array.from(
        { length: 400 },
        () => () =>
          new Promise<Record<string, string | string[] | undefined>>((resolve) =>
            request({ host: '127.0.0.1', port, path: '/api/runs', localAddress: '127.0.0.6' }, (answer) => {
              answer.resume();
              resolve({ status: String(answer.statusCode), ...answer.headers });
            }).end(),
          ),
      ),
      32,
    );
    const refused = headers.filter((answer) => answer.status === '429');
    expect(refused.length).toBeGreaterThan(100);
    expect(refused.every((answer) => Number(answer['retry-after']) >= 1)).toBe(true);
  });

  it('answers 10,000 hostile requests each with a 4xx and stays up, and a normal score posted meanwhile lands', async () => {
    const prng = new Prng(17);
    const hostileServer = await startServer({
      port: 0,
      host: '127.0.0.1',
      db,
      webRoot: WEB_DIST,
      rateLimit: { perSecond: 1e6, burst: 1e6 }, // every request reaches the handlers
      requestTimeoutMs: 1000,
    });
    try {
      const agent = new Agent({ keepAlive: true, maxSockets: 32 });
      const requests = Array.from({ length: 10_000 }, (_, k) => hostile(k, prng));
      const statuses = inParallel(
        requests.map((sent) => () => send(hostileServer, sent, agent)),
        32,
      );
      const game = finishedGame('classic', 9, { width: 6, height: 10, agent: 'dellacherie' });
      const honest = send(hostileServer, {
        method: 'POST',
        path: '/api/highscores',
        body: JSON.stringify({ name: 'honest', replay: game.replay }),
        from: '127.0.0.4',
      });
      const answered = await statuses;
      const wrong = answered.map((status, k) => ({ status, sent: requests[k] })).filter(({ status }) => status < 400 || status >= 500);
      expect(wrong.slice(0, 5)).toEqual([]);
      expect(await honest).toBe(201);
      expect(await send(hostileServer, { path: '/' })).toBe(200);
      const { entries } = await (await fetch(`${hostileServer.url}/api/highscores?game=tetris&rules=classic&board=6x10&preview=0`)).json();
      expect(entries).toContainEqual(expect.objectContaining({ name: 'honest', points: game.score }));
      agent.destroy();
    } finally {
      await hostileServer.close();
    }
  });

  it('answers a score whose replay needs more work than its address has left with 429, Retry-After and the reason, unplayed', async () => {
    // Games of their own (each game is stored once), with 100 presses of a key in vain first: a replay's
    // inputs are its work, more than its body's bytes count (score-check-thread.ts).
    const games = Array.from({ length: 4 }, (_, k) => {
      const { replay } = finishedGame('classic', 101 + k, { width: 6, height: 10, agent: 'dellacherie' });
      return { ...replay, inputs: [...Array.from({ length: 100 }, () => ({ t: 0, key: 'L' })), ...replay.inputs] };
    });
    const bodies = games.map((replay, k) => JSON.stringify({ name: `game ${k}`, replay }));
    const bodyWorkOf = (k: number) => bodyWork(Buffer.byteLength(bodies[k]));
    // The budget holds the first two games, and the third's body but not its inputs.
    const burst = games[0].inputs.length + games[1].inputs.length + bodyWorkOf(2) + 2;
    expect(bodyWorkOf(2) + 10).toBeLessThan(games[2].inputs.length);
    const budgetServer = await startServer({ port: 0, host: '127.0.0.1', db, webRoot: WEB_DIST, replayBudget: { perSecond: 1, burst } });
    const post = (k: number, from = '127.0.0.1') =>
      exchange(budgetServer, { method: 'POST', path: '/api/highscores', body: bodies[k], from });
    try {
      expect([(await post(0)).status, (await post(1)).status]).toEqual([201, 201]);
      const refused = await post(2);
      expect(refused.status).toBe(429);
      expect(Number(refused.retryAfter)).toBeGreaterThanOrEqual(1);
      expect(JSON.parse(refused.body).error).toMatch(
        new RegExp(
          `^checking this replay takes ${games[2].inputs.length} inputs of work, and your address has \\d+ left \\(it gets 1 a second\\): try again in \\d+ s$`,
        ),
      );
      // Another address has its own budget; a replay past any budget is refused for good.
      expect((await post(2, '127.0.0.7')).status).toBe(201);
      const padded = { ...games[3], inputs: [...Array.from({ length: burst }, () => ({ t: 0, key: 'L' })), ...games[3].inputs] };
      const huge = await exchange(budgetServer, {
        method: 'POST',
        path: '/api/highscores',
        body: JSON.stringify({ name: 'huge', replay: padded }),
        from: '127.0.0.8',
      });
      expect([huge.status, JSON.parse(huge.body).error]).toEqual([
        413,
        `checking this replay takes ${padded.inputs.length} inputs of work: more than the ${burst} one address may spend at once`,
      ]);
    } finally {
      await budgetServer.close();
    }
  });

  it(`answers 503 with Retry-After while ${MAX_QUEUED_CHECKS} checks wait for a thread, and checks the others`, async () => {
    // Games of their own (each game is stored once), each made slow to check by 20,000 presses of a key in vain.
    const bodies = Array.from({ length: 3 * MAX_QUEUED_CHECKS }, (_, k) => {
      const { replay } = finishedGame('classic', 1000 + k);
      return JSON.stringify({
        name: 'queued',
        replay: { ...replay, inputs: [...Array.from({ length: 20_000 }, () => ({ t: 0, key: 'L' })), ...replay.inputs] },
      });
    });
    // A server of its own, with the default time for a request to arrive: the others' 1 s is for slow
    // senders, and 96 bodies of 20,000 inputs sent at once may take longer than that on a busy machine.
    const queueServer = await startServer({ port: 0, host: '127.0.0.1', db, webRoot: WEB_DIST });
    const answers = await Promise.all(
      bodies.map((body, k) => exchange(queueServer, { method: 'POST', path: '/api/highscores', body, from: `127.0.3.${k + 1}` })),
    ).finally(() => queueServer.close());
    const busy = answers.filter(({ status }) => status === 503);
    expect(busy.length).toBeGreaterThan(0);
    expect(new Set(busy.map(({ retryAfter, body }) => `${retryAfter} ${JSON.parse(body).error}`))).toEqual(
      new Set(['1 the server is checking too many scores: try again in 1 s']),
    );
    expect(answers.filter(({ status }) => status !== 503).map(({ status }) => status)).toEqual(
      Array(answers.length - busy.length).fill(201),
    );
  });

  it('answers 408 to a body that trickles in slower than the request time allows, and serves others meanwhile', async () => {
    const { port } = new URL(server.url);
    const socket = connect(Number(port), '127.0.0.1');
    const answer = new Promise<string>((resolve) => {
      let text = '';
      socket.on('data', (data) => (text += data.toString()));
      socket.on('close', () => resolve(text));
    });
    socket.write('POST /api/highscores HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"na');
    const drip = setInterval(() => socket.write(' '), 200);
    expect(await send(server, { path: '/', from: '127.0.0.5' })).toBe(200);
    const text = await answer;
    clearInterval(drip);
    expect(text).toMatch(/^HTTP\/1\.1 408/);
  });

  it('serves pages with a Content-Security-Policy, refuses paths that climb out, and says 404 for a missing file', async () => {
    const page = await fetch(`${server.url}/scores`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toMatch(/default-src 'self'.*script-src 'self'.*frame-ancestors 'none'/);
    expect(page.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await send(server, { path: '/..%2f..%2fpackage.json' })).toBe(400);
    expect(await send(server, { path: '/assets/missing.js' })).toBe(404);
  });
});
