import { z } from 'zod';
import { extraFieldsSaying, readWith, saying, wholeNumberIn } from '../core/schemas.ts';
import { MAX_HEIGHT } from '../tetris/board.ts';
import { MAX_LOOKAHEAD } from './agent-limits.ts';
import { FEATURE_NAMES } from './features/names.ts';
import type { Sense, Weights } from './evaluator.ts';

/**
 * How an agent picks a placement, beyond its evaluator.
 * - `lookahead`: extra pieces of the preview to search (0 = greedy over the current piece, at most 3).
 * - `beam`: with lookahead, keep only the best `beam` placements of each piece before looking deeper.
 * - `unknownPieces`: 1 to value the last searched piece's placements with the piece after it, taken
 *   as unknown: the best placement of each of the 7 shapes, averaged (an expectimax step, the research
 *   protocol's pieces being equally likely), added under `sum`, the whole value under `last`; 0 for
 *   none. Left out of the spec when 0, so that agents without it keep their stored games' keys.
 * - `unknownPiecesAbove`: with `unknownPieces`, weigh the unknown piece only on turns when the highest
 *   column is above this height (a board in danger), and play as without it below; left out: on every turn.
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
  readonly unknownPieces?: number;
  readonly unknownPiecesAbove?: number;
}

/** How equally valued placements are told apart (see {@link PolicySpec}). */
export type TieBreak = 'first' | 'fewest-moves';

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

const TIE_BREAKS = ['first', 'fewest-moves'] as const satisfies readonly TieBreak[];
/** Former spellings of `policy.tieBreak` values, still read: agent files written before the rename keep working. */
const TIE_BREAK_ALIASES = { s4: 'fewest-moves' } as const satisfies Record<string, TieBreak>;

/** The quoted names of a list, for messages: `"a", "b"`. */
const quoted = (names: readonly string[]) => names.map((name) => `"${name}"`).join(', ');

/** An object's field written as messages name it: `"policy.beam"`. */
const fieldName = (path: readonly (string | number)[]) => `"${path.join('.')}"`;

/**
 * An object that holds only the given fields; `unknown` says what an extra field is called in messages
 * (`unknown policy field "greed": use …`), and a value that is no object is `what` "must be a JSON object".
 */
function fieldsOnly<Shape extends z.ZodRawShape>(shape: Shape, what: string, unknown: string) {
  const listed = Object.keys(shape).filter((field) => !field.startsWith('$'));
  return z.strictObject(
    shape,
    extraFieldsSaying(
      (extra) => `${unknown}${extra.length > 1 ? 's' : ''} ${quoted(extra)}: use ${listed.join(', ')}`,
      `${what} must be a JSON object`,
    ),
  );
}

const text = (field: string, description: string) =>
  z
    .string(saying(`"${field}" must be a non-empty string`))
    .regex(/\S/)
    .describe(description);

const wholeNumber = (field: string, min: number, max: number) =>
  wholeNumberIn(min, max, () => `"${field}" must be a whole number from ${min} to ${max}`);

const choice = <const Options extends [string, ...string[]]>(field: string, options: Options) =>
  z.enum(options, saying(`"${field}" must be one of ${quoted(options)}`));

const FEATURE_LIST_MESSAGE = '"features" must be a non-empty list of feature names';

const featureName = z.enum(FEATURE_NAMES, {
  errorMap: (issue) => ({
    message:
      issue.code === 'invalid_enum_value'
        ? `unknown feature "${String(issue.received)}": use one of ${FEATURE_NAMES.join(', ')}`
        : FEATURE_LIST_MESSAGE,
  }),
});

/** A weight per feature; that they are the features the file lists is checked with the whole file. */
const weights = z
  .record(
    featureName,
    z
      .number({
        errorMap: (issue) => ({
          message: `${fieldName(issue.path.slice(0, -1))}: the weight of "${String(issue.path.at(-1))}" must be a ${issue.code === 'not_finite' ? 'finite ' : ''}number`,
        }),
      })
      .finite(),
    { errorMap: (issue) => ({ message: `${fieldName(issue.path)} must be a JSON object` }) },
  )
  .describe('a weight (a number) for each feature of "features", and for no other');

