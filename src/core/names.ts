import { InputError } from './errors.ts';

/** Reads one of a fixed list of names (any case, spaces trimmed); anything else is an InputError listing the choices. */
export function parseName<T extends string>(names: readonly T[], kind: string, text: string): T {
  const name = text.trim().toLowerCase();
  const found = names.find((candidate) => candidate === name);
  if (found === undefined) throw new InputError(`unknown ${kind} "${text}": use one of ${names.join(', ')}`);
  return found;
}
