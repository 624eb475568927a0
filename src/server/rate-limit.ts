/**
 * Limits per client address, so that one client's flood is answered 429 while other clients are served
 * as usual: a token bucket per address (`burst` units at once, refilled at `perSecond`), which counts
 * requests and the work of checking a client's replays (score-checks.ts); and a line per address, which
 * has a client's long jobs done one at a time.
 */
import type { IncomingMessage } from 'node:http';

export interface RateLimit {
  /** Units a client may spend each second, on average. */
  readonly perSecond: number;
  /** Units a client may spend at once. */
  readonly burst: number;
}

/** The API's limit by default: far above what the web app asks (a page makes a few requests), far below a flood. */
export const DEFAULT_RATE_LIMIT: RateLimit = { perSecond: 50, burst: 200 };

/**
 * A client's budget of work by default, in replay inputs (score-check-thread.ts): a human's games, a few
 * a minute, stay far below the rate, and the burst is more than the largest body holds (16 MiB, of
 * inputs of 18 bytes at least), so that any replay the server takes can be posted by a client that has
 * waited. Placing a piece under key play takes some 150 µs to check: the rate is at most a third of a
 * thread's time.
 */
export const DEFAULT_REPLAY_BUDGET: RateLimit = { perSecond: 2_000, burst: 1_000_000 };

/** Clients remembered at most; the longest idle is forgotten first (a forgotten client starts with a full bucket). */
const MAX_CLIENTS = 10_000;

/** The address a client is known by to the limits. */
export function clientOf(request: IncomingMessage): string {
  return request.socket.remoteAddress ?? '';
}

interface Bucket {
  tokens: number;
  at: number;
}

export class RateLimiter {
  /** Buckets by client, in order of last use (a Map keeps insertion order; a use moves the client last). */
  private readonly buckets = new Map<string, Bucket>();

  constructor(readonly limit: RateLimit) {}

  /** Takes `amount` units of `client` at time `now` (ms): null when it has them, else the seconds to wait until it has. */
  take(client: string, now: number, amount = 1): number | null {
    const wait = this.waitFor(client, now, amount);
    if (wait > 0) return wait;
    this.spend(client, now, amount);
    return null;
  }

  /** Spends `amount` units of `client` at time `now` (ms) whatever it has: below none, it waits until it has paid them back. */
  spend(client: string, now: number, amount: number): void {
    this.bucket(client, now).tokens -= amount;
  }

  /** The units `client` has at time `now` (ms). */
  available(client: string, now: number): number {
    return this.bucket(client, now).tokens;
  }

  /** The whole seconds `client` waits from time `now` (ms) until it has `amount` units: 0 when it has them now. */
  waitFor(client: string, now: number, amount: number): number {
    const missing = amount - this.available(client, now);
    return missing > 0 ? Math.ceil(missing / this.limit.perSecond) : 0;
  }

  /** The bucket of `client`, refilled to time `now` (ms) and moved last in the order of use. */
  private bucket(client: string, now: number): Bucket {
    const { perSecond, burst } = this.limit;
    const bucket = this.buckets.get(client) ?? { tokens: burst, at: now };
    this.buckets.delete(client);
    this.buckets.set(client, bucket);
    if (this.buckets.size > MAX_CLIENTS) this.buckets.delete(this.buckets.keys().next().value!);
    bucket.tokens = Math.min(burst, bucket.tokens + ((now - bucket.at) / 1000) * perSecond);
    bucket.at = now;
    return bucket;
  }
}

/** Jobs done for each client one at a time, in order: a client's job waits for its earlier ones, never for another client's. */
export class ClientLines {
  /** Each client's last job, settled or not; a client is forgotten once its last job has settled. */
  private readonly last = new Map<string, Promise<void>>();

  /** Does `job` for `client` once its earlier jobs are done; resolves or rejects as the job does. */
  run<T>(client: string, job: () => Promise<T>): Promise<T> {
    const done = (this.last.get(client) ?? Promise.resolve()).then(job);
    const settled = done.then(
      () => {},
      () => {},
    );
    this.last.set(client, settled);
    void settled.then(() => {
      if (this.last.get(client) === settled) this.last.delete(client);
    });
    return done;
  }
}
