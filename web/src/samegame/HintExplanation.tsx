import type { SolveExplanation } from '../../../src/samegame/solver.ts';
import { points } from './words.ts';

/** The chart's size in its own units (the SVG scales to its box). */
const CHART = { width: 300, height: 80 };

/** The hint's search: how its best score grew over time, as a line from the first game found to the last improvement. */
export function BestOverTime({ explanation }: { explanation: SolveExplanation }) {
  const { improvements } = explanation;
  if (improvements.length === 0) return <p class="hint">The search found no complete game it accepts.</p>;
  const last = improvements[improvements.length - 1];
  const [low, high] = [improvements[0].score, last.score];
  const x = (ms: number) => (last.ms === 0 ? CHART.width : (ms / last.ms) * CHART.width);
  const y = (score: number) => (high === low ? CHART.height / 2 : CHART.height - ((score - low) / (high - low)) * CHART.height);
  const line = improvements.map(
    ({ ms, score }, i) => `${x(ms)},${y(score)}${i + 1 < improvements.length ? ` ${x(improvements[i + 1].ms)},${y(score)}` : ''}`,
  );
  return (
    <figure class="best-over-time" data-testid="sg-best-over-time" data-scores={improvements.map(({ score }) => score).join(' ')}>
      <figcaption>
        The hint's search: best score {points(low)} → {points(high)} in {(last.ms / 1000).toFixed(2)} s
      </figcaption>
      <svg viewBox={`-2 -2 ${CHART.width + 4} ${CHART.height + 4}`} role="img" aria-label="best score over time">
        <polyline points={line.join(' ')} fill="none" stroke="var(--accent-2)" stroke-width="2" />
      </svg>
    </figure>
  );
}
