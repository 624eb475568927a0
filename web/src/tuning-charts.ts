/** The Tuning page's charts: a run's scores and its weights' paths, iteration by iteration. */
import type { ChartConfiguration } from 'chart.js';
import type { TuneRunReport } from '../../src/tune/run-report.ts';

/** The scores' lines, from the best down. */
const SCORE_SERIES = [
  { key: 'best', label: 'best', colour: '#22d3ee' },
  { key: 'eliteMean', label: 'elite mean', colour: '#a855f7' },
  { key: 'mean', label: 'mean', colour: '#94a3b8' },
] as const;

/**
 * A weight vector divided by its largest absolute weight, so that the weight that counts most is +1
 * or −1 (the zero vector stays 0). Scaling every weight by one positive number changes no choice of
 * placement, so this keeps all that the weights decide.
 */
export function normaliseByLargest(weights: readonly number[]): number[] {
  const largest = Math.max(...weights.map(Math.abs));
  return weights.map((weight) => (largest === 0 ? 0 : weight / largest));
}

/** The colour of feature `index` of `count`: hues spread evenly round the wheel. */
export const featureColour = (index: number, count: number) => `hsl(${Math.round((index * 360) / count)}, 75%, 62%)`;

/** Every iteration the run will play, counted from 1 as the command's progress lines count them: a run's lines grow across the axis. */
const iterationLabels = (run: TuneRunReport) => Array.from({ length: run.iterations }, (_, iteration) => String(iteration + 1));

/** A line chart's options; its y axis spans `range`, or starts at 0; `legend` false where the page draws its own. */
const lineOptions = (yTitle: string, range?: { min: number; max: number }, legend = true): ChartConfiguration<'line'>['options'] => ({
  animation: false,
  responsive: true,
  maintainAspectRatio: false,
  interaction: { mode: 'index', intersect: false },
  plugins: { legend: { display: legend, position: 'bottom', labels: { boxWidth: 14 } } },
  scales: {
    x: { title: { display: true, text: 'iteration' } },
    y: { title: { display: true, text: yTitle }, ...(range ?? { beginAtZero: true }) },
  },
});

/** Best, elite mean and mean score of each iteration. */
export function scoresChart(run: TuneRunReport): ChartConfiguration<'line'> {
  return {
    type: 'line',
    data: {
      labels: iterationLabels(run),
      datasets: SCORE_SERIES.map(({ key, label, colour }) => ({
        label,
        data: run.history.map((point) => point[key]),
        borderColor: colour,
        backgroundColor: colour,
        pointRadius: 3,
      })),
    },
    options: lineOptions('lines per game'),
  };
}

/**
 * Each feature's weight in each iteration's mean weight vector, normalised by {@link normaliseByLargest};
 * the features in `hidden` are left out of the drawing (the page's own legend switches them).
 */
export function weightsChart(run: TuneRunReport, hidden: ReadonlySet<string>): ChartConfiguration<'line'> {
  const normalised = run.history.map((point) => normaliseByLargest(point.weights));
  return {
    type: 'line',
    data: {
      labels: iterationLabels(run),
      datasets: run.features.map((feature, index) => ({
        label: feature,
        hidden: hidden.has(feature),
        data: normalised.map((weights) => weights[index]),
        borderColor: featureColour(index, run.features.length),
        backgroundColor: featureColour(index, run.features.length),
        pointRadius: 3,
      })),
    },
    options: lineOptions('weight ÷ largest |weight|', { min: -1, max: 1 }, false),
  };
}
