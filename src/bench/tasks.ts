/**
 * The units of work of every experiment: one Tetris game or one SameGame board. A task is plain JSON,
 * so that it runs the same on a thread of this machine or on a `gridmind worker` anywhere.
 */
import { hostname } from 'node:os';
import { threadId, type MessagePort } from 'node:worker_threads';
import { parseBoardText } from '../samegame/board-files.ts';
import { solveWithCode } from '../samegame/code-solvers.ts';
import { solve, type Solution, type SolveOptions } from '../samegame/solver.ts';
import type { AgentSpec } from '../tetris-ai/agent-spec.ts';
import type { AgentLimits } from '../tetris-ai/agent-limits.ts';
import { CodeAgentChooser, type AgentModule } from '../tetris-ai/code-agents.ts';
import { loadOutsideAgent, type OutsideAgent } from '../tetris-ai/process-agent.ts';
import {
  playGame,
  playResearch,
  playResearchWith,
  researchRotation,
  type CheckpointKeeping,
  type PlayOptions,
  type ResearchCheckpoint,
} from '../tetris-ai/play.ts';

/**
 * One seeded Tetris game of an agent: an agent as data (`spec`), or an agent in code (`module`, the
 * absolute path of its file) or a program (`program`: a Python file's absolute path, or a command) with
 * its limits.
 */
export type TetrisGameTask = { readonly game: 'tetris'; readonly options: PlayOptions } & (
  { readonly spec: AgentSpec } | (OutsideAgent & AgentLimits)
);

/** How a SameGame board is solved in an experiment: every solver setting but cancellation, which cannot cross threads. */
export type BoardSolveOptions = Omit<SolveOptions, 'cancelled'>;

/**
 * One SameGame board solved by a search: the board as board-file text (data/samegame/README.md). With
 * `solver` (the absolute path of a solver in code), that solver solves it within the options' rules and
 * budget instead of their method.
 */
export interface SameGameBoardTask {
  readonly game: 'samegame';
  readonly board: string;
  readonly options: BoardSolveOptions;
  readonly solver?: string;
}

export type BenchTask = TetrisGameTask | SameGameBoardTask;

/** What a Tetris game yields. */
export interface GameResult {
  readonly lines: number;
  readonly pieces: number;
  /** Milliseconds of play, agent set-up excluded. */
  readonly ms: number;
  /** What an agent in code did wrong when its fault ended the game (code-agents.ts). */
  readonly fault?: string;
}

export type TaskResult<T extends BenchTask> = T extends TetrisGameTask ? GameResult : Solution;

/** A task's result and the thread that produced it. */
export interface Done<R> {
  readonly result: R;
  /** The thread that did the work, as host/process/thread: speeds are summed over threads. */
  readonly thread: string;
}

/**
 * What a task may be run with besides itself: a checkpoint to go on from, and where the checkpoints of
 * its play go, one each `everyMs` of play (default 30,000: 30 s). Only a Tetris game of an
 * agent as data under the research rules has checkpoints; other tasks leave these unused.
 */
export interface TaskKeeping {
  readonly from?: ResearchCheckpoint;
  readonly onCheckpoint?: (checkpoint: ResearchCheckpoint) => void;
  readonly everyMs?: number;
}

/** Milliseconds of play between two checkpoints of a game: at most this much of a game stopped in play is played again. */
export const CHECKPOINT_EVERY_MS = 30_000;

/** Whether a task's play has checkpoints: a Tetris game of an agent as data under the research rules. */
export function keepsCheckpoints(task: BenchTask): boolean {
  return task.game === 'tetris' && 'spec' in task && task.options.rules === 'research';
}

/** Does a task here, on the calling thread. */
export async function runTask<T extends BenchTask>(task: T, keeping: TaskKeeping = {}): Promise<Done<TaskResult<T>>> {
  return { result: (await resultOf(task, keeping)) as TaskResult<T>, thread: `${hostname()}/${process.pid}/${threadId}` };
}

/** A task as a thread of the pool (task-runner.ts) gets it: the checkpoints go back on `checkpoints`. */
export interface PoolTask {
  readonly task: BenchTask;
  readonly from?: ResearchCheckpoint;
  readonly checkpoints?: MessagePort;
  readonly everyMs?: number;
}

/** The entry of the pool's threads. */
export function runPoolTask({ task, from, checkpoints, everyMs }: PoolTask): Promise<Done<unknown>> {
  return runTask(task, {
    ...(from !== undefined && { from }),
    ...(checkpoints !== undefined && { onCheckpoint: (checkpoint: ResearchCheckpoint) => checkpoints.postMessage(checkpoint) }),
    ...(everyMs !== undefined && { everyMs }),
  });
}

function solveBoard({ board, options, solver }: SameGameBoardTask): Solution {
  if (solver === undefined) return solve(parseBoardText(board), options);
  const budget = { timeMs: options.timeMs ?? null, maxNodes: options.maxNodes ?? null, seed: options.seed ?? 1 };
  return solveWithCode(parseBoardText(board), solver, options.rules, budget);
}

/**
 * The agents in code and programs this thread has loaded, by limits and module or program: a program's
 * process plays this thread's games one after the other.
 */
const modules = new Map<string, Promise<AgentModule>>();

async function resultOf(
  task: BenchTask,
  { from, onCheckpoint, everyMs = CHECKPOINT_EVERY_MS }: TaskKeeping,
): Promise<GameResult | Solution> {
  if (task.game === 'samegame') return solveBoard(task);
  const { options } = task;
  if ('spec' in task) {
    const keeping: CheckpointKeeping = {
      ...(from !== undefined && { from }),
      ...(onCheckpoint !== undefined && { save: onCheckpoint, everyMs }),
    };
    const { lines, pieces, ms } = options.rules === 'research' ? playResearch(task.spec, options, keeping) : playGame(task.spec, options);
    return { lines, pieces, ms };
  }
  const { game: _game, options: _options, moveTimeLimit, memoryMb, ...agent } = task;
  const key = `${moveTimeLimit} ${memoryMb} ${JSON.stringify(agent)}`;
  let module = modules.get(key);
  if (module === undefined) modules.set(key, (module = loadOutsideAgent(agent, moveTimeLimit, memoryMb)));
  const chooser = new CodeAgentChooser(await module, options.width, options.height, researchRotation(options));
  try {
    const { lines, pieces, ms, fault } = playResearchWith(chooser, options);
    return { lines, pieces, ms, ...(fault !== undefined && { fault }) };
  } finally {
    chooser.stop();
  }
}
