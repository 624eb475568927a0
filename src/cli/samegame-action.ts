import { basename, resolve } from 'node:path';
import type { Command } from 'commander';
import { boardFiles, runSameGameBench, runSameGameSolve } from '../bench/samegame-bench.ts';
import { sameGameBenchRun, sameGameSolveRun, storeSameGameBench, type SameGameRunSetup } from '../bench/samegame-runs.ts';
import type { StoredRunId } from '../bench/run-store.ts';
import { sqliteTaskStore } from '../bench/task-store.ts';
import { count } from '../core/count.ts';
import { formatDate } from '../core/dates.ts';
import { InputError } from '../core/errors.ts';
import { shownAddress } from '../core/redis-address.ts';
import { checkOutputFile, writeFileAtomically } from '../node/files.ts';
import { readBoardFile } from '../samegame/board-files.ts';
import { importSolverModule } from '../samegame/code-solvers.ts';
import { sameGameReplay } from '../samegame/replay.ts';
import { randomBoard } from '../samegame/rules/random-boards.ts';
import { SOLVE_SETTINGS } from '../samegame/solve-settings.ts';
import { checkSolveOptions, type Solution, type SolveExplanation, type SolveOptions } from '../samegame/solver.ts';
import { TEST_SETS } from '../samegame/test-sets.ts';
import { openDatabaseToSave, type Db } from '../store/database.ts';
import { saveRun, type NewRun, type SameGameRun, type SameGameSettings } from '../store/runs.ts';
import { runExperiment } from './experiment.ts';
import { print } from './options.ts';
import { warnOfIgnoredWorkers } from './queue-options.ts';
import type { BenchFlags, BoardFlags, SearchFlags, SolveFlags } from './samegame.ts';
import { flagOf, settingValues } from './setting-options.ts';

/**
 * The solver's options from the flags, checked: a setting the method does not take is refused before
 * anything runs, and so is a method or a method's setting beside a solver in code.
 */
async function solveOptions(flags: SearchFlags, command: Command): Promise<SolveOptions> {
  if (flags.solver !== undefined) {
    if (command.getOptionValueSource('method') === 'cli') throw new InputError('give --method or --solver, not both');
    const given = Object.keys(settingValues(flags, SOLVE_SETTINGS));
    const setting = SOLVE_SETTINGS.find(({ name }) => given.includes(name));
    if (setting !== undefined)
      throw new InputError(`${flagOf(setting)} sets a built-in method: a solver in code takes --time, --nodes, --seed and the rules`);
    await importSolverModule(flags.solver); // refused here, before any board, if it cannot be loaded or exports no solver
    return {
      method: flags.method,
      rules: { scoring: flags.rules, shift: flags.shift },
      timeMs: flags.time * 1000,
      maxNodes: flags.nodes,
      seed: flags.seed,
    };
  }
  const options: SolveOptions = {
    method: flags.method,
    rules: { scoring: flags.rules, shift: flags.shift },
    timeMs: flags.time * 1000,
    maxNodes: flags.nodes,
    seed: flags.seed,
    ...settingValues(flags, SOLVE_SETTINGS),
  };
  checkSolveOptions(options, flagOf);
  return options;
}

/** Moves of the start the text of `solve --explain` lists (JSON gives them all). */
const EXPLAINED_MOVES = 10;

