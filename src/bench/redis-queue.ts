/**
 * Work shared out over Redis with BullMQ, on one queue that `gridmind worker` serves: the harness's
 * tasks (one job per game or board, tasks.ts) of a benchmark or a tuner.
 * The program that needs the work adds jobs and waits for their results; workers on any machine take
 * jobs, do them on their own threads and send the results back. A job's id is a hash of its content
 * (with Gridmind's results revision), so a resumed run finds the jobs it had already added, and a result
 * is the same whoever played it. Workers refuse jobs from another results revision (src/core/version.ts),
 * whose games could differ; other versions with the same games work together.
 */
export { JOB_QUEUE, type TaskJob } from './queue-jobs.ts';
export { openTaskSubmitter, type TaskSubmitter } from './queue-submitter.ts';
export { startQueueWorker, type QueueWorker, type WorkDone } from './queue-worker.ts';
export { clearWaitingJobs, queueStatus, type QueueStatus } from './queue-admin.ts';
