import { useEffect, useRef, useState } from 'preact/hooks';
import { groupPoints } from '../../../src/samegame/rules.ts';
import { useTicker } from '../hooks.ts';
import { drawSameGame } from './draw.ts';
import { useCellSize } from './fit.ts';
import { describeFirstMove, firstMoveOf } from './hint-explanation.ts';
import { BestOverTime } from './HintExplanation.tsx';
import { ResultDialog } from './ResultDialog.tsx';
import { SameGameSession } from './session.ts';
import { SettingsPanel } from './SettingsPanel.tsx';
import { SolverClient } from './solver-client.ts';
import { points } from './words.ts';

/** The board canvas's border, in pixels (see .samegame-board). */
const BOARD_BORDER = 1;

/** SameGame (S3): play by clicking groups, undo/redo, hints, compete with the computer, and watch a full solution. */
export function SameGameView() {
  const [, tick] = useTicker();
  const [solver] = useState(() => new SolverClient());
  const [session] = useState(() => new SameGameSession(solver, tick));
  const [hover, setHover] = useState<[number, number][]>([]);
  const canvas = useRef<HTMLCanvasElement>(null);
  const stage = useRef<HTMLDivElement>(null);
  const { settings, game, highlight, thinking, contest, busy, competing, hintExplanation } = session;
  const hovered = hintExplanation === null || hover.length < 2 ? null : firstMoveOf(hintExplanation, hover);
  const { width, height } = game.board;
  const size = useCellSize(stage, width, height, BOARD_BORDER);

  useEffect(
    () => () => {
      session.leave();
      solver.stop();
    },
    [],
  );
  useEffect(() => {
    const context = canvas.current?.getContext('2d');
    if (context) drawSameGame(context, game.board, size, highlight.length > 0 ? highlight : hover);
  });

  /** The cell under the mouse; on a very narrow window CSS may draw the canvas smaller than its pixel size. */
  const cellAt = (event: MouseEvent): [number, number] => {
    const board = event.currentTarget as HTMLCanvasElement;
    const column = Math.floor((event.offsetX / board.clientWidth) * width);
    const row = Math.floor((event.offsetY / board.clientHeight) * height);
    return [Math.min(Math.max(column, 0), width - 1), height - 1 - Math.min(Math.max(row, 0), height - 1)];
  };
  const play = (x: number, y: number) => {
    setHover([]);
    session.play(x, y);
  };

  return (
    <section class="samegame">
      <SettingsPanel
        settings={settings}
        thinking={thinking}
        onChange={(changes) => session.configure(changes)}
        onNewBoard={() => session.restart()}
      />
      <div class="stage" ref={stage}>
        <canvas
          ref={canvas}
          width={width * size}
          height={height * size}
          class={`samegame-board${busy ? ' busy' : ''}`}
          role="img"
          aria-label="SameGame board"
          data-testid="samegame-board"
          data-board={game.board.toString()}
          data-cells={game.board.cellCount()}
          data-moves={game.history().length}
          data-score={game.score()}
          data-highlight={highlight.map(([x, y]) => `${x},${y}`).join(' ')}
          onMouseMove={(event) => setHover(game.groupAt(...cellAt(event)).length > 1 ? game.groupAt(...cellAt(event)) : [])}
          onMouseLeave={() => setHover([])}
          onClick={(event) => play(...cellAt(event))}
        />
        <p class="status" role="status" data-testid="sg-status">
          {session.status}
        </p>
        <p class="hint" data-testid="sg-hover">
          {hover.length > 1 ? `This group: ${hover.length} cells, +${groupPoints(settings.rules.scoring, hover.length)} points.` : ' '}
          {hovered !== null && ` ${describeFirstMove(hovered, hintExplanation!.heuristic)}`}
        </p>
        {hintExplanation !== null && <BestOverTime explanation={hintExplanation} />}
        {game.isOver() && !busy && !session.resultClosed && (
          <ResultDialog
            game={game}
            computer={contest?.computer ?? null}
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
            <button
              type="button"
              class="secondary"
              disabled={!game.canUndo || thinking || competing}
              onClick={() => session.undo()}
              data-testid="sg-undo"
            >
              Undo
            </button>
            <button
              type="button"
              class="secondary"
              disabled={!game.canRedo || thinking || competing}
              onClick={() => session.redo()}
              data-testid="sg-redo"
            >
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
      </aside>
    </section>
  );
}
