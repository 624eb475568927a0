import { RULE_SETS } from '../../../src/tetris/rules.ts';
import { PreviewCanvas } from './BoardCanvas.tsx';
import type { TetrisSession } from './session.ts';
import { formatTime, levelName } from './words.ts';

function playerName(session: TetrisSession): string {
  return session.controller === 'agent' ? `AI: ${session.agent!.name}` : 'Human';
}

/**
 * Score, lines, level and time of a session, and who plays (`player`, when the session's own controller
 * does not say: a replayed game); the level flashes while its level-up shows.
 */
export function Hud({ session, player }: { session: TetrisSession; player?: string }) {
  const { game, setup } = session;
  const rules = RULE_SETS[setup.rules];
  const named = levelName(setup.rules, game.level);
  const level = named === null ? '—' : setup.rules === 'aveiro' ? named : `${game.level}/20`;
  return (
    <dl class="hud">
      <dt>Score</dt>
      <dd data-testid="score">{game.score.toLocaleString('en-US')}</dd>
      <dt>Lines</dt>
      <dd data-testid="lines">{game.lines.toLocaleString('en-US')}</dd>
      <dt>Level</dt>
      <dd class={session.effects.levelUp.shown === null ? '' : 'flash'} data-testid="level">
        {level}
      </dd>
      <dt>Time</dt>
      <dd>{formatTime(game.clock)}</dd>
      <dt>Pieces</dt>
      <dd data-testid="pieces">{game.pieces.toLocaleString('en-US')}</dd>
      {rules.hasTarget && (
        <>
          <dt>Target</dt>
          <dd data-testid="hud-target">{setup.target}</dd>
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
