import { InvalidArgumentError } from 'commander';
import { InputError } from '../core/errors.ts';

/** Wraps a parser so that its InputError becomes commander's one-line "argument is invalid" report. */
export function optionParser<T>(parse: (text: string) => T): (text: string) => T {
  return (text) => {
    try {
      return parse(text);
    } catch (error) {
      if (error instanceof InputError) throw new InvalidArgumentError(error.message);
      throw error;
    }
  };
}

/** Reads a whole number within bounds, for numeric flags. */
export function integerIn(min: number, max: number): (text: string) => number {
  return optionParser((text) => {
    const value = Number(text);
    if (!/^-?\d+$/.test(text.trim()) || !Number.isSafeInteger(value) || value < min || value > max) {
      throw new InputError(`"${text}" is not a whole number from ${min} to ${max}`);
    }
    return value;
  });
}
