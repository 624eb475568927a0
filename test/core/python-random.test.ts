import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { Prng } from '../../src/core/prng.ts';
import { PythonRandom } from '../../src/core/python-random.ts';

const SHAPES = [...'SZIOJTL'];
const deal = (seed: number, count: number) => {
  const random = new PythonRandom(seed);
  return Array.from({ length: count }, () => random.choice(SHAPES)).join('');
};

describe("PythonRandom: Python's random module, for the course server's pieces", () => {
  it('deals the pieces CPython deals after random.seed(N), pinned for a few seeds (one, two and 53-bit words)', () => {
    // From CPython 3.11: random.seed(N); ''.join(random.choice('SZIOJTL') for _ in range(20)).
    expect(deal(1, 20)).toBe('ZJLLLSISOLOOTOLZSOSL');
    expect(deal(7, 20)).toBe('IZOTSSLJSIJSJZSSOOSZ');
    expect(deal(2026, 20)).toBe('SIJJTLSZJJJOLJJLTLLO');
    expect(deal(0, 12)).toBe('LOLOSIJOOLLI');
    expect(deal(2 ** 32 + 5, 12)).toBe('ZOIJLSITZLLT');
    expect(deal(2 ** 40 + 7, 12)).toBe('JTLTJTOIJZJO');
  });

  it("agrees with this machine's python3 over many seeds, draws past the first twist included", () => {
    const prng = new Prng(5);
    const seeds = Array.from({ length: 60 }, (_, i) => (i < 30 ? i : prng.nextInt(2 ** 31) * 2 ** (i % 22)));
    const script = `import random, sys\nfor s in map(int, sys.argv[1:]):\n    random.seed(s); print(''.join(random.choice('SZIOJTL') for _ in range(700)))`;
    const python = spawnSync('python3', ['-c', script, ...seeds.map(String)], { encoding: 'utf8' });
    expect(python.status, python.stderr).toBe(0);
    expect(seeds.map((seed) => deal(seed, 700))).toEqual(python.stdout.trim().split('\n'));
  });

  it('draws below n by rejection over the fewest bits, as random._randbelow does', () => {
    const random = new PythonRandom(3);
    const python = spawnSync(
      'python3',
      ['-c', 'import random\nrandom.seed(3)\nprint(*[random.randrange(n) for n in (1, 2, 3, 100, 1000, 2**31 - 1)])'],
      {
        encoding: 'utf8',
      },
    );
    expect([1, 2, 3, 100, 1000, 2 ** 31 - 1].map((n) => random.randbelow(n)).join(' ')).toBe(python.stdout.trim());
  });
});
