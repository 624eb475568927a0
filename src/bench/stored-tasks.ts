import type { ResearchCheckpoint } from '../tetris-ai/play.ts';
import type { TaskRunner } from './task-runner.ts';
import type { TaskStore } from './task-store.ts';
import { CHECKPOINT_EVERY_MS, keepsCheckpoints, type BenchTask, type Done, type TaskResult } from './tasks.ts';

/** The `thread` of a result taken from the store rather than done. */
export const STORED = 'stored';

/**
 * A task's result as every experiment gets it: from the store when it is there (its thread then
 * {@link STORED}), else done by the runner and saved in the store; null when it is not stored and there
 * is no runner. A game that has checkpoints (tasks.ts) and was stopped in play before goes on from the
 * checkpoint the store kept, and its new checkpoints, one each `checkpointEveryMs` of play, are kept as
 * they come. Once `signal` is aborted nothing more is saved: a result that ends after it rejects with
 * the signal's reason.
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
  const kept = keepsCheckpoints(task) ? store : undefined;
  const from = kept?.findCheckpoint?.(task);
  const saveCheckpoint = kept?.saveCheckpoint?.bind(kept);
  const done = await runner.run(task, {
    ...(from !== undefined && { from }),
    ...(saveCheckpoint !== undefined && {
      onCheckpoint: (checkpoint: ResearchCheckpoint) => {
        if (signal?.aborted === true) return;
        try {
          saveCheckpoint(task, checkpoint);
        } catch {
          // A checkpoint is a spare: one the store cannot take is skipped, and the result's own save says what is wrong.
        }
      },
      everyMs: checkpointEveryMs,
    }),
  });
  signal?.throwIfAborted();
  store?.save(task, done.result);
  return done;
}
