/**
 * Requests per client: a token bucket per address (`burst` requests at once, refilled at `perSecond`),
 * so that one client's flood is answered 429 while other clients are served as usual.
 */
export interface RateLimit {
  /** Requests a client may make each second, on average. */
  readonly perSecond: number;
  /** Requests a client may make at once. */
  readonly burst: number;
}

/** The API's limit by default: far above what the web app asks (a page makes a few requests), far below a flood. */
export const DEFAULT_RATE_LIMIT: RateLimit = { perSecond: 50, burst: 200 };

/** Clients remembered at most; the longest idle is forgotten first (a forgotten client starts with a full bucket). */
const MAX_CLIENTS = 10_000;

interface Bucket {
  tokens: number;
  at: number;
}

export class RateLimiter {
  /** Buckets by client, in order of last use (a Map keeps insertion order; a use moves the client last). */
  private readonly buckets = new Map<string, Bucket>();

  constructor(private readonly limit: RateLimit) {}

  /** Takes a request of `client` at time `now` (ms): null when allowed, else the seconds to wait. */
  take(client: string, now: number): number | null {
    const { perSecond, burst } = this.limit;
    const bucket = this.buckets.get(client) ?? { tokens: burst, at: now };
    this.buckets.delete(client);
    this.buckets.set(client, bucket);
    if (this.buckets.size > MAX_CLIENTS) this.buckets.delete(this.buckets.keys().next().value!);
    bucket.tokens = Math.min(burst, bucket.tokens + ((now - bucket.at) / 1000) * perSecond);
    bucket.at = now;
    if (bucket.tokens < 1) return Math.ceil((1 - bucket.tokens) / perSecond);
    bucket.tokens -= 1;
    return null;
  }
}
