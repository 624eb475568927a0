import { describe, expect, it } from 'vitest';
import { TetrisAgent, type Chooser, type TurnState } from '../../src/tetris-ai/agent.ts';
import type { AgentSpec, PolicySpec } from '../../src/tetris-ai/agent-spec.ts';
import { builtInAgentNames, loadAgentSpec } from '../../src/tetris-ai/agent-files.ts';
import type { Explanation } from '../../src/tetris-ai/explanation.ts';
import { placementMode, playGameWith, type PlayOptions } from '../../src/tetris-ai/play.ts';
import type { RuleSetName } from '../../src/tetris/rules.ts';

/** A chooser that plays the agent's choices and, for each piece, compares them with a second instance's explanation. */
class ExplainedAgent implements Chooser {
  pieces = 0;
  readonly mismatches: string[] = [];
  readonly explanations: Explanation[] = [];

  constructor(
    private readonly agent: TetrisAgent,
    private readonly explainer: TetrisAgent,
  ) {}

  choose(state: TurnState) {
    const explanation = this.explainer.explain(state);
    const choice = this.agent.choose(state);
    const chosen = explanation.candidates.filter((candidate) => candidate.chosen);
    const [first] = explanation.candidates;
    const said = first && [first.rotation, first.x, first.y, first.total];
    const played = choice && [choice.rotation, choice.x, choice.y, choice.value];
    if (chosen.length !== (choice === null ? 0 : 1) || JSON.stringify(said ?? null) !== JSON.stringify(played))
      this.mismatches.push(`piece ${this.pieces}: explained ${JSON.stringify(said)}, played ${JSON.stringify(played)}`);
    this.pieces++;
    this.explanations.push(explanation);
    return choice;
  }
}

/** Whole games of the agent (seeds 1, 2, …) until at least `pieces` pieces are played, every choice checked against its explanation. */
function explainGames(spec: AgentSpec, rules: RuleSetName, pieces: number, options: Partial<PlayOptions> = {}) {
  let explained: ExplainedAgent | null = null;
  let total = 0;
  const mismatches: string[] = [];
  const explanations: Explanation[] = [];
  for (let seed = 1; total < pieces; seed++) {
    const result = playGameWith(
      (game) => {
        const make = () => new TetrisAgent(spec, game.board.width, game.board.height, game.system, placementMode(game));
        explained = new ExplainedAgent(make(), make());
        return explained;
      },
      { rules, width: 6, height: 10, seed, preview: 1, maxPieces: null, ...options },
    );
    expect(result.outcome, `seed ${seed}`).not.toBe('agent-fault');
    total += result.pieces;
    const agent = explained as unknown as ExplainedAgent;
    mismatches.push(...agent.mismatches.map((text) => `seed ${seed}, ${text}`));
    explanations.push(...agent.explanations);
  }
  return { pieces: total, mismatches, explanations };
}

const withPolicy = (spec: AgentSpec, policy: Partial<PolicySpec>, suffix: string): AgentSpec => ({
  ...spec,
  name: `${spec.name}${suffix}`,
  policy: { ...spec.policy, ...policy },
});

/** Every built-in agent as it is, and with one piece of lookahead (the two-piece policy) when it has none. */
const POLICIES: [string, AgentSpec, RuleSetName][] = builtInAgentNames().flatMap((name): [string, AgentSpec, RuleSetName][] => {
  const spec = loadAgentSpec(name);
  const rules: RuleSetName = spec.policy.rejectOvershoot ? 'target' : 'research';
  const twoPiece = spec.policy.lookahead === 0 ? [withPolicy(spec, { lookahead: 1 }, ' (two-piece)')] : [];
  return [spec, ...twoPiece].map((variant) => [variant.name, variant, rules]);
});
// The policies' other choices: a beam over the lookahead, and a line valued by its last placement.
POLICIES.push(
  ['lookahead (beam 3)', withPolicy(loadAgentSpec('lookahead'), { beam: 3 }, ' (beam 3)'), 'research'],
  ['bcts (two-piece, last)', withPolicy(loadAgentSpec('bcts'), { lookahead: 1, combine: 'last' }, ' (two-piece, last)'), 'research'],
  ['target (three-piece, beam 2)', withPolicy(loadAgentSpec('target'), { lookahead: 2, beam: 2 }, ' (three-piece, beam 2)'), 'target'],
  // The unknown piece weighed after the known ones: with a beam, alone or after a lookahead.
  [
    'dellacherie (unknown piece, beam 2)',
    withPolicy(loadAgentSpec('dellacherie'), { unknownPieces: 1, beam: 2 }, ' (unknown piece, beam 2)'),
    'research',
  ],
  [
    'bcts (two-piece and the unknown one, beam 3)',
    withPolicy(loadAgentSpec('bcts'), { lookahead: 1, unknownPieces: 1, beam: 3 }, ' (two-piece and the unknown one, beam 3)'),
    'research',
  ],
  [
    'dellacherie (unknown piece above height 4, beam 2)',
    withPolicy(
      loadAgentSpec('dellacherie'),
      { unknownPieces: 1, unknownPiecesAbove: 4, beam: 2 },
      ' (unknown piece above height 4, beam 2)',
    ),
    'research',
  ],
);

describe('explanations of every built-in agent', () => {
  it.each(POLICIES)(
    '%s: the chosen candidate is the placement play chooses, with its value, at every piece of whole games',
    (_name, spec, rules) => {
      const { pieces, mismatches, explanations } = explainGames(spec, rules, 1_000, rules === 'target' ? { target: 30 } : {});
      expect(pieces).toBeGreaterThanOrEqual(1_000);
      expect(mismatches).toEqual([]);
      const refusals = new Set<string>();
      const faults = new Set<string>(); // checked in plain code (an expect per term would take most of the test's time)
      for (const { candidates, lookahead } of explanations) {
        if (candidates.some((candidate, i) => candidate.rank !== i + 1)) faults.add('ranks not 1, 2, …');
        for (const candidate of candidates) {
          if (candidate.refused !== undefined) refusals.add(candidate.refused);
          const line = candidate.line ?? [];
          const wholeLine = candidate.total !== Infinity && candidate.refused === undefined;
          if (wholeLine && line.length !== lookahead.length) faults.add('a line shorter than the lookahead');
          // With the unknown piece weighed, the total also holds its expected best, which no line shows.
          if (wholeLine && line.length > 0 && spec.policy.unknownPieces === undefined) {
            const lineValue =
              spec.policy.combine === 'sum' ? candidate.own + line.reduce((sum, step) => sum + step.value, 0) : line.at(-1)!.value;
            if (Math.abs(candidate.total - lineValue) > 1e-6 * (1 + Math.abs(lineValue))) faults.add('a total that is not its line'); // the line is what the total looks ahead to
          }
          const sum = candidate.features.reduce((total, term) => total + term.contribution, 0);
          if (sum !== candidate.own) faults.add('contributions that do not add up to the own value'); // summed in the evaluator's order: the same float
          const weights = spec.despair !== null && candidate.despair ? spec.despair.weights : spec.weights;
          if (candidate.features.some((term) => term.weight !== weights[term.name])) faults.add("a weight that is not the agent's");
        }
      }
      expect([...faults]).toEqual([]);
      if (spec.policy.rejectOvershoot) expect(refusals).toContain('overshoots-target');
      if (spec.policy.beam !== null) expect(refusals).toContain('outside-beam');
    },
  );
});
