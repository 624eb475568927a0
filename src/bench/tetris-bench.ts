import { maximum, mean, median, minimum, pairedComparison, standardError } from '../core/stats.ts';
import { InputError } from '../core/errors.ts';
import { figure } from '../core/figure.ts';
import type { Db } from '../store/database.ts';
import type { NewTetrisRun, PlayerSummary, TetrisRun, TetrisRunSummary } from '../store/runs.ts';
import type { AgentSpec } from '../tetris-ai/agent-spec.ts';
import type { AgentLimits } from '../tetris-ai/agent-limits.ts';
import type { OutsideAgent } from '../tetris-ai/process-agent.ts';
import type { PlayOptions } from '../tetris-ai/play.ts';
import type { BenchProgress } from './eta.ts';
import { storeRun, type StoredRunId } from './run-store.ts';
import { STORED, storedOrDone } from './stored-tasks.ts';
import type { TaskRunner } from './task-runner.ts';
import type { TaskStore } from './task-store.ts';
import type { Done, GameResult, TetrisGameTask } from './tasks.ts';

/**
 * A player of a benchmark: an agent as data, or an agent in code (the absolute path of its module) or a
 * program (a Python file's absolute path, or a command) with its limits.
 */
export type BenchPlayer = {
  /** The name shown in results: a built-in agent's name, or the file or command given. */
  readonly name: string;
} & ({ readonly spec: AgentSpec } | (OutsideAgent & AgentLimits));

export interface BenchOptions {
  readonly agent: BenchPlayer;
  readonly vs: BenchPlayer | null;
  readonly width: number;
  readonly height: number;
  readonly games: number;
  /** Game g (0-based) uses seed seedBase + g, so every player meets the same pieces. */
  readonly seedBase: number;
  readonly preview: number;
  /** The lookahead that replaced the agents' own, if any (recorded in the summary). */
  readonly lookahead: number | null;
  readonly maxPieces: number | null;
  /** Where the games are played; null with `storedOnly`, which plays none. */
  readonly runner: TaskRunner | null;
  /** Threads of this machine (recorded in the summary). */
  readonly workers: number;
  /** The queue whose workers play the games, as shown (recorded in the summary). */
  readonly queue?: string;
  /** Where each finished game is saved, and where games played before are found again. */
  readonly store?: TaskStore;
  /** Summarise only the games found in the store, playing none (default: play the missing ones). */
  readonly storedOnly?: boolean;
  readonly onProgress?: (progress: BenchProgress) => void;
}

export interface BenchResult {
  readonly summary: TetrisRunSummary;
  /** Per game, in seed order: the agent's lines, and the opponent's with a `vs` (as a stored run keeps them). */
  readonly perGame: { readonly lines: number[]; readonly vsLines?: number[] };
  /** The seeds of the games summarised: all of them, unless `storedOnly` left some out. */
  readonly seeds: number[];
  /** With `storedOnly`, the games left out that were stopped in play: where each stood at its last checkpoint. */
  readonly inPlay?: GameInPlay[];
}

/** A game stopped in play, as its last checkpoint left it. */
export interface GameInPlay {
  readonly agent: string;
  readonly seed: number;
  readonly lines: number;
  readonly pieces: number;
}

