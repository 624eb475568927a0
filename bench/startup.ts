/**
 * Start-up time of the `gridmind` command: `gridmind --help`, compiled (bin/gridmind.js runs dist/, as
 * an installed package does), interleaved round by round with the same CLI run from its TypeScript
 * sources through tsx (how bin/gridmind.js ran it before there was a build), and with Node starting an
 * empty program, the floor under both. Wall-clock medians; needs `npm run build` first.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { median } from '../src/core/stats.ts';

const ROUNDS = 21;
const ROOT = fileURLToPath(new URL('..', import.meta.url));

const PROGRAMS: [name: string, args: string[]][] = [
  ['compiled (bin/gridmind.js --help)', ['bin/gridmind.js', '--help']],
  ['from sources through tsx (--import tsx src/cli/main.ts --help)', ['--import', 'tsx', 'src/cli/main.ts', '--help']],
  ['node -e 0', ['-e', '0']],
];

function secondsToRun(args: string[]): number {
  const start = performance.now();
  const run = spawnSync(process.execPath, args, { cwd: ROOT, stdio: 'ignore' });
  if (run.status !== 0) throw new Error(`node ${args.join(' ')} failed (run \`npm run build\` first)`);
  return (performance.now() - start) / 1000;
}

export function benchStartup(): string[] {
  const times = PROGRAMS.map((): number[] => []);
  for (let round = 0; round < ROUNDS; round++) PROGRAMS.forEach(([, args], i) => times[i].push(secondsToRun(args)));
  const [compiled, sources] = times;
  const ratio = median(compiled.map((time, round) => sources[round] / time));
  return [
    ...PROGRAMS.map(([name], i) => `startup ${name}: ${median(times[i]).toFixed(3)} s (median of ${ROUNDS} rounds)`),
    `startup: compiled starts ${ratio.toFixed(1)}x as fast as from sources (median of the rounds' ratios)`,
  ];
}
