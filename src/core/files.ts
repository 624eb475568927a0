import { accessSync, constants, existsSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
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

/**
 * Refuses an output file that `flag` names (`--out`, `--path`) if it is a folder or its folder cannot
 * take a file: checked before the work whose result it will hold, rather than after. `example` is a
 * file name to suggest inside a folder given by mistake.
 */
export function checkOutputFile(path: string, flag: string, example: string): void {
  if (existsSync(path) && statSync(path).isDirectory()) {
    throw new InputError(`${flag} ${path} is a folder: give a file name, such as ${join(path, example)}`);
  }
  try {
    accessSync(dirname(resolve(path)), constants.W_OK);
  } catch (error) {
    throw new InputError(`cannot write ${path}: ${(error as Error).message.replace(/^[A-Z]+: /, '')}; choose another ${flag}`);
  }
}
