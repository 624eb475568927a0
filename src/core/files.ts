import { renameSync, rmSync, writeFileSync } from 'node:fs';
import { InputError } from './errors.ts';

/** Writes a file whole or not at all: the text goes to a temporary file beside it, then is renamed over it. */
export function writeFileAtomically(path: string, text: string): void {
  const temporary = `${path}.${process.pid}.tmp`;
  try {
    writeFileSync(temporary, text);
    renameSync(temporary, path);
  } catch (error) {
    rmSync(temporary, { force: true });
    throw new InputError(`cannot write ${path}: ${(error as Error).message.replace(/^[A-Z]+: /, '')}`);
  }
}
