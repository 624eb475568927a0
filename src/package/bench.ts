/**
 * `gridmind/bench`: the benchmark harness. Tetris games and SameGame boards run as tasks on worker
 * threads (`TaskPool`) or on the workers of a Redis queue (`openTaskRunner`), each result kept as it
 * arrives (`sqliteTaskStore`); runs are stored in Gridmind's SQLite database and read back.
 *
 * @module gridmind/bench
 */
export { mean, median, pairedComparison, standardError, type PairedComparison } from '../core/stats.ts';
export { runSameGameBench, storeSameGameBench, type SameGameBenchOptions, type SameGameBenchResult } from '../bench/samegame-bench.ts';
export { sqliteTaskStore, type TaskStore } from '../bench/task-store.ts';
export { openTaskRunner, TaskPool, type TaskRunner } from '../bench/task-runner.ts';
export type { BenchTask, Done, GameResult, SameGameBoardTask, TaskResult, TetrisGameTask } from '../bench/tasks.ts';
export { runTetrisBench, storeTetrisBench, type BenchOptions, type BenchPlayer, type BenchResult } from '../bench/tetris-bench.ts';
export { databasePath, openDatabase, type Db } from '../store/database.ts';
export { findRun, listRuns, type Run, type SameGameRun, type TetrisRun } from '../store/runs.ts';
