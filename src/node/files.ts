import { accessSync, constants, existsSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { InputError } from '../core/errors.ts';

/** Writes a file whole or not at all: the text goes to a temporary file beside it, then is renamed over it. */
export function writeFileAtomically(path: string, text: string): void {
  const temporary = `${path}.${process.pid}.tmp`;
  try {
    writeFileSync(temporary, text);
    renameSync(temporary, path);
  } catch (error) {
    rmSync(temporary, { force: true });
    throw new InputError(`cannot write ${path}: ${fileProblem(error)}`);
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
    throw new InputError(`cannot write ${path}: ${fileProblem(error)}; choose another ${flag}`);
  }
}

/**
 * What went wrong with a file or folder, in a user's words: Node's message without its error code, the
 * system call and the path it repeats ("no such file or directory"), or a plainer phrase for a folder
 * given as a file and the other way round.
 */
export function fileProblem(error: unknown): string {
  const { code, message } = error as NodeJS.ErrnoException;
  if (code === 'EISDIR') return 'it is a folder, not a file';
  if (code === 'ENOTDIR') return 'it is not a folder';
  return message.replace(/^[A-Z]+: /, '').replace(/, \w+ '.*'$/, '');
}
