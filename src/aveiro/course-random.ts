import { PythonRandom } from '../core/python-random.ts';

/**
 * The course server's random numbers (github.com/dgomes/ia-tetris, with the websockets 10 library its
 * requirements name): one generator, Python's global `random`, which `--seed N` reseeds at the start of
 * every game and which deals each piece with `random.choice` over its shapes. The websockets library
 * draws from the same generator: every open connection sends a keepalive ping 20 s after it opened and
 * then every 20 s while it stays open, each with a payload of `random.getrandbits(32)`
 * (`WebSocketCommonProtocol.keepalive_ping` and `ping`), so a ping between two spawns changes every
 * piece dealt after it.
 */

/** The websockets library's default `ping_interval`, 20 seconds. */
export const KEEPALIVE_INTERVAL_MS = 20_000;

/** The shapes in the course's order, which `random.choice` indexes. */
export const SHAPE_ORDER = ['S', 'Z', 'I', 'O', 'J', 'T', 'L'] as const;
export type ShapeName = (typeof SHAPE_ORDER)[number];

interface Connection {
  readonly openedAt: number;
  closedAt: number;
}

/** Pings of a connection at or before `time`: one at each whole interval after it opened, while it was open. */
const pingsBy = ({ openedAt, closedAt }: Connection, time: number) =>
  Math.max(0, Math.floor((Math.min(time, closedAt) - openedAt) / KEEPALIVE_INTERVAL_MS));

/** The connections open on a server and when each opened, on one clock (milliseconds): whose keepalive pings draw when. */
export class KeepalivePings {
  private readonly connections = new Set<Connection>();

  /** A connection has opened at `at`; call the function returned when it closes (at the time it closed). */
  open(at: number): (closedAt: number) => void {
    const connection: Connection = { openedAt: at, closedAt: Infinity };
    this.connections.add(connection);
    return (closedAt) => {
      connection.closedAt = closedAt;
    };
  }

  /** How many pings all connections sent after `from` and by `to`. */
  between(from: number, to: number): number {
    let count = 0;
    for (const connection of this.connections) count += pingsBy(connection, to) - pingsBy(connection, from);
    return count;
  }

  /** Forgets the connections that closed by `time`: none of their pings can fall after it. */
  forgetClosedBy(time: number): void {
    for (const connection of this.connections) if (connection.closedAt <= time) this.connections.delete(connection);
  }
}

/**
 * A game's pieces as the course server deals them for a seed: `random.seed(seed)` when the game starts,
 * then per piece first the keepalive pings sent since the last draw (`pings`, read at `now()`), each a
 * `getrandbits(32)`, then `random.choice`. Without `pings`, no connection pings.
 */
export class CoursePieces {
  private readonly random: PythonRandom;
  private drawnAt: number;

  constructor(
    seed: number,
    private readonly pings: KeepalivePings | null = null,
    private readonly now: () => number = () => 0,
  ) {
    this.random = new PythonRandom(seed);
    this.drawnAt = now();
  }

  next(): ShapeName {
    if (this.pings !== null) {
      const at = this.now();
      for (let due = this.pings.between(this.drawnAt, at); due > 0; due--) this.random.getrandbits(32);
      this.drawnAt = at;
    }
    return this.random.choice(SHAPE_ORDER);
  }
}
