import { useEffect, useMemo, useState } from 'preact/hooks';
import { duration } from '../../src/core/duration.ts';
import { figure } from '../../src/core/figure.ts';
import type { TuneRunEntry, TuneRunReport } from '../../src/tune/run-report.ts';
import { fetchTuneRun, fetchTuneRuns } from './api.ts';
import { ChartCanvas } from './ChartCanvas.tsx';
import { CommandLine } from './CommandLine.tsx';
import { runInAddress } from './run-address.ts';
import { RunList } from './RunList.tsx';
import { featureColour, scoresChart, weightsChart } from './tuning-charts.ts';
import { SameDatabase } from './SameDatabase.tsx';

/** How often the page asks again for a run that is running. */
const POLL_MS = 2000;

/** How often the page asks again for the list, so that a run started elsewhere appears. */
const LIST_POLL_MS = 5000;

const METHOD_NAMES = { ce: 'Cross-entropy', ga: 'Genetic algorithm' } as const;

/** A small command that makes a run, for an empty database. */
const EXAMPLE_COMMAND = 'npx gridmind tune --features holes,landingHeight --board 10x10 --population 20 --iterations 5';

const weight = (value: number) => value.toLocaleString('en-US', { maximumFractionDigits: 3 });

/**
 * The tuning runs stored by `gridmind tune` (read through the HTTP API): the list, and the chosen run's
 * learning curve, weights, validation and command, followed as it plays.
 */
export function TuningView() {
  const [runs, setRuns] = useState<TuneRunEntry[] | null>(null);
  const [selectedId, setSelectedId] = useState<number | null>(runInAddress('tuning', location.hash));
  const [report, setReport] = useState<TuneRunReport | null>(null);
  const [error, setError] = useState('');

  // The list, asked for again every LIST_POLL_MS; with no run chosen, one being played is shown first.
  useEffect(() => {
    let left = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const load = () =>
      fetchTuneRuns()
        .then((found) => {
          if (left) return;
          setRuns(found);
          setSelectedId((chosen) => chosen ?? (found.find((run) => run.status === 'running') ?? found[0])?.id ?? null);
          timer = setTimeout(load, LIST_POLL_MS);
        })
        .catch((failure: Error) => left || setError(failure.message));
    void load();
    return () => {
      left = true;
      clearTimeout(timer);
    };
  }, []);
  const select = (id: number) => {
    setSelectedId(id);
    history.replaceState(null, '', `#/tuning/${id}`); // an address to share or reload; the page stays mounted
  };

  // The chosen run, asked for again every POLL_MS while it runs; the list's line of it follows.
  useEffect(() => {
    if (selectedId === null) return;
    let left = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const load = () =>
      fetchTuneRun(selectedId)
        .then((run) => {
          if (left) return;
          setReport(run);
          setRuns((list) => list && list.map((entry) => (entry.id === run.id ? run : entry)));
          if (run.status === 'running') timer = setTimeout(load, POLL_MS);
        })
        .catch((failure: Error) => left || setError(failure.message));
    void load();
    return () => {
      left = true;
      clearTimeout(timer);
    };
  }, [selectedId]);

  const shown = report?.id === selectedId ? report : null;
  return (
    <section class="page tuning-page">
      <h2>Tuning</h2>
      <p class="hint">
        Runs of <code>npx gridmind tune</code> in this server's database, newest first. A score is a candidate's mean lines per game over
        its iteration's games; a run being played is followed as it goes.
      </p>
      {error && <p class="error">{error}</p>}
      {runs && runs.length === 0 && (
        <p data-testid="no-tune-runs">
          No tuning runs yet: try <code>{EXAMPLE_COMMAND}</code>, and watch it here as it plays.
          <SameDatabase />
        </p>
      )}
      {runs && runs.length > 0 && (
        <div class="benchmarks">
          <RunList
            runs={runs}
            selectedId={selectedId}
            onSelect={(run) => select(run.id)}
            testId="tune-runs"
            figureTitle="Best score"
            describe={(run) => ({
              what: `${METHOD_NAMES[run.method]}, ${run.board}`,
              facts: (
                <>
                  <span title={run.features.join(', ')}>{run.features.length} features</span>,{' '}
                  <span>
                    {run.iterationsDone}/{run.iterations} iterations
                  </span>
                  , <span class={`run-status ${run.status}`}>{run.status}</span>
                </>
              ),
              figure: run.best === null ? '—' : figure(run.best),
            })}
          />
          {shown && <TuneRunDetails run={shown} />}
        </div>
      )}
    </section>
  );
}

