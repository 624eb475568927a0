import { useEffect, useRef, useState } from 'preact/hooks';
import { isOnControl, isTyping, useAnimationFrame, useCodeAgents, useFocusLoss, useKeys, useTicker } from '../hooks.ts';
import { NumberField } from '../NumberField.tsx';
import { PAGE_GUIDE } from '../page-guide.ts';
import { useStoredState } from '../stored-state.ts';
import { BoardCanvas, PreviewCanvas } from './BoardCanvas.tsx';
import { gameKeyOf } from './keyboard.ts';
import { compactTime, exactTime } from './counters.ts';
import { duelReason, duelResult, NO_LIMIT, reachedLimit, type DuelLimit, type DuelResult } from './duel-result.ts';
import { CounterText, Hud } from './Hud.tsx';
import { PausedBanner } from './PausedBanner.tsx';
import { useBoardLayout } from './layout.ts';
import { DEFAULT_SETUP, HUMAN, HUMAN_PACE_MS, newSession, type TetrisSession } from './session.ts';
import { GameFields, PlayerSelect } from './SetupPanel.tsx';
import { playableDuelSettings, type DuelSettings } from './stored-setup.ts';
import { TouchControls } from './TouchControls.tsx';
import { TOUCH_PAD_HEIGHT, useTouchPad } from './touch-pad.ts';
import { compareByKey, DEFAULT_EXPLAINER, useWhyHere } from './why-here.ts';
import { ExplainerSelect, NoBreakdownNote, WhyHerePanel } from './WhyHerePanel.tsx';
import './tetris.css';

const label = (session: TetrisSession) => (session.agent ? `AI ${session.agent.name}` : 'Human');

/** A new visitor's duel: a person against Dellacherie's agent, on the classic board, to the end. */
const DEFAULT_DUEL: DuelSettings = {
  setup: { ...DEFAULT_SETUP, player: HUMAN },
  opponent: 'dellacherie',
  speed: HUMAN_PACE_MS,
  limit: NO_LIMIT,
};

/** The board the set-up suggests for two agents: small enough that good agents top out within minutes, not hours. */
const SMALL_BOARD = { width: 10, height: 10 };
/** Challenge rows leave at least this many free rows (as the set-up's own field does). */
const FREE_ROWS = 4;

/**
 * Two boards on the same seed and pieces: human vs agent or agent vs agent (iarTris's future work). A wide
 * window shows them side by side with their stats, all without scrolling; a narrow one stacks them.
 * Paused, each board goes one piece on (N), and "Why here?" (Y) explains one side's piece.
 */
