import type { BenchProgress } from '../bench/eta.ts';
import { InputError, RunFailure } from '../core/errors.ts';
import { openTaskRunner } from '../bench/open-task-runner.ts';
import type { TaskRunner } from '../bench/task-runner.ts';
import type { Db } from '../store/database.ts';
import { onInterrupt } from './options.ts';
import { progressBar } from './progress.ts';

export interface ExperimentSettings {
  /** The progress bar's label. */
  readonly label: string;
  /** What is counted: "games" or "boards". */
  readonly unit: string;
  readonly total: number;
  /** The open database, closed here when the work fails or is interrupted. */
  readonly db: Db;
  /** Where the work is done: the Redis queue, or `workers` threads here; null runner when `plays` is false. */
  readonly queue: string | undefined;
  readonly workers: number;
  /** False when nothing will be done (only stored results summarised): no runner, no bar. */
  readonly plays: boolean;
  /** What the same command with --resume does, for the message after Ctrl-C: "plays only the rest". */
  readonly resumes: string;
}

/**
 * Does an experiment's work with a progress bar on stderr and a task runner, and makes Ctrl-C say what
 * was kept; closes the bar and the runner whatever happens, and the database when the work fails. Work
 * on a queue that fails (a job the queue lost) is a RunFailure saying what is stored and how to resume.
 */
export async function runExperiment<T>(
  settings: ExperimentSettings,
  work: (runner: TaskRunner | null, onProgress: (progress: BenchProgress) => void) => Promise<T>,
): Promise<T> {
  const { db, total, unit } = settings;
  const bar = progressBar(settings.label, unit);
  let done = 0;
  const stopHandlingInterrupts = onInterrupt(() => {
    bar.stop();
    process.stderr.write(
      `\ninterrupted after ${done} of ${total} ${unit}; they are stored: the same command with --resume ${settings.resumes}\n`,
    );
    db.close();
  });
  let runner: TaskRunner | null = null;
  try {
    runner = settings.plays ? await openTaskRunner(settings.queue, settings.workers, bar.log) : null;
    if (settings.plays) bar.start(total); // (an unstarted bar ignores updates)
    return await work(runner, (progress) => bar.update((done = progress.done), progress));
  } catch (error) {
    db.close();
    if (settings.queue === undefined || error instanceof InputError || error instanceof RunFailure) throw error;
    // A job the queue lost (Redis restarted empty, `gridmind queue clear`, a worker's failure): what was done is kept.
    throw new RunFailure(
      `${(error as Error).message}; ${done} of ${total} ${unit} are stored: the same command with --resume ${settings.resumes}`,
    );
  } finally {
    bar.stop();
    stopHandlingInterrupts();
    await runner?.close();
  }
}
