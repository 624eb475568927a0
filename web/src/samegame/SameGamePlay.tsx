import { useEffect, useRef, useState } from 'preact/hooks';
import { groupPoints } from '../../../src/samegame/rules/options.ts';
import type { Solution } from '../../../src/samegame/solver.ts';
import { submitScore } from '../api.ts';
import { isTyping, useKeys, useTicker } from '../hooks.ts';
import { describeSameGameTable, sameGameTableAddress } from '../score-tables.ts';
import { drawSameGame } from './draw.ts';
import { useCellSize } from './fit.ts';
import { GameWatcher } from './GameWatcher.tsx';
import { describeFirstMove, firstMoveOf } from './hint-explanation.ts';
import { BestOverTime } from './HintExplanation.tsx';
import { boardCommandOf, KEY_HELP, pageCommandOf } from './keys.ts';
import { ResultDialog } from './ResultDialog.tsx';
import { SameGameSession } from './session.ts';
import { SettingsPanel } from './SettingsPanel.tsx';
import { SolverClient } from './solver-client.ts';
import { useStoredSameGameSettings } from './stored-settings.ts';
import { ordinal, points } from './words.ts';
import './samegame.css';

/** The board canvas's border, in pixels (see .samegame-board). */
const BOARD_BORDER = 1;

/**
 * SameGame to play: by clicking or tapping groups, or by keyboard (keys.ts) on a cursor; undo and
 * redo, hints, compete with the computer and watch its line, a full solution replayed, and a finished
 * game saved as a high score.
 */
