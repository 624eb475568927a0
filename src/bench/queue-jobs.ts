/**
 * What travels on the Redis queue: harness tasks (tasks.ts), one job each, and a job's id (a hash of its
 * content with Gridmind's results revisions, so that a resumed run finds the jobs it had already added,
 * and a result is the same whoever played it).
 */
import type { Queue } from 'bullmq';
import { contentKey } from '../core/content-key.ts';
import type { BenchTask, Done } from './tasks.ts';

/** The BullMQ queue that carries every job (its name is older than the tasks it carries). */
export const JOB_QUEUE = 'gridmind-tetris-evaluations';

/** The name of every job. (Gridmind before tuners played harness tasks also sent `evaluate` jobs; workers refuse them.) */
export const TASK_JOB = 'task';

/** A task as a job: the task, and the results revisions where it is asked. */
export interface TaskJob {
  readonly revision: number;
  /** The solve results revision, for SameGame boards (see version.ts). */
  readonly solveRevision: number;
  readonly task: BenchTask;
}

/** The queue with its jobs' types. */
export type JobQueue = Queue<TaskJob, Done<unknown>, string>;

/** A job's id: the hash of its content, so that equal jobs are one. */
export function jobId(job: TaskJob): string {
  return `${TASK_JOB}-${contentKey(job)}`;
}