const policy = fieldsOnly(
  {
    lookahead: wholeNumber('lookahead', 0, MAX_LOOKAHEAD)
      .default(0)
      .describe('extra pieces of the preview to search: 0 is greedy over the current piece'),
    beam: z
      .number(saying('"policy.beam" must be a whole number of at least 1, or null'))
      .int()
      .min(1)
      .nullable()
      .default(null)
      .describe('with lookahead, the best placements of each piece kept before looking deeper (null: all)'),
    combine: choice('combine', ['sum', 'last'])
      .default('sum')
      .describe("a sequence's value: the sum of its placements' values, or the value of its last"),
    tieBreak: z
      .enum(
        [...TIE_BREAKS, ...(Object.keys(TIE_BREAK_ALIASES) as (keyof typeof TIE_BREAK_ALIASES)[])],
        saying(`"tieBreak" must be one of ${quoted(TIE_BREAKS)}`),
      )
      .transform((name): TieBreak =>
        name in TIE_BREAK_ALIASES ? TIE_BREAK_ALIASES[name as keyof typeof TIE_BREAK_ALIASES] : (name as TieBreak),
      )
      .default('first')
      .describe('equally valued placements: the first generated, or the one of fewest moves ("s4" is its former name)'),
    rejectOvershoot: z
      .boolean(saying('"policy.rejectOvershoot" must be true or false'))
      .default(false)
      .describe('under rules with a target score, refuse placements that would pass it'),
    unknownPieces: wholeNumber('unknownPieces', 0, 1)
      .optional()
      .describe(
        "1: value the last searched piece's placements with the piece after it, taken as unknown, each of the 7 shapes' best placement averaged (expectimax); 0: none",
      ),
    unknownPiecesAbove: wholeNumber('unknownPiecesAbove', 0, MAX_HEIGHT)
      .optional()
      .describe(
        'with unknownPieces 1, weigh the unknown piece only on turns when the highest column is above this height (left out: every turn)',
      ),
  },
  '"policy"',
  'unknown policy field',
);

/**
 * An agent file: what {@link parseAgentSpec} reads. Every limit and message is here; the file's
 * published JSON Schema (`schema/agent.schema.json`, `npm run agent-schema`) is made from it.
 */
export const agentFileSchema = fieldsOnly(
  {
    $schema: z
      .string(
        saying('"$schema" must be text: the path or address of the agent schema, such as node_modules/gridmind/schema/agent.schema.json'),
      )
      .optional()
      .describe('the JSON Schema of agent files, for editors; the loader ignores it'),
    name: text('name', "the agent's name in results"),
    description: text('description', 'what the agent does, in a sentence'),
    source: text('source', 'where its method and weights come from'),
    sense: choice('sense', ['maximize', 'minimize'])
      .default('maximize')
      .describe('whether the best placement has the highest or the lowest value'),
    features: z
      .array(featureName, saying(FEATURE_LIST_MESSAGE))
      .min(1)
      .describe('the features the agent weighs, each once (gridmind agents --features lists them)'),
    weights,
    despair: fieldsOnly(
      {
        maxHeightAbove: wholeNumber('maxHeightAbove', 0, MAX_HEIGHT).describe('despair while the highest column is above this height'),
        weights,
      },
      '"despair"',
      'unknown despair field',
    )
      .optional()
      .describe('other weights while the highest column is above a height'),
    policy: policy.default({}).describe('how the agent picks a placement, beyond its weights'),
  },
  'the file',
  'unknown field',
)
  .superRefine((file, context) => {
    const problem = (message: string) => context.addIssue({ code: 'custom', message });
    if (new Set(file.features).size !== file.features.length) return problem('"features" lists a feature twice');
    if (file.policy.unknownPiecesAbove !== undefined && file.policy.unknownPieces !== 1)
      return problem('"policy.unknownPiecesAbove" says when to weigh the unknown piece: it needs "policy.unknownPieces": 1');
    const weighted: [string, Weights][] = [['"weights"', file.weights]];
    if (file.despair !== undefined) weighted.push(['"despair.weights"', file.despair.weights]);
    for (const [field, weights] of weighted) {
      const missing = file.features.find((name) => weights[name] === undefined);
      if (missing !== undefined) return problem(`${field} has no weight for feature "${missing}"`);
      const extra = Object.keys(weights).find((name) => !file.features.some((feature) => feature === name));
      if (extra !== undefined) return problem(`${field} weighs "${extra}", which is not in "features"`);
    }
  })
  .transform(({ name, description, source, sense, features, weights, despair, policy }): AgentSpec => {
    // In the order of "features", whatever the file's: the same agent is the same JSON, and so the same stored-game key.
    const inFeatureOrder = (weighed: Weights): Weights => Object.fromEntries(features.map((feature) => [feature, weighed[feature]]));
    return {
      name,
      description,
      source,
      sense,
      features,
      weights: inFeatureOrder(weights),
      despair: despair === undefined ? null : { maxHeightAbove: despair.maxHeightAbove, weights: inFeatureOrder(despair.weights) },
      policy: withoutNone(policy),
    };
  });

/** The policy with `unknownPieces` left out when it is 0 (see {@link PolicySpec}). */
function withoutNone({ unknownPieces, unknownPiecesAbove, ...policy }: PolicySpec): PolicySpec {
  if (unknownPieces === undefined || unknownPieces === 0) return policy;
  return { ...policy, unknownPieces, ...(unknownPiecesAbove !== undefined && { unknownPiecesAbove }) };
}

/**
 * Checks an agent definition read from JSON. `origin` (a file name or agent name) starts every
 * error message, which names the faulty field and says what is expected.
 */
export function parseAgentSpec(value: unknown, origin: string): AgentSpec {
  return readWith(agentFileSchema, value, (issue) => `agent ${origin}: ${issue.message}`);
}

/** The agent with another search depth (`--lookahead`), or as it is when none is given. */
export function withLookahead(spec: AgentSpec, lookahead: number | undefined): AgentSpec {
  return lookahead === undefined ? spec : { ...spec, policy: { ...spec.policy, lookahead } };
}
