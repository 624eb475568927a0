import { AveiroServer } from '../aveiro/server.ts';
import { InputError } from '../core/errors.ts';
import { CodeAgentGames } from '../server/code-agent-games.ts';
import { DEFAULT_REPLAY_BUDGET } from '../server/rate-limit.ts';
import { startServer } from '../server/server.ts';
import { placeStoredScores } from '../server/stored-scores.ts';
import { ensureWebBuild, WEB_DIST } from '../server/web-build.ts';
import { openDatabaseToSave } from '../store/database.ts';
import { databasePath } from '../store/database-file.ts';
import { loadOutsideAgent, outsideAgentOf, type OutsideAgent } from '../tetris-ai/process-agent.ts';
import { print } from './options.ts';
import { DEFAULT_PORT, RATE_BURST, type ServeFlags } from './serve.ts';

export async function serve(flags: ServeFlags): Promise<void> {
  const port = flags.port ?? portFromEnvironment();
  if (flags.build) await ensureWebBuild((line) => print(line));
  if (flags.seed !== undefined && flags.seeds !== undefined) throw new InputError('give --seed or --seeds, not both');
  const db = openDatabaseToSave(); // a server whose scores could not be saved refuses to start, rather than answer 500 to each
  const { placed, left } = placeStoredScores(db);
  if (placed > 0) print(`moved ${placed} high scores stored before Gridmind kept every setting of a table to their tables`);
  if (left > 0) print(`${left} stored high scores could not be placed: they stay under "Settings not recorded"`);
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
