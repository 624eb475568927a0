import { readFileSync } from 'node:fs';
import { contentKey } from '../node/content-key.ts';
import { GAME_RESULTS_REVISION, SOLVE_RESULTS_REVISION } from '../node/version.ts';
import type { Db } from '../store/database.ts';
import { findTaskCheckpoint, findTaskResult, saveTaskCheckpoint, saveTaskResult, type TaskKey } from '../store/task-results.ts';
import type { AgentSpec } from '../tetris-ai/agent-spec.ts';
import type { PlayOptions, ResearchCheckpoint } from '../tetris-ai/play.ts';
import type { Solution } from '../samegame/solver.ts';
import type { BenchTask, BoardSolveOptions, GameResult, TaskResult, TetrisGameTask } from './tasks.ts';

/** Results of tasks done before, kept across runs so that an interrupted or extended experiment does only the rest. */
export interface TaskStore {
  /** The result of this task, when it is stored and may be reused. */
  find<T extends BenchTask>(task: T): TaskResult<T> | undefined;
  save<T extends BenchTask>(task: T, result: TaskResult<T>): void;
  /**
   * The last checkpoint of this task, when it was stopped in play and may go on from there (a store
   * without checkpoints leaves these two out: every task stopped in play starts again; so does every
   * game of a store that does not reuse, without `--resume`).
   */
  findCheckpoint?(task: BenchTask): ResearchCheckpoint | undefined;
  /** Keeps a checkpoint of this task in play, in place of the one before; saving its result drops it. */
  saveCheckpoint?(task: BenchTask, checkpoint: ResearchCheckpoint): void;
}

/**
 * What identifies a Tetris game besides its seed: Gridmind's results revision (not its version: a
 * release that changes no result keeps the stored games), how the agent plays (sense, features,
 * weights, despair, policy; not its name, description or source) and every play option but the seed.
 */
export function gameSetup(spec: AgentSpec, options: PlayOptions): unknown {
  const { sense, features, weights, despair, policy } = spec;
  const { seed: _seed, ...play } = options;
  return { revision: GAME_RESULTS_REVISION, agent: { sense, features, weights, despair, policy }, play };
}

/** What identifies a SameGame solve besides its board: Gridmind's solve results revision and every solver setting. */
export function solveSetup(options: BoardSolveOptions): unknown {
  return { revision: SOLVE_RESULTS_REVISION, options };
}

/**
 * What identifies the game of an agent in code or a program besides its seed: the results revision, the
 * content key of its code (`kind` module: a module's text; program: a Python file's text or a command;
 * an edited file plays new games, the files it imports are not looked at) and every play option but the seed.
 */
export function moduleGameSetup(code: string, options: PlayOptions, kind: 'module' | 'program' = 'module'): unknown {
  const { seed: _seed, ...play } = options;
  return { revision: GAME_RESULTS_REVISION, [kind]: contentKey(code), play };
}

/**
 * The SQLite store of tasks: every Tetris game and SameGame board is saved as it ends (a game or board
 * that code's fault ended is not: it is played again; code is known by its module's text, a program by
 * its file's text or its command); with `reuse`, a task already stored for the same setup is answered
 * from the store instead of being done again, and one stopped in play goes on from its last checkpoint.
 */
export function sqliteTaskStore(db: Db, reuse: boolean): TaskStore {
  const moduleTexts = new Map<string, string>();
  const moduleText = (file: string) => moduleTexts.get(file) ?? moduleTexts.set(file, readFileSync(file, 'utf8')).get(file)!;
  const setupOf = (task: TetrisGameTask) => {
    if ('spec' in task) return gameSetup(task.spec, task.options);
    if ('module' in task) return moduleGameSetup(moduleText(task.module), task.options);
    const { program } = task;
    return moduleGameSetup('python' in program ? moduleText(program.python) : program.command, task.options, 'program');
  };
  const keyOf = (task: BenchTask): TaskKey => {
    if (task.game === 'tetris') return { setup: contentKey(setupOf(task)), instance: String(task.options.seed) };
    const { board, options, solver } = task;
    const setup =
      solver === undefined ? solveSetup(options) : { ...(solveSetup(options) as object), solver: contentKey(moduleText(solver)) };
    return { setup: contentKey(setup), instance: contentKey(board) };
  };
  return {
    find<T extends BenchTask>(task: T): TaskResult<T> | undefined {
      return reuse ? findTaskResult<TaskResult<T>>(db, keyOf(task)) : undefined;
    },
    save(task, result) {
      // A game or board that code's fault ended is not kept: it is played again.
      if ((result as GameResult | Solution).fault === undefined) saveTaskResult(db, task.game, keyOf(task), result);
    },
    findCheckpoint(task) {
      return reuse ? findTaskCheckpoint<ResearchCheckpoint>(db, keyOf(task)) : undefined;
    },
    saveCheckpoint(task, checkpoint) {
      saveTaskCheckpoint(db, keyOf(task), checkpoint);
    },
  };
}
