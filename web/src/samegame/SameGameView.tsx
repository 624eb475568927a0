import { useEffect, useRef, useState } from 'preact/hooks';
import { SameGame } from '../../../src/samegame/game.ts';
import { HEURISTICS, type HeuristicName } from '../../../src/samegame/heuristics.ts';
import { randomBoard } from '../../../src/samegame/random-boards.ts';
import { groupPoints, MAX_COLOURS, MIN_COLOURS, SCORINGS, SHIFTS, type SameGameRules } from '../../../src/samegame/rules.ts';
import type { Solution } from '../../../src/samegame/solver.ts';
import { SEARCH_METHODS, type SearchMethod } from '../../../src/search/index.ts';
import { useTicker } from '../hooks.ts';
import { NumberField } from '../NumberField.tsx';
import { drawSameGame } from './draw.ts';
import { SolverClient } from './solver-client.ts';

interface Settings {
  columns: number;
  rows: number;
  colours: number;
  seed: number;
  rules: SameGameRules;
  method: SearchMethod;
  heuristic: HeuristicName;
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
  heuristic: 'h4',
  seconds: 2,
  maxNodes: 0,
  interval: 300,
};

/** What the computer did in "compete": its score, moves and thinking time; then the player's turn. */
interface Contest {
  readonly computer: Solution;
}

const CELL_LIMIT = 44;

