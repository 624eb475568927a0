import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { AveiroServer } from '../aveiro/server.ts';
import type { Db } from '../store/database.ts';
import { handleApi } from './api.ts';
import { ApiError, sendError } from './api-errors.ts';
import type { CodeAgentGames } from './code-agent-games.ts';
import { clientOf, ClientLines, DEFAULT_RATE_LIMIT, DEFAULT_REPLAY_BUDGET, RateLimiter, type RateLimit } from './rate-limit.ts';
import { ScoreChecks } from './score-checks.ts';
import { DOCS_DIST, DOCS_SITE } from './docs-site.ts';
import { isUnder, serveStatic } from './static-files.ts';

export interface ServerOptions {
  readonly port: number;
  readonly host: string;
  readonly db: Db;
  /** The built web app's folder. */
  readonly webRoot: string;
  /** The built documentation site's folder, served at /docs (default DOCS_DIST, which `npm run docs` writes). */
  readonly docsRoot?: string;
  /** The Aveiro game server to serve at /player and /viewer, if any. */
  readonly aveiro?: AveiroServer;
  /** The agents in code the web app may play (`gridmind serve --agent FILE`). */
  readonly codeAgents?: CodeAgentGames;
  /** API requests per client address (default DEFAULT_RATE_LIMIT). */
  readonly rateLimit?: RateLimit;
  /** The work of checking high scores per client address, in replay inputs (default DEFAULT_REPLAY_BUDGET). */
  readonly replayBudget?: RateLimit;
  /** How long a request may take to arrive whole, headers and body, before it is answered 408 (default 15 s). */
  readonly requestTimeoutMs?: number;
}

export interface RunningServer {
  readonly server: Server;
  /** The address to open, e.g. http://localhost:8000. */
  readonly url: string;
  close(): Promise<void>;
}

/** A turn of an agent in code (api.ts). */
const CODE_AGENT_TURN = /^\/api\/code-agents\/games\/\d+\/turn$/;

/** Whether an API request has the server work for long (a high score's replay checked, an agent's turn), routed as api.ts routes it. */
function isWork(request: IncomingMessage): boolean {
  let pathname;
  try {
    pathname = new URL(request.url ?? '/', 'http://localhost').pathname;
  } catch {
    return false; // no route: api.ts answers at once
  }
  return CODE_AGENT_TURN.test(pathname) || (request.method === 'POST' && pathname === '/api/highscores');
}

/** How long a request may take to arrive whole by default: a slow sender holds no connection longer. */
const REQUEST_TIMEOUT_MS = 15_000;

/** Gridmind's one HTTP server: the web app, its API, and the documentation at /docs. */
export async function startServer(options: ServerOptions): Promise<RunningServer> {
  const limiter = new RateLimiter(options.rateLimit ?? DEFAULT_RATE_LIMIT);
  // A client's work is done one job at a time, so that it holds one thread at most (a checking thread, or
  // its agent's): another client finds a checking thread free, and the CPU the agents leave.
  const work = new ClientLines();
  const scoreChecks = new ScoreChecks(options.db, options.replayBudget ?? DEFAULT_REPLAY_BUDGET);
  const requestTimeout = options.requestTimeoutMs ?? REQUEST_TIMEOUT_MS;
  const server = createServer(
    { requestTimeout, headersTimeout: requestTimeout, connectionsCheckingInterval: Math.min(1000, requestTimeout) },
    (request, response) => {
      response.setHeader('x-content-type-options', 'nosniff'); // every answer, the API's and its errors too
      const path = request.url ?? '/';
      const client = clientOf(request);
      // An agent in code's turns are its game's own pace, one at a time: they are not counted.
      if (path.startsWith('/api/') && !CODE_AGENT_TURN.test(path)) {
        const wait = limiter.take(client, performance.now());
        if (wait !== null) {
          sendError(response, new ApiError(429, `too many requests from your address: try again in ${wait} s`, wait));
          request.resume(); // read and drop the body, so the connection stays usable
          return;
        }
      }
      const api = () => handleApi({ ...options, scoreChecks }, request, response);
      const handled = isUnder('/docs', path)
        ? Promise.resolve().then(() => serveStatic(options.docsRoot ?? DOCS_DIST, request, response, DOCS_SITE))
        : !path.startsWith('/api/')
          ? Promise.resolve().then(() => serveStatic(options.webRoot, request, response))
          : isWork(request)
            ? work.run(client, api)
            : api();
      handled.catch((error: unknown) => {
        if (!response.headersSent) response.writeHead(500, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ error: `internal error: ${(error as Error).message}` }));
      });
    },
  );
  options.aveiro?.attach(server);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const host = options.host === '0.0.0.0' || options.host === '::' ? 'localhost' : options.host;
  const shownHost = host.includes(':') ? `[${host}]` : host; // an IPv6 address is bracketed in a URL
  return {
    server,
    url: `http://${shownHost}:${port}`,
    close: async () => {
      options.codeAgents?.close();
      await options.aveiro?.close();
      await scoreChecks.close();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}
