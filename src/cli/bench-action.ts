import { resolve } from 'node:path';
import type { Command } from 'commander';
import type { StoredRunId } from '../bench/run-store.ts';
import type { BenchProgress } from '../bench/eta.ts';
import type { TaskRunner } from '../bench/task-runner.ts';
import { sqliteTaskStore } from '../bench/task-store.ts';
import { runTetrisBench, storeTetrisBench, type BenchOptions, type BenchPlayer, type BenchResult } from '../bench/tetris-bench.ts';
import { formatDate } from '../core/dates.ts';
import { count } from '../core/count.ts';
import { figure } from '../core/figure.ts';
import { InputError } from '../core/errors.ts';
import { MAX_SEED } from '../core/prng.ts';
import { shownAddress } from '../core/redis-address.ts';
import { openDatabase, openDatabaseToSave } from '../store/database.ts';
import type { PlayerSummary, TetrisRun, TetrisRunSummary } from '../store/runs.ts';
import { loadAgentSpec } from '../tetris-ai/agent-files.ts';
import { withLookahead } from '../tetris-ai/agent-spec.ts';
import { loadCodeAgent } from '../tetris-ai/code-agents.ts';
import { loadProgramAgent, outsideKind } from '../tetris-ai/process-agent.ts';
import type { BenchFlags } from './bench.ts';
import { chosenAgent, type ChosenAgent } from './chosen-agent.ts';
import { runExperiment } from './experiment.ts';
import { print } from './options.ts';
import { warnOfIgnoredWorkers } from './queue-options.ts';

export async function bench(flags: BenchFlags, command: Command): Promise<void> {
  const player = async ({ name, outside }: ChosenAgent): Promise<BenchPlayer> => {
    if (outside === null) return { name, spec: withLookahead(loadAgentSpec(name), flags.lookahead) };
    const what = outsideKind(outside);
    if (flags.lookahead !== undefined) throw new InputError(`--lookahead sets an agent file's depth: ${name} is ${what}`);
    if (flags.queue !== undefined) throw new InputError(`${name} is ${what}, on this machine only: leave out --queue`);
    const limits = { moveTimeLimit: flags.agentTimeLimit, memoryMb: flags.agentMemory };
    // Refused here, before any game, if it cannot be loaded or exports no agent, or cannot start and answer hello.
    if ('module' in outside) {
      await loadCodeAgent(name, limits.moveTimeLimit, limits.memoryMb);
      return { name, module: resolve(name), ...limits };
    }
    loadProgramAgent(outside.program, limits.moveTimeLimit, limits.memoryMb).close();
    const { program } = outside;
    return { name, program: 'python' in program ? { python: resolve(program.python) } : program, ...limits };
  };
  const chosen = chosenAgent(flags.agent, flags.agentCommand);
  if (chosen === undefined) throw new InputError('give the agent: --agent NAME|FILE or --agent-command COMMAND');
  const agent = await player(chosen);
  const chosenVs = chosenAgent(flags.vs, flags.vsCommand, ['--vs', '--vs-command']);
  const vs = chosenVs === undefined ? null : await player(chosenVs);
  // An agent's own lookahead decides the preview; an agent in code sees one next piece.
  const looksAhead = (bench: BenchPlayer) => ('spec' in bench ? bench.spec.policy.lookahead : 1);
  const preview = flags.preview ?? Math.max(looksAhead(agent), vs === null ? 0 : looksAhead(vs));
  if (flags.seedBase > MAX_SEED - (flags.games - 1)) {
    throw new InputError(
      `--seed-base ${flags.seedBase} with ${flags.games} games passes the largest seed (${MAX_SEED}): use a smaller base`,
    );
  }
  const storedOnly = flags.storedOnly === true;
  if (storedOnly && flags.queue !== undefined) throw new InputError('--stored-only plays nothing: leave out --queue');
  warnOfIgnoredWorkers(command, flags.queue);
  const db = storedOnly ? openDatabase() : openDatabaseToSave(); // before the games, so that a database that cannot take them loses no run
  const board = `${flags.board.width}x${flags.board.height}`;
  const games = flags.games * (vs === null ? 1 : 2);
  const lastSeed = flags.seedBase + flags.games - 1;
  const options = (runner: TaskRunner | null, onProgress: (progress: BenchProgress) => void): BenchOptions => ({
    agent,
    vs,
    width: flags.board.width,
    height: flags.board.height,
    games: flags.games,
    seedBase: flags.seedBase,
    preview,
    lookahead: flags.lookahead ?? null,
    maxPieces: flags.maxPieces ?? null,
    runner,
    workers: flags.workers,
    queue: flags.queue === undefined ? undefined : shownAddress(flags.queue),
    store: sqliteTaskStore(db, flags.resume === true || storedOnly),
    storedOnly,
    onProgress,
  });
  const result = await runExperiment(
    {
      label: `bench ${agent.name}${vs ? ` vs ${vs.name}` : ''} ${board}`,
      unit: 'games',
      total: games,
      db,
      queue: flags.queue,
      workers: flags.workers,
      plays: !storedOnly,
      // Only games of agents as data have checkpoints, and only on this machine's threads (queue-runner.ts).
      resumes: `plays only the rest${flags.queue === undefined && [agent, vs].every((player) => player === null || 'spec' in player) ? ' (a game stopped in play goes on from its last checkpoint)' : ''}`,
    },
    (runner, onProgress) => runTetrisBench(options(runner, onProgress)),
  );

  const { summary } = result;
  if (storedOnly) {
    db.close();
    const inPlay = result.inPlay ?? [];
    if (flags.json)
      print(JSON.stringify({ ...summary, storedOnly, requestedGames: flags.games, seeds: result.seeds, perGame: result.perGame, inPlay }));
    else {
      printResult(
        summary,
        `summarised the ${result.seeds.length} of ${flags.games} games stored so far (seeds ${flags.seedBase}…${lastSeed}); nothing was played or saved`,
      );
      printStoredGames(result.seeds, result.perGame, vs === null ? null : vs.name);
      for (const game of inPlay) {
        print(
          `${vs === null ? '' : `${game.agent}, `}seed ${game.seed}: stopped in play, at ${figure(game.lines)} lines and ${figure(game.pieces)} pieces when last kept; --resume goes on from there`,
        );
      }
    }
    return;
  }
  let stored: StoredRunId<TetrisRun>;
  try {
    stored = storeTetrisBench(db, result);
  } finally {
    db.close();
  }

  if (flags.json) {
    print(JSON.stringify({ ...summary, runId: stored.runId, ...(stored.earlier !== undefined && { alreadyStored: true }) }));
    return;
  }
  const reused = summary.storedGames > 0 ? `; ${count(summary.storedGames, 'game')} taken from earlier runs` : '';
  const where = summary.queue === undefined ? count(flags.workers, 'worker') : `the workers of ${summary.queue}`;
  printResult(
    summary,
    stored.earlier !== undefined
      ? `nothing left to play: every game of seeds ${flags.seedBase}…${lastSeed} was stored, and this is run ${stored.runId} (stored ${formatDate(stored.earlier.createdAt)}; not stored again)`
      : `stored as run ${stored.runId} (${where}, seeds ${flags.seedBase}…${lastSeed}${reused})`,
  );
}

