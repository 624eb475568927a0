import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { AveiroServer } from '../aveiro/server.ts';
import type { Db } from '../store/database.ts';
import { handleApi } from './api.ts';
import { serveStatic } from './static-files.ts';

export interface ServerOptions {
  readonly port: number;
  readonly host: string;
  readonly db: Db;
  /** The built web app's folder. */
  readonly webRoot: string;
  /** The Aveiro game server to serve at /player and /viewer, if any. */
  readonly aveiro?: AveiroServer;
}

export interface RunningServer {
  readonly server: Server;
  /** The address to open, e.g. http://localhost:8000. */
  readonly url: string;
  close(): Promise<void>;
}

/** Gridmind's one HTTP server: the web app and its API. */
export async function startServer(options: ServerOptions): Promise<RunningServer> {
  const server = createServer((request, response) => {
    const path = request.url ?? '/';
    const handled = path.startsWith('/api/')
      ? handleApi(options, request, response)
      : Promise.resolve().then(() => serveStatic(options.webRoot, request, response));
    handled.catch((error: unknown) => {
      if (!response.headersSent) response.writeHead(500, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ error: `internal error: ${(error as Error).message}` }));
    });
  });
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
      await options.aveiro?.close();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}
