import { useEffect, useRef, useState } from 'preact/hooks';
import { fetchHighScores, submitHighScore, type HighScore, type ScoreTable } from '../api.ts';
import { useDialogFocus } from '../dialog-focus.ts';
import { isOnControl, isTyping, useAnimationFrame, useCodeAgents, useFocusLoss, useKeys, useTicker } from '../hooks.ts';
import { gameConfigOf } from '../../../src/tetris/game.ts';
import { tetrisScoreTable } from '../../../src/tetris/score-table.ts';
import { HighScoreTable } from '../HighScoreTable.tsx';
import { StepSlider } from '../StepSlider.tsx';
import { useStoredState } from '../stored-state.ts';
import { BoardCanvas } from './BoardCanvas.tsx';
import { NextAndHud } from './Hud.tsx';
import { PausedBanner } from './PausedBanner.tsx';
import { commandOf, gameKeyOf, KEY_HELP } from './keyboard.ts';
import { KeyTable } from '../KeyTable.tsx';
import { NameInput } from '../NameInput.tsx';
import { useBoardLayout } from './layout.ts';
import { DEFAULT_SETUP, gameOptionsOf, HUMAN_PACE_MS, newSession, type SessionSetup, type TetrisSession } from './session.ts';
import { SetupPanel } from './SetupPanel.tsx';
import { TouchControls } from './TouchControls.tsx';
import { TOUCH_PAD_HEIGHT, useTouchPad } from './touch-pad.ts';
import { playableSetup } from './stored-setup.ts';
import { Welcome } from './Welcome.tsx';
import { compareByKey, DEFAULT_EXPLAINER, useWhyHere } from './why-here.ts';
import { ExplainerSelect, NoBreakdownNote, WhyHerePanel } from './WhyHerePanel.tsx';

/** The speed slider's stops, in milliseconds per agent key; 0 = as fast as it can. */
const SPEEDS = [400, 200, HUMAN_PACE_MS, 50, 20, 5, 0];

function tableOf(setup: SessionSetup): ScoreTable {
  return tetrisScoreTable(gameConfigOf(gameOptionsOf(setup)));
}

/** The end-of-game message, by outcome. */
function outcomeMessage(session: TetrisSession): string {
  switch (session.game.outcome) {
    case 'target-reached':
      return `Success: exactly ${session.setup.target} points!`;
    case 'target-overshot':
      return `Failure: ${session.game.score} points passes the target of ${session.setup.target}.`;
    default:
      return session.setup.rules === 'target' ? 'Failure: topped out before the target.' : 'GAME OVER';
  }
}

/** Saves the search path (per piece: shape, rotation, centre cell) as a JSON file. */
function downloadPath(session: TetrisSession): void {
  const { setup, game } = session;
  const file = {
    player: session.name,
    rules: setup.rules,
    board: `${setup.width}x${setup.height}`,
    seed: setup.seed,
    target: setup.target,
    outcome: game.outcome,
    score: game.score,
    path: session.path(),
  };
  const link = document.createElement('a');
  link.href = URL.createObjectURL(new Blob([JSON.stringify(file, null, 1)], { type: 'application/json' }));
  link.download = `search-path-seed-${setup.seed}.json`;
  link.click();
  URL.revokeObjectURL(link.href);
}

interface GameOver {
  readonly scores: HighScore[] | null;
  readonly saved: boolean;
  /** Why the server did not keep the score (this game stored already, the server unreachable…). */
  readonly problem?: string;
}

/**
 * Play and watch: one board, a human or an agent at the controls, with take-over and hand-back.
 * The game-over and high-score dialogs cover the board, never the controls beside it; while the
 * high scores or the set-up show, the game is held and goes on as it was once they close.
 */
