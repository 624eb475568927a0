/**
 * One process at a time plays a tuning run: the one that holds it in the database. A holder says it
 * still plays every few seconds; one that stopped (interrupted, crashed, its machine gone) no longer
 * counts, so its run is free to resume, and `gridmind tune-runs` tells runs being played from stopped ones.
 */
import { hostname } from 'node:os';
import { count } from '../core/count.ts';
import { InputError } from '../core/errors.ts';
import type { Db } from '../store/database.ts';
import { claimTuneRun, heartbeatTuneRun, loadTuneRun, releaseTuneRun, type RunHolder, type StoredTuneRun } from '../store/tune-runs.ts';

/** How often the holder of a run says it still plays it. */
const HEARTBEAT_MS = 15_000;

/** A holder not heard from for this long has stopped, wherever it ran. */
const SILENCE_MS = 4 * HEARTBEAT_MS;

const ME = { host: hostname(), pid: process.pid };

/**
 * Whether a run's holder still plays it: heard from lately and, on this machine, its process alive
 * (so a run stopped here is free at once; one stopped elsewhere, after a minute of silence).
 */
export function stillPlays(holder: RunHolder, now = Date.now()): boolean {
  if (now - Date.parse(holder.heardAt) >= SILENCE_MS) return false;
  return holder.host !== ME.host || processLives(holder.pid);
}

/** Whether some process plays the run now: it is not done, and its holder still plays it. */
export function isPlayed(run: Pick<StoredTuneRun<unknown, unknown>, 'status' | 'holder'>): boolean {
  return run.status !== 'done' && run.holder !== null && stillPlays(run.holder);
}

function processLives(pid: number): boolean {
  try {
    process.kill(pid, 0); // signal 0 sends nothing: it only checks that the process exists
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'; // exists, but belongs to another user
  }
}

/**
 * Takes run `id` for this process, or refuses (InputError) when another process plays it; says it
 * still plays it until the returned function lets it go. `onLost` is called if another process took
 * the run over meanwhile (this one was silent for a minute: suspended, or its machine asleep).
 */
export function holdTuneRun(db: Db, id: number, onLost: (holder: RunHolder | null) => void): () => void {
  const holder = claimTuneRun(db, id, ME, stillPlays);
  if (holder !== null) {
    const silence = count(SILENCE_MS / 60_000, 'minute');
    const stopped = holder.host === ME.host ? '' : ` (if it stopped without a word, the run is free after ${silence} of silence)`;
    throw new InputError(
      `run ${id} is being played by ${describeHolder(holder)}: let it finish, or stop it (Ctrl-C there) and run this again${stopped}`,
    );
  }
  const heartbeat = setInterval(() => {
    let held: boolean;
    try {
      held = heartbeatTuneRun(db, id, ME);
    } catch {
      return; // the database is busy: the next heartbeat tries again, well within the silence allowed
    }
    if (!held) {
      clearInterval(heartbeat);
      onLost(loadTuneRun(db, id)?.holder ?? null);
    }
  }, HEARTBEAT_MS);
  heartbeat.unref();
  return () => {
    clearInterval(heartbeat);
    releaseTuneRun(db, id, ME);
  };
}

/** "process 123 on this machine", "process 123 on HOST". */
export function describeHolder(holder: RunHolder): string {
  return `process ${holder.pid} ${holder.host === ME.host ? 'on this machine' : `on ${holder.host}`}`;
}
