/**
 * Every core: the same work run with 1 and with 2 worker threads, each run a fresh `gridmind` process on a
 * fresh database, start-up included in the wall time; 1 and 2 interleaved run by run, and the median of
 * the runs' ratios (time with 1 / time with 2, the ratio of their speeds). Three kinds of work: Tetris
 * games (`gridmind bench`), the SameGame standard set under a node budget (`gridmind samegame bench`) and
 * a tuning run (`gridmind tune`). Needs `npm run build` first.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { median } from '../src/core/stats.ts';

const ROUNDS = 5;
const ROOT = fileURLToPath(new URL('..', import.meta.url));

/**
 * The work, each sized to take 15–25 s on one thread, as a short experiment does; the first Tetris job
 * is a third of that, to show what start-up costs a run that short.
 */
const WORK: [name: string, args: string[]][] = [
  [
    'gridmind bench --agent dellacherie --board 10x10 --games 300',
    ['bench', '--agent', 'dellacherie', '--board', '10x10', '--games', '300'],
  ],
  [
    'gridmind bench --agent dellacherie --board 10x10 --games 1000',
    ['bench', '--agent', 'dellacherie', '--board', '10x10', '--games', '1000'],
  ],
  ['gridmind samegame bench --set standard --nodes 500000', ['samegame', 'bench', '--set', 'standard', '--nodes', '500000']],
  [
    'gridmind tune (5 features, CE, population 40, 6 games each, 10 iterations)',
    [
      'tune',
      '--features',
      'landingHeight,holes,rowTransitions,columnTransitions,cumulativeWells',
      '--population',
      '40',
      '--elite',
      '0.2',
    ].concat(['--games-per-eval', '6', '--iterations', '10', '--validation-games', '20']),
  ],
];

/** Wall seconds of one run of `gridmind ARGS --workers K --json` on a fresh database in `folder`. */
function secondsToRun(args: string[], workers: number, folder: string, run: number): number {
  const database = join(folder, `run-${run}.db`);
  const out = join(folder, `tuned-${run}.json`);
  const all = [join(ROOT, 'bin/gridmind.js'), ...args, '--workers', String(workers), '--json'].concat(
    args[0] === 'tune' ? ['--out', out] : [],
  );
  const start = performance.now();
  const result = spawnSync(process.execPath, all, {
    cwd: folder,
    env: { ...process.env, GRIDMIND_DB: database },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const seconds = (performance.now() - start) / 1000;
  if (result.status !== 0) throw new Error(`gridmind ${args.join(' ')} failed (run \`npm run build\` first): ${result.stderr}`);
  return seconds;
}

export function benchWorkers(): string[] {
  const folder = mkdtempSync(join(tmpdir(), 'gridmind-bench-workers-'));
  const lines = [`workers: this machine runs ${availableParallelism()} threads at once`];
  try {
    let run = 0;
    for (const [name, args] of WORK) {
      const one: number[] = [];
      const two: number[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        one.push(secondsToRun(args, 1, folder, run++));
        two.push(secondsToRun(args, 2, folder, run++));
      }
      const ratio = median(one.map((seconds, i) => seconds / two[i]));
      lines.push(
        `workers ${name}: ${median(one).toFixed(2)} s with 1, ${median(two).toFixed(2)} s with 2; ` +
          `2 workers ${ratio.toFixed(2)}x as fast (median of ${ROUNDS} interleaved pairs, start-up included; the goal: >= 1.8)`,
      );
    }
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
  return lines;
}
