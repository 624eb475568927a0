import { fitsAmong, HEIGHT, keyMove, SHAPE_CELLS, SHAPE_ORDER, WIDTH, type Cell, type PieceState } from '../aveiro/game.ts';
import { Board } from '../tetris/board.ts';
import { parsePiece } from '../tetris/pieces.ts';
import { aveiroRotation } from '../tetris/rotation/aveiro.ts';
import type { AgentSpec } from '../tetris-ai/agent-spec.ts';
import { Evaluator } from '../tetris-ai/evaluator.ts';
import { PlacementSimulator } from '../tetris-ai/simulator.ts';

/** The keys a plan is made of: a tick with no key, turn, left, right, drop. */
const KEYS = ['', 'w', 'a', 'd', 's'] as const;
type PlanKey = (typeof KEYS)[number];

/** Gridmind's board for the protocol's playfield: 8 columns (x − 1) and 30 rows counted from the floor (29 − y). */
const COLUMNS = WIDTH - 2;

/** Which piece, orientation and box position a frame's four cells show, or null if none matches. */
export function identifyPiece(cells: readonly Cell[]): PieceState | null {
  const key = (list: readonly Cell[]) =>
    list
      .map(([x, y]) => `${x},${y}`)
      .sort()
      .join(' ');
  const wanted = key(cells);
  const [minX, minY] = [Math.min(...cells.map(([x]) => x)), Math.min(...cells.map(([, y]) => y))];
  for (const shape of SHAPE_ORDER) {
    for (const [rotation, box] of SHAPE_CELLS[shape].entries()) {
      const x = minX - Math.min(...box.map(([dx]) => dx));
      const y = minY - Math.min(...box.map(([, dy]) => dy));
      if (key(box.map(([dx, dy]) => [x + dx, y + dy])) === wanted) return { shape, rotation, x, y };
    }
  }
  return null;
}

/** A plan: the keys to send, one per tick, and where the piece should be after each of those ticks. */
export interface Plan {
  readonly keys: PlanKey[];
  readonly positions: PieceState[];
  /** Where it locks. */
  readonly target: PieceState;
}

/**
 * Plans a piece under the protocol's clock: each tick the piece first falls a row, then the key
 * received since the last tick applies (one key per tick). A breadth-first search over (orientation,
 * box x, box y) finds, for every position where the piece can lock, the fewest ticks to get there;
 * the agent's evaluator (on Gridmind's 8 × 30 board) picks the lock.
 */
export class AveiroPlanner {
  private readonly board = new Board(COLUMNS, HEIGHT);
  private readonly simulator = new PlacementSimulator(COLUMNS, HEIGHT);
  private readonly evaluator: Evaluator;
  private readonly despair: Evaluator | null;
  private readonly filled = new Set<number>();

  constructor(private readonly spec: AgentSpec) {
    this.evaluator = new Evaluator(spec.weights, spec.sense);
    this.despair = spec.despair === null ? null : new Evaluator(spec.despair.weights, spec.sense);
  }

  /** The best plan for the falling piece on the locked cells of a frame, or null when it can go nowhere. */
  plan(game: readonly Cell[], piece: PieceState): Plan | null {
    this.load(game);
    const index = (state: PieceState) => (state.rotation * WIDTH + state.x + 4) * (HEIGHT + 8) + state.y + 4;
    const seen = new Map<number, { from: number; key: PlanKey; state: PieceState }>();
    seen.set(index(piece), { from: -1, key: '', state: piece });
    const locks = new Map<number, number>(); // lock position → the state it locks from
    let frontier = [piece];
    while (frontier.length > 0) {
      const next: PieceState[] = [];
      for (const state of frontier) {
        const fallen = { ...state, y: state.y + 1 };
        if (!this.valid(fallen)) {
          if (!locks.has(index(state))) locks.set(index(state), index(state));
          continue;
        }
        for (const key of KEYS) {
          const moved = this.applyKey(fallen, key);
          if (seen.has(index(moved))) continue;
          seen.set(index(moved), { from: index(state), key, state: moved });
          next.push(moved);
        }
      }
      frontier = next;
    }
    let best: PieceState | null = null;
    let bestValue = -Infinity;
    for (const lock of locks.keys()) {
      const state = seen.get(lock)!.state;
      const value = this.value(state);
      if (best === null || value > bestValue) [best, bestValue] = [state, value];
    }
    if (best === null) return null;
    const keys: PlanKey[] = [];
    const positions: PieceState[] = [];
    for (let at = index(best); seen.get(at)!.from !== -1; at = seen.get(at)!.from) {
      keys.push(seen.get(at)!.key);
      positions.push(seen.get(at)!.state);
    }
    return { keys: keys.reverse(), positions: positions.reverse(), target: best };
  }

  /** The evaluator's value of locking the piece there (S1's despair weights when it leaves the stack high). */
  private value(state: PieceState): number {
    const piece = parsePiece(state.shape);
    const shape = aveiroRotation.orientations[piece][state.rotation];
    const cells = SHAPE_CELLS[state.shape][state.rotation];
    const x = state.x + Math.min(...cells.map(([dx]) => dx)) - 1;
    const y = HEIGHT - 1 - (state.y + Math.max(...cells.map(([, dy]) => dy)));
    const keepBefore = this.evaluator.needsBoardBeforeClear || (this.despair?.needsBoardBeforeClear ?? false);
    this.simulator.simulate(this.board, this.board.stackHeight(), shape, x, y, keepBefore);
    const high = this.despair !== null && this.simulator.input.after.top > this.spec.despair!.maxHeightAbove;
    return (high ? this.despair! : this.evaluator).score(this.simulator.input);
  }

  private load(game: readonly Cell[]): void {
    this.board.rows.fill(0);
    this.filled.clear();
    for (const [x, y] of game) {
      this.filled.add(y * WIDTH + x);
      if (x >= 1 && x <= COLUMNS && y >= 0 && y < HEIGHT) this.board.setCell(x - 1, HEIGHT - 1 - y, true);
    }
  }

  private valid(state: PieceState): boolean {
    return fitsAmong(this.filled, state);
  }

  private applyKey(state: PieceState, key: PlanKey): PieceState {
    return keyMove(state, key, (moved) => this.valid(moved));
  }
}
