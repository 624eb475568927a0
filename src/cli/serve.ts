import type { Command } from 'commander';
import { PIECE_GENERATORS, type PieceGenerator } from '../aveiro/pieces.ts';
import { InputError } from '../core/errors.ts';
import { parseName } from '../core/names.ts';
import { MAX_SEED } from '../core/prng.ts';
import { DEFAULT_RATE_LIMIT, DEFAULT_REPLAY_BUDGET } from '../server/rate-limit.ts';
import { agentMemoryOption, agentTimeLimitOption, agentCommandOption, integerIn, optionParser } from './options.ts';

/** The port `serve` listens at when neither --port nor $PORT is given. */
export const DEFAULT_PORT = 8000;
/** A client's burst, in seconds' worth of its rate (the default limit's own ratio). */
export const RATE_BURST = DEFAULT_RATE_LIMIT.burst / DEFAULT_RATE_LIMIT.perSecond;

export interface ServeFlags {
  port?: number;
  host: string;
  build: boolean;
  seed?: number;
  seeds?: number;
  pieces: PieceGenerator;
  rateLimit: number;
  replayLimit: number;
  maxGames: number;
  agent: string[];
  agentCommand: string[];
  agentTimeLimit: number;
  agentMemory: number;
}

/**
 * A whole number with its thousands set apart by commas, as `toLocaleString('en-US')` writes it, for
 * the help: toLocaleString would set up Intl's locale data at every start of the command.
 */
const withCommas = (n: number) => String(n).replace(/\B(?=(\d{3})+$)/g, ',');

/** How long the server waits for the move of an agent in code or a program by default. */
const SERVED_AGENT_TIME_LIMIT = 1000;

/** What `gridmind serve` does (serve-action.ts). */
export interface ServeActions {
  serve(flags: ServeFlags): Promise<void>;
}

export function registerServeCommand(program: Command, actions: () => Promise<ServeActions>): void {
  program
    .command('serve')
    .description('serve the web app and its API (what `npm start` runs); Ctrl-C stops it')
    .option('--port <n>', `port (default: $PORT, else ${DEFAULT_PORT})`, integerIn(0, 65535))
    .option('--host <address>', 'address to listen on (0.0.0.0: every network)', optionParser(parseHost), 'localhost')
    .option('--no-build', 'serve the existing build without checking that it is up to date')
    .option('--seed <n>', 'Aveiro games: every game gets the pieces of this seed (as the original --seed)', integerIn(0, MAX_SEED))
    .option('--seeds <n>', 'Aveiro games: game k (from 0, in start order) gets the pieces of seed n + k', integerIn(0, 2 ** 40))
    .option(
      '--pieces <generator>',
      "Aveiro games: how a seed deals pieces: gridmind, or course (exactly the pieces the course's Python server deals for that seed; it ignores --seed 0)",
      optionParser((text) => parseName(PIECE_GENERATORS, 'piece generator', text)),
      'gridmind',
    )
    .option('--max-games <n>', 'Aveiro games running at once; later players wait their turn', integerIn(1, 10_000), 256)
    .option(
      '--rate-limit <n>',
      `API requests a second one client address may make, in bursts of up to ${RATE_BURST}× that (past it: 429)`,
      integerIn(1, 1_000_000),
      DEFAULT_RATE_LIMIT.perSecond,
    )
    .option(
      '--replay-limit <n>',
      `replay inputs (Tetris keys and placements, SameGame moves) a second the server checks for one client address, in bursts of up to ${withCommas(DEFAULT_REPLAY_BUDGET.burst)} (past it: 429)`,
      integerIn(1, 1_000_000_000),
      DEFAULT_REPLAY_BUDGET.perSecond,
    )
    .option(
      '--agent <file>',
      'an agent in code (.js, .mjs, .ts, .mts) or a Python program (.py: docs/own-agent.md) the web app offers to play, watch and duel; repeat for more',
      (file: string, files: string[]) => [...files, file],
      [] as string[],
    )
    .addOption(agentCommandOption('--agent-command <command>', 'an agent the web app offers as it does --agent; repeat for more', true))
    .addOption(agentTimeLimitOption(SERVED_AGENT_TIME_LIMIT))
    .addOption(agentMemoryOption())
    .addHelpText('after', '\nThe Aveiro course protocol is served beside the app: players at ws://HOST:PORT/player, spectators at /viewer.')
    .action(async (flags: ServeFlags) => (await actions()).serve(flags));
}

function parseHost(text: string): string {
  if (text.trim() === '')
    throw new InputError("the address is empty: use localhost, 0.0.0.0 (every network) or one of this machine's addresses");
  return text.trim();
}
