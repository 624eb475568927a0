/**
 * Start-up time of the `gridmind` command: `gridmind --help`, compiled (bin/gridmind.js runs dist/, as
 * an installed package does), interleaved round by round with the same CLI run from its TypeScript
 * sources through tsx (how bin/gridmind.js ran it before there was a build), with Node starting an
 * empty program, the floor under both, and with a whole one-game `gridmind play` (Dellacherie, 10×10,
 * a game of 873 pieces). Then how soon a worker thread of the task pool has played its first
 * task (one piece). Wall-clock medians; needs `npm run build` first.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { median } from '../src/core/stats.ts';

const ROUNDS = 21;
const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** The programs timed, each with the bound it is held to, if any. */
const PROGRAMS: [name: string, args: string[], bound?: string][] = [
  ['compiled (bin/gridmind.js --help)', ['bin/gridmind.js', '--help']],
  ['from sources through tsx (--import tsx src/cli/main.ts --help)', ['--import', 'tsx', 'src/cli/main.ts', '--help']],
  ['node -e 0', ['-e', '0']],
  [
    'one game (bin/gridmind.js play --agent dellacherie --board 10x10 --seed 1)',
    ['bin/gridmind.js', 'play', '--agent', 'dellacherie', '--board', '10x10', '--seed', '1'],
    'the goal: <= 0.4 s',
  ],
];

/** Seconds from creating a one-thread task pool (compiled) to the end of its first task, in a fresh process. */
const FIRST_TASK = `
const { TaskPool } = await import('./dist/bench/task-runner.js');
const { loadAgentSpec } = await import('./dist/tetris-ai/agent-files.js');
const spec = loadAgentSpec('dellacherie');
const start = performance.now();
const pool = new TaskPool(1);
await pool.run({ game: 'tetris', spec, options: { rules: 'research', width: 10, height: 10, seed: 1, preview: 0, maxPieces: 1 } });
process.stdout.write(String((performance.now() - start) / 1000));
await pool.close();
`;

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
  const firstTask = Array.from({ length: ROUNDS }, () => {
    const run = spawnSync(process.execPath, ['--input-type=module', '-e', FIRST_TASK], { cwd: ROOT, encoding: 'utf8' });
    if (run.status !== 0) throw new Error(`the task pool did not start (run \`npm run build\` first): ${run.stderr}`);
    return Number(run.stdout);
  });
  return [
    ...PROGRAMS.map(
      ([name, , bound], i) => `startup ${name}: ${median(times[i]).toFixed(3)} s (median of ${ROUNDS} rounds)${bound ? `; ${bound}` : ''}`,
    ),
    `startup: compiled starts ${ratio.toFixed(1)}x as fast as from sources (median of the rounds' ratios)`,
    `startup: a worker thread of the task pool has played its first task ${median(firstTask).toFixed(3)} s after the pool is made (median of ${ROUNDS}); the goal: <= 0.1 s`,
  ];
}
