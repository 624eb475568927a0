/**
 * The priority of work done for one client or one agent beside the thread that answers everyone: the
 * threads of agents in code, the agents' programs and the threads that check scores run at a lower
 * priority (a higher nice value), so that when they keep every core busy the operating system still runs
 * the main thread (a server's requests, a game's clock) first. On Linux a thread's nice value is its own
 * (setpriority(2) of the calling thread), and a program started from the thread inherits it; elsewhere
 * it is the whole process's, so threads lower theirs on Linux only.
 */
import { setPriority } from 'node:os';

/** The nice value of that work: 10, between the default (0) and the lowest priority (19). */
export const BACKGROUND_NICE = 10;

/** Lowers the calling thread's priority to {@link BACKGROUND_NICE} (Linux only; nothing elsewhere). */
export function lowerThisThreadsPriority(): void {
  if (process.platform === 'linux') setPriority(BACKGROUND_NICE);
}
