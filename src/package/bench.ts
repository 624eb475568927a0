/**
 * `gridmind/bench`: the benchmark harness. Tetris games and SameGame boards run as tasks on worker
 * threads (`TaskPool`) or on the workers of a Redis queue (`openTaskRunner`), each result kept as it
 * arrives (`sqliteTaskStore`); runs are stored in Gridmind's SQLite database and read back. The
 * database needs the optional package better-sqlite3, and a Redis queue BullMQ and ioredis: each is
 * loaded when first used, and where it is not installed the error says how to add it.
 *
 * @module gridmind/bench
 */
export { mean, median, pairedComparison, standardError, type PairedComparison } from '../core/stats.ts';
export { runSameGameBench, storeSameGameBench, type SameGameBenchOptions, type SameGameBenchResult } from '../bench/samegame-bench.ts';
export { sqliteTaskStore, type TaskStore } from '../bench/task-store.ts';
export { openTaskRunner, TaskPool, type TaskRunner } from '../bench/task-runner.ts';
export type { BenchTask, Done, GameResult, SameGameBoardTask, TaskResult, TetrisGameTask } from '../bench/tasks.ts';
export { runTetrisBench, storeTetrisBench, type BenchOptions, type BenchPlayer, type BenchResult } from '../bench/tetris-bench.ts';
export { databasePath, openDatabase, type Db, type DbStatement, type DbTransaction } from '../store/database.ts';
export { findRun, listRuns, type Run, type SameGameRun, type TetrisRun } from '../store/runs.ts';
