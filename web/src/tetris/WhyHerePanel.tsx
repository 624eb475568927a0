import type { CandidateExplanation, Explanation } from '../../../src/tetris-ai/explanation.ts';
import { REFUSAL_REASONS } from '../../../src/tetris-ai/explanation.ts';
import { findFeature } from '../../../src/tetris-ai/features/index.ts';
import { pieceName } from '../../../src/tetris/pieces.ts';
import { AGENTS } from '../agents.ts';
import { SHOWN_CANDIDATES, shownCandidates } from './why-here.ts';

/** Said of an agent in code while the panel is open: it plays without giving a breakdown, so another agent explains the piece. */
export function NoBreakdownNote({ player, explainer }: { player: string; explainer: string }) {
  return (
    <p class="hint" data-testid="no-breakdown">
      {player} is an agent in code: it shows where it is going (the pink outline without a number) but gives no breakdown. The panel shows
      how {explainer} would choose.
    </p>
  );
}

/** The choice of the built-in agent that explains the piece. */
export function ExplainerSelect({ agent, onChange, label }: { agent: string; onChange: (agent: string) => void; label: string }) {
  return (
    <label>
      {label}
      <select value={agent} onChange={(event) => onChange(event.currentTarget.value)} data-testid="why-agent">
        {AGENTS.map((spec) => (
          <option key={spec.name}>{spec.name}</option>
        ))}
      </select>
    </label>
  );
}

/** A value as the panel shows it: at most 2 decimals, ±∞ in words. */
function figure(value: number): string {
  if (value === Infinity) return 'wins (reaches the target)';
  if (value === -Infinity) return 'refused';
  return value.toLocaleString('en-US', { maximumFractionDigits: 2 });
}

const placement = ({ rotation, x }: CandidateExplanation) => `turn ${rotation}, column ${x + 1}`;

/** A bar from the centre line: to the right for a positive contribution, to the left for a negative one, `scale` the largest. */
function Bar({ value, scale, kind }: { value: number; scale: number; kind: 'chosen' | 'compared' }) {
  const share = scale === 0 ? 0 : Math.min(1, Math.abs(value) / scale) * 50;
  const style = value >= 0 ? { left: '50%', width: `${share}%` } : { left: `${50 - share}%`, width: `${share}%` };
  return (
    <div class={`bar ${kind}`}>
      <span style={style} />
    </div>
  );
}

/**
 * Why the agent puts the piece where it does: its best candidates (numbered as the ghosts on the board),
 * and the chosen one against another, feature by feature, as bars of their contributions (weight ×
 * value, to the value the agent maximises) and their difference; the lookahead line and the despair
 * switch where they decide, and why a candidate is refused.
 */