export function PlayView() {
  const codeAgents = useCodeAgents().map((agent) => agent.name);
  const [storedSetup, setSetup] = useStoredState<SessionSetup>('tetris-play-setup', DEFAULT_SETUP); // the last game's
  const setup = playableSetup(storedSetup, DEFAULT_SETUP, codeAgents);
  const [choosing, setChoosing] = useState(true);
  const [showScores, setShowScores] = useState(false);
  const [over, setOver] = useState<GameOver | null>(null);
  const [speedMs, setSpeedMs] = useStoredState('tetris-play-speed', HUMAN_PACE_MS);
  const speed = SPEEDS.indexOf(SPEEDS.includes(speedMs) ? speedMs : HUMAN_PACE_MS);
  const setSpeed = (index: number) => setSpeedMs(SPEEDS[index]);
  const [why, setWhy] = useState(false);
  const [explainer, setExplainer] = useState<string | null>(null);
  const [, tick] = useTicker();
  const session = useRef<TetrisSession | null>(null);
  const container = useRef<HTMLElement>(null);
  const touchPad = useTouchPad();
  const layout = useBoardLayout('play', container, setup.width, setup.height, touchPad ? TOUCH_PAD_HEIGHT : 0);

  const save = async (finished: TetrisSession, name: string) => {
    try {
      const scores = await submitHighScore(finished.submission(name));
      if (session.current === finished) setOver({ scores, saved: true }); // not when another game began meanwhile
    } catch (failure) {
      if (session.current === finished) setOver((current) => current && { ...current, problem: (failure as Error).message });
    }
  };
  const start = (chosen: SessionSetup) => {
    session.current?.stop();
    window.scrollTo(0, 0); // the board at the top: the first screen's set-up, long on a phone, left the page scrolled
    setSetup(chosen);
    setChoosing(false);
    setOver(null);
    setShowScores(false);
    const created = newSession(chosen, (finished) => {
      setOver({ scores: null, saved: false });
      if (!finished.humanPlayed)
        void save(finished, finished.name); // an agent's score is saved under its name
      else
        void fetchHighScores(tableOf(finished.setup)).then((scores) => {
          if (session.current === finished) setOver((current) => current && { ...current, scores });
        });
    });
    created.speedMs = SPEEDS[speed];
    session.current = created;
  };
  useEffect(() => () => session.current?.stop(), []);
  useEffect(() => {
    if (session.current) session.current.speedMs = SPEEDS[speed];
  }, [speed]);
  useEffect(() => session.current?.hold(choosing || showScores), [choosing, showScores]);

  useAnimationFrame((now) => {
    session.current?.frame(now);
    tick();
  });
  useFocusLoss(() => session.current?.togglePause(true));
  useKeys((event) => {
    if (choosing || isTyping(event)) return;
    if (showScores && gameKeyOf(event)) return; // the high scores cover the board
    const current = session.current;
    const key = gameKeyOf(event);
    if (key && current && !current.game.over) {
      if (current.paused && isOnControl(event)) return; // a paused game's keys move nothing: Space presses the control
      event.preventDefault();
      current.humanKey(key);
      return;
    }
    if (current && showWhy) compareByKey(whyHere, event.key);
    if (current && event.key.toLowerCase() === 'y') toggleWhy(current);
    if (current && event.key.toLowerCase() === 'n') current.stepPiece();
    if (current && event.key.toLowerCase() === 'b' && current.paused && !current.game.over) session.current = current.rewound();
    const command = commandOf(event);
    if (command === 'pause' && current && !current.game.over) current.togglePause();
    if (command === 'restart') setChoosing(true);
    if (command === 'scores' && !over) setShowScores((shown) => !shown); // at the end, the game-over dialog shows them
    if (event.key === 'Escape') {
      setShowScores(false);
      setWhy(false); // the panel closes; the game stays paused
    }
  });

  const current = session.current;
  /** The panel opens on a pause (opening it pauses the game) and shows while the game stands paused. */
  const toggleWhy = (shown: TetrisSession) => {
    if (!why) shown.togglePause(true);
    setWhy(!why);
  };
  const builtIn = current?.agent && !current.agent.inCode ? current.agent.name : null;
  const agent = explainer ?? builtIn ?? DEFAULT_EXPLAINER;
  /** Whether the piece is the built-in agent's to play (else the panel says what an agent would do with a human's or a code agent's piece). */
  const agentsPiece = builtIn !== null && current?.controller === 'agent';
  const showWhy = why && current !== null && current.paused && !current.game.over;
  const whyHere = useWhyHere(current?.game ?? null, agent, showWhy, `${current?.game.pieces} ${current?.game.clock}`);
  return (
    <section
      class={`play${whyHere.explanation === null ? '' : ' explaining'}${current ? '' : ' welcoming'}${current && touchPad ? ' touch' : ''}`}
      ref={container}
    >
      {current && (
        <>
          <NextAndHud session={current} previewCell={layout.previewCell} />
          <div class="stage">
            <BoardCanvas session={current} cellSize={layout.cell} label="Tetris board" ghosts={whyHere.ghosts} onCell={whyHere.pickCell} />
            {current.paused && !current.game.over && !showWhy && <PausedBanner touch={touchPad} />}
          </div>
          {touchPad && (
            <TouchControls
              onKey={(key) => current.humanKey(key)}
              onPause={() => current.togglePause()}
              paused={current.paused}
              disabled={current.game.over}
              turnsBothWays={current.turnsBothWays}
            />
          )}
          {/* The set-up covers the game-over dialog: one modal dialog at a time, else their focus traps pull the focus to and fro. */}
          {over && !choosing && (
            <GameOverDialog session={current} over={over} onSave={(name) => void save(current, name)} onNewGame={() => setChoosing(true)} />
          )}
          {showScores && <HighScoresDialog table={tableOf(setup)} onClose={() => setShowScores(false)} />}
          {whyHere.explanation !== null && (
            <WhyHerePanel explanation={whyHere.explanation} compared={whyHere.compared} onCompare={whyHere.compare} />
          )}
          <aside class="side controls-column">
            {current.agent && (
              <div class="controls">
                <h3>Agent</h3>
                <p class="hint">{current.agent.summary}</p>
                {current.agent.summary !== current.agent.description && <p class="hint reference">Source: {current.agent.description}</p>}
                {current.fault !== null && (
                  <p class="error" role="alert" data-testid="agent-fault">
                    {current.agent.name} is out of this game: {current.fault}
                  </p>
                )}
                <StepSlider
                  label={`Speed: ${SPEEDS[speed] === 0 ? 'as fast as it can' : `one key per ${SPEEDS[speed]} ms`}`}
                  steps={SPEEDS.length}
                  value={speed}
                  onChange={setSpeed}
                  testId="speed"
                />
                {current.controller === 'agent' ? (
                  <button type="button" onClick={() => current.takeOver()} data-testid="take-over" disabled={current.game.over}>
                    Take over
                  </button>
                ) : (
                  <button
                    type="button"
                    onClick={() => current.handBack()}
                    data-testid="hand-back"
                    disabled={current.game.over || current.fault !== null}
                  >
                    Hand back to {current.agent.name}
                  </button>
                )}
              </div>
            )}
            <div class="controls">
              <button
                type="button"
                class="secondary"
                onClick={() => current.togglePause()}
                data-testid="pause"
                disabled={current.game.over}
              >
                {current.paused ? 'Resume (P)' : 'Pause (P)'}
              </button>
              {current.paused && !current.game.over && (
                <div class="button-row">
                  <button
                    type="button"
                    class="secondary"
                    onClick={() => (session.current = current.rewound())}
                    disabled={current.game.pieces === 0}
                    aria-label="One piece back (B)"
                    data-testid="back-piece"
                  >
                    ← Back (B)
                  </button>
                  <button
                    type="button"
                    class="secondary"
                    onClick={() => current.stepPiece()}
                    aria-label="Next piece (N)"
                    data-testid="step-piece"
                  >
                    Next (N) →
                  </button>
                </div>
              )}
              <button
                type="button"
                class="secondary"
                onClick={() => toggleWhy(current)}
                aria-pressed={why}
                disabled={current.game.over}
                data-testid="why-toggle"
              >
                Why here? (Y)
              </button>
              {why && (
                <ExplainerSelect
                  agent={agent}
                  onChange={setExplainer}
                  label={agentsPiece ? 'Explained by' : 'What would this agent do here?'}
                />
              )}
              {why && current.agent?.inCode && <NoBreakdownNote player={current.agent.name} explainer={agent} />}
              <button type="button" class="secondary" onClick={() => setChoosing(true)} data-testid="new-game">
                New game (R)
              </button>
            </div>
            <KeyTable keys={KEY_HELP} label="Keyboard" />
          </aside>
        </>
      )}
      {/* Both set up again once the server's agents in code are known: the stored player may be one of them. */}
      {choosing && current && <SetupPanel key={codeAgents.length} initial={setup} onStart={start} onCancel={() => setChoosing(false)} />}
      {choosing && !current && <Welcome key={codeAgents.length} initial={setup} onStart={start} />}
    </section>
  );
}

