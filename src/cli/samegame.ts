import { Option, type Command } from 'commander';
import { InputError } from '../core/errors.ts';
import { MAX_SEED } from '../core/prng.ts';
import { parseBoardSize } from '../samegame/rules/board.ts';
import { MAX_COLOURS, MIN_COLOURS, parseScoring, parseShift, type Scoring, type Shift } from '../samegame/rules/options.ts';
import { SOLVE_SETTINGS, type SolveSettingName } from '../samegame/solve-settings.ts';
import type { SolveOptions } from '../samegame/solver.ts';
import { parseTestSet, TEST_SETS, type TestSetName } from '../samegame/test-sets.ts';
import { parseSearchMethod, SEARCH_METHODS, type SearchMethod } from '../search/settings.ts';
import { integerIn, optionParser, workersOption } from './options.ts';
import { queueOption } from './queue-options.ts';
import { addSettingOptions } from './setting-options.ts';

/** The flags `solve` and `bench` share. */
export interface SearchFlags extends Pick<SolveOptions, SolveSettingName> {
  method: SearchMethod;
  solver?: string;
  time: number;
  nodes?: number;
  rules: Scoring;
  shift: Shift;
  seed: number;
  json?: boolean;
}

export interface BenchFlags extends SearchFlags {
  set?: TestSetName;
  dir?: string;
  workers: number;
  seeds: number;
  resume?: boolean;
  queue?: string;
}

export type SolveFlags = SearchFlags & { file: string; replayOut?: string; explain?: boolean };

export interface BoardFlags {
  size: { width: number; height: number };
  colours: number;
  seed: number;
}

/** What `gridmind samegame solve`, `bench` and `board` do (samegame-action.ts). */
export interface SameGameActions {
  solveFile(flags: SolveFlags, command: Command): Promise<void>;
  bench(flags: BenchFlags, command: Command): Promise<void>;
  printBoard(flags: BoardFlags): void;
}

/** A parser for a number of seconds (decimals allowed) within bounds. */
function secondsIn(min: number, max: number): (text: string) => number {
  return optionParser((text) => {
    const value = Number(text);
    if (!/^\s*\d+(\.\d+)?\s*$/.test(text) || value < min || value > max) {
      throw new InputError(`"${text}" is not a number of seconds from ${min} to ${max}`);
    }
    return value;
  });
}

function addSearchOptions(command: Command, defaultSeconds: number): Command {
  command
    .option('--method <name>', `search method: ${SEARCH_METHODS.join(', ')}`, optionParser(parseSearchMethod), 'nrpa')
    .option('--time <seconds>', 'time budget per board', secondsIn(0.001, 86_400), defaultSeconds)
    .option('--nodes <n>', 'budget of nodes (moves played by the search) per board', integerIn(1, Number.MAX_SAFE_INTEGER))
    .option(
      '--rules <scoring>',
      'standard: (n-2)² +1000 when cleared; penalty: standard - (c-2)² per colour left; classic: n(n-1)',
      optionParser(parseScoring),
      'standard',
    )
    .option('--shift <side>', 'where empty columns close up: left (the standard game) or right', optionParser(parseShift), 'left')
    .option('--seed <n>', 'seed of the Monte-Carlo methods (and of a solver in code)', integerIn(0, MAX_SEED), 1)
    .option(
      '--solver <file>',
      'a solver in code (.js, .mjs, .ts, .mts: docs/own-agent.md) instead of --method; it gets the rules, --time, --nodes and --seed, and one second past --time it is stopped',
    );
  return addSettingOptions(command, SOLVE_SETTINGS);
}

export function registerSameGameCommands(program: Command, actions: () => Promise<SameGameActions>): Command {
  const samegame = program
    .command('samegame')
    .description('SameGame: solve boards with search methods, benchmark them, make random boards');

  addSearchOptions(
    samegame
      .command('solve')
      .description('solve one board file with a search method')
      .requiredOption('--file <file>', 'board file: rows of digits 0-8 (colours), top row first; "." for an empty cell'),
    10,
  )
    .option('--replay-out <file>', 'write the game found as a replay file, which `gridmind replay` plays again')
    .option(
      '--explain',
      "also show why: every first move with the heuristic's value of it and the games the search found through it (their number and best score), and the best score over time",
    )
    .option('--json', 'print JSON: {"score","cleared","moves":[[col,row],...],"nodes","ms",...}, with --explain also "explanation"')
    .addHelpText(
      'after',
      '\nA move names a cell of the group it removes: col from the left, row from the bottom, from 0, on the\n' +
        'board as it is before that move. Every run is stored in SQLite (GRIDMIND_DB); `gridmind samegame runs` lists them.',
    )
    .action(async (flags: SolveFlags, command: Command) => (await actions()).solveFile(flags, command));

  addSearchOptions(
    samegame
      .command('bench')
      .description('solve every board file (*.txt) of a directory or of a shipped test set, on worker threads')
      .option(
        '--set <name>',
        `a test set shipped with Gridmind: ${Object.keys(TEST_SETS).join(', ')} (the 20 positions of Schadd et al.)`,
        optionParser(parseTestSet),
      )
      .option('--dir <dir>', 'a directory of board files instead'),
    60,
  )
    .addOption(workersOption('worker threads (boards solved at once; not used with --queue)'))
    .option(
      '--seeds <k>',
      'searches per board, with seeds --seed … --seed + k - 1, run at once: the best is kept (--seeds 2 --workers 2: both cores on each board in turn)',
      integerIn(1, 64),
      1,
    )
    .addOption(queueOption('solve the boards'))
    .option('--resume', 'take the boards already solved with the same settings from the database, and solve only the others')
    .option('--json', 'print JSON: {"boards":[{"file","score","cleared","moves","nodes","ms"}],"total","penaltyTotal",...}')
    .addHelpText(
      'after',
      '\nEvery board is stored as soon as it is solved: after an interrupt, the same command with --resume solves only the rest.\n' +
        'With --queue, `gridmind worker --queue URL` processes on any machines solve the boards.',
    )
    .action(async (flags: BenchFlags, command: Command) => (await actions()).bench(flags, command));

  samegame
    .command('board')
    .description('print a random full board (a board file) from a seed')
    .addOption(
      new Option('--size <WxH>', 'columns x rows, 1-50 each')
        .argParser(optionParser(parseBoardSize))
        .default({ width: 15, height: 15 }, '15x15'),
    )
    .option('--colours <n>', `colours, ${MIN_COLOURS}-${MAX_COLOURS}`, integerIn(MIN_COLOURS, MAX_COLOURS), 5)
    .option('--seed <n>', 'seed', integerIn(0, MAX_SEED), 1)
    .action(async (flags: BoardFlags) => (await actions()).printBoard(flags));

  return samegame;
}
