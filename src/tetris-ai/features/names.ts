import { InputError } from '../../core/errors.ts';

/**
 * The names of the registered features, in the order `gridmind features` lists them: what agent files and
 * `gridmind tune --features` name. index.ts defines one feature of each name (its DEFINITIONS) and no other.
 */
export const FEATURE_NAMES = [
  'landingHeight',
  'erodedPieceCells',
  'completeLines',
  'rowTransitions',
  'columnTransitions',
  'holes',
  'cumulativeWells',
  'holeDepth',
  'rowsWithHoles',
  'patternDiversity',
  'heightRbf0',
  'heightRbf1',
  'heightRbf2',
  'heightRbf3',
  'heightRbf4',
  'unfitPieces',
  'aggregateHeight',
  'bumpiness',
  'emptyColumns',
  'maxHeight',
  'averageHeight',
  'heightRange',
  'heightDeviation',
  'overload',
  'weightedHeight',
  'aggregateHeightBeforeClear',
  'holesBeforeClear',
  'bumpinessBeforeClear',
] as const;
export type FeatureName = (typeof FEATURE_NAMES)[number];

/** `name` as a registered feature's name; an InputError listing the names when it is none of them. */
export function parseFeatureName(name: string): FeatureName {
  const found = FEATURE_NAMES.find((known) => known === name);
  if (found === undefined) throw new InputError(`unknown feature "${name}": use one of ${FEATURE_NAMES.join(', ')}`);
  return found;
}
