/** What a finished tuning run leaves: its best weights as an agent file, which every command loads like the agents shipped. */
import { basename } from 'node:path';
import { duration } from '../core/duration.ts';
import { figure } from '../core/figure.ts';
import { writeFileAtomically } from '../node/files.ts';
import { TUNING_METHODS, tuneCommand, weightsByFeature, type TuningRun } from './tuning.ts';

/** The name of the agent in file `out`: the file's name without `.json`. */
export function tunedAgentName(out: string): string {
  return basename(out).replace(/\.json$/, '');
}

/** How the winner did on the validation games: "mean ± standard error lines over N validation games". */
export function describeValidation(run: TuningRun): string {
  const outcome = run.state.outcome!;
  return `${figure(outcome.validationMean)} ± ${figure(outcome.validationStderr)} lines over ${run.config.validationGames} validation games`;
}

/** Writes a finished run's best weights to `out` as a one-piece agent of the research protocol, named after the file. */
export function writeTunedAgent(run: TuningRun, out: string): void {
  const { config, state } = run;
  const agent = {
    name: tunedAgentName(out),
    description:
      `${config.features.length} features weighed by the ${TUNING_METHODS[config.method].name} on ${config.width}x${config.height}, ` +
      `one piece: ${describeValidation(run)}`,
    source: `${tuneCommand(config)} (${duration(run.seconds)} of tuning)`,
    sense: 'maximize',
    features: config.features,
    weights: weightsByFeature(config, state.outcome!.weights),
    policy: { lookahead: 0 },
  };
  writeFileAtomically(out, `${JSON.stringify(agent, null, 2)}\n`);
}
