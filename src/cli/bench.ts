import { availableParallelism } from 'node:os';
import cliProgress from 'cli-progress';
import type { Command } from 'commander';
import { benchSecondsLeft } from '../bench/eta.ts';
import { sqliteGameStore } from '../bench/game-store.ts';
import { runTetrisBench, type BenchPlayer, type BenchResult, type PlayerSummary } from '../bench/tetris-bench.ts';
import { formatDate } from '../core/dates.ts';
import { count } from '../core/count.ts';
import { duration } from '../core/duration.ts';
import { InputError } from '../core/errors.ts';
import { findRunsWithResults, listBenchRuns, saveBenchRun, type BenchRun, type NewBenchRun } from '../store/bench-runs.ts';
import { openDatabase, openDatabaseToSave } from '../store/database.ts';
import { loadAgentSpec } from '../tetris-ai/agent-files.ts';
import { MAX_LOOKAHEAD } from '../tetris-ai/agent-spec.ts';
import { addRunsCommand, boardOption, figure, integerIn, onInterrupt, print } from './options.ts';

interface BenchFlags {
  agent: string;
  vs?: string;
  board: { width: number; height: number };
  games: number;
  seedBase: number;
  workers: number;
  preview?: number;
  lookahead?: number;
  maxPieces?: number;
  resume?: boolean;
  storedOnly?: boolean;
  json?: boolean;
}

export function registerBenchCommands(program: Command): void {
  program
    .command('bench')
    .description('benchmark an agent on the research protocol (one piece, drop placements) over many seeded games')
    .requiredOption('--agent <name|file>', 'a built-in agent (see `gridmind agents`) or an agent JSON file')
    .option('--vs <name|file>', 'a second agent, compared game by game on the same pieces')
    .addOption(boardOption())
    .option('--games <n>', 'number of games', integerIn(1, 1_000_000), 100)
    .option('--seed-base <n>', 'game g (from 0) uses seed base + g', integerIn(0, Number.MAX_SAFE_INTEGER), 1)
    .option('--workers <k>', 'worker threads', integerIn(1, 256), availableParallelism())
    .option('--preview <n>', 'next pieces the agents see (default: the larger lookahead depth)', integerIn(0, 16))
    .option(
      '--lookahead <n>',
      "search this many preview pieces instead of the agents' own depth (1: the two-piece policy)",
      integerIn(0, MAX_LOOKAHEAD),
    )
    .option('--max-pieces <n>', 'stop each game after this many pieces', integerIn(1, Number.MAX_SAFE_INTEGER))
    .option('--resume', 'take the games already played with the same agent, board and settings from the database, and play only the others')
    .option(
      '--stored-only',
      'play nothing: summarise the games of these seeds already stored for the same agent, board and settings (an unfinished run so far); nothing is saved',
    )
    .option(
      '--json',
      'print JSON: {"agent","board","games","meanLines","stderr","medianLines","minLines","maxLines","pieces","piecesPerSecond","workers","storedGames"}, with --stored-only also "storedOnly","requestedGames","seeds"',
    )
    .addHelpText(
      'after',
      '\nEvery run is stored in SQLite (GRIDMIND_DB, default ~/.gridmind/gridmind.db); `gridmind runs` lists them.\n' +
        'Every game is stored as soon as it ends: after an interrupt, the same command with --resume plays only the rest.',
    )
    .action((flags: BenchFlags) => bench(flags));

  addRunsCommand(program, 'runs', 'list stored benchmark runs, newest first', {
    load: listBenchRuns,
    empty: 'no stored runs yet: try `gridmind bench --agent dellacherie --games 20`',
    line: describeRun,
  });
}

