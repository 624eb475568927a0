import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { AveiroServer } from '../../src/aveiro/server.ts';
import { startServer, type RunningServer } from '../../src/server/server.ts';
import { WEB_DIST } from '../../src/server/web-build.ts';
import { openDatabase, type Db } from '../../src/store/database.ts';

/** How the test's Aveiro server plays: its seed, and how many games it runs and keeps. */
export type AveiroTestOptions = Pick<ConstructorParameters<typeof AveiroServer>[0], 'seed' | 'maxGames' | 'finishedKept'>;

/**
 * A real Aveiro server for the tests of a `describe` (by default seed 3, at most 4 games; its database in
 * `dir`), started before them and closed after; `url()` is its WebSocket address, `httpUrl()` its HTTP one.
 */
export function useAveiroServer(
  dir: string,
  options: AveiroTestOptions = { seed: 3, maxGames: 4, finishedKept: 4 },
): { url: () => string; httpUrl: () => string } {
  let db: Db;
  let server: RunningServer;
  beforeAll(async () => {
    db = openDatabase(join(dir, 'aveiro.db'));
    server = await startServer({
      port: 0,
      host: '127.0.0.1',
      db,
      webRoot: WEB_DIST,
      aveiro: new AveiroServer({ db, ...options }),
    });
  });
  afterAll(async () => {
    await server.close();
    db.close();
  });
  return { url: () => server.url.replace('http', 'ws'), httpUrl: () => server.url };
}
