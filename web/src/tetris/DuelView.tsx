import { useEffect, useRef, useState } from 'preact/hooks';
import { isTyping, useAnimationFrame, useFocusLoss, useKeys, useTicker } from '../hooks.ts';
import { NumberField } from '../NumberField.tsx';
import { BoardCanvas, PreviewCanvas } from './BoardCanvas.tsx';
import { gameKeyOf } from './keyboard.ts';
import { Hud } from './Hud.tsx';
import { formatTime } from './words.ts';
import { useBoardLayout } from './layout.ts';
import { DEFAULT_SETUP, HUMAN, HUMAN_PACE_MS, newSession, type SessionSetup, type TetrisSession } from './session.ts';
import { GameFields, PlayerSelect } from './SetupPanel.tsx';

/** How the duel ended: the first to top out (or fail the target) loses; reaching the target wins. */
function winnerOf(sessions: readonly TetrisSession[]): number | null {
  const finished = sessions.findIndex((session) => session.game.over);
  if (finished < 0) return null;
  return sessions[finished].game.outcome === 'target-reached' ? finished : 1 - finished;
}

const label = (session: TetrisSession) => (session.agent ? `AI ${session.agent.name}` : 'Human');

/**
 * Two boards on the same seed and pieces: human vs agent or agent vs agent (S1's future work). A wide
 * window shows them side by side with their stats, all without scrolling; a narrow one stacks them.
 */
export function DuelView() {
  const [setup, setSetup] = useState<SessionSetup>({ ...DEFAULT_SETUP, player: HUMAN });
  const [opponent, setOpponent] = useState('dellacherie');
  const [speed, setSpeed] = useState(HUMAN_PACE_MS);
  const [winner, setWinner] = useState<number | null>(null);
  const [, tick] = useTicker();
  const sessions = useRef<TetrisSession[]>([]);
  const container = useRef<HTMLDivElement>(null);
  const layout = useBoardLayout('duel', container, setup.width, setup.height);

  const stopAll = () => sessions.current.forEach((session) => session.stop());
  useEffect(() => stopAll, []);
  const start = () => {
    stopAll();
    setWinner(null);
    const onOver = () => {
      const found = winnerOf(sessions.current);
      if (found === null) return;
      sessions.current.forEach((session) => session.stop());
      setWinner(found);
    };
    sessions.current = [newSession(setup, onOver), newSession({ ...setup, player: opponent }, onOver)];
    for (const session of sessions.current) session.speedMs = speed;
    (document.activeElement as HTMLElement | null)?.blur(); // the keys are the game's now, not the start button's
    if (layout.narrow) requestAnimationFrame(() => container.current?.scrollIntoView({ block: 'start' })); // the left board, under the form
  };

  useAnimationFrame((now) => {
    sessions.current.forEach((session) => session.frame(now)); // after the duel, only the effects go on
    tick();
  });
  useFocusLoss(() => sessions.current.forEach((session) => session.togglePause(true)));
  useKeys((event) => {
    const human = sessions.current.find((session) => session.agent === null);
    const key = gameKeyOf(event);
    if (isTyping(event)) return;
    if (key && sessions.current.length > 0) {
      event.preventDefault(); // game keys play, or do nothing once the duel is decided: they never press a focused button
      if (human && winner === null) human.humanKey(key);
    } else if (event.key.toLowerCase() === 'p') {
      sessions.current.forEach((session) => session.togglePause());
    }
  });

  return (
    <section class="duel">
      <form
        class="panel duel-setup"
        onSubmit={(event) => {
          event.preventDefault();
          start();
        }}
      >
        <PlayerSelect label="Left player" value={setup.player} onChange={(player) => setSetup({ ...setup, player })} />
        <PlayerSelect label="Right player" value={opponent} onChange={setOpponent} humanAllowed={false} />
        <GameFields setup={setup} onChange={setSetup} />
        <label>
          Agent speed (ms per key, 0 = as fast as it can)
          <NumberField value={speed} min={0} max={1000} onCommit={setSpeed} testId="duel-speed" />
        </label>
        <button type="submit" data-testid="duel-start">
          {sessions.current.length ? 'Restart duel' : 'Start duel'}
        </button>
      </form>
      {winner !== null && (
        <div class="banner winner" role="status" data-testid="winner">
          {label(sessions.current[winner])} ({winner === 0 ? 'left' : 'right'}) wins!
        </div>
      )}
      <div class="boards" ref={container}>
        {sessions.current.map((session, index) => {
          const title = `${index === 0 ? 'Left' : 'Right'}: ${label(session)}`;
          return (
            <div class="duelist" key={index}>
              <h3>
                <span class="name" title={title}>
                  {title}
                </span>
                <small>{formatTime(session.game.clock)}</small>
              </h3>
              <div class="duelist-body">
                <BoardCanvas session={session} cellSize={layout.cell} label={`${index === 0 ? 'left' : 'right'} board`} />
                <div class="side">
                  <PreviewCanvas session={session} cellSize={layout.previewCell} />
                  <Hud session={session} />
                </div>
              </div>
            </div>
          );
        })}
      </div>
    </section>
  );
}
