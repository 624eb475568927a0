import { useEffect, useRef, useState } from 'preact/hooks';
import { groupPoints, MAX_COLOURS, MIN_COLOURS, SCORINGS, SHIFTS, type SameGameRules } from '../../../src/samegame/rules.ts';
import { SEARCH_METHODS, type SearchMethod } from '../../../src/search/index.ts';
import { useTicker } from '../hooks.ts';
import { NumberField } from '../NumberField.tsx';
import { drawSameGame } from './draw.ts';
import { useCellSize } from './fit.ts';
import { MethodSettingsFields } from './MethodSettingsFields.tsx';
import { ResultDialog } from './ResultDialog.tsx';
import { SameGameSession, type SameGameSettings } from './session.ts';
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
  const { settings, game, highlight, thinking, contest, busy, competing } = session;
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

  const set = (changes: Partial<SameGameSettings>) => session.configure(changes);
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
      <aside class="side settings">
        <h3>Board</h3>
        <div class="row">
          <label>
            Columns
            <NumberField value={settings.columns} min={2} max={50} onCommit={(columns) => set({ columns })} testId="sg-columns" />
          </label>
          <label>
            Rows
            <NumberField value={settings.rows} min={2} max={50} onCommit={(rows) => set({ rows })} testId="sg-rows" />
          </label>
        </div>
        <div class="row">
          <label>
            Colours
            <NumberField
              value={settings.colours}
              min={MIN_COLOURS}
              max={MAX_COLOURS}
              onCommit={(colours) => set({ colours })}
              testId="sg-colours"
            />
          </label>
          <label>
            Seed
            <NumberField value={settings.seed} min={0} max={Number.MAX_SAFE_INTEGER} onCommit={(seed) => set({ seed })} testId="sg-seed" />
          </label>
        </div>
        <div class="row">
          <label>
            Scoring
            <select
              value={settings.rules.scoring}
              onChange={(event) => set({ rules: { ...settings.rules, scoring: event.currentTarget.value as SameGameRules['scoring'] } })}
            >
              {SCORINGS.map((name) => (
                <option key={name}>{name}</option>
              ))}
            </select>
          </label>
          <label>
            Columns close to
            <select
              value={settings.rules.shift}
              onChange={(event) => set({ rules: { ...settings.rules, shift: event.currentTarget.value as SameGameRules['shift'] } })}
            >
              {SHIFTS.map((name) => (
                <option key={name}>{name}</option>
              ))}
            </select>
          </label>
        </div>
        <button type="button" disabled={thinking} onClick={() => session.restart()} data-testid="sg-new">
          New board
        </button>
        <h3>AI level</h3>
        <div class="row">
          <label>
            Method
            <select
              value={settings.method}
              onChange={(event) => set({ method: event.currentTarget.value as SearchMethod })}
              data-testid="sg-method"
            >
              {SEARCH_METHODS.map((name) => (
                <option key={name}>{name}</option>
              ))}
            </select>
          </label>
        </div>
        <MethodSettingsFields
          method={settings.method}
          values={settings.methodSettings}
          disabled={thinking}
          onChange={(methodSettings) => set({ methodSettings })}
        />
        <div class="row">
          <label>
            Seconds per request
            <NumberField value={settings.seconds} min={1} max={120} onCommit={(seconds) => set({ seconds })} testId="sg-seconds" />
          </label>
          <label>
            Node limit (0: none)
            <NumberField value={settings.maxNodes} min={0} max={1_000_000_000} onCommit={(maxNodes) => set({ maxNodes })} />
          </label>
        </div>
        <label>
          Replay interval (ms)
          <NumberField value={settings.interval} min={10} max={5000} onCommit={(interval) => set({ interval })} testId="sg-interval" />
        </label>
      </aside>
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
          onMouseMove={(event) => setHover(game.groupAt(...cellAt(event)).length > 1 ? game.groupAt(...cellAt(event)) : [])}
          onMouseLeave={() => setHover([])}
          onClick={(event) => play(...cellAt(event))}
        />
        <p class="status" role="status" data-testid="sg-status">
          {session.status}
        </p>
        <p class="hint">
          {hover.length > 1 ? `This group: ${hover.length} cells, +${groupPoints(settings.rules.scoring, hover.length)} points.` : ' '}
        </p>
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
