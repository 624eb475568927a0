import { useEffect, useRef, useState } from 'preact/hooks';
import { count } from '../../../src/core/count.ts';
import { SameGame } from '../../../src/samegame/game.ts';
import { randomBoard } from '../../../src/samegame/random-boards.ts';
import { groupPoints, MAX_COLOURS, MIN_COLOURS, SCORINGS, SHIFTS, type SameGameRules } from '../../../src/samegame/rules.ts';
import type { Solution } from '../../../src/samegame/solver.ts';
import { SEARCH_METHODS, type SearchMethod } from '../../../src/search/index.ts';
import { useTicker } from '../hooks.ts';
import { NumberField } from '../NumberField.tsx';
import { drawSameGame } from './draw.ts';
import { useCellSize } from './fit.ts';
import { describeMethod, valuesFor, type MethodSettingValues } from './method-settings.ts';
import { MethodSettingsFields } from './MethodSettingsFields.tsx';
import { ResultDialog } from './ResultDialog.tsx';
import { describePosition, points, verdict } from './words.ts';
import { SolverClient } from './solver-client.ts';

interface Settings {
  columns: number;
  rows: number;
  colours: number;
  seed: number;
  rules: SameGameRules;
  method: SearchMethod;
  /** The settings only some methods take; each method is given those it takes. */
  methodSettings: MethodSettingValues;
  /** Seconds the AI may think per request (a hint, the computer's game, a full solution). */
  seconds: number;
  /** Node limit of a search (0: none). */
  maxNodes: number;
  /** Milliseconds between moves of a replayed solution. */
  interval: number;
}

const DEFAULTS: Settings = {
  columns: 10,
  rows: 10,
  colours: 3,
  seed: 1,
  rules: { scoring: 'standard', shift: 'left' },
  method: 'nrpa',
  methodSettings: { heuristic: 'h4' },
  seconds: 2,
  maxNodes: 0,
  interval: 300,
};

/** What the computer did in "compete": its score, moves and thinking time; then the player's turn. */
interface Contest {
  readonly computer: Solution;
}

/** Compete draws its puzzle's seed below this. */
const SEEDS = 1_000_000;
/** The board canvas's border, in pixels (see .samegame-board). */
const BOARD_BORDER = 1;
const START = 'Click a group of two or more cells of one colour.';
const LONE_CELL = 'A lone cell cannot be removed: a group needs 2 or more touching cells of one colour.';

