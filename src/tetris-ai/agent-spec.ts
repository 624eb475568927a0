import { InputError } from '../core/errors.ts';
import { FEATURES } from './features/index.ts';
import type { Sense, Weights } from './evaluator.ts';

/**
 * How an agent picks a placement, beyond its evaluator.
 * - `lookahead`: extra pieces of the preview to search (0 = greedy over the current piece, at most 3).
 * - `beam`: with lookahead, keep only the best `beam` placements of each piece before looking deeper.
 * - `combine`: a sequence's value is the `sum` of its placements' values (as the `lookahead` agent
 *   counts it) or the value of its `last` placement (the board after every known piece is placed).
 * - `tieBreak`: `first` keeps the first best placement in generation order (rotation by rotation,
 *   columns left to right); `fewest-moves` prefers the fewest key presses to reach it, a sideways
 *   move counting 100 and a turn 1, + 10 when the piece ends in the left half (lowest first).
 * - `rejectOvershoot`: under rules with a target score, refuse placements that would pass it.
 */
export interface PolicySpec {
  readonly lookahead: number;
  readonly beam: number | null;
  readonly combine: 'sum' | 'last';
  readonly tieBreak: TieBreak;
  readonly rejectOvershoot: boolean;
}

/** How equally valued placements are told apart (see {@link PolicySpec}). */
export type TieBreak = 'first' | 'fewest-moves';

/** Former spellings of `policy.tieBreak` values, still read: agent files written before the rename keep working. */
const TIE_BREAK_ALIASES: ReadonlyMap<unknown, TieBreak> = new Map([['s4', 'fewest-moves']]);

/** Despair mode: other weights while the highest column is above a threshold. */
export interface DespairSpec {
  readonly maxHeightAbove: number;
  readonly weights: Weights;
}

/** An agent as data: what the JSON files in `agents/` hold. */
export interface AgentSpec {
  readonly name: string;
  readonly description: string;
  readonly source: string;
  readonly sense: Sense;
  readonly features: readonly string[];
  readonly weights: Weights;
  readonly despair: DespairSpec | null;
  readonly policy: PolicySpec;
}

export const MAX_LOOKAHEAD = 3;

const DEFAULT_POLICY: PolicySpec = { lookahead: 0, beam: null, combine: 'sum', tieBreak: 'first', rejectOvershoot: false };

type Json = Record<string, unknown>;

/**
 * Checks an agent definition read from JSON. `origin` (a file name or agent name) starts every
 * error message, which names the faulty field and says what is expected.
 */
export function parseAgentSpec(value: unknown, origin: string): AgentSpec {
  const fail = (message: string): never => {
    throw new InputError(`agent ${origin}: ${message}`);
  };
  const object = (field: string, candidate: unknown): Json => {
    if (typeof candidate !== 'object' || candidate === null || Array.isArray(candidate)) fail(`${field} must be a JSON object`);
    return candidate as Json;
  };
  const text = (json: Json, field: string, fallback?: string): string => {
    const candidate = json[field] ?? fallback;
    if (typeof candidate !== 'string' || candidate.trim() === '') return fail(`"${field}" must be a non-empty string`);
    return candidate;
  };
  const integer = (json: Json, field: string, min: number, max: number, fallback: number): number => {
    const candidate = json[field] ?? fallback;
    if (typeof candidate !== 'number' || !Number.isInteger(candidate) || candidate < min || candidate > max) {
      return fail(`"${field}" must be a whole number from ${min} to ${max}`);
    }
    return candidate;
  };
  const choice = <T extends string>(json: Json, field: string, options: readonly T[], fallback: T): T => {
    const candidate = json[field] ?? fallback;
    if (!options.includes(candidate as T)) return fail(`"${field}" must be one of ${options.map((o) => `"${o}"`).join(', ')}`);
    return candidate as T;
  };

  const json = object('the file', value);
  const known = new Set(['name', 'description', 'source', 'sense', 'features', 'weights', 'despair', 'policy']);
  for (const field of Object.keys(json)) if (!known.has(field)) fail(`unknown field "${field}": use ${[...known].join(', ')}`);

  const features = json.features;
  if (!Array.isArray(features) || features.length === 0 || features.some((name) => typeof name !== 'string')) {
    fail('"features" must be a non-empty list of feature names');
  }
  const featureNames = features as string[];
  for (const name of featureNames) {
    if (!(name in FEATURES)) fail(`unknown feature "${name}": use one of ${Object.keys(FEATURES).join(', ')}`);
  }
  if (new Set(featureNames).size !== featureNames.length) fail('"features" lists a feature twice');

  const weightsOf = (field: string, candidate: unknown): Weights => {
    const weights = object(field, candidate);
    for (const name of featureNames) {
      const weight = weights[name];
      if (weight === undefined) fail(`${field} has no weight for feature "${name}"`);
      if (typeof weight !== 'number' || !Number.isFinite(weight)) fail(`${field}: the weight of "${name}" must be a number`);
    }
    for (const name of Object.keys(weights)) {
      if (!featureNames.includes(name)) fail(`${field} weighs "${name}", which is not in "features"`);
    }
    return Object.fromEntries(featureNames.map((name) => [name, weights[name] as number]));
  };

  let despair: DespairSpec | null = null;
  if (json.despair !== undefined) {
    const spec = object('"despair"', json.despair);
    despair = { maxHeightAbove: integer(spec, 'maxHeightAbove', 0, 64, -1), weights: weightsOf('"despair.weights"', spec.weights) };
  }

  const policyJson = json.policy === undefined ? {} : object('"policy"', json.policy);
  const policyFields = Object.keys(DEFAULT_POLICY);
  for (const field of Object.keys(policyJson)) {
    if (!policyFields.includes(field)) fail(`unknown policy field "${field}": use ${policyFields.join(', ')}`);
  }
  const policy = { ...policyJson, tieBreak: TIE_BREAK_ALIASES.get(policyJson.tieBreak) ?? policyJson.tieBreak };
  const beam = policyJson.beam ?? null;
  if (beam !== null && (typeof beam !== 'number' || !Number.isInteger(beam) || beam < 1))
    fail('"policy.beam" must be a whole number of at least 1, or null');
  if (typeof (policyJson.rejectOvershoot ?? false) !== 'boolean') fail('"policy.rejectOvershoot" must be true or false');

  return {
    name: text(json, 'name'),
    description: text(json, 'description'),
    source: text(json, 'source'),
    sense: choice(json, 'sense', ['maximize', 'minimize'] as const, 'maximize'),
    features: featureNames,
    weights: weightsOf('"weights"', json.weights),
    despair,
    policy: {
      lookahead: integer(policyJson, 'lookahead', 0, MAX_LOOKAHEAD, DEFAULT_POLICY.lookahead),
      beam: beam as number | null,
      combine: choice(policyJson, 'combine', ['sum', 'last'] as const, DEFAULT_POLICY.combine),
      tieBreak: choice(policy, 'tieBreak', ['first', 'fewest-moves'] as const, DEFAULT_POLICY.tieBreak),
      rejectOvershoot: (policyJson.rejectOvershoot as boolean | undefined) ?? DEFAULT_POLICY.rejectOvershoot,
    },
  };
}

/** The agent with another search depth (`--lookahead`), or as it is when none is given. */
export function withLookahead(spec: AgentSpec, lookahead: number | undefined): AgentSpec {
  return lookahead === undefined ? spec : { ...spec, policy: { ...spec.policy, lookahead } };
}