/** What to do when none of the games asked for is stored: play them, or go on with those stopped in play (`named`: with their player). */
function howToStoreGames(inPlay: readonly GameInPlay[], named: boolean): string {
  if (inPlay.length === 0) return 'play them first (`gridmind bench` stores each game as it ends)';
  const games = inPlay.map((game) => `${named ? `${game.agent}'s ` : ''}seed ${game.seed} at ${figure(game.lines)} lines`);
  return `${inPlay.length === 1 ? 'one was' : `${inPlay.length} were`} stopped in play (${games.join(', ')}, when last kept): --resume goes on from there`;
}

/**
 * The research-protocol benchmark: every player plays games 0 … games − 1 with seeds seedBase + g
 * (or finds them in the store); the results are summarised and, with an opponent, compared pairwise.
 */
export async function runTetrisBench(options: BenchOptions): Promise<BenchResult> {
  const players = options.vs === null ? [options.agent] : [options.agent, options.vs];
  const total = players.length * options.games;
  const runner = options.storedOnly ? null : options.runner;
  let done = 0;
  let storedGames = 0;
  const inPlay: GameInPlay[] = [];
  const results = await Promise.all(
    players.map((player) =>
      Promise.all(
        Array.from({ length: options.games }, async (_, g): Promise<Done<GameResult> | null> => {
          const play: PlayOptions = {
            rules: 'research',
            width: options.width,
            height: options.height,
            seed: options.seedBase + g,
            preview: options.preview,
            maxPieces: options.maxPieces,
          };
          const { name: _name, ...how } = player;
          const task: TetrisGameTask = { game: 'tetris', ...how, options: play };
          // Null for a game missing from the store under `storedOnly`.
          const record = await storedOrDone(task, runner, options.store);
          if (record?.thread === STORED) storedGames++;
          const checkpoint = record === null ? options.store?.findCheckpoint?.(task) : undefined;
          if (checkpoint !== undefined)
            inPlay.push({ agent: player.name, seed: play.seed, lines: checkpoint.lines, pieces: checkpoint.pieces });
          options.onProgress?.({ done: ++done, stored: storedGames, total });
          return record;
        }),
      ),
    ),
  );
  // The games every player has (all of them, unless only stored games were taken).
  const kept = [...Array(options.games).keys()].filter((g) => results.every((records) => records[g] !== null));
  const seeds = kept.map((g) => options.seedBase + g);
  inPlay.sort((a, b) => a.seed - b.seed);
  if (kept.length === 0) {
    throw new InputError(
      `none of the ${options.games} games (seeds ${options.seedBase}…${options.seedBase + options.games - 1}) is stored for ${players.map((p) => p.name).join(' and ')} with these settings: ${howToStoreGames(inPlay, options.vs !== null)}`,
    );
  }
  const [mine, theirs] = results.map((records) => kept.map((g) => records[g]!));
  const lines = mine.map((record) => record.result.lines);
  const summary: TetrisRunSummary = {
    ...summarise(options.agent.name, mine),
    board: `${options.width}x${options.height}`,
    games: seeds.length,
    workers: options.workers,
    seedBase: options.seedBase,
    preview: options.preview,
    lookahead: options.lookahead,
    maxPieces: options.maxPieces,
    storedGames,
    ...playerSetup(options.agent, 'agent'),
    ...(options.queue !== undefined && { queue: options.queue }),
  };
  const stoppedInPlay = runner === null ? { inPlay } : {};
  if (options.vs === null) return { summary, perGame: { lines }, seeds, ...stoppedInPlay };
  const vsLines = theirs.map((record) => record.result.lines);
  const comparison = pairedComparison(lines, vsLines);
  return {
    summary: {
      ...summary,
      vs: summarise(options.vs.name, theirs),
      comparison: {
        meanDifference: comparison.meanDifference,
        stderr: comparison.stderr,
        agentWins: comparison.winsA,
        vsWins: comparison.winsB,
        ties: comparison.ties,
      },
      ...playerSetup(options.vs, 'vs'),
    },
    perGame: { lines, vsLines },
    seeds,
    ...stoppedInPlay,
  };
}

/**
 * How a player plays, for the summary: `agentSpec` (`vsSpec`) for an agent as data, `agentModule`
 * (`vsModule`) for one in code or a Python program (its file); a command is the player's name.
 */
function playerSetup(player: BenchPlayer, role: 'agent' | 'vs'): Partial<TetrisRunSummary> {
  if ('spec' in player) return { [`${role}Spec`]: player.spec };
  const file = 'module' in player ? player.module : 'python' in player.program ? player.program.python : undefined;
  return file === undefined ? {} : { [`${role}Module`]: file };
}

function summarise(agent: string, records: readonly Done<GameResult>[]): PlayerSummary {
  const lines = records.map((record) => record.result.lines);
  const played = records.filter((record) => record.thread !== STORED);
  const byThread = new Map<string, { pieces: number; ms: number }>();
  for (const { thread, result } of played.length > 0 ? played : records) {
    const entry = byThread.get(thread) ?? { pieces: 0, ms: 0 };
    entry.pieces += result.pieces;
    entry.ms += result.ms;
    byThread.set(thread, entry);
  }
  let piecesPerSecond = 0;
  for (const { pieces, ms } of byThread.values()) if (ms > 0) piecesPerSecond += (pieces / ms) * 1000;
  return {
    agent,
    meanLines: mean(lines),
    stderr: standardError(lines),
    medianLines: median(lines),
    minLines: minimum(lines),
    maxLines: maximum(lines),
    pieces: records.reduce((sum, record) => sum + record.result.pieces, 0),
    piecesPerSecond: Math.round(piecesPerSecond),
    ...faultsOf(records),
  };
}

/** The games an agent's fault ended, when there are any: how many, and the first fault. */
function faultsOf(records: readonly Done<GameResult>[]): Pick<PlayerSummary, 'faults' | 'firstFault'> {
  const faulted = records.filter((record) => record.result.fault !== undefined);
  return faulted.length === 0 ? {} : { faults: faulted.length, firstFault: faulted[0].result.fault };
}

/**
 * Stores a benchmark's result as a run, unless every game came from the store and a run with the same
 * setup and results is stored already (see run-store.ts).
 */
export function storeTetrisBench(db: Db, { summary, perGame }: BenchResult): StoredRunId<TetrisRun> {
  const run: NewTetrisRun = {
    game: 'tetris',
    agent: summary.agent,
    vs: summary.vs?.agent ?? null,
    board: summary.board,
    games: summary.games,
    seedBase: summary.seedBase,
    summary,
    perGame,
  };
  const allStored = summary.storedGames === (summary.vs === undefined ? 1 : 2) * summary.games;
  return storeRun(db, run, allStored);
}
