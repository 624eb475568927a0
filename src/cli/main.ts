import { Command, CommanderError } from 'commander';
import { InputError, RunFailure } from '../core/errors.ts';
import { GRIDMIND_VERSION } from '../core/version.ts';
import { lockedDatabaseFailure } from '../store/database.ts';
import { registerAgentCommands } from './agents.ts';
import { registerBenchCommands } from './bench.ts';
import { registerClientCommand } from './client.ts';
import { registerRunsCommands } from './runs.ts';
import { registerSameGameCommands } from './samegame.ts';
import { registerEnvCommand } from './env.ts';
import { registerExplainCommand } from './explain.ts';
import { registerQueueCommands } from './queue.ts';
import { registerReplayCommand } from './replay.ts';
import { registerServeCommand } from './serve.ts';
import { registerTetrisCommands } from './tetris.ts';
import { registerTuneCommands } from './tune.ts';
import { registerWorkerCommand } from './worker.ts';

/** Exit status for bad input (a flag, a file, a name): the message says what to change. */
const EXIT_BAD_INPUT = 2;
/** Exit status for a run stopped by something outside its input (see RunFailure). */
const EXIT_RUN_FAILED = 1;

const program = new Command('gridmind')
  .description('Gridmind: search-based AI for grid puzzle games (Tetris, SameGame)')
  .version(GRIDMIND_VERSION)
  .exitOverride()
  .configureOutput({ outputError: (message, write) => write(`gridmind: ${message}`) })
  .showSuggestionAfterError();

registerTetrisCommands(program);
registerAgentCommands(program);
registerExplainCommand(program);
registerBenchCommands(program);
registerRunsCommands(program, registerSameGameCommands(program));
registerServeCommand(program);
registerClientCommand(program);
registerTuneCommands(program);
registerWorkerCommand(program);
registerQueueCommands(program);
registerEnvCommand(program);
registerReplayCommand(program);

// Output piped into a reader that stopped early (`gridmind runs | head`): stop quietly, as Unix tools do.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code !== 'EPIPE') throw error;
  process.exit(0);
});

try {
  await program.parseAsync(process.argv);
} catch (thrown) {
  const error = lockedDatabaseFailure(thrown) ?? thrown;
  if (error instanceof CommanderError) {
    process.exitCode = error.exitCode === 0 ? 0 : EXIT_BAD_INPUT;
  } else if (error instanceof InputError || error instanceof RunFailure) {
    process.stderr.write(`gridmind: error: ${error.message}\n`);
    process.exitCode = error instanceof InputError ? EXIT_BAD_INPUT : EXIT_RUN_FAILED;
  } else {
    throw error;
  }
}
