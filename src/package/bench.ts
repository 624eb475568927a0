/**
 * `gridmind/bench`: the benchmark harness, named one by one (its report: api/gridmind-bench.api.md).
 * Gridmind's own database of runs stays inside: the `gridmind` command stores runs, a program gets its
 * results back as values.
 *
 * - `runTetrisBench` and `runSameGameBench` with their options and results: a benchmark of Tetris players
 *   or of a SameGame solver, run from code, summarised as `gridmind bench` summarises it.
 * - `TaskPool` (worker threads) and `openTaskRunner` (threads, or the workers of a Redis queue, which needs
 *   the optional packages BullMQ and ioredis), with the tasks they run: where a benchmark's games are played.
 * - `TaskStore`: where a benchmark keeps each finished task and finds it again, for one of your own, and
 *   the checkpoints of a long game in play (`ResearchCheckpoint`), which a pool's thread goes on from.
 * - Statistics (`mean`, `median`, `standardError`, `pairedComparison`): the figures results are given in.
 *
 * @module gridmind/bench
 */
export { runTetrisBench, type BenchOptions, type BenchPlayer, type BenchResult, type GameInPlay } from '../bench/tetris-bench.ts';
export { runSameGameBench, type SameGameBenchOptions, type SameGameBenchResult } from '../bench/samegame-bench.ts';
export type { BoardRecord, PlayerSummary, RunComparison, TetrisRunSummary } from '../store/runs.ts';
export type { BenchProgress } from '../bench/eta.ts';
export { openTaskRunner } from '../bench/open-task-runner.ts';
export { TaskPool, type TaskRunner } from '../bench/task-runner.ts';
export type {
  BenchTask,
  BoardSolveOptions,
  Done,
  GameResult,
  SameGameBoardTask,
  TaskKeeping,
  TaskResult,
  TetrisGameTask,
} from '../bench/tasks.ts';
export type { ResearchCheckpoint } from '../tetris-ai/play.ts';
export type { TaskStore } from '../bench/task-store.ts';
export { mean, median, pairedComparison, standardError, type PairedComparison } from '../core/stats.ts';
