/**
 * An error caused by what a user gave us (a flag, a file, a name), not by a bug. Its message says what
 * is wrong and how to fix it; command-line entry points print it on one line and exit with status 2.
 */
export class InputError extends Error {
  override readonly name = 'InputError';
}
