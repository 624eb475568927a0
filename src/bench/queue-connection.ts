/**
 * How Gridmind reaches the Redis of its queue: the address as ioredis settings, a first check that
 * Redis answers (with a message that says how to fix it when it does not), connection trouble told once
 * per outage, the workers listening, and closing that gives up when Redis is gone.
 */
import { Redis, type RedisOptions } from 'ioredis';
import { InputError } from '../core/errors.ts';
import { shownAddress } from '../core/redis-address.ts';
import type { JobQueue } from './queue-jobs.ts';

/** How long closing may wait for Redis before it gives up. */
const CLOSE_TIMEOUT_MS = 3000;

/** ioredis settings for a redis:// address; BullMQ needs commands to wait for reconnection rather than fail. */
export function redisOptions(url: string): RedisOptions {
  const address = new URL(url);
  return {
    host: address.hostname.replace(/^\[(.*)\]$/, '$1'), // an IPv6 address without its URL brackets
    port: address.port === '' ? 6379 : Number(address.port),
    username: address.username === '' ? undefined : decodeURIComponent(address.username),
    password: address.password === '' ? undefined : decodeURIComponent(address.password),
    db: address.pathname.length > 1 ? Number(address.pathname.slice(1)) : 0,
    maxRetriesPerRequest: null,
  };
}

/** Redis's replies to a missing or wrong password. */
const LOGIN_REFUSED = /NOAUTH|WRONGPASS|invalid password/i;

/** Redis's reply to a database number it does not have (ioredis would carry on with database 0). */
const NO_SUCH_DATABASE = /DB index is out of range/i;

/**
 * Fails with an actionable message when nothing answers at the address, Redis refuses the login or
 * has no such database (BullMQ itself would retry for ever, or use database 0).
 */
export async function checkReachable(url: string): Promise<void> {
  const options = redisOptions(url);
  // A probe: nothing to wait for when it disconnects (ioredis would keep the process up to 2 s for a connection that failed).
  const client = new Redis({ ...options, lazyConnect: true, retryStrategy: () => null, connectTimeout: 5000, disconnectTimeout: 0 });
  let cause: Error | undefined; // the first error event says more than the "Connection is closed." that follows it
  client.on('error', (error: Error) => (cause ??= error));
  try {
    await client.connect();
    await client.select(options.db!);
  } catch (error) {
    const reason = (cause ?? (error as Error)).message;
    const shown = shownAddress(url);
    throw new InputError(
      LOGIN_REFUSED.test(reason)
        ? `Redis at ${shown} refused the login (${reason}): give its password in the address, redis://:PASSWORD@HOST:PORT`
        : NO_SUCH_DATABASE.test(reason)
          ? `Redis at ${shown} has no database ${options.db} (${reason}): end the address with a number below its \`databases\` setting (16 unless configured otherwise)`
          : `cannot reach Redis at ${shown} (${reason}): start redis-server there, or fix --queue`,
    );
  } finally {
    client.disconnect();
  }
}

/** Whether an error says the connection to Redis is down (a system error code such as ECONNREFUSED), not that a command failed. */
function isConnectionError(error: Error): boolean {
  const { code } = error as NodeJS.ErrnoException;
  return (code !== undefined && /^E[A-Z]+$/.test(code)) || /Connection is closed/i.test(error.message);
}

/** Reports connection trouble once per outage instead of once per reconnection attempt, and any other error as it comes. */
export function connectionReporter(url: string, log: (line: string) => void): { onError: (error: Error) => void; onReady: () => void } {
  const shown = shownAddress(url);
  let down = false;
  return {
    onError: (error) => {
      if (!isConnectionError(error)) {
        log(`the queue at ${shown} reported: ${error.message}`);
        return;
      }
      if (!down) log(`lost Redis at ${shown} (${error.message}); reconnecting…`);
      down = true;
    },
    onReady: () => {
      if (down) log(`Redis at ${shown} is back`);
      down = false;
    },
  };
}

/**
 * The workers listening on the queue in the address's database. BullMQ counts the worker connections
 * Redis lists, and Redis lists those of every database.
 */
export async function workersListening(queue: JobQueue, url: string): Promise<number> {
  const { db } = redisOptions(url);
  return (await queue.getWorkers()).filter((worker) => Number(worker.db) === db).length;
}

/** Closes, or gives up after a while (Redis gone: closing would wait for a reconnection forever). */
export async function closeWithin(closers: (() => Promise<unknown>)[]): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<void>((resolve) => (timer = setTimeout(resolve, CLOSE_TIMEOUT_MS)));
  await Promise.race([Promise.allSettled(closers.map((close) => close())), timeout]);
  clearTimeout(timer);
}