async function bench(flags: BenchFlags): Promise<void> {
  const player = (name: string): BenchPlayer => {
    const spec = loadAgentSpec(name);
    return { name, spec: flags.lookahead === undefined ? spec : { ...spec, policy: { ...spec.policy, lookahead: flags.lookahead } } };
  };
  const agent = player(flags.agent);
  const vs = flags.vs === undefined ? null : player(flags.vs);
  const preview = flags.preview ?? Math.max(agent.spec.policy.lookahead, vs?.spec.policy.lookahead ?? 0);
  if (flags.seedBase > Number.MAX_SAFE_INTEGER - (flags.games - 1)) {
    throw new InputError(
      `--seed-base ${flags.seedBase} with ${flags.games} games passes the largest seed (${Number.MAX_SAFE_INTEGER}): use a smaller base`,
    );
  }
  const db = flags.storedOnly ? openDatabase() : openDatabaseToSave(); // before the games, so that a database that cannot take them loses no run
  const board = `${flags.board.width}x${flags.board.height}`;
  const bar = new cliProgress.SingleBar(
    {
      stream: process.stderr,
      format: `bench ${flags.agent}${vs ? ` vs ${vs.name}` : ''} ${board} |{bar}| {value}/{total} games | ETA {remaining}`,
      noTTYOutput: true,
      notTTYSchedule: 5000,
    },
    cliProgress.Presets.shades_classic,
  );
  const games = flags.games * (vs === null ? 1 : 2);
  const maxPieces = flags.maxPieces ?? null;
  const lastSeed = flags.seedBase + flags.games - 1;
  const storedOnly = flags.storedOnly === true;
  const store = sqliteGameStore(db, flags.resume === true || storedOnly);
  let done = 0;
  const stopHandlingInterrupts = onInterrupt(() => {
    bar.stop();
    process.stderr.write(
      `\ninterrupted after ${done} of ${games} games; they are stored: the same command with --resume plays only the rest\n`,
    );
    db.close();
  });
  if (!storedOnly) bar.start(games, 0, { remaining: '-' }); // (an unstarted bar ignores updates: --stored-only plays nothing)
  const started = performance.now();
  const result = await runTetrisBench({
    agent,
    vs,
    width: flags.board.width,
    height: flags.board.height,
    games: flags.games,
    seedBase: flags.seedBase,
    workers: flags.workers,
    preview,
    maxPieces,
    store,
    storedOnly,
    onProgress: (progress) => {
      const seconds = benchSecondsLeft(progress, (performance.now() - started) / 1000);
      bar.update((done = progress.done), { remaining: seconds === null ? '-' : duration(seconds) });
    },
  })
    .catch((error: unknown) => {
      db.close();
      throw error;
    })
    .finally(() => {
      bar.stop();
      stopHandlingInterrupts();
    });

  const summary: Record<string, unknown> = {
    ...playerFields(result.player),
    board,
    games: result.seeds.length,
    workers: flags.workers,
    seedBase: flags.seedBase,
    preview,
    lookahead: flags.lookahead ?? null,
    maxPieces,
    storedGames: result.storedGames,
  };
  if (result.vs !== null) {
    const { comparison } = result.vs;
    summary.vs = playerFields(result.vs.player);
    summary.comparison = {
      meanDifference: comparison.meanDifference,
      stderr: comparison.stderr,
      agentWins: comparison.winsA,
      vsWins: comparison.winsB,
      ties: comparison.ties,
    };
  }
  summary.agentSpec = agent.spec;
  if (vs !== null) summary.vsSpec = vs.spec;
  if (storedOnly) {
    db.close();
    Object.assign(summary, { storedOnly, requestedGames: flags.games, seeds: result.seeds });
    if (flags.json) print(JSON.stringify(summary));
    else
      printResult(
        result,
        board,
        agent.name,
        vs?.name ?? null,
        `summarised the ${result.seeds.length} of ${flags.games} games stored so far (seeds ${flags.seedBase}…${lastSeed}); nothing was played or saved`,
      );
    return;
  }
  const run: NewBenchRun = {
    game: 'tetris',
    agent: agent.name,
    vs: vs?.name ?? null,
    board,
    games: flags.games,
    seedBase: flags.seedBase,
    summary,
    perGame: result.vs === null ? { lines: result.lines } : { lines: result.lines, vsLines: result.vs.lines },
  };
  let earlierRun: BenchRun | undefined;
  try {
    // A resumed run with nothing left to play is the run stored before, not a new one.
    if (result.storedGames === games) earlierRun = findRunsWithResults(db, run).find((stored) => sameSetup(stored.summary, summary));
    summary.runId = earlierRun?.id ?? saveBenchRun(db, run);
    if (earlierRun !== undefined) summary.alreadyStored = true;
  } finally {
    db.close();
  }

  if (flags.json) {
    print(JSON.stringify(summary));
    return;
  }
  const reused = result.storedGames > 0 ? `; ${count(result.storedGames, 'game')} taken from earlier runs` : '';
  printResult(
    result,
    board,
    agent.name,
    vs?.name ?? null,
    earlierRun !== undefined
      ? `nothing left to play: every game of seeds ${flags.seedBase}…${lastSeed} was stored, and this is run ${earlierRun.id} (stored ${formatDate(earlierRun.createdAt)}; not stored again)`
      : `stored as run ${summary.runId} (${count(flags.workers, 'worker')}, seeds ${flags.seedBase}…${lastSeed}${reused})`,
  );
}

