/** Handing jobs to the workers of the queue and waiting for their results: the side of the program that needs the work. */
import { Queue, QueueEvents } from 'bullmq';
import { count } from '../core/count.ts';
import { shownAddress } from '../core/redis-address.ts';
import { checkReachable, closeWithin, connectionReporter, redisOptions, workersListening } from './queue-connection.ts';
import type { Done } from './tasks.ts';
import { JOB_QUEUE, jobId, TASK_JOB, type JobQueue, type TaskJob } from './queue-jobs.ts';
import { ResultWaiters } from './queue-results.ts';

/** Completed jobs stay a day, so that a run resumed within it does not replay them; failed ones go at once, so a retry can add them again. */
const KEEP_COMPLETED_SECONDS = 24 * 3600;

/** How often a program waiting for results checks that some worker listens. */
const WORKER_CHECK_MS = 30_000;

/** Tasks handed to whichever workers listen on the queue. */
export interface TaskSubmitter {
  /** Adds the job (unless one of the same content is there) and resolves with its result. */
  submit(job: TaskJob): Promise<Done<unknown>>;
  close(): Promise<void>;
}

/** Opens the queue to hand out tasks; `log` gets one line per event worth knowing. */
export async function openTaskSubmitter(url: string, log: (line: string) => void): Promise<TaskSubmitter> {
  await checkReachable(url);
  const connection = redisOptions(url);
  const queue: JobQueue = new Queue(JOB_QUEUE, { connection });
  const events = new QueueEvents(JOB_QUEUE, { connection });
  const close = () => closeWithin([() => events.close(), () => queue.close()]);
  const reporter = connectionReporter(url, log);
  queue.on('error', reporter.onError);
  events.on('error', reporter.onError);
  const noun = TASK_JOB;
  const waiters = new ResultWaiters(queue, events, noun);
  try {
    await Promise.all([queue.waitUntilReady(), events.waitUntilReady()]);
  } catch (error) {
    await close();
    throw error;
  }

  let pending = 0;
  const shown = shownAddress(url);
  const workerHint = `start \`gridmind worker --queue ${shown}\``;
  const listening = await workersListening(queue, url).catch(() => 0);
  log(
    `${noun}s go to ${shown}: ${listening === 0 ? `${workerHint} on any machine to do them` : `${count(listening, 'worker')} listening`}`,
  );
  const workerCheck = setInterval(async () => {
    if (pending > 0 && (await workersListening(queue, url).catch(() => -1)) === 0) {
      log(`${count(pending, noun)} wait and no worker listens: ${workerHint}`);
    }
  }, WORKER_CHECK_MS);
  workerCheck.unref();

  return {
    async submit(job) {
      const id = jobId(job);
      pending++;
      try {
        await queue.add(TASK_JOB, job, {
          jobId: id,
          attempts: 3,
          removeOnComplete: { age: KEEP_COMPLETED_SECONDS },
          removeOnFail: true,
        });
        const result = (await waiters.resultOf(id)) as Done<unknown>;
        reporter.onReady();
        return result;
      } finally {
        pending--;
      }
    },
    async close() {
      clearInterval(workerCheck);
      waiters.rejectAll(`the queue was closed here before this ${noun} was done`);
      await close();
    },
  };
}