export function DuelView() {
  const codeAgents = useCodeAgents().map((agent) => agent.name);
  const [stored, store] = useStoredState<DuelSettings>('tetris-duel', DEFAULT_DUEL);
  const settings = playableDuelSettings(stored, DEFAULT_DUEL, codeAgents);
  const { setup, opponent, speed, limit } = settings;
  const change = (changes: Partial<DuelSettings>) => store({ ...settings, ...changes });
  const [result, setResult] = useState<DuelResult | null>(null);
  /** The limit of the duel on the boards (the form's may change meanwhile). */
  const duelLimit = useRef<DuelLimit>(NO_LIMIT);
  const [why, setWhy] = useState(false);
  const [side, setSide] = useState(1);
  const [explainer, setExplainer] = useState<string | null>(null);
  const [, tick] = useTicker();
  const sessions = useRef<TetrisSession[]>([]);
  const container = useRef<HTMLDivElement>(null);
  const touchPad = useTouchPad();
  const humanPlays = sessions.current[0]?.agent === null; // the left board is the human's, if any
  const layout = useBoardLayout('duel', container, setup.width, setup.height, touchPad && humanPlays ? TOUCH_PAD_HEIGHT : 0);

  const stopAll = () => sessions.current.forEach((session) => session.stop());
  useEffect(() => stopAll, []);
  /** Ends the duel if it is decided (duel-result.ts's rule), or at once by score when `stopped`. */
  const settle = (stopped = false) => {
    const [left, right] = sessions.current;
    const found = left && right ? duelResult([left.game, right.game], duelLimit.current, stopped) : null;
    if (found === null) return;
    stopAll();
    setResult(found);
  };
  const start = () => {
    stopAll();
    setResult(null);
    duelLimit.current = limit;
    sessions.current = [newSession(setup, () => settle()), newSession({ ...setup, player: opponent }, () => settle())];
    for (const session of sessions.current) {
      session.speedMs = speed;
      session.stopAt = limit.counter === 'none' ? null : (game) => reachedLimit(game, limit);
    }
    (document.activeElement as HTMLElement | null)?.blur(); // the keys are the game's now, not the start button's
    if (layout.narrow) requestAnimationFrame(() => container.current?.scrollIntoView({ block: 'start' })); // the left board, under the form
  };

  useAnimationFrame((now) => {
    sessions.current.forEach((session) => session.frame(now)); // after the duel, only the effects go on
    if (result === null) settle(); // both boards at the limit
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
  const showWhy = why && result === null && explained !== null && explained.paused && !explained.game.over;
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
      if (paused && result === null && isOnControl(event)) return; // a paused duel's keys move nothing: Space presses the control
      event.preventDefault(); // game keys play, or do nothing once the duel is decided: they never press a focused button
      if (human && result === null) human.humanKey(key);
    } else if (letter === 'p') togglePause();
    else if (letter === 'n') stepPiece();
    else if (letter === 'b') back();
    else if (letter === 'y') toggleWhy();
    else if (event.key === 'Escape' && why)
      setWhy(false); // the panel closes; the duel stays paused
    else if (showWhy) compareByKey(whyHere, letter);
  });

  return (
    <section class="duel">
      {sessions.current.length === 0 && (
        <p class="duel-intro" data-testid="duel-intro">
          {PAGE_GUIDE.duel.about} A human plays the left board with Play&apos;s keys: ← → or A D to move, ↑ W or X to turn (Z the other way,
          under SRS), ↓ S down, Space to drop. P pauses both boards; paused, N and B step a piece on or back and Y shows why an agent put
          its piece where it did.
        </p>
      )}
      <form
        class="panel duel-setup"
        onSubmit={(event) => {
          event.preventDefault();
          start();
        }}
      >
        <PlayerSelect label="Left player" value={setup.player} onChange={(player) => change({ setup: { ...setup, player } })} />
        <PlayerSelect label="Right player" value={opponent} onChange={(player) => change({ opponent: player })} humanAllowed={false} />
        <GameFields setup={setup} onChange={(changed) => change({ setup: changed })} />
        <label>
          Agent speed (ms per key, 0 = as fast as it can)
          <NumberField value={speed} min={0} max={1000} onCommit={(ms) => change({ speed: ms })} testId="duel-speed" />
        </label>
        <LimitFields limit={limit} onChange={(changed) => change({ limit: changed })} />
        {setup.player !== HUMAN && setup.width * setup.height > SMALL_BOARD.width * SMALL_BOARD.height && (
          <p class="duel-hint" data-testid="duel-board-hint">
            Two good agents on a {setup.width} × {setup.height} board may play for hours: a smaller board or a limit ends the duel.
            <button
              type="button"
              class="small secondary"
              onClick={() =>
                change({ setup: { ...setup, ...SMALL_BOARD, garbageRows: Math.min(setup.garbageRows, SMALL_BOARD.height - FREE_ROWS) } })
              }
              data-testid="duel-small-board"
            >
              Use {SMALL_BOARD.width} × {SMALL_BOARD.height}
            </button>
          </p>
        )}
        <button type="submit" data-testid="duel-start">
          {sessions.current.length ? 'Restart duel' : 'Start duel'}
        </button>
      </form>
      {result !== null && <DuelOutcome result={result} sessions={sessions.current} limit={duelLimit.current} />}
      {sessions.current.length > 0 && result === null && (
        <div class="duel-controls" data-testid="duel-controls">
          <button type="button" class="secondary" onClick={togglePause} data-testid="duel-pause">
            {paused ? 'Resume (P)' : 'Pause (P)'}
          </button>
          <button type="button" class="secondary" onClick={() => settle(true)} data-testid="duel-stop">
            Stop
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
      {paused && result === null && !showWhy && <PausedBanner touch={touchPad} above />}
      <div class="boards" ref={container}>
        {sessions.current.map((session, index) => {
          const title = `${index === 0 ? 'Left' : 'Right'}: ${label(session)}`;
          return (
            <div class="duelist" key={index}>
              <h3>
                <span class="name" title={title}>
                  {title}
                </span>
                {result === null && reachedLimit(session.game, duelLimit.current) && <small class="at-limit">at the limit</small>}
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
              {touchPad && session.agent === null && (
                <TouchControls
                  onKey={(key) => session.humanKey(key)}
                  onPause={togglePause}
                  paused={paused}
                  disabled={result !== null}
                  turnsBothWays={session.turnsBothWays}
                />
              )}
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

/** The duel's end: who won, or a draw, and what decided it. */
function DuelOutcome({ result, sessions, limit }: { result: DuelResult; sessions: readonly TetrisSession[]; limit: DuelLimit }) {
  const [left, right] = sessions;
  const shown = useRef<HTMLDivElement>(null);
  useEffect(() => shown.current?.scrollIntoView({ block: 'nearest' }), []); // a narrow window shows the boards under it
  return (
    <div class="duel-outcome" role="status" ref={shown}>
      {result.winner === null ? (
        <div class="banner winner" data-testid="draw">
          Draw
        </div>
      ) : (
        <div class="banner winner" data-testid="winner">
          {label(sessions[result.winner])} ({result.winner === 0 ? 'left' : 'right'}) wins!
        </div>
      )}
      <p data-testid="duel-reason">{duelReason(result, [left.game, right.game], limit)}</p>
    </div>
  );
}

/** The duel's optional limit: none, or a number of pieces or lines each board plays to. */
function LimitFields({ limit, onChange }: { limit: DuelLimit; onChange: (limit: DuelLimit) => void }) {
  return (
    <>
      <label>
        Limit
        <select
          value={limit.counter}
          onChange={(event) => onChange({ ...limit, counter: event.currentTarget.value as DuelLimit['counter'] })}
          data-testid="duel-limit"
        >
          <option value="none">none: to the end</option>
          <option value="pieces">pieces per board</option>
          <option value="lines">lines per board</option>
        </select>
      </label>
      {limit.counter !== 'none' && (
        <label>
          {limit.counter === 'pieces' ? 'Pieces' : 'Lines'}
          <NumberField
            value={limit.count}
            min={1}
            max={Number.MAX_SAFE_INTEGER}
            onCommit={(count) => onChange({ ...limit, count })}
            testId="duel-limit-count"
          />
        </label>
      )}
    </>
  );
}
