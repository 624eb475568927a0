/** What `gridmind tune` and `gridmind tune-runs` print: the run's progress and stage, its result, the run list. */
import cliProgress from 'cli-progress';
import { count } from '../core/count.ts';
import { formatDate } from '../core/dates.ts';
import { duration } from '../core/duration.ts';
import { figure } from '../core/figure.ts';
import { describeHolder, isPlayed } from '../tune/run-holder.ts';
import { describeValidation, tunedAgentName } from '../tune/tuned-agent.ts';
import type { TuningProgress } from '../tune/tuning-run.ts';
import { tuneCommand, weightsByFeature, type IterationSummary, type TuneConfig, type TuningRun } from '../tune/tuning.ts';
import { print } from './options.ts';

/** The progress of a run on stderr: a bar for the iteration in play, and lines of news (above it, on a terminal). */
export interface TuneProgressBar {
  /** Shows the bar, for a run of `config` about to play. */
  show(config: TuneConfig): void;
  update(progress: TuningProgress): void;
  /** Writes a line on stderr. */
  log(line: string): void;
  /** Says how a search iteration ended. */
  logIteration(summary: IterationSummary): void;
  /** Takes the bar away (nothing if it is not shown). */
  stop(): void;
}

export function tuneProgressBar(): TuneProgressBar {
  const bars = new cliProgress.MultiBar(
    {
      stream: process.stderr,
      format: 'tune {label} |{bar}| {value}/{total} candidates · last best {best} · mean {mean} · ETA {remaining}',
      noTTYOutput: true,
      notTTYSchedule: 10_000,
      hideCursor: true,
    },
    cliProgress.Presets.shades_classic,
  );
  let bar: cliProgress.SingleBar | null = null;
  let iterations = 0;
  // A bar on a terminal must print around itself; elsewhere, or with no bar, lines go straight out, in order.
  const log = (line: string) => (process.stderr.isTTY && bar !== null ? bars.log(`${line}\n`) : process.stderr.write(`${line}\n`));
  return {
    show(config) {
      iterations = config.iterations;
      bar = bars.create(config.population, 0, { label: '', best: '-', mean: '-', remaining: '-' });
    },
    update(progress) {
      const label = progress.phase === 'search' ? `iteration ${progress.iteration + 1}/${iterations}` : 'validation';
      const { latest, secondsLeft } = progress;
      bar?.setTotal(progress.candidates);
      bar?.update(progress.evaluated, {
        label,
        best: latest === undefined ? '-' : figure(latest.best),
        mean: latest === undefined ? '-' : figure(latest.mean),
        remaining: secondsLeft === null ? '-' : duration(secondsLeft),
      });
    },
    log,
    logIteration: ({ iteration, best, mean }) =>
      log(`iteration ${iteration + 1}/${iterations}: best ${figure(best)}, mean ${figure(mean)} lines`),
    stop() {
      if (bar !== null) {
        if (process.stderr.isTTY) bars.update(); // a redraw writes the lines logged since the last one, which stop() drops
        bars.stop();
        bar = null;
      }
    },
  };
}

/** Says on stderr which run plays: one made now (`created`) with its command, or one resumed with how far it has gone. */
export function announce(run: TuningRun, created: boolean): void {
  if (created) {
    process.stderr.write(`tuning run ${run.id}: ${tuneCommand(run.config)}\n(interrupt at any time; the same command resumes it)\n`);
  } else {
    process.stderr.write(`resuming tuning run ${run.id} (${describeStage(run)})\n`);
  }
}

/** How far a stored run has gone, as the resume message says it. */
function describeStage(run: TuningRun): string {
  if (run.status === 'done') return 'finished';
  if (run.state.phase === 'validation') return `all ${run.config.iterations} iterations done, validating`;
  return `${run.state.iteration} of ${run.config.iterations} iterations done`;
}

/** Prints a finished run's result (as JSON with `json`), whose agent file is `out`. */
export function report(run: TuningRun, out: string, json: boolean): void {
  const { config, state } = run;
  const outcome = state.outcome!;
  if (json) {
    print(
      JSON.stringify({
        runId: run.id,
        method: config.method,
        features: config.features,
        weights: weightsByFeature(config, outcome.weights),
        validationMean: outcome.validationMean,
        validationStderr: outcome.validationStderr,
        history: state.history,
        seconds: run.seconds,
        out,
      }),
    );
    return;
  }
  print(`run ${run.id}: best of ${count(outcome.finalists, 'finalist')}: ${describeValidation(run)}`);
  print(
    `weights written to ${out} (agent "${tunedAgentName(out)}"; try \`gridmind bench --agent ${out} --vs bcts\`); tuning took ${duration(run.seconds)}`,
  );
}

/** A line of `gridmind tune-runs`. */
export function describeRun(run: TuningRun): string {
  const { id, updatedAt, status, config, state, seconds } = run;
  const result = state.outcome === null ? '' : `  validation ${figure(state.outcome.validationMean)} lines`;
  const shownStatus = status === 'done' ? 'done' : isPlayed(run) ? `running (${describeHolder(run.holder!)})` : 'stopped';
  return (
    `#${id}  ${formatDate(updatedAt)}  ${shownStatus}  ${config.method} ${config.width}x${config.height}  ` +
    `iteration ${state.iteration}/${config.iterations}  ${config.features.length} features  ${duration(seconds)}${result}`
  );
}

/** A run in `gridmind tune-runs --json`: as stored, with `playing` and the state's headline fields. */
export function runJson({ state, ...run }: TuningRun): Record<string, unknown> {
  return { ...run, playing: isPlayed(run), iteration: state.iteration, history: state.history, outcome: state.outcome };
}