/** SameGame (S3): play by clicking groups, undo/redo, hints, compete with the computer, and watch a full solution. */
export function SameGameView() {
  const [settings, setSettings] = useState(DEFAULTS);
  const [game, setGame] = useState(() => newGame(DEFAULTS));
  const [hover, setHover] = useState<[number, number][]>([]);
  const [highlight, setHighlight] = useState<[number, number][]>([]);
  const [status, setStatus] = useState('Click a group of two or more cells of one colour.');
  const [thinking, setThinking] = useState(false);
  const [contest, setContest] = useState<Contest | null>(null);
  const [, tick] = useTicker();
  const canvas = useRef<HTMLCanvasElement>(null);
  const solver = useRef<SolverClient | null>(null);
  const replay = useRef<ReturnType<typeof setInterval> | null>(null);
  const { width, height } = game.board;
  const size = Math.max(
    10,
    Math.min(CELL_LIMIT, Math.floor(Math.min((window.innerWidth - 380) / width, (window.innerHeight - 160) / height))),
  );

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
  const restart = (next: Settings, keepContest = false) => {
    stopReplay();
    solver.current?.cancel();
    setThinking(false);
    setGame(newGame(next));
    setHover([]);
    setHighlight([]);
    if (!keepContest) setContest(null);
    setStatus('Click a group of two or more cells of one colour.');
  };
  const cellAt = (event: MouseEvent): [number, number] => [Math.floor(event.offsetX / size), height - 1 - Math.floor(event.offsetY / size)];
  const play = (x: number, y: number) => {
    if (game.groupAt(x, y).length < 2 || replay.current !== null) return;
    const move = game.play(x, y);
    setHighlight([]);
    setHover([]);
    setStatus(`Removed ${move.size} cells: +${move.points}.`);
    report();
    tick();
  };
  const report = () => {
    if (!game.isOver()) return;
    const mine = game.score();
    setStatus(
      contest === null
        ? `Game over: ${mine} points${game.cleared() ? ', board cleared!' : ''}.`
        : `Game over: you ${mine}, the computer ${contest.computer.score}. ${mine > contest.computer.score ? 'You win!' : mine === contest.computer.score ? 'A draw.' : 'The computer wins.'}`,
    );
  };
  const think = async (what: string): Promise<Solution | null> => {
    setThinking(true);
    setStatus(
      `${what}: ${settings.method}${needsHeuristic(settings.method) ? ` with ${settings.heuristic}` : ''}, up to ${settings.seconds} s…`,
    );
    try {
      return await solver.current!.solve(game.board, {
        method: settings.method,
        rules: settings.rules,
        heuristic: needsHeuristic(settings.method) ? settings.heuristic : undefined,
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
      `Solution: ${solution.score} points in ${solution.moves.length} moves (${solution.ms} ms, ${solution.nodes.toLocaleString('en-US')} nodes). Replaying…`,
    );
    let next = 0;
    replay.current = setInterval(() => {
      if (next >= solution.moves.length) {
        stopReplay();
        setHighlight([]);
        setStatus(`Solution replayed: ${game.score()} points${game.cleared() ? ', board cleared' : ''}.`);
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
    const next = { ...settings, seed: Math.floor(Math.random() * 1_000_000) };
    setSettings(next);
    restart(next);
    const fresh = newGame(next);
    setThinking(true);
    setStatus('The computer plays this puzzle first…');
    try {
      const computer = await solver.current!.solve(fresh.board, {
        method: next.method,
        rules: next.rules,
        heuristic: needsHeuristic(next.method) ? next.heuristic : undefined,
        timeMs: next.seconds * 1000,
        seed: next.seed,
      });
      setContest({ computer });
      setGame(fresh);
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
        <button type="button" onClick={() => restart(settings)} data-testid="sg-new">
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
          <label>
            Heuristic
            <select
              value={settings.heuristic}
              disabled={!needsHeuristic(settings.method)}
              onChange={(event) => set({ heuristic: event.currentTarget.value as HeuristicName })}
            >
              {HEURISTICS.map((name) => (
                <option key={name}>{name}</option>
              ))}
            </select>
          </label>
        </div>
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
      <div class="stage">
        <canvas
          ref={canvas}
          width={width * size}
          height={height * size}
          class="samegame-board"
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
        <p class="hint">
          {hover.length > 1 ? `This group: ${hover.length} cells, +${groupPoints(settings.rules.scoring, hover.length)} points.` : ' '}
        </p>
      </div>
      <aside class="side">
        <dl class="hud">
          <dt>Score</dt>
          <dd data-testid="sg-score">{game.score()}</dd>
          <dt>Moves</dt>
          <dd>{game.history().length}</dd>
          <dt>Cells left</dt>
          <dd>{game.board.cellCount()}</dd>
          {contest && (
            <>
              <dt>Computer</dt>
              <dd data-testid="sg-computer">{contest.computer.score}</dd>
            </>
          )}
        </dl>
        <div class="controls">
          <div class="row">
            <button
              type="button"
              class="secondary"
              disabled={!game.canUndo || thinking}
              onClick={() => {
                stopReplay();
                game.undo();
                setHighlight([]);
                tick();
              }}
              data-testid="sg-undo"
            >
              Undo
            </button>
            <button
              type="button"
              class="secondary"
              disabled={!game.canRedo || thinking}
              onClick={() => {
                game.redo();
                tick();
              }}
              data-testid="sg-redo"
            >
              Redo
            </button>
          </div>
          <button type="button" disabled={thinking || game.isOver()} onClick={hint} data-testid="sg-hint">
            Hint
          </button>
          <button type="button" disabled={thinking || game.isOver()} onClick={solveAndReplay} data-testid="sg-solution">
            Full solution
          </button>
          <button type="button" disabled={thinking} onClick={compete} data-testid="sg-compete">
            Compete with the computer
          </button>
        </div>
        <p class="status" role="status" data-testid="sg-status">
          {status}
        </p>
      </aside>
    </section>
  );
}

function newGame(settings: Settings): SameGame {
  return new SameGame(randomBoard(settings.columns, settings.rows, settings.colours, settings.seed), settings.rules);
}

/** Methods that use S3's heuristics: the depth-first ones order moves with it, best-first and beam rank by it. */
function needsHeuristic(method: SearchMethod): boolean {
  return method !== 'nrpa' && method !== 'nmcs' && method !== 'bfs';
}
