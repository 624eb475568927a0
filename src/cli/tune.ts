import { Option, type Command } from 'commander';
import { InputError } from '../core/errors.ts';
import { MAX_SEED } from '../core/prng.ts';
import { checkOutputFile } from '../node/files.ts';
import { openDatabaseToSave } from '../store/database.ts';
import { listTuneRuns } from '../store/tune-runs.ts';
import { loadAgentSpec } from '../tetris-ai/agent-files.ts';
import { parseFeatureName } from '../tetris-ai/features/names.ts';
import { ceEliteCount } from '../tune/cross-entropy.ts';
import { tuneToEnd, type RunChoice } from '../tune/tuning-run.ts';
import { resumeHint, type MethodName, type TuneConfig, type TuneState } from '../tune/tuning.ts';
import { addRunsCommand, boardOption, integerIn, onInterrupt, optionParser, workersOption } from './options.ts';
import { redisUrlOption, warnOfIgnoredWorkers } from './queue-options.ts';
import { announce, describeRun, report, runJson, tuneProgressBar } from './tune-output.ts';

interface TuneFlags {
  features?: string[];
  method: MethodName;
  board: { width: number; height: number };
  population: number;
  gamesPerEval: number;
  iterations: number;
  noise: 'constant' | 'linear';
  elite: number;
  validationGames?: number;
  start?: string;
  initialSd: number;
  seed: number;
  workers: number;
  out?: string;
  queue?: string;
  resume?: number;
  json?: boolean;
}

/** The cross-entropy settings of a run whose command does not give them. */
const DEFAULT_NOISE = 'constant';
const DEFAULT_ELITE = 0.1;

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

const featureList = optionParser((text: string) => {
  const names = text
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name !== '');
  if (names.length === 0) throw new InputError('--features needs at least one feature name (see `gridmind features`)');
  names.forEach(parseFeatureName);
  const repeated = names.find((name, i) => names.indexOf(name) !== i);
  if (repeated !== undefined) throw new InputError(`--features lists "${repeated}" twice`);
  return names;
});

const fraction = optionParser((text: string) => {
  const value = Number(text);
  if (!(value > 0 && value <= 1)) throw new InputError(`"${text}" is not a fraction above 0 and at most 1`);
  return value;
});

const positiveNumber = optionParser((text: string) => {
  const value = Number(text);
  if (!(value > 0 && Number.isFinite(value))) throw new InputError(`"${text}" is not a positive number`);
  return value;
});

export function registerTuneCommands(program: Command): void {
  program
    .command('tune')
    .description('tune feature weights for the one-piece research protocol by the noisy cross-entropy method or a genetic algorithm')
    .option('--features <list>', 'comma-separated feature names to weigh (see `gridmind features`)', featureList)
    .addOption(new Option('--method <name>', 'ce: noisy cross-entropy; ga: genetic algorithm').choices(['ce', 'ga']).default('ce'))
    .addOption(boardOption())
    .option('--population <n>', 'candidates per iteration', integerIn(2, 100_000), 100)
    .option(
      '--games-per-eval <n>',
      'games each candidate plays (all candidates of an iteration play the same seeds)',
      integerIn(1, 100_000),
      10,
    )
    .option('--iterations <n>', 'iterations (generations)', integerIn(1, 100_000), 30)
    .addOption(
      new Option('--noise <schedule>', 'ce: variance added after each refit, constant 4 or max(5 − t/10, 0)')
        .choices(['constant', 'linear'])
        .default(DEFAULT_NOISE),
    )
    .option('--elite <fraction>', 'ce: fraction of each population kept as the elite', fraction, DEFAULT_ELITE)
    .option(
      '--validation-games <n>',
      'fresh games on which the finalists are compared (default: 10 × games per eval)',
      integerIn(1, 1_000_000),
    )
    .option('--start <agent>', "start from an agent's weights (features it lacks start at 0); default: all 0")
    .option('--initial-sd <sigma>', 'standard deviation of the starting distribution', positiveNumber, 10)
    .option('--seed <n>', 'seed of the run: candidates and game seeds derive from it', integerIn(0, MAX_SEED), 1)
    .addOption(workersOption('worker threads playing games here (not used with --queue)'))
    .option('--queue <url>', 'play the games on `gridmind worker` processes through BullMQ on Redis: redis://HOST:PORT', redisUrlOption)
    .option('--out <file>', 'where to write the best weights as an agent JSON (default: tuned-run-ID.json)')
    .option('--resume <id>', 'continue a stored run with its own settings', integerIn(1, Number.MAX_SAFE_INTEGER))
    .option('--json', 'print JSON: {"runId","method","features","weights","validationMean","validationStderr","history","seconds","out"}')
    .addHelpText(
      'after',
      '\nEvery run is stored in SQLite (GRIDMIND_DB, default ~/.gridmind/gridmind.db) after each candidate: after an interrupt, ' +
        'run the same command again (or use --resume ID) and it goes on where it stopped. `gridmind tune-runs` lists the runs.',
    )
    .action((flags: TuneFlags, command: Command) => tune(flags, command));

  addRunsCommand(program, 'tune-runs', 'list stored tuning runs, newest first', {
    load: (db, limit) => listTuneRuns<TuneConfig, TuneState>(db, limit),
    json: runJson,
    empty: 'no tuning runs yet: try `gridmind tune --features holes,landingHeight --population 20 --iterations 5`',
    line: describeRun,
  });
}

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

async function tune(flags: TuneFlags, command: Command): Promise<void> {
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