/** The end of a game over the board: the outcome, the name box (focused, for a human's score) and the table. */
function GameOverDialog({
  session,
  over,
  onSave,
  onNewGame,
}: {
  session: TetrisSession;
  over: GameOver;
  onSave: (name: string) => void;
  onNewGame: () => void;
}) {
  const dialog = useRef<HTMLDivElement>(null);
  useDialogFocus(dialog);
  const nameInput = useRef<HTMLInputElement>(null);
  const asksName = !over.saved && session.humanPlayed;
  useEffect(() => {
    nameInput.current?.focus();
    nameInput.current?.select();
  }, [asksName]);
  return (
    <div class="overlay inside" role="dialog" aria-modal="true" aria-label="Game over" ref={dialog}>
      <div class="panel">
        <h2 data-testid="game-over">{outcomeMessage(session)}</h2>
        <p>
          {session.game.score.toLocaleString('en-US')} points, {session.game.lines.toLocaleString('en-US')} lines
        </p>
        {asksName && (
          <form
            class="row"
            onSubmit={(event) => {
              event.preventDefault();
              onSave(nameInput.current?.value ?? 'Player');
            }}
          >
            <NameInput inputRef={nameInput} defaultValue="Player" testId="name" />
            <button type="submit" data-testid="save-score">
              Save score
            </button>
          </form>
        )}
        {over.problem && (
          <p class="error" role="alert" data-testid="save-problem">
            Not saved: {over.problem}
          </p>
        )}
        {over.scores && <HighScoreTable entries={over.scores} replays={false} />}
        <div class="actions">
          {session.setup.rules === 'target' && (
            <button type="button" class="secondary" onClick={() => downloadPath(session)} data-testid="download-path">
              Download search path
            </button>
          )}
          <button type="button" onClick={onNewGame}>
            New game (R)
          </button>
        </div>
      </div>
    </div>
  );
}

/** The table's high scores over the board (H). */
function HighScoresDialog({ table, onClose }: { table: ScoreTable; onClose: () => void }) {
  const [entries, setEntries] = useState<HighScore[] | null>(null);
  const dialog = useRef<HTMLDivElement>(null);
  useDialogFocus(dialog, onClose);
  useEffect(() => {
    void fetchHighScores(table).then(setEntries);
  }, [table.rules, table.board, table.target]);
  return (
    <div class="overlay inside" role="dialog" aria-modal="true" aria-label="High scores" onClick={onClose} ref={dialog}>
      <div class="panel" onClick={(event) => event.stopPropagation()}>
        <h2>
          High scores — {table.rules}
          {table.target !== undefined && ` ${table.target}`}, {table.board}
        </h2>
        {entries ? <HighScoreTable entries={entries} replays={false} /> : <p>Loading…</p>}
        <div class="actions">
          <button type="button" onClick={onClose} data-testid="close-scores">
            Close (H)
          </button>
        </div>
      </div>
    </div>
  );
}
