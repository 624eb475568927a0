/**
 * What travels on the Redis queue: the kinds of job, what each carries and what its result is, and a
 * job's id (a hash of its content with Gridmind's results revision, so that a resumed run finds the jobs
 * it had already added, and a result is the same whoever played it).
 */
import type { Queue } from 'bullmq';
import { contentKey } from '../core/content-key.ts';
import type { EvaluationJob } from './evaluations.ts';
import type { BenchTask, Done } from './tasks.ts';

/** The BullMQ queue that carries every job (its name is older than the benchmark tasks it now also carries). */
export const JOB_QUEUE = 'gridmind-tetris-evaluations';

/** A benchmark's task as a job: the task, and the results revisions where it is asked. */
export interface TaskJob {
  readonly revision: number;
  /** The solve results revision, for SameGame boards (see version.ts). */
  readonly solveRevision: number;
  readonly task: BenchTask;
}

/** The jobs by name, with what each carries and what its result is. */
export interface Jobs {
  readonly evaluate: { readonly data: EvaluationJob; readonly result: number[] };
  readonly task: { readonly data: TaskJob; readonly result: Done<unknown> };
}
export type JobName = keyof Jobs;
export type AnyJob = Jobs[JobName];

/** What the jobs of each name are called in messages. */
export const JOB_NOUNS: Readonly<Record<JobName, string>> = { evaluate: 'evaluation', task: 'task' };

/** The queue with its jobs' types. */
export type JobQueue = Queue<AnyJob['data'], AnyJob['result'], JobName>;

/** A job's id: its kind and the hash of its content, so that equal jobs are one. */
export function jobId(name: JobName, data: AnyJob['data']): string {
  return `${JOB_NOUNS[name]}-${contentKey(data)}`;
}