/** The summary fields that decide which games a run plays: equal in two runs with the same per-game results, the runs are one. */
const SETUP_FIELDS = ['agentSpec', 'vsSpec', 'preview', 'lookahead', 'maxPieces'] as const;

function sameSetup(a: Record<string, unknown>, b: Record<string, unknown>): boolean {
  return SETUP_FIELDS.every((field) => JSON.stringify(a[field]) === JSON.stringify(b[field]));
}

/** The players' figures, the paired comparison when there is one, and a last line on where the games come from. */
function printResult(result: BenchResult, board: string, agentName: string, vsName: string | null, origin: string): void {
  const games = result.seeds.length;
  print(describePlayer(result.player, board, games));
  if (result.vs !== null) {
    const { comparison } = result.vs;
    print(describePlayer(result.vs.player, board, games));
    print(
      `paired: ${agentName} − ${vsName} = ${figure(comparison.meanDifference)} ± ${figure(comparison.stderr)} lines per game; ` +
        `wins ${comparison.winsA} to ${comparison.winsB}, ${comparison.ties} ties`,
    );
  }
  print(origin);
}

function playerFields(player: PlayerSummary): Record<string, unknown> {
  return {
    agent: player.agent,
    meanLines: player.meanLines,
    stderr: player.stderr,
    medianLines: player.medianLines,
    minLines: player.minLines,
    maxLines: player.maxLines,
    pieces: player.pieces,
    piecesPerSecond: player.piecesPerSecond,
  };
}

function describePlayer(player: PlayerSummary, board: string, games: number): string {
  return (
    `${player.agent} on ${board}, ${games} games: ${figure(player.meanLines)} ± ${figure(player.stderr)} lines ` +
    `(median ${figure(player.medianLines)}, min ${figure(player.minLines)}, max ${figure(player.maxLines)}); ` +
    `${figure(player.pieces)} pieces at ${figure(player.piecesPerSecond)} pieces/s`
  );
}

function describeRun(run: BenchRun): string {
  const summary = run.summary as {
    meanLines: number;
    stderr: number | null;
    piecesPerSecond: number;
    comparison?: { meanDifference: number; stderr: number | null };
  };
  const versus = run.vs ? ` vs ${run.vs} (Δ ${figure(summary.comparison!.meanDifference)} ± ${figure(summary.comparison!.stderr)})` : '';
  return (
    `#${run.id}  ${formatDate(run.createdAt)}  ${run.game} ${run.board}  ${run.agent}${versus}  ` +
    `${run.games} games  ${figure(summary.meanLines)} ± ${figure(summary.stderr)} lines  ${figure(summary.piecesPerSecond)} pieces/s`
  );
}