/** Stored games listed one a line up to this many; more are only summed up (`--json` gives every one). */
const LISTED_GAMES = 100;

/** Each stored game's lines by seed (and the opponent's, when paired), or where to find them when there are many. */
function printStoredGames(seeds: readonly number[], perGame: BenchResult['perGame'], vsName: string | null): void {
  if (seeds.length > LISTED_GAMES) {
    print(`every game's lines: --json ("perGame", in the order of "seeds")`);
    return;
  }
  seeds.forEach((seed, i) => {
    const vsLines = perGame.vsLines?.[i];
    print(
      `seed ${seed}: ${figure(perGame.lines[i])} lines${vsName === null || vsLines === undefined ? '' : `, ${vsName} ${figure(vsLines)}`}`,
    );
  });
}

/** The players' figures, the paired comparison when there is one, and a last line on where the games come from. */
function printResult(summary: TetrisRunSummary, origin: string): void {
  print(describePlayer(summary, summary.board, summary.games));
  if (summary.vs !== undefined && summary.comparison !== undefined) {
    const { comparison } = summary;
    print(describePlayer(summary.vs, summary.board, summary.games));
    print(
      `paired: ${summary.agent} − ${summary.vs.agent} = ${figure(comparison.meanDifference)} ± ${figure(comparison.stderr)} lines per game; ` +
        `wins ${comparison.agentWins} to ${comparison.vsWins}, ${comparison.ties} ties`,
    );
  }
  print(origin);
}

function describePlayer(player: PlayerSummary, board: string, games: number): string {
  return (
    `${player.agent} on ${board}, ${games} games: ${figure(player.meanLines)} ± ${figure(player.stderr)} lines ` +
    `(median ${figure(player.medianLines)}, min ${figure(player.minLines)}, max ${figure(player.maxLines)}); ` +
    `${figure(player.pieces)} pieces at ${figure(player.piecesPerSecond)} pieces/s` +
    (player.faults === undefined ? '' : `; ${count(player.faults, 'game')} ended by the agent's fault, the first: ${player.firstFault}`)
  );
}
