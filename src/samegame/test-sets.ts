import { fileURLToPath } from 'node:url';
import { InputError } from '../core/errors.ts';
import type { TestSetName } from './rules/replay-log.ts';

/**
 * The SameGame test sets shipped in the package (`data/samegame/`), by name. `standard`: the twenty
 * 15 × 15, five-colour positions of Schadd et al. (2008), on which SameGame programs are compared
 * (`data/samegame/README.md` gives their format, rules and sources).
 */
export const TEST_SETS: Readonly<Record<TestSetName, string>> = {
  standard: fileURLToPath(new URL('../../data/samegame/standard/', import.meta.url)),
};

export type { TestSetName };

export function parseTestSet(text: string): TestSetName {
  if (Object.hasOwn(TEST_SETS, text)) return text as TestSetName;
  throw new InputError(`there is no SameGame test set "${text}": the sets are ${Object.keys(TEST_SETS).join(', ')}`);
}