/** Where a run stands, in words. */
function standing(run: TuneRunReport): string {
  const done = `${run.iterationsDone} of ${run.iterations} iterations played, ${duration(run.seconds)} of tuning`;
  const current = run.current;
  if (current === null) return `Finished: ${done}.`;
  const playing =
    current.phase === 'search'
      ? `iteration ${current.iteration + 1}: ${current.evaluated} of ${current.candidates} candidates played`
      : `the validation: ${current.evaluated} of ${current.candidates} finalists played`;
  if (run.status === 'interrupted') return `Interrupted: ${done}; stopped in ${playing}. Its command below resumes it.`;
  const by = run.playedBy === null ? '' : ` (process ${run.playedBy.pid} on ${run.playedBy.host})`;
  return `Running${by}: ${done}; now ${playing}. This page follows it.`;
}

function TuneRunDetails({ run }: { run: TuneRunReport }) {
  const [hidden, setHidden] = useState<ReadonlySet<string>>(new Set());
  const scores = useMemo(() => scoresChart(run), [run]);
  const weights = useMemo(() => weightsChart(run, hidden), [run, hidden]);
  const toggle = (feature: string) => {
    const next = new Set(hidden);
    if (!next.delete(feature)) next.add(feature);
    setHidden(next);
  };
  const { config, validation } = run;
  return (
    <div class="details" data-testid="tune-run">
      <h3>
        Run {run.id}: {METHOD_NAMES[run.method]}, {run.board}, {run.features.length} features
      </h3>
      <p data-testid="tune-standing">{standing(run)}</p>
      <p class="hint">
        Population {config.population}, {config.gamesPerEval} games per candidate
        {run.method === 'ce' ? `, elite fraction ${config.eliteFraction}, ${config.noise} noise` : ''}. Features: {run.features.join(', ')}.
      </p>
      {run.history.length === 0 ? (
        <p data-testid="no-iterations">No iteration has ended yet.</p>
      ) : (
        <>
          <h4>Score per iteration</h4>
          <ChartCanvas config={scores} label="score per iteration" />
          <h4>Weights, normalised</h4>
          <p class="hint">
            Each iteration's mean weights (the mean of the distribution candidates are drawn from, after the iteration), divided by the
            largest absolute weight: the feature that weighs most is at +1 or −1. Scaling all weights alike changes no placement. The
            buttons under the chart show or hide a feature's line.
          </p>
          <ChartCanvas config={weights} label="normalised weights per iteration" tall />
          <div class="feature-switches" role="group" aria-label="Features shown" data-testid="feature-switches">
            {run.features.map((feature, index) => (
              <button key={feature} type="button" class="secondary" aria-pressed={!hidden.has(feature)} onClick={() => toggle(feature)}>
                <span class="swatch" style={{ background: featureColour(index, run.features.length) }} aria-hidden="true" />
                {feature}
              </button>
            ))}
          </div>
        </>
      )}
      <h4>Validation</h4>
      {validation === null ? (
        <p data-testid="tune-validation">
          Not yet: after the last iteration the finalists play {config.validationGames} fresh games, and the best is the run's agent.
        </p>
      ) : (
        <>
          <p data-testid="tune-validation">
            The best of {validation.finalists} finalists: {figure(validation.mean)} ± {figure(validation.stderr)} lines over{' '}
            {validation.games} validation games, with these weights:
          </p>
          <table class="scores tuned-weights" data-testid="tuned-weights">
            <tbody>
              {Object.entries(validation.weights).map(([feature, value]) => (
                <tr key={feature}>
                  <td>{feature}</td>
                  <td class="number">{weight(value)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
      <h4>Command</h4>
      <CommandLine command={run.command} testId="tune-command" />
    </div>
  );
}