export function WhyHerePanel({
  explanation,
  compared,
  onCompare,
  played,
}: {
  explanation: Explanation;
  /** The rank of the candidate compared with the chosen one. */
  compared: number;
  onCompare: (rank: number) => void;
  /** The rank of the placement the game went on with, when it is known and not the chosen one's. */
  played?: number | null;
}) {
  const { candidates, lookahead } = explanation;
  const chosen = candidates[0];
  if (chosen === undefined)
    return (
      <section class="why-here" data-testid="why-here">
        <p>The piece has no placement: the game ends here.</p>
      </section>
    );
  const other = candidates.find((candidate) => candidate.rank === compared) ?? chosen;
  const scale = Math.max(
    ...chosen.features.map((term, f) => Math.max(Math.abs(term.contribution), Math.abs(other.features[f].contribution))),
  );
  const ahead =
    lookahead.length === 0
      ? 'its own value only (no lookahead)'
      : `its value with the best line of the next ${lookahead.map(pieceName).join(' ')}`;
  return (
    <section
      class="why-here"
      aria-label="Why here?"
      data-testid="why-here"
      data-chosen={`${chosen.rotation} ${chosen.x} ${chosen.y}`}
      data-compared={other.rank}
    >
      <h3>
        Why here? {explanation.agent} on the {pieceName(explanation.piece)}
      </h3>
      <p class="hint">
        {candidates.length} placements, ranked by {ahead}. Pick one to compare with #1: click it here or on the board, or press 2–
        {SHOWN_CANDIDATES}. A placement is the piece&apos;s turn (0 as it enters, then each quarter turn) and the column of its leftmost
        cell, 1 being the leftmost.
      </p>
      <ol class="candidates">
        {shownCandidates(explanation, other.rank).map((candidate) => (
          <li key={candidate.rank}>
            <button
              type="button"
              class={candidate.chosen ? 'chosen' : candidate.rank === other.rank ? 'compared' : 'secondary'}
              aria-pressed={candidate.rank === other.rank}
              onClick={() => onCompare(candidate.rank)}
              data-testid={`candidate-${candidate.rank}`}
              data-total={candidate.total}
            >
              #{candidate.rank} {placement(candidate)}: {figure(candidate.total)}
              {candidate.chosen ? ' (chosen)' : ''}
              {candidate.rank === played ? ' (played)' : ''}
            </button>
          </li>
        ))}
      </ol>
      <table class="terms" data-testid="terms">
        <thead>
          <tr>
            <th scope="col">feature</th>
            <th scope="col">#1 and #{other.rank}</th>
            <th scope="col">#1 − #{other.rank}</th>
          </tr>
        </thead>
        <tbody>
          {chosen.features.map((term, f) => {
            const versus = other.features[f];
            return (
              <tr key={term.name} data-testid={`term-${term.name}`} data-chosen={term.contribution} data-compared={versus.contribution}>
                <th
                  scope="row"
                  title={`${findFeature(term.name).definition}. #1: ${figure(term.value)} × ${figure(term.weight)}; #${other.rank}: ${figure(versus.value)} × ${figure(versus.weight)}`}
                >
                  {term.name}
                </th>
                <td>
                  <Bar value={term.contribution} scale={scale} kind="chosen" />
                  <Bar value={versus.contribution} scale={scale} kind="compared" />
                </td>
                <td class="number">{figure(term.contribution - versus.contribution)}</td>
              </tr>
            );
          })}
          <tr class="sum">
            <th scope="row">own value</th>
            <td class="number">
              {figure(chosen.own)} / {figure(other.own)}
            </td>
            <td class="number">{figure(chosen.own - other.own)}</td>
          </tr>
          {lookahead.length > 0 && (
            <tr class="sum" data-testid="line">
              <th scope="row">then</th>
              <td colSpan={2}>
                {[chosen, other].map((candidate) => (
                  <div key={candidate.rank}>
                    #{candidate.rank}:{' '}
                    {(candidate.line ?? [])
                      .map((step) => `${pieceName(step.piece)} at turn ${step.rotation}, column ${step.x + 1} (${figure(step.value)})`)
                      .join(', ') || '—'}
                  </div>
                ))}
              </td>
            </tr>
          )}
          <tr class="sum">
            <th scope="row">total</th>
            <td class="number">
              {figure(chosen.total)} / {figure(other.total)}
            </td>
            <td class="number">{Number.isFinite(chosen.total - other.total) ? figure(chosen.total - other.total) : '—'}</td>
          </tr>
        </tbody>
      </table>
      <ul class="notes">
        {[chosen, other].map(
          (candidate) =>
            candidate.despair && (
              <li key={`d${candidate.rank}`}>
                #{candidate.rank} is valued with the despair weights: its highest column is above the agent's threshold.
              </li>
            ),
        )}
        {[chosen, other].map(
          (candidate) =>
            candidate.refused && (
              <li key={`r${candidate.rank}`}>
                #{candidate.rank} is refused: {REFUSAL_REASONS[candidate.refused]}.
              </li>
            ),
        )}
        <li>
          Bars: each feature&apos;s contribution (its value × the agent&apos;s weight, negated for an agent that minimises a cost) to the
          value the agent maximises, #1 pink and #{other.rank} blue; to the right it adds, to the left it takes away. A positive #1 − #
          {other.rank} is in #1&apos;s favour. Hover a feature for its value and weight.
        </li>
      </ul>
      <details class="definitions" data-testid="feature-definitions">
        <summary>What each feature measures</summary>
        <dl>
          {chosen.features.map((term) => (
            <div key={term.name}>
              <dt>{term.name}</dt>
              <dd>{findFeature(term.name).definition}</dd>
            </div>
          ))}
        </dl>
      </details>
    </section>
  );
}
