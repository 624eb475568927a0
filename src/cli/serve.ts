import type { Command } from 'commander';
import { InputError } from '../core/errors.ts';
import { MAX_SEED } from '../core/prng.ts';
import { parseName } from '../core/names.ts';
import { PIECE_GENERATORS, type PieceGenerator } from '../aveiro/pieces.ts';
import { DEFAULT_RATE_LIMIT, DEFAULT_REPLAY_BUDGET } from '../server/rate-limit.ts';
import { ensureWebBuild, WEB_DIST } from '../server/web-build.ts';
import { openDatabaseToSave } from '../store/database.ts';
import { databasePath } from '../store/database-file.ts';
import { loadOutsideAgent, outsideAgentOf, type OutsideAgent } from '../tetris-ai/process-agent.ts';
import { agentMemoryOption, agentTimeLimitOption, agentCommandOption, integerIn, optionParser, print } from './options.ts';

const DEFAULT_PORT = 8000;
/** A client's burst, in seconds' worth of its rate (the default limit's own ratio). */
const RATE_BURST = DEFAULT_RATE_LIMIT.burst / DEFAULT_RATE_LIMIT.perSecond;

interface ServeFlags {
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

/** How long the server waits for the move of an agent in code or a program by default. */
const SERVED_AGENT_TIME_LIMIT = 1000;

export function registerServeCommand(program: Command): void {
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
      `replay inputs (Tetris keys and placements, SameGame moves) a second the server checks for one client address, in bursts of up to ${DEFAULT_REPLAY_BUDGET.burst.toLocaleString('en-US')} (past it: 429)`,
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
    .action((flags: ServeFlags) => serve(flags));
}

async function serve(flags: ServeFlags): Promise<void> {
  const port = flags.port ?? portFromEnvironment();
  if (flags.build) await ensureWebBuild((line) => print(line));
  if (flags.seed !== undefined && flags.seeds !== undefined) throw new InputError('give --seed or --seeds, not both');
  const db = openDatabaseToSave(); // a server whose scores could not be saved refuses to start, rather than answer 500 to each
  const { placeStoredScores } = await import('../server/stored-scores.ts');
  const { placed, left } = placeStoredScores(db);
  if (placed > 0) print(`moved ${placed} high scores stored before Gridmind kept every setting of a table to their tables`);
  if (left > 0) print(`${left} stored high scores could not be placed: they stay under "Settings not recorded"`);
  // The servers (ws, zod) load only when serving, so that `gridmind --help` starts fast.
  const [{ AveiroServer }, { startServer }] = await Promise.all([import('../aveiro/server.ts'), import('../server/server.ts')]);
  const { CodeAgentGames } = await import('../server/code-agent-games.ts');
  const agents: OutsideAgent[] = [
    ...flags.agent.map((file) => outsideAgentOf(file) ?? { module: file }), // a name of another kind: refused as a module that cannot be loaded
    ...flags.agentCommand.map((command) => ({ program: { command } })),
  ];
  const codeAgents = new CodeAgentGames(
    await Promise.all(agents.map((agent) => loadOutsideAgent(agent, flags.agentTimeLimit, flags.agentMemory))),
  );
  const aveiro = new AveiroServer({ db, seed: flags.seed, seeds: flags.seeds, pieces: flags.pieces, maxGames: flags.maxGames });
  let running;
  try {
    const rateLimit = { perSecond: flags.rateLimit, burst: flags.rateLimit * RATE_BURST };
    const replayBudget = { perSecond: flags.replayLimit, burst: DEFAULT_REPLAY_BUDGET.burst };
    running = await startServer({ port, host: flags.host, db, webRoot: WEB_DIST, aveiro, rateLimit, replayBudget, codeAgents });
  } catch (error) {
    db.close();
    throw listenFailure(error as NodeJS.ErrnoException, flags.host, port);
  }
  print(`Gridmind is running at ${running.url} (data: ${databasePath()}; Ctrl-C stops it)`);
  print(`Aveiro players: ${running.url.replace(/^http/, 'ws')}/player, viewers: /viewer`);
  const stop = async () => {
    await running.close();
    db.close();
    print('Gridmind stopped.');
    process.exit(0);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

function parseHost(text: string): string {
  if (text.trim() === '')
    throw new InputError("the address is empty: use localhost, 0.0.0.0 (every network) or one of this machine's addresses");
  return text.trim();
}

/** What to tell the user when the server cannot listen at `host`:`port` (the error itself when it is not their input). */
function listenFailure(error: NodeJS.ErrnoException, host: string, port: number): Error {
  switch (error.code) {
    case 'EADDRINUSE':
      return new InputError(`port ${port} is in use: stop what uses it, or pick another with --port or PORT`);
    case 'EACCES':
      return new InputError(`port ${port} needs special rights on this system: pick one from 1024 up with --port or PORT`);
    case 'EADDRNOTAVAIL':
      return new InputError(
        `--host ${host} is not an address of this machine: use localhost, 0.0.0.0 (every network) or one of this machine's addresses`,
      );
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
    case 'EAI_NONAME':
      return new InputError(
        `--host ${host} is neither an IP address nor a host name this machine can resolve: use localhost, 0.0.0.0 (every network) or one of this machine's addresses`,
      );
    default:
      // Any other refusal to listen (EINVAL: a link-local or multicast address, say) is about the address too.
      return error.syscall === 'listen'
        ? new InputError(
            `cannot listen at --host ${host}, port ${port} (${error.code}): use localhost, 0.0.0.0 (every network) or one of this machine's addresses`,
          )
        : error;
  }
}

function portFromEnvironment(): number {
  const text = process.env.PORT;
  if (text === undefined || text === '') return DEFAULT_PORT;
  const port = Number(text);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new InputError(`PORT=${text} is not a port number (0 to 65535)`);
  return port;
}
