import { describe, expect, it } from 'vitest';
import { CoursePieces, KEEPALIVE_INTERVAL_MS, KeepalivePings, SHAPE_ORDER } from '../../src/aveiro/course-random.ts';
import { PythonRandom } from '../../src/core/python-random.ts';

describe("the course server's keepalive pings", () => {
  it('come from each open connection every 20 s after it opened, and stop when it closes', () => {
    const pings = new KeepalivePings();
    expect(KEEPALIVE_INTERVAL_MS).toBe(20_000); // the websockets library's default ping_interval
    pings.open(0);
    const close = pings.open(7_000);
    expect(pings.between(0, 19_999)).toBe(0);
    expect(pings.between(0, 20_000)).toBe(1);
    expect(pings.between(19_999, 27_000)).toBe(2);
    expect(pings.between(0, 60_000)).toBe(5); // 20, 27, 40, 47, 60 s
    close(50_000);
    expect(pings.between(50_000, 100_000)).toBe(3); // the first connection's alone: 60, 80, 100 s
  });

  it('forgets connections closed by a time, whose pings all fell by it', () => {
    const pings = new KeepalivePings();
    pings.open(0)(30_000);
    pings.open(5_000)(40_000);
    pings.open(10_000);
    pings.forgetClosedBy(40_000);
    expect(pings.between(0, 30_000)).toBe(1); // the third connection's ping at 30 s alone
  });
});

describe("the course server's pieces", () => {
  it('are random.choice after random.seed, with a getrandbits(32) for each ping since the last draw', () => {
    let now = 0;
    const pings = new KeepalivePings();
    pings.open(-5_000);
    pings.open(-1_000);
    const pieces = new CoursePieces(11, pings, () => now);
    const random = new PythonRandom(11);
    const drawn: string[] = [];
    const expected: string[] = [];
    for (const [at, due] of [
      [0, 0],
      [10_000, 0],
      [15_000, 1], // the first connection's ping at 15 s
      [19_000, 1], // the second's at 19 s
      [60_000, 4], // 35, 39, 55 and 59 s
    ]) {
      now = at;
      drawn.push(pieces.next());
      for (let ping = 0; ping < due; ping++) random.getrandbits(32);
      expected.push(random.choice(SHAPE_ORDER));
    }
    expect(drawn).toEqual(expected);
    const unpinged = new CoursePieces(11);
    expect(Array.from({ length: 5 }, () => unpinged.next())).not.toEqual(drawn);
  });
});
