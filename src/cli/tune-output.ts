/** What `gridmind tune` and `gridmind tune-runs` print and write: the tuned agent, the run's stage, the run list. */
import { basename } from 'node:path';
import { formatDate } from '../core/dates.ts';
import { count } from '../core/count.ts';
import { duration } from '../core/duration.ts';
import { writeFileAtomically } from '../core/files.ts';
import type { StoredTuneRun } from '../store/tune-runs.ts';
import { describeHolder, stillPlays } from '../tune/run-holder.ts';
import { TUNING_METHODS, tuneCommand, weightsByFeature, type TuneConfig, type TuneState } from '../tune/tuning.ts';
import { figure, print } from './options.ts';

export type TuneRun = StoredTuneRun<TuneConfig, TuneState>;

/** How far a stored run has gone, as the resume message says it. */
export function describeStage(run: TuneRun): string {
  if (run.status === 'done') return 'finished';
  if (run.state.phase === 'validation') return `all ${run.config.iterations} iterations done, validating`;
  return `${run.state.iteration} of ${run.config.iterations} iterations done`;
}

/** Writes a finished run's best weights to `out` as an agent file, and prints its result (as JSON with `json`). */
export function report(run: TuneRun, out: string, json: boolean): void {
  const { config, state } = run;
  const outcome = state.outcome!;
  const name = basename(out).replace(/\.json$/, '');
  const methodName = TUNING_METHODS[config.method].name;
  const validation = `${figure(outcome.validationMean)} ± ${figure(outcome.validationStderr)} lines over ${config.validationGames} validation games`;
  const weights = weightsByFeature(config, outcome.weights);
  const agent = {
    name,
    description: `${config.features.length} features weighed by the ${methodName} on ${config.width}x${config.height}, one piece: ${validation}`,
    source: `${tuneCommand(config)} (${duration(run.seconds)} of tuning)`,
    sense: 'maximize',
    features: config.features,
    weights,
    policy: { lookahead: 0 },
  };
  writeFileAtomically(out, `${JSON.stringify(agent, null, 2)}\n`);
  if (json) {
    print(
      JSON.stringify({
        runId: run.id,
        method: config.method,
        features: config.features,
        weights,
        validationMean: outcome.validationMean,
        validationStderr: outcome.validationStderr,
        history: state.history,
        seconds: run.seconds,
        out,
      }),
    );
    return;
  }
  print(`run ${run.id}: best of ${count(outcome.finalists, 'finalist')}: ${validation}`);
  print(
    `weights written to ${out} (agent "${name}"; try \`gridmind bench --agent ${out} --vs bcts\`); tuning took ${duration(run.seconds)}`,
  );
}

/** Whether some process plays the run now. */
function isPlayed(run: Pick<TuneRun, 'status' | 'holder'>): boolean {
  return run.status !== 'done' && run.holder !== null && stillPlays(run.holder);
}

/** A line of `gridmind tune-runs`. */
export function describeRun(run: TuneRun): string {
  const { id, updatedAt, status, config, state, seconds } = run;
  const result = state.outcome === null ? '' : `  validation ${figure(state.outcome.validationMean)} lines`;
  const shownStatus = status === 'done' ? 'done' : isPlayed(run) ? `running (${describeHolder(run.holder!)})` : 'stopped';
  return (
    `#${id}  ${formatDate(updatedAt)}  ${shownStatus}  ${config.method} ${config.width}x${config.height}  ` +
    `iteration ${state.iteration}/${config.iterations}  ${config.features.length} features  ${duration(seconds)}${result}`
  );
}

/** A run in `gridmind tune-runs --json`: as stored, with `playing` and the state's headline fields. */
export function runJson({ state, ...run }: TuneRun): Record<string, unknown> {
  return { ...run, playing: isPlayed(run), iteration: state.iteration, history: state.history, outcome: state.outcome };
}
