import { useEffect, useRef, useState } from 'preact/hooks';
import { isTyping, useAnimationFrame, useFocusLoss, useKeys, useTicker } from '../hooks.ts';
import { NumberField } from '../NumberField.tsx';
import { BoardCanvas, PreviewCanvas } from './BoardCanvas.tsx';
import { gameKeyOf } from './keyboard.ts';
import { compactTime, exactTime } from './counters.ts';
import { CounterText, Hud } from './Hud.tsx';
import { useBoardLayout } from './layout.ts';
import { DEFAULT_SETUP, HUMAN, HUMAN_PACE_MS, newSession, type SessionSetup, type TetrisSession } from './session.ts';
import { GameFields, PlayerSelect } from './SetupPanel.tsx';
import { compareByKey, DEFAULT_EXPLAINER, useWhyHere } from './why-here.ts';
import { ExplainerSelect, NoBreakdownNote, WhyHerePanel } from './WhyHerePanel.tsx';

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
 * Paused, each board goes one piece on (N), and "Why here?" (Y) explains one side's piece.
 */
export function DuelView() {
  const [setup, setSetup] = useState<SessionSetup>({ ...DEFAULT_SETUP, player: HUMAN });
  const [opponent, setOpponent] = useState('dellacherie');
  const [speed, setSpeed] = useState(HUMAN_PACE_MS);
  const [winner, setWinner] = useState<number | null>(null);
  const [why, setWhy] = useState(false);
  const [side, setSide] = useState(1);
  const [explainer, setExplainer] = useState<string | null>(null);
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
  const paused = sessions.current.length > 0 && sessions.current.every((session) => session.paused || session.game.over);
  const togglePause = () => sessions.current.forEach((session) => session.togglePause(!paused));
  const stepPiece = () => sessions.current.forEach((session) => session.stepPiece());
  const back = () => {
    if (paused) sessions.current = sessions.current.map((session) => (session.game.over ? session : session.rewound()));
  };
  const toggleWhy = () => {
    if (!why) sessions.current.forEach((session) => session.togglePause(true));
    setWhy(!why);
  };
  const explained = sessions.current[side] ?? null;
  const builtIn = explained?.agent && !explained.agent.inCode ? explained.agent.name : null;
  const agent = explainer ?? builtIn ?? DEFAULT_EXPLAINER;
  const showWhy = why && winner === null && explained !== null && explained.paused && !explained.game.over;
  const whyHere = useWhyHere(explained?.game ?? null, agent, showWhy, `${side} ${explained?.game.pieces} ${explained?.game.clock}`);
  const panel = useRef<HTMLDivElement>(null);
  const panelShown = whyHere.explanation !== null;
  useEffect(() => {
    if (panelShown) panel.current?.scrollIntoView({ block: 'nearest' }); // under the two boards, past the fold of a laptop's window
  }, [panelShown]);
  useKeys((event) => {
    const human = sessions.current.find((session) => session.agent === null);
    const key = gameKeyOf(event);
    if (isTyping(event) || sessions.current.length === 0) return;
    const letter = event.key.toLowerCase();
    if (key) {
      event.preventDefault(); // game keys play, or do nothing once the duel is decided: they never press a focused button
      if (human && winner === null) human.humanKey(key);
    } else if (letter === 'p') togglePause();
    else if (letter === 'n') stepPiece();
    else if (letter === 'b') back();
    else if (letter === 'y') toggleWhy();
    else if (showWhy) compareByKey(whyHere, letter);
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
      {sessions.current.length > 0 && winner === null && (
        <div class="duel-controls" data-testid="duel-controls">
          <button type="button" class="secondary" onClick={togglePause} data-testid="duel-pause">
            {paused ? 'Resume (P)' : 'Pause (P)'}
          </button>
          {paused && (
            <>
              <button type="button" class="secondary" onClick={back} data-testid="back-piece">
                ← Back a piece (B)
              </button>
              <button type="button" class="secondary" onClick={stepPiece} data-testid="step-piece">
                Next piece (N) →
              </button>
            </>
          )}
          <button type="button" class="secondary" onClick={toggleWhy} aria-pressed={why} data-testid="why-toggle">
            Why here? (Y)
          </button>
          {why && (
            <>
              <label>
                Board
                <select value={side} onChange={(event) => setSide(Number(event.currentTarget.value))} data-testid="why-side">
                  <option value={0}>left</option>
                  <option value={1}>right</option>
                </select>
              </label>
              <ExplainerSelect
                agent={agent}
                onChange={setExplainer}
                label={builtIn !== null && explained?.controller === 'agent' ? 'Explained by' : 'What would this agent do here?'}
              />
              {explained?.agent?.inCode && <NoBreakdownNote player={explained.agent.name} explainer={agent} />}
            </>
          )}
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
                <small title={exactTime(session.game.clock)}>
                  <CounterText short={compactTime(session.game.clock)} exact={exactTime(session.game.clock)} />
                </small>
              </h3>
              <div class="duelist-body">
                <BoardCanvas
                  session={session}
                  cellSize={layout.cell}
                  label={`${index === 0 ? 'left' : 'right'} board`}
                  ghosts={index === side ? whyHere.ghosts : undefined}
                  onCell={index === side ? whyHere.pickCell : undefined}
                />
                <div class="side">
                  <PreviewCanvas session={session} cellSize={layout.previewCell} />
                  <Hud session={session} />
                </div>
              </div>
            </div>
          );
        })}
      </div>
      {whyHere.explanation !== null && (
        <div ref={panel}>
          <WhyHerePanel explanation={whyHere.explanation} compared={whyHere.compared} onCompare={whyHere.compare} />
        </div>
      )}
    </section>
  );
}
