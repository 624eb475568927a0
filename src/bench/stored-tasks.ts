import type { ResearchCheckpoint } from '../tetris-ai/play.ts';
import type { TaskRunner } from './task-runner.ts';
import type { TaskStore } from './task-store.ts';
import { CHECKPOINT_EVERY_MS, type BenchTask, type Done, type TaskResult } from './tasks.ts';

/** The `thread` of a result taken from the store rather than done. */
export const STORED = 'stored';

/**
 * A task's result as every experiment gets it: from the store when it is there (its thread then
 * {@link STORED}), else done by the runner and saved in the store; null when it is not stored and there
 * is no runner. A task stopped in play before goes on from the checkpoint the store kept, and its new
 * checkpoints are kept as they come (one each `checkpointEveryMs` of play). Once `signal` is aborted nothing more is saved: a result that ends
 * after it rejects with the signal's reason.
 */
export async function storedOrDone<T extends BenchTask>(
  task: T,
  runner: TaskRunner | null,
  store: TaskStore | undefined,
  signal?: AbortSignal,
  checkpointEveryMs = CHECKPOINT_EVERY_MS,
): Promise<Done<TaskResult<T>> | null> {
  const stored = store?.find(task);
  if (stored !== undefined) return { result: stored, thread: STORED };
  if (runner === null) return null;
  const from = store?.findCheckpoint?.(task);
  const saveCheckpoint = store?.saveCheckpoint?.bind(store);
  const done = await runner.run(task, {
    ...(from !== undefined && { from }),
    ...(saveCheckpoint !== undefined && {
      onCheckpoint: (checkpoint: ResearchCheckpoint) => {
        if (signal?.aborted !== true) saveCheckpoint(task, checkpoint);
      },
      everyMs: checkpointEveryMs,
    }),
  });
  signal?.throwIfAborted();
  store?.save(task, done.result);
  return done;
}
