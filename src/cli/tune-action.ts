import type { Command } from 'commander';
import { InputError } from '../core/errors.ts';
import { checkOutputFile } from '../node/files.ts';
import { openDatabaseToSave } from '../store/database.ts';
import { listTuneRuns } from '../store/tune-runs.ts';
import { loadAgentSpec } from '../tetris-ai/agent-files.ts';
import { ceEliteCount } from '../tune/cross-entropy.ts';
import { tuneToEnd, type RunChoice } from '../tune/tuning-run.ts';
import { resumeHint, type TuneConfig, type TuneState } from '../tune/tuning.ts';
import { onInterrupt, type RunsFlags } from './options.ts';
import { warnOfIgnoredWorkers } from './queue-options.ts';
import { printRuns } from './run-listing.ts';
import { DEFAULT_ELITE, DEFAULT_NOISE, type TuneFlags } from './tune.ts';
import { announce, describeRun, report, runJson, tuneProgressBar } from './tune-output.ts';

/** The flags that make up a run's settings; with --resume the stored ones apply. */
const SETTINGS_FLAGS = [
  'features',
  'method',
  'board',
  'population',
  'gamesPerEval',
  'iterations',
  'noise',
  'elite',
  'validationGames',
  'start',
  'initialSd',
  'seed',
] as const;

function configFromFlags(flags: TuneFlags, command: Command): TuneConfig {
  const ignored = (['noise', 'elite'] as const).filter((flag) => command.getOptionValueSource(flag) === 'cli');
  if (flags.method === 'ga' && ignored.length > 0) {
    const [names, are, them] =
      ignored.length > 1 ? ['--noise and --elite', 'are settings', 'them'] : [flagName(ignored[0]), 'is a setting', 'it'];
    process.stderr.write(
      `gridmind: ${names} ${are} of the cross-entropy method; --method ga ignores ${them} (its elitism and mutation are fixed)\n`,
    );
  }
  if (flags.features === undefined) {
    throw new InputError('tune needs --features, e.g. --features holes,landingHeight,rowTransitions (or --resume ID)');
  }
  const features = flags.features;
  let start: TuneConfig['start'] = null;
  if (flags.start !== undefined) {
    const spec = loadAgentSpec(flags.start);
    if (spec.sense !== 'maximize')
      throw new InputError(`--start ${flags.start}: its weights minimise a cost; start from an agent that maximises`);
    start = { agent: flags.start, weights: features.map((feature) => spec.weights[feature] ?? 0) };
  }
  const eliteCount = ceEliteCount(flags.elite, flags.population);
  if (flags.method === 'ce' && eliteCount < 2) {
    throw new InputError(`--elite ${flags.elite} of --population ${flags.population} keeps ${eliteCount}: the elite needs at least 2`);
  }
  return {
    method: flags.method,
    features,
    width: flags.board.width,
    height: flags.board.height,
    population: flags.population,
    gamesPerEval: flags.gamesPerEval,
    iterations: flags.iterations,
    // The genetic algorithm's runs keep the defaults, so that flags it ignores do not make another run.
    noise: flags.method === 'ga' ? DEFAULT_NOISE : flags.noise,
    eliteFraction: flags.method === 'ga' ? DEFAULT_ELITE : flags.elite,
    seed: flags.seed,
    validationGames: flags.validationGames ?? 10 * flags.gamesPerEval,
    start,
    initialDeviation: flags.initialSd,
  };
}

/** The run these flags ask for: --resume's (whose stored settings apply), or the run of the settings given. */
function runChoice(flags: TuneFlags, command: Command): RunChoice {
  if (flags.resume === undefined) return { config: configFromFlags(flags, command) };
  const given = SETTINGS_FLAGS.filter((flag) => command.getOptionValueSource(flag) === 'cli');
  if (given.length > 0) {
    throw new InputError(`--resume continues run ${flags.resume} with its stored settings: drop ${given.map(flagName).join(', ')}`);
  }
  return { id: flags.resume };
}

const flagName = (key: string) => `--${key.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}`;

export async function tune(flags: TuneFlags, command: Command): Promise<void> {
  const db = openDatabaseToSave(); // before the games, so that a database that cannot take the run loses none
  let runId: number | null = null;
  const bar = tuneProgressBar();
  const interrupt = new AbortController();
  const stopHandlingInterrupts = onInterrupt(() => {
    bar.stop();
    process.stderr.write(`\ninterrupted${runId === null ? '' : `: ${resumeHint(runId, flags.queue)}`}\n`);
    interrupt.abort(); // lets the run go
    db.close();
  });
  try {
    // --out is the first flag checked, before the run's settings (tuneToEnd checks it again, for any caller).
    if (flags.out !== undefined) checkOutputFile(flags.out, '--out', 'tuned.json');
    const request = { choice: runChoice(flags, command), out: flags.out, place: { queue: flags.queue, workers: flags.workers } };
    const { run, out } = await tuneToEnd(
      db,
      request,
      {
        started: (started, created) => {
          runId = started.id;
          announce(started, created);
          if (started.status !== 'done') {
            warnOfIgnoredWorkers(command, flags.queue);
            bar.show(started.config);
          }
        },
        progress: (progress) => bar.update(progress),
        iterationEnded: (summary) => bar.logIteration(summary),
        log: (line) => bar.log(line),
        takenOver: (failure) => {
          bar.stop();
          process.stderr.write(`\n${failure.message}\n`);
          db.close();
          process.exit(1);
        },
      },
      interrupt.signal,
    );
    bar.stop();
    report(run, out, flags.json === true); // as stored, with the time spent
  } finally {
    stopHandlingInterrupts();
    bar.stop();
    db.close();
  }
}

/** `gridmind tune-runs`. */
export function tuneRuns(flags: RunsFlags): void {
  printRuns(flags, {
    load: (db, limit) => listTuneRuns<TuneConfig, TuneState>(db, limit),
    json: runJson,
    empty: 'no tuning runs yet: try `gridmind tune --features holes,landingHeight --population 20 --iterations 5`',
    line: describeRun,
  });
}
