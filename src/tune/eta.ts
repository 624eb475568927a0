import type { TuneProgress } from './tuner.ts';
import type { TuneConfig } from './tuning.ts';

/**
 * Seconds left in a run, from the pace of this session: the candidates left in this iteration at the
 * current time per candidate, the later iterations at the last whole iteration's duration (or the
 * current pace, if longer: games lengthen as the agents improve), and the validation, whose games
 * cost as many of a search iteration's. Null until this session has played a candidate.
 */
export function remainingSeconds(
  progress: TuneProgress,
  config: TuneConfig,
  finalists: number,
  lastIterationSeconds: number,
): number | null {
  const played = progress.evaluated - progress.evaluatedBefore;
  if (played === 0) return null;
  const perCandidate = progress.seconds / played;
  const perIteration = Math.max(lastIterationSeconds, perCandidate * config.population);
  const validation = (perIteration / config.population) * finalists * (config.validationGames / config.gamesPerEval);
  const later = progress.phase === 'search' ? (config.iterations - progress.iteration - 1) * perIteration + validation : 0;
  return perCandidate * (progress.candidates - progress.evaluated) + later;
}
