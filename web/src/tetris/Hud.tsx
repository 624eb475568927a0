import { RULE_SETS, type RuleSetName } from '../../../src/tetris/rules.ts';
import { PreviewCanvas } from './BoardCanvas.tsx';
import { compactCount, compactTime, exactCount, exactTime } from './counters.ts';
import type { TetrisSession } from './session.ts';
import './tetris.css';

function playerName(session: TetrisSession): string {
  return session.controller === 'agent' ? `AI: ${session.agent!.name}` : 'Human';
}

/**
 * A counter's value: `short` on screen, `exact` for screen readers (in place of the short form, which
 * they skip); the element holding it shows `exact` on hover (its title).
 */
export function CounterText({ short, exact }: { short: string; exact: string }) {
  if (short === exact) return <>{exact}</>;
  return (
    <>
      <span aria-hidden="true">{short}</span>
      <span class="visually-hidden">{exact}</span>
    </>
  );
}

/** A counter of the {@link Hud}, on one line whatever its value. */
function Counter({ short, exact, testId, flash = false }: { short: string; exact: string; testId: string; flash?: boolean }) {
  return (
    <dd class={flash ? 'flash' : ''} title={exact} data-testid={testId}>
      <CounterText short={short} exact={exact} />
    </dd>
  );
}

/** A whole count as a {@link Counter}: exact below a million, "10.1 M" from there on. */
function CountCounter({ value, testId }: { value: number; testId: string }) {
  return <Counter short={compactCount(value)} exact={exactCount(value)} testId={testId} />;
}

/** The level's label and text: the Aveiro server's speed (10 + the level), none under the research rules, else the level of 20. */
function levelText(rules: RuleSetName, level: number): { label: string; short: string; exact: string } {
  if (rules === 'aveiro') return { label: 'Speed', short: compactCount(10 + level), exact: exactCount(10 + level) };
  const text = rules === 'research' ? '—' : `${level}/20`;
  return { label: 'Level', short: text, exact: text };
}

/**
 * Score, lines, level and time of a session, and who plays (`player`, when the session's own controller
 * does not say: a replayed game); the level flashes while its level-up shows. Every counter keeps to
 * one line whatever its value.
 */
export function Hud({ session, player }: { session: TetrisSession; player?: string }) {
  const { game, setup } = session;
  const level = levelText(setup.rules, game.level);
  return (
    <dl class="hud">
      <dt>Score</dt>
      <CountCounter value={game.score} testId="score" />
      <dt>Lines</dt>
      <CountCounter value={game.lines} testId="lines" />
      <dt>{level.label}</dt>
      <Counter short={level.short} exact={level.exact} testId="level" flash={session.effects.levelUp.shown !== null} />
      <dt>Time</dt>
      <Counter short={compactTime(game.clock)} exact={exactTime(game.clock)} testId="time" />
      <dt>Pieces</dt>
      <CountCounter value={game.pieces} testId="pieces" />
      {RULE_SETS[setup.rules].hasTarget && (
        <>
          <dt>Target</dt>
          <CountCounter value={setup.target} testId="hud-target" />
        </>
      )}
      <dt>Player</dt>
      <dd class="player" data-testid="player">
        {player ?? playerName(session)}
      </dd>
    </dl>
  );
}

/** The side of a game's board: its next pieces over its {@link Hud}. */
export function NextAndHud({ session, previewCell, player }: { session: TetrisSession; previewCell: number; player?: string }) {
  return (
    <aside class="side next">
      <h3>Next</h3>
      <PreviewCanvas session={session} cellSize={previewCell} />
      <Hud session={session} player={player} />
    </aside>
  );
}
