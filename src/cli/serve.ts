import type { Command } from 'commander';
import { InputError } from '../core/errors.ts';
import { startServer } from '../server/server.ts';
import { ensureWebBuild, WEB_DIST } from '../server/web-build.ts';
import { databasePath, openDatabase } from '../store/database.ts';
import { integerIn, print } from './options.ts';

const DEFAULT_PORT = 8000;

interface ServeFlags {
  port?: number;
  host: string;
  build: boolean;
}

export function registerServeCommand(program: Command): void {
  program
    .command('serve')
    .description('serve the web app and its API (what `npm start` runs); Ctrl-C stops it')
    .option('--port <n>', `port (default: $PORT, else ${DEFAULT_PORT})`, integerIn(0, 65535))
    .option('--host <address>', 'address to listen on', 'localhost')
    .option('--no-build', 'serve the existing build without checking that it is up to date')
    .action((flags: ServeFlags) => serve(flags));
}

async function serve(flags: ServeFlags): Promise<void> {
  const port = flags.port ?? portFromEnvironment();
  if (flags.build) await ensureWebBuild((line) => print(line));
  const db = openDatabase();
  let running;
  try {
    running = await startServer({ port, host: flags.host, db, webRoot: WEB_DIST });
  } catch (error) {
    db.close();
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE') throw new InputError(`port ${port} is in use: stop what uses it, or pick another with --port or PORT`);
    throw error;
  }
  print(`Gridmind is running at ${running.url} (data: ${databasePath()}; Ctrl-C stops it)`);
  const stop = async () => {
    await running.close();
    db.close();
    print('Gridmind stopped.');
    process.exit(0);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

function portFromEnvironment(): number {
  const text = process.env.PORT;
  if (text === undefined || text === '') return DEFAULT_PORT;
  const port = Number(text);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new InputError(`PORT=${text} is not a port number (0 to 65535)`);
  return port;
}
