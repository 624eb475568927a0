import {
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  ScatterController,
  Tooltip,
  type ChartConfiguration,
  type Plugin,
} from 'chart.js';
import { useEffect, useRef } from 'preact/hooks';

Chart.register(
  BarController,
  BarElement,
  CategoryScale,
  LinearScale,
  ScatterController,
  PointElement,
  LineController,
  LineElement,
  Tooltip,
  Legend,
);
Chart.defaults.color = '#cbd5e1';
Chart.defaults.borderColor = 'rgba(148,163,184,0.2)';

/**
 * Writes what a chart shows to its canvas, so that it can be read from the page as the boards'
 * `data-` attributes can: the tick labels of each axis as `data-<axis>-ticks` (space-separated), each
 * dataset as `data-series`, a JSON list of `{"label","data"}`, and the labels of the datasets not drawn
 * as `data-hidden`, a JSON list.
 */
const shownOnCanvas: Plugin = {
  id: 'shownOnCanvas',
  afterUpdate(chart) {
    for (const scale of Object.values(chart.scales)) {
      chart.canvas.setAttribute(`data-${scale.id}-ticks`, scale.ticks.map((tick) => String(tick.label)).join(' '));
    }
    const { datasets } = chart.data;
    chart.canvas.setAttribute('data-series', JSON.stringify(datasets.map(({ label, data }) => ({ label, data }))));
    const hidden = datasets.filter((_, index) => !chart.isDatasetVisible(index)).map(({ label }) => label);
    chart.canvas.setAttribute('data-hidden', JSON.stringify(hidden));
  },
};

/** A chart.js chart on a canvas, rebuilt when its configuration changes; `tall` for a chart with a long legend. */
export function ChartCanvas({ config, label, tall = false }: { config: ChartConfiguration; label: string; tall?: boolean }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    const chart = new Chart(canvas.current!, { ...config, plugins: [shownOnCanvas] });
    return () => chart.destroy();
  }, [config]);
  return (
    <div class={tall ? 'chart tall' : 'chart'}>
      <canvas ref={canvas} role="img" aria-label={label} />
    </div>
  );
}
