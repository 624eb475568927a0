/**
 * How far an experiment (a benchmark, a tuning run) has gone: its games or boards finished, those of
 * them found in the store or done before this session, and all of them.
 */
export interface BenchProgress {
  readonly done: number;
  readonly stored: number;
  readonly total: number;
}

/**
 * Seconds left in an experiment, from the pace of this session: the games played here (not those found
 * stored, which come at once) per second of it, over the games left. Null until one has been played.
 */
export function benchSecondsLeft(progress: BenchProgress, seconds: number): number | null {
  const played = progress.done - progress.stored;
  if (played === 0) return null;
  return (seconds / played) * (progress.total - progress.done);
}