export function SameGamePlay() {
  const [, tick] = useTicker();
  const stored = useStoredSameGameSettings();
  const [solver] = useState(() => new SolverClient());
  const [session] = useState(() => new SameGameSession(solver, tick, stored.initial));
  const [hover, setHover] = useState<[number, number][]>([]);
  /** Whether the board has the keyboard's focus (its cursor shows then). */
  const [keyboard, setKeyboard] = useState(false);
  /** The computer's game being watched on the contest's board (the result dialog's "Watch the computer's line"). */
  const [watching, setWatching] = useState<Solution | null>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const stage = useRef<HTMLDivElement>(null);
  const newBoard = useRef<HTMLButtonElement>(null);
  const { settings, game, highlight, thinking, contest, busy, competing, hintExplanation, cursor } = session;
  const underCursor = keyboard ? game.groupAt(...cursor) : [];
  const pointed = underCursor.length > 1 ? underCursor : hover;
  const hovered = hintExplanation === null || pointed.length < 2 ? null : firstMoveOf(hintExplanation, pointed);
  // The group under the mouse is outlined even over a hint's (the cursor keeps its own frame); a replay's next move is, while it plays.
  const outlined = !busy && hover.length > 1 ? hover : highlight.length > 0 ? highlight : pointed;
  const { width, height } = game.board;
  const size = useCellSize(stage, width, height, BOARD_BORDER);
  const mayUndo = game.canUndo && !thinking && !competing;
  const mayRedo = game.canRedo && !thinking && !competing;

  useEffect(
    () => () => {
      session.leave();
      solver.stop();
    },
    [],
  );
  useEffect(() => {
    const context = canvas.current?.getContext('2d');
    const marks = { highlight: outlined, cursor: keyboard ? cursor : null, shapes: stored.shapes };
    if (context) drawSameGame(context, game.board, size, marks);
  });
  useKeys((event) => {
    if (isTyping(event) || watching !== null) return;
    const command = pageCommandOf(event);
    if (command === null) return;
    event.preventDefault();
    if (command === 'undo' && mayUndo) session.undo();
    if (command === 'redo' && mayRedo) session.redo();
    if (command === 'new' && !thinking) {
      newBoard.current?.focus({ preventScroll: true });
      newBoard.current?.scrollIntoView({ block: 'nearest' });
    }
  });

  /** The cell under a pointer; on a very narrow window CSS may draw the canvas smaller than its pixel size. */
  const cellAt = (event: PointerEvent): [number, number] => {
    const board = event.currentTarget as HTMLCanvasElement;
    const column = Math.floor((event.offsetX / board.clientWidth) * width);
    const row = Math.floor((event.offsetY / board.clientHeight) * height);
    return [Math.min(Math.max(column, 0), width - 1), height - 1 - Math.min(Math.max(row, 0), height - 1)];
  };
  const play = (x: number, y: number) => {
    setHover([]);
    session.cursor = [x, y];
    session.play(x, y);
  };
  const onBoardKey = (event: KeyboardEvent) => {
    const command = boardCommandOf(event);
    if (command === 'play') session.playAtCursor();
    else if (command === 'left' || command === 'right' || command === 'up' || command === 'down') session.moveCursor(command);
    else return; // the page's own commands go on to the window (useKeys)
    event.preventDefault();
    setKeyboard(true);
  };
  const configure = (changes: Parameters<SameGameSession['configure']>[0]) => {
    session.configure(changes);
    stored.store(session.settings);
  };
  const restart = () => {
    session.restart();
    canvas.current?.focus();
  };
  const save = async (name: string) => {
    stored.setName(name);
    const { id, table, entries } = await submitScore(session.submission(name));
    const rank = entries.findIndex((entry) => entry.id === id);
    const where = `the table of ${describeSameGameTable(table)}`;
    return {
      words: rank < 0 ? `Saved; ${where} keeps its best 10, and this score is not among them.` : `Saved: ${ordinal(rank + 1)} in ${where}.`,
      table: sameGameTableAddress(table),
    };
  };

  if (watching !== null) {
    return (
      <GameWatcher
        watched={{ board: session.startBoard(), rules: settings.rules, moves: watching.moves }}
        title="The computer's line"
        shapes={stored.shapes}
        back={
          <button type="button" class="secondary" onClick={() => setWatching(null)} data-testid="sg-watch-close">
            Back to your game
          </button>
        }
      />
    );
  }
  return (
    <section class="samegame">
      <h2 class="visually-hidden">SameGame</h2>
      <SettingsPanel
        settings={settings}
        thinking={thinking}
        shapes={stored.shapes}
        onShapes={stored.setShapes}
        newBoardRef={newBoard}
        onChange={configure}
        onNewBoard={restart}
      />
      <div class="stage" ref={stage}>
        <canvas
          ref={canvas}
          width={width * size}
          height={height * size}
          class={`samegame-board${busy ? ' busy' : ''}`}
          tabIndex={0}
          role="application"
          aria-roledescription="game board"
          aria-label="SameGame board: arrows move the cursor, Enter or Space removes the group under it"
          aria-describedby="sg-status"
          data-testid="samegame-board"
          data-board={game.board.toString()}
          data-cells={game.board.cellCount()}
          data-moves={game.history().length}
          data-score={game.score()}
          data-cursor={cursor.join(',')}
          data-highlight={highlight.map(([x, y]) => `${x},${y}`).join(' ')}
          data-outlined={outlined.map(([x, y]) => `${x},${y}`).join(' ')}
          onFocus={(event) => setKeyboard(event.currentTarget.matches(':focus-visible'))}
          onBlur={() => setKeyboard(false)}
          onKeyDown={onBoardKey}
          onPointerMove={(event) => {
            if (event.pointerType !== 'mouse') return; // a finger has no hover
            const group = game.groupAt(...cellAt(event));
            setHover(group.length > 1 ? group : []);
          }}
          onPointerLeave={() => setHover([])}
          onPointerUp={(event) => event.button === 0 && play(...cellAt(event))}
        />
        <p class="status" role="status" id="sg-status" data-testid="sg-status">
          {session.status}
        </p>
        <p class="hint" data-testid="sg-hover">
          {pointed.length > 1
            ? `This group: ${pointed.length} cells, +${groupPoints(settings.rules.scoring, pointed.length)} points.`
            : ' '}
          {hovered !== null && ` ${describeFirstMove(hovered, hintExplanation!.heuristic)}`}
        </p>
        {hintExplanation !== null && <BestOverTime explanation={hintExplanation} />}
        {game.isOver() && !busy && !session.resultClosed && (
          <ResultDialog
            game={game}
            computer={contest?.computer ?? null}
            name={stored.name}
            onSave={save}
            onWatchComputer={() => setWatching(contest?.computer ?? null)}
            onAgain={() => void session.again()}
            onClose={() => session.closeResult()}
          />
        )}
      </div>
      <aside class="side">
        <dl class="hud">
          <dt>Score</dt>
          <dd data-testid="sg-score">{points(game.score())}</dd>
          <dt>Moves</dt>
          <dd>{game.history().length}</dd>
          <dt>Cells left</dt>
          <dd>{game.board.cellCount()}</dd>
          {contest && (
            <>
              <dt>Computer</dt>
              <dd data-testid="sg-computer">{points(contest.computer.score)}</dd>
            </>
          )}
        </dl>
        <div class="controls">
          <div class="row">
            <button type="button" class="secondary" disabled={!mayUndo} onClick={() => session.undo()} data-testid="sg-undo">
              Undo
            </button>
            <button type="button" class="secondary" disabled={!mayRedo} onClick={() => session.redo()} data-testid="sg-redo">
              Redo
            </button>
          </div>
          <button type="button" disabled={thinking || competing || game.isOver()} onClick={() => void session.hint()} data-testid="sg-hint">
            Hint
          </button>
          <button
            type="button"
            disabled={thinking || competing || game.isOver()}
            onClick={() => void session.solveAndReplay()}
            data-testid="sg-solution"
          >
            Full solution
          </button>
          <button type="button" disabled={thinking} onClick={() => void session.compete()} data-testid="sg-compete">
            Compete with the computer
          </button>
          {competing && (
            <p class="hint" data-testid="sg-contest-rules">
              While you compete, hint, full solution and undo are off: the computer had none of them.
            </p>
          )}
        </div>
        <h3>Keys</h3>
        <dl class="keys" data-testid="sg-keys">
          {KEY_HELP.map(([keys, does]) => (
            <div key={keys}>
              <dt>{keys}</dt>
              <dd>{does}</dd>
            </div>
          ))}
        </dl>
      </aside>
    </section>
  );
}
