import { Option, type Command } from 'commander';
import { InputError } from '../core/errors.ts';
import { MAX_SEED } from '../core/prng.ts';
import { parseFeatureName } from '../tetris-ai/features/names.ts';
import type { MethodName } from '../tune/tuning.ts';
import { addRunsCommand, boardOption, integerIn, optionParser, workersOption, type RunsFlags } from './options.ts';
import { redisUrlOption } from './queue-options.ts';

export interface TuneFlags {
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
export const DEFAULT_NOISE = 'constant';
export const DEFAULT_ELITE = 0.1;

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

/** What `gridmind tune` and `tune-runs` do (tune-action.ts). */
export interface TuneActions {
  tune(flags: TuneFlags, command: Command): Promise<void>;
  tuneRuns(flags: RunsFlags): void;
}

export function registerTuneCommands(program: Command, actions: () => Promise<TuneActions>): void {
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
    .action(async (flags: TuneFlags, command: Command) => (await actions()).tune(flags, command));

  addRunsCommand(program, 'tune-runs', 'list stored tuning runs, newest first', async (flags) => (await actions()).tuneRuns(flags));
}
