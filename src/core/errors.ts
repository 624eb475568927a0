/**
 * An error caused by what a user gave us (a flag, a file, a name), not by a bug. Its message says what
 * is wrong and how to fix it; command-line entry points print it on one line and exit with status 2.
 */
export class InputError extends Error {
  override readonly name = 'InputError';
}

/**
 * A run that stopped for a reason outside its input (a job that failed elsewhere, a connection lost
 * for good), not a bug: its message says what happened and how to go on; command-line entry points
 * print it on one line and exit with status 1.
 */
export class RunFailure extends Error {
  override readonly name = 'RunFailure';
}

/** What a thrown value says: an Error's message, else the value as text (code may throw anything, even a BigInt or null). */
export function messageOf(thrown: unknown): string {
  const message: unknown = (thrown as Error | null | undefined)?.message;
  return typeof message === 'string' ? message : String(thrown);
}