export async function solveFile(flags: SolveFlags, command: Command): Promise<void> {
  const board = readBoardFile(flags.file);
  if (flags.explain && flags.solver !== undefined)
    throw new InputError(`${flags.solver} is a solver in code, which gives no breakdown: leave out --explain, or solve with --method`);
  const options = { ...(await solveOptions(flags, command)), explain: flags.explain };
  if (flags.replayOut !== undefined) checkOutputFile(flags.replayOut, '--replay-out', 'board.replay.json');
  const db = openDatabaseToSave(); // before the search, so that a database that cannot take the result costs no search
  let solution: Solution;
  try {
    solution = await runSameGameSolve({ file: flags.file, options, solver: flags.solver, store: sqliteTaskStore(db, false) });
  } catch (error) {
    db.close();
    throw error;
  }
  const runId = store(db, sameGameSolveRun(runSetup(flags, options), flags.file, solution));
  if (solution.fault !== undefined) process.exitCode = 1; // the board is reported, but the solver failed on it
  if (flags.replayOut !== undefined)
    writeFileAtomically(flags.replayOut, `${JSON.stringify(sameGameReplay(board, options.rules, solution.moves))}\n`);
  if (flags.json) {
    print(JSON.stringify({ ...solution, ...settingsOf(flags), file: flags.file, runId }));
    return;
  }
  const nodes = flags.solver === undefined ? `${solution.nodes.toLocaleString('en-US')} nodes ` : '';
  print(
    `${basename(flags.file)}: ${describe(solution)}; ${nodes}in ${(solution.ms / 1000).toFixed(1)} s ` +
      `(${flags.solver ?? flags.method}, ${flags.rules} scoring, columns close ${flags.shift})`,
  );
  if (solution.moves.length > 0) print(`moves (col,row): ${solution.moves.map(([x, y]) => `${x},${y}`).join(' ')}`);
  if (solution.explanation !== undefined) print(describeExplanation(solution.explanation).join('\n'));
  print(`stored as run ${runId}`);
}

/** The text of `solve --explain`: the best first moves, then how the best score grew. */
function describeExplanation({ heuristic, firstMoves, improvements }: SolveExplanation): string[] {
  const rows = [['first move (col,row)', 'group', heuristic === null ? '' : `${heuristic} value`, 'games through it', 'best score']];
  for (const move of firstMoves.slice(0, EXPLAINED_MOVES))
    rows.push([
      `${move.x},${move.y}${move.chosen ? ' (played)' : ''}`,
      String(move.size),
      move.rating === null ? '' : move.rating.toLocaleString('en-US'),
      move.games.toLocaleString('en-US'),
      move.best === null ? '-' : move.best.toLocaleString('en-US'),
    ]);
  const widths = rows[0].map((_, column) => Math.max(...rows.map((row) => row[column].length)));
  const lines = [`The start's ${firstMoves.length} moves${firstMoves.length > EXPLAINED_MOVES ? `, the best ${EXPLAINED_MOVES}` : ''}:`];
  for (const row of rows)
    lines.push(
      row
        .map((cell, column) => (column === 0 ? cell.padEnd(widths[column]) : cell.padStart(widths[column])))
        .join('  ')
        .trimEnd(),
    );
  const grew = improvements.map(({ score, ms }) => `${score.toLocaleString('en-US')} at ${(ms / 1000).toFixed(2)} s`);
  const over = grew.length > 12 ? [...grew.slice(0, 6), '…', ...grew.slice(-5)] : grew;
  lines.push(grew.length === 0 ? 'The search found no complete game it accepts.' : `Best score over time: ${over.join(', ')}.`);
  return lines;
}

/** The folder of board files `samegame bench` solves: `--dir`, or the shipped `--set`'s. */
function benchFolder(flags: BenchFlags): string {
  if (flags.set !== undefined && flags.dir !== undefined) throw new InputError('give --set or --dir, not both');
  if (flags.set !== undefined) return TEST_SETS[flags.set];
  if (flags.dir !== undefined) return flags.dir;
  throw new InputError('say which boards to solve: --set standard (the 20 standard positions) or --dir DIR (a folder of board files)');
}

