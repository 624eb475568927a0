import { InputError } from './errors.ts';

/**
 * Reads a size written `WIDTHxHEIGHT` (`x` or `×`, any case, spaces around the numbers allowed), such as
 * `example`, which the message for anything else shows. Each game checks the numbers against its limits.
 */
export function parseWidthByHeight(text: string, example: string): { width: number; height: number } {
  const match = /^\s*(\d+)\s*[x×]\s*(\d+)\s*$/i.exec(text);
  if (!match) throw new InputError(`bad board size "${text}": write WIDTHxHEIGHT, for example ${example}`);
  return { width: Number(match[1]), height: Number(match[2]) };
}
