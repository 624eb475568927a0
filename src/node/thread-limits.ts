/** The limits a thread run by TimedThread (timed-thread.ts) has unless told otherwise. */

/**
 * The least time a thread is given to start (Node's worker and the module's imports): loading is not the
 * player's thinking, and on a busy machine, or from the sources through tsx, it can take longer than a
 * move may.
 */
export const THREAD_START_LIMIT_MS = 10_000;

/**
 * How much memory (V8's old generation, in MB) a thread may use unless told otherwise: past it Node stops
 * the thread, and its caller throws a `ThreadOutOfMemory`.
 */
export const DEFAULT_THREAD_MEMORY_MB = 1024;
