import { CommanderError } from 'commander';
import { InputError, RunFailure } from '../core/errors.ts';
import { lockedDatabaseFailure } from '../store/database-file.ts';
import { createProgram } from './program.ts';

/** Exit status for bad input (a flag, a file, a name): the message says what to change. */
const EXIT_BAD_INPUT = 2;
/** Exit status for a run stopped by something outside its input (see RunFailure). */
const EXIT_RUN_FAILED = 1;

const program = createProgram();

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
