import { useEffect, useRef, useState } from 'preact/hooks';
import { RULE_SETS } from '../../../src/tetris/rules.ts';
import { fetchHighScores, submitHighScore, type HighScore, type ScoreTable } from '../api.ts';
import { agentNamed } from '../agents.ts';
import { isTyping, useAnimationFrame, useFocusLoss, useKeys, useTicker, useWindowSize } from '../hooks.ts';
import { ScoreTableView } from '../HighScoresView.tsx';
import { BoardCanvas, PreviewCanvas } from './BoardCanvas.tsx';
import { commandOf, gameKeyOf, KEY_HELP } from './keyboard.ts';
import { HUMAN, HUMAN_PACE_MS, TetrisSession, type SessionSetup } from './session.ts';
import { DEFAULT_SETUP, SetupPanel } from './SetupPanel.tsx';

/** The speed slider's stops, in milliseconds per agent key; 0 = as fast as it can. */
const SPEEDS = [400, 200, HUMAN_PACE_MS, 50, 20, 5, 0];

export function tableOf(setup: SessionSetup): ScoreTable {
  return { game: 'tetris', rules: setup.rules, board: `${setup.width}x${setup.height}` };
}

export function newSession(setup: SessionSetup, onOver: (session: TetrisSession) => void): TetrisSession {
  return new TetrisSession(setup, setup.player === HUMAN ? null : agentNamed(setup.player), onOver);
}

/** A cell size that fits `columns` × `rows` cells in the window beside the side panels. */
export function useCellSize(columns: number, rows: number, boards = 1): number {
  const { width, height } = useWindowSize();
  const narrow = width < 760;
  const available = narrow ? width - 32 : (width - 40 - boards * 420) / boards;
  return Math.max(8, Math.min(34, Math.floor((height - (narrow ? 140 : 120)) / rows), Math.floor(available / columns)));
}

export function formatTime(ms: number): string {
  const seconds = Math.floor(ms / 1000);
  return `${String(Math.floor(seconds / 60)).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}`;
}

/** Score, lines, level and time of a session. */
export function Hud({ session }: { session: TetrisSession }) {
  const { game, setup } = session;
  const rules = RULE_SETS[setup.rules];
  const level = setup.rules === 'aveiro' ? `speed ${10 + game.level}` : setup.rules === 'research' ? '—' : `${game.level}/20`;
  return (
    <dl class="hud">
      <dt>Score</dt>
      <dd data-testid="score">{game.score.toLocaleString('en-US')}</dd>
      <dt>Lines</dt>
      <dd data-testid="lines">{game.lines.toLocaleString('en-US')}</dd>
      <dt>Level</dt>
      <dd>{level}</dd>
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
      <dd>{session.controller === 'agent' ? `AI: ${session.agentSpec!.name}` : 'Human'}</dd>
    </dl>
  );
}

/** The end-of-game message, by outcome. */
export function outcomeMessage(session: TetrisSession): string {
  switch (session.game.outcome) {
    case 'target-reached':
      return `Success: exactly ${session.setup.target} points!`;
    case 'target-overshot':
      return `Failure: ${session.game.score} points passes the target of ${session.setup.target}.`;
    default:
      return session.setup.rules === 'target' ? 'Failure: topped out before the target.' : 'GAME OVER';
  }
}

/** Saves S4's search path (per piece: shape, rotation, centre cell) as a JSON file. */
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
    path: session.path,
  };
  const link = document.createElement('a');
  link.href = URL.createObjectURL(new Blob([JSON.stringify(file, null, 1)], { type: 'application/json' }));
  link.download = `search-path-seed-${setup.seed}.json`;
  link.click();
  URL.revokeObjectURL(link.href);
}