export async function bench(flags: BenchFlags, command: Command): Promise<void> {
  const dir = benchFolder(flags);
  const files = boardFiles(dir);
  const options = await solveOptions(flags, command);
  if (flags.solver !== undefined && flags.queue !== undefined)
    throw new InputError(`${flags.solver} is a solver in code, on this machine only: leave out --queue`);
  warnOfIgnoredWorkers(command, flags.queue);
  const db = openDatabaseToSave(); // before the search, so that a database that cannot take the result costs no search
  const result = await runExperiment(
    {
      label: `samegame bench ${flags.solver ?? flags.method}`,
      unit: 'boards',
      total: files.length,
      db,
      queue: flags.queue,
      workers: flags.workers,
      plays: true,
      resumes: 'solves only the rest',
    },
    (runner, onProgress) =>
      runSameGameBench({
        files,
        options,
        ...(flags.solver !== undefined && { solver: resolve(flags.solver) }),
        runner: runner!,
        seeds: flags.seeds,
        // Each board's searches side by side on this machine's threads; a queue's workers take what comes.
        ...(flags.queue === undefined && { boardsAtOnce: Math.max(1, Math.floor(flags.workers / flags.seeds)) }),
        store: sqliteTaskStore(db, flags.resume === true),
        onProgress,
      }),
  );
  const queue = flags.queue === undefined ? undefined : shownAddress(flags.queue);
  const place = { set: flags.set, dir, workers: flags.workers, seeds: flags.seeds, queue };
  const run = sameGameBenchRun(runSetup(flags, options), place, result);
  const { summary } = run;
  let stored: StoredRunId<SameGameRun>;
  try {
    stored = storeSameGameBench(db, run);
  } finally {
    db.close();
  }
  if (flags.json) {
    print(
      JSON.stringify({
        ...summary,
        boards: result.boards,
        runId: stored.runId,
        ...(stored.earlier !== undefined && { alreadyStored: true }),
      }),
    );
    return;
  }
  const width = Math.max(...result.boards.map((board) => board.file.length));
  for (const board of result.boards) print(`${board.file.padEnd(width)}  ${describe(board)}`);
  print(
    `total ${result.total.toLocaleString('en-US')} (${flags.rules} scoring); the same games under the penalty rules: ` +
      `${result.penaltyTotal.toLocaleString('en-US')}`,
  );
  if (stored.earlier !== undefined) {
    print(
      `nothing left to solve: every board was stored, and this is run ${stored.runId} (stored ${formatDate(stored.earlier.createdAt)}; not stored again)`,
    );
    return;
  }
  const where = queue === undefined ? count(flags.workers, 'worker') : `the workers of ${queue}`;
  const reused = result.storedBoards > 0 ? `; ${count(result.storedBoards, 'board')} taken from earlier runs` : '';
  const faults = result.boards.filter((board) => board.fault !== undefined).length;
  const faulted = faults > 0 ? `; the solver's fault left ${count(faults, 'board')} at its start` : '';
  const searches = flags.seeds > 1 ? `, the best of ${flags.seeds} searches (seeds ${flags.seed}-${flags.seed + flags.seeds - 1})` : '';
  print(`${flags.solver ?? flags.method}, ${flags.time} s a board${searches}, ${where}; stored as run ${stored.runId}${reused}${faulted}`);
}

/** How a run searched, for its record: the settings from the flags, and the solver's time budget. */
function runSetup(flags: SearchFlags, options: SolveOptions): SameGameRunSetup {
  return { settings: settingsOf(flags), timeMs: options.timeMs ?? null };
}

/** The settings a run records: the method, rules, budget and seed, and the table's settings given. */
function settingsOf(flags: SearchFlags): SameGameSettings {
  if (flags.solver !== undefined) {
    const { rules, shift, time, seed } = flags;
    return { method: 'code', solver: flags.solver, rules, shift, time, seed, ...(flags.nodes !== undefined && { maxNodes: flags.nodes }) };
  }
  return {
    method: flags.method,
    rules: flags.rules,
    shift: flags.shift,
    time: flags.time,
    seed: flags.seed,
    ...(flags.nodes !== undefined && { maxNodes: flags.nodes }),
    ...settingValues(flags, SOLVE_SETTINGS),
  };
}

function describe(solution: Solution): string {
  if (solution.fault !== undefined) return `left at its start by the solver's fault: ${solution.fault}`;
  if (!solution.solved) return `no solution found (${solution.stop === 'done' ? 'none exists' : `stopped: ${solution.stop}`})`;
  return `${solution.score.toLocaleString('en-US')}${solution.cleared ? ' (cleared)' : ''} in ${solution.moves.length} moves`;
}

/** Saves the run and closes the database. */
function store(db: Db, run: NewRun): number {
  try {
    return saveRun(db, run);
  } finally {
    db.close();
  }
}

/** `gridmind samegame board`: a random full board of the flags' size, colours and seed. */
export function printBoard(flags: BoardFlags): void {
  print(randomBoard(flags.size.width, flags.size.height, flags.colours, flags.seed).toString());
}