/** SameGame (S3): play by clicking groups, undo/redo, hints, compete with the computer, and watch a full solution. */
export function SameGameView() {
  const [settings, setSettings] = useState(DEFAULTS);
  const [game, setGame] = useState(() => newGame(DEFAULTS));
  const [hover, setHover] = useState<[number, number][]>([]);
  const [highlight, setHighlight] = useState<[number, number][]>([]);
  const [status, setStatus] = useState(START);
  const [thinking, setThinking] = useState(false);
  const [contest, setContest] = useState<Contest | null>(null);
  /** Whether the player closed the dialog at the end of the game shown. */
  const [resultClosed, setResultClosed] = useState(false);
  const [, tick] = useTicker();
  const canvas = useRef<HTMLCanvasElement>(null);
  const stage = useRef<HTMLDivElement>(null);
  const solver = useRef<SolverClient | null>(null);
  const replay = useRef<ReturnType<typeof setInterval> | null>(null);
  const { width, height } = game.board;
  const size = useCellSize(stage, width, height, BOARD_BORDER);
  const busy = thinking || replay.current !== null;
  const competing = contest !== null;

  useEffect(() => {
    solver.current = new SolverClient();
    return () => {
      solver.current?.stop();
      stopReplay();
    };
  }, []);
  useEffect(() => {
    const context = canvas.current?.getContext('2d');
    if (context) drawSameGame(context, game.board, size, highlight.length > 0 ? highlight : hover);
  });

  const set = (changes: Partial<Settings>) => setSettings({ ...settings, ...changes });
  const stopReplay = () => {
    if (replay.current !== null) clearInterval(replay.current);
    replay.current = null;
  };
  const restart = (next: Settings) => {
    stopReplay();
    solver.current?.cancel();
    setThinking(false);
    setGame(newGame(next));
    setHover([]);
    setHighlight([]);
    setResultClosed(false);
    setContest(null);
    setStatus(START);
  };
  /** The cell under the mouse; on a very narrow window CSS may draw the canvas smaller than its pixel size. */
  const cellAt = (event: MouseEvent): [number, number] => {
    const board = event.currentTarget as HTMLCanvasElement;
    const column = Math.floor((event.offsetX / board.clientWidth) * width);
    const row = Math.floor((event.offsetY / board.clientHeight) * height);
    return [Math.min(Math.max(column, 0), width - 1), height - 1 - Math.min(Math.max(row, 0), height - 1)];
  };
  /** Shows the position reached by a move, an undo or a redo, and the verdict when it ends a contest. */
  const reached = (what: string) => {
    setHighlight([]);
    setHover([]);
    setResultClosed(false);
    const computer = contest?.computer.score;
    const result =
      computer !== undefined && game.isOver()
        ? ` ${verdict(game.score(), computer)}: you ${points(game.score())}, the computer ${points(computer)}.`
        : '';
    setStatus(`${what} ${game.isOver() ? 'Game over: ' : 'Now '}${describePosition(game)}.${result}`);
    tick();
  };
  const play = (x: number, y: number) => {
    if (busy) return;
    const group = game.groupAt(x, y);
    if (group.length === 1) return setStatus(LONE_CELL);
    if (group.length === 0) return; // an empty cell
    const move = game.play(x, y);
    reached(`Removed ${move.size} cells (+${move.points}).`);
  };
  const think = async (what: string): Promise<Solution | null> => {
    setThinking(true);
    setStatus(`${what}: ${describeMethod(settings.method, settings.methodSettings)}, up to ${settings.seconds} s…`);
    try {
      return await solver.current!.solve(game.board, {
        method: settings.method,
        rules: settings.rules,
        ...valuesFor(settings.method, settings.methodSettings),
        timeMs: settings.seconds * 1000,
        maxNodes: settings.maxNodes > 0 ? settings.maxNodes : undefined,
        seed: settings.seed,
      });
    } catch (error) {
      setStatus(`The AI stopped: ${(error as Error).message}`);
      return null;
    } finally {
      setThinking(false);
    }
  };
  const hint = async () => {
    const solution = await think('Looking for a move');
    if (solution === null) return;
    if (solution.moves.length === 0) return setStatus('No move left.');
    const [x, y] = solution.moves[0];
    setHighlight(game.groupAt(x, y));
    setStatus(
      `Hint: the outlined group (+${groupPoints(settings.rules.scoring, game.groupAt(x, y).length)}); the AI's line scores ${solution.score}.`,
    );
  };
  const solveAndReplay = async () => {
    const solution = await think('Solving');
    if (solution === null) return;
    setStatus(
      `Solution: ${points(solution.score)} points in ${count(solution.moves.length, 'move')} (${count(solution.ms, 'ms', 'ms')}, ${count(solution.nodes, 'node')}). Replaying…`,
    );
    let next = 0;
    replay.current = setInterval(() => {
      if (next >= solution.moves.length) {
        stopReplay();
        setHighlight([]);
        setStatus(`Solution replayed: ${points(game.score())} points${game.cleared() ? ', board cleared' : ''}.`);
        return;
      }
      const [x, y] = solution.moves[next++];
      game.play(x, y);
      setHighlight(next < solution.moves.length ? game.groupAt(...solution.moves[next]) : []);
      tick();
    }, settings.interval);
    setHighlight(solution.moves.length > 0 ? game.groupAt(...solution.moves[0]) : []);
  };
  const compete = async () => {
    const next = { ...settings, seed: playableSeed(settings, Math.floor(Math.random() * SEEDS)) };
    setSettings(next);
    restart(next);
    setThinking(true);
    setStatus('The computer plays this puzzle first…');
    try {
      const computer = await solver.current!.solve(newGame(next).board, {
        method: next.method,
        rules: next.rules,
        ...valuesFor(next.method, next.methodSettings),
        timeMs: next.seconds * 1000,
        seed: next.seed,
      });
      setContest({ computer });
      setStatus(`The computer scored ${computer.score} in ${computer.moves.length} moves (${computer.ms} ms). Your turn: the same puzzle.`);
    } catch (error) {
      setStatus(`The computer stopped: ${(error as Error).message}`);
    } finally {
      setThinking(false);
    }
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
        <button type="button" disabled={thinking} onClick={() => restart(settings)} data-testid="sg-new">
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
          {status}
        </p>
        <p class="hint">
          {hover.length > 1 ? `This group: ${hover.length} cells, +${groupPoints(settings.rules.scoring, hover.length)} points.` : ' '}
        </p>
        {game.isOver() && !busy && !resultClosed && (
          <ResultDialog
            game={game}
            computer={contest?.computer ?? null}
            onAgain={() => (contest ? void compete() : restart(settings))}
            onClose={() => setResultClosed(true)}
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
              onClick={() => {
                stopReplay();
                game.undo();
                reached('Move taken back.');
              }}
              data-testid="sg-undo"
            >
              Undo
            </button>
            <button
              type="button"
              class="secondary"
              disabled={!game.canRedo || thinking || competing}
              onClick={() => {
                game.redo();
                reached('Move played again.');
              }}
              data-testid="sg-redo"
            >
              Redo
            </button>
          </div>
          <button type="button" disabled={thinking || competing || game.isOver()} onClick={hint} data-testid="sg-hint">
            Hint
          </button>
          <button type="button" disabled={thinking || competing || game.isOver()} onClick={solveAndReplay} data-testid="sg-solution">
            Full solution
          </button>
          <button type="button" disabled={thinking} onClick={compete} data-testid="sg-compete">
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

function newGame(settings: Settings): SameGame {
  return new SameGame(randomBoard(settings.columns, settings.rows, settings.colours, settings.seed), settings.rules);
}

/** The first seed from `from` on (wrapping at SEEDS) whose puzzle has a move: a contest needs one to play. */
function playableSeed(settings: Settings, from: number): number {
  let seed = from;
  while (newGame({ ...settings, seed }).isOver()) seed = (seed + 1) % SEEDS;
  return seed;
}