/** Play and watch: one board, a human or an agent at the controls, with take-over and hand-back. */
export function PlayView() {
  const [setup, setSetup] = useState<SessionSetup>(DEFAULT_SETUP);
  const [choosing, setChoosing] = useState(true);
  const [showScores, setShowScores] = useState(false);
  const [over, setOver] = useState<{ scores: HighScore[] | null; saved: boolean } | null>(null);
  const [speed, setSpeed] = useState(SPEEDS.indexOf(HUMAN_PACE_MS));
  const [, tick] = useTicker();
  const session = useRef<TetrisSession | null>(null);
  const nameInput = useRef<HTMLInputElement>(null);
  const cellSize = useCellSize(setup.width, setup.height);

  const save = async (finished: TetrisSession, name: string) => {
    const scores = await submitHighScore(tableOf(finished.setup), { name, points: finished.game.score, lines: finished.game.lines });
    setOver({ scores, saved: true });
  };
  const start = (chosen: SessionSetup) => {
    session.current?.stop();
    setSetup(chosen);
    setChoosing(false);
    setOver(null);
    setShowScores(false);
    const created = newSession(chosen, (finished) => {
      setOver({ scores: null, saved: false });
      if (!finished.humanPlayed)
        void save(finished, finished.name); // an agent's score is saved under its name
      else void fetchHighScores(tableOf(finished.setup)).then((scores) => setOver((current) => current && { ...current, scores }));
    });
    created.speedMs = SPEEDS[speed];
    session.current = created;
  };
  useEffect(() => () => session.current?.stop(), []);
  useEffect(() => {
    if (session.current) session.current.speedMs = SPEEDS[speed];
  }, [speed]);

  useAnimationFrame((now) => {
    if (choosing || showScores) session.current?.togglePause(true); // the game waits under a panel
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
      event.preventDefault();
      current.humanKey(key);
      return;
    }
    const command = commandOf(event);
    if (command === 'pause') current?.togglePause();
    if (command === 'restart') setChoosing(true);
    if (command === 'scores') setShowScores((shown) => !shown);
    if (event.key === 'Escape') setShowScores(false);
  });

  const current = session.current;
  return (
    <section class="play">
      {current && (
        <>
          <aside class="side">
            <h3>Next</h3>
            <PreviewCanvas session={current} cellSize={Math.max(12, Math.round(cellSize * 0.7))} />
            <Hud session={current} />
          </aside>
          <div class="stage">
            <BoardCanvas session={current} cellSize={cellSize} label="Tetris board" />
            {current.paused && !current.game.over && (
              <div class="banner" role="status">
                Paused — press P
              </div>
            )}
            {over && (
              <div class="overlay inside" role="dialog" aria-label="Game over">
                <div class="panel">
                  <h2 data-testid="game-over">{outcomeMessage(current)}</h2>
                  <p>
                    {current.game.score.toLocaleString('en-US')} points, {current.game.lines.toLocaleString('en-US')} lines
                  </p>
                  {!over.saved && current.humanPlayed && (
                    <form
                      class="row"
                      onSubmit={(event) => {
                        event.preventDefault();
                        void save(current, nameInput.current?.value ?? 'Player');
                      }}
                    >
                      <input ref={nameInput} maxLength={24} placeholder="Your name" defaultValue="Player" data-testid="name" autoFocus />
                      <button type="submit" data-testid="save-score">
                        Save score
                      </button>
                    </form>
                  )}
                  {over.scores && <ScoreTableView entries={over.scores} />}
                  <div class="actions">
                    {setup.rules === 'target' && (
                      <button type="button" class="secondary" onClick={() => downloadPath(current)} data-testid="download-path">
                        Download search path
                      </button>
                    )}
                    <button type="button" onClick={() => setChoosing(true)}>
                      New game (R)
                    </button>
                  </div>
                </div>
              </div>
            )}
          </div>
          <aside class="side">
            {current.agentSpec && (
              <div class="controls">
                <h3>Agent</h3>
                <p class="hint">{current.agentSpec.description}</p>
                <label>
                  Speed: {SPEEDS[speed] === 0 ? 'as fast as it can' : `one key per ${SPEEDS[speed]} ms`}
                  <input
                    type="range"
                    min={0}
                    max={SPEEDS.length - 1}
                    value={speed}
                    onInput={(event) => setSpeed(+event.currentTarget.value)}
                    data-testid="speed"
                  />
                </label>
                {current.controller === 'agent' ? (
                  <button type="button" onClick={() => current.takeOver()} data-testid="take-over">
                    Take over
                  </button>
                ) : (
                  <button type="button" onClick={() => current.handBack()} data-testid="hand-back" disabled={current.game.over}>
                    Hand back to {current.agentSpec.name}
                  </button>
                )}
              </div>
            )}
            <div class="controls">
              <button type="button" class="secondary" onClick={() => current.togglePause()}>
                {current.paused ? 'Resume (P)' : 'Pause (P)'}
              </button>
              <button type="button" class="secondary" onClick={() => setChoosing(true)}>
                New game (R)
              </button>
            </div>
            <KeyHelp />
          </aside>
        </>
      )}
      {showScores && <HighScoresOverlay table={tableOf(setup)} onClose={() => setShowScores(false)} />}
      {choosing && <SetupPanel initial={setup} onStart={start} onCancel={current ? () => setChoosing(false) : undefined} />}
    </section>
  );
}

export function KeyHelp() {
  return (
    <table class="keys" aria-label="Keyboard">
      <tbody>
        {KEY_HELP.map(([key, action]) => (
          <tr key={key}>
            <th>
              <kbd>{key}</kbd>
            </th>
            <td>{action}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function HighScoresOverlay({ table, onClose }: { table: ScoreTable; onClose: () => void }) {
  const [entries, setEntries] = useState<HighScore[] | null>(null);
  useEffect(() => {
    void fetchHighScores(table).then(setEntries);
  }, [table.rules, table.board]);
  return (
    <div class="overlay" role="dialog" aria-label="High scores" onClick={onClose}>
      <div class="panel" onClick={(event) => event.stopPropagation()}>
        <h2>
          High scores — {table.rules}, {table.board}
        </h2>
        {entries ? <ScoreTableView entries={entries} /> : <p>Loading…</p>}
        <div class="actions">
          <button type="button" onClick={onClose}>
            Close (H)
          </button>
        </div>
      </div>
    </div>
  );
}
