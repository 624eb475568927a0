import type { SolveExplanation } from '../../../src/samegame/solver.ts';
import { points } from './words.ts';

/** The chart's size in its own units (the SVG scales to its box), and the margins that hold its axes' labels. */
const CHART = { width: 300, height: 80 };
const MARGIN = { left: 46, bottom: 14 };

/** The hint's search: how its best score grew over time, as a line from the first game found to the last improvement. */
export function BestOverTime({ explanation }: { explanation: SolveExplanation }) {
  const { improvements } = explanation;
  if (improvements.length === 0) return <p class="hint">The search found no complete game it accepts.</p>;
  const last = improvements[improvements.length - 1];
  const [low, high] = [improvements[0].score, last.score];
  const x = (ms: number) => (last.ms === 0 ? CHART.width : (ms / last.ms) * CHART.width);
  const y = (score: number) => (high === low ? CHART.height / 2 : CHART.height - ((score - low) / (high - low)) * CHART.height);
  const seconds = (last.ms / 1000).toFixed(2);
  const line = improvements.map(
    ({ ms, score }, i) => `${x(ms)},${y(score)}${i + 1 < improvements.length ? ` ${x(improvements[i + 1].ms)},${y(score)}` : ''}`,
  );
  return (
    <figure class="best-over-time" data-testid="sg-best-over-time" data-scores={improvements.map(({ score }) => score).join(' ')}>
      <figcaption>
        The hint's search: best score {points(low)} → {points(high)} in {seconds} s
      </figcaption>
      <svg
        viewBox={`0 -6 ${MARGIN.left + CHART.width + 4} ${CHART.height + MARGIN.bottom + 8}`}
        role="img"
        aria-label={`best score over time: ${points(low)} to ${points(high)} in ${seconds} s`}
      >
        <g class="axes">
          <text x={MARGIN.left - 4} y={y(high) + 3} text-anchor="end">
            {points(high)}
          </text>
          {high !== low && (
            <text x={MARGIN.left - 4} y={y(low) + 3} text-anchor="end">
              {points(low)}
            </text>
          )}
          <text x={MARGIN.left} y={CHART.height + MARGIN.bottom}>
            0 s
          </text>
          <text x={MARGIN.left + CHART.width} y={CHART.height + MARGIN.bottom} text-anchor="end">
            {seconds} s
          </text>
        </g>
        <g transform={`translate(${MARGIN.left} 0)`}>
          <polyline points={`0,0 0,${CHART.height} ${CHART.width},${CHART.height}`} fill="none" stroke="var(--line)" stroke-width="1" />
          <polyline points={line.join(' ')} fill="none" stroke="var(--accent-2)" stroke-width="2" />
        </g>
      </svg>
    </figure>
  );
}
