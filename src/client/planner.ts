import { HEIGHT, SHAPE_CELLS, SHAPE_ORDER, WIDTH, type Cell, type PieceState } from '../aveiro/game.ts';
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

/** Box positions the search covers: x from −4 to WIDTH + 3, y from −4 to HEIGHT + 3. */
const SPAN_X = WIDTH + 8;
const SPAN_Y = HEIGHT + 8;
const STATES = 4 * SPAN_X * SPAN_Y;

/**
 * Plans a piece under the protocol's clock: each tick the piece first falls a row, then the key
 * received since the last tick applies (one key per tick). A breadth-first search over (orientation,
 * box x, box y) finds, for every position where the piece can lock, the fewest ticks to get there;
 * the agent's evaluator (on Gridmind's 8 × 30 board) picks the lock. The search runs on typed arrays
 * and allocates nothing per state.
 */
export class AveiroPlanner {
  private readonly board = new Board(COLUMNS, HEIGHT);
  private readonly simulator = new PlacementSimulator(COLUMNS, HEIGHT);
  private readonly evaluator: Evaluator;
  private readonly despair: Evaluator | null;
  /** Occupied cells, walls and floor included, at (y + 4) · SPAN_X + x + 4. */
  private readonly occupied = new Uint8Array(SPAN_X * SPAN_Y);
  private readonly seen = new Int32Array(STATES);
  private readonly parent = new Int32Array(STATES);
  private readonly parentKey = new Uint8Array(STATES);
  private readonly queue = new Int32Array(STATES);
  private readonly locks = new Int32Array(STATES);
  private stamp = 0;

  constructor(private readonly spec: AgentSpec) {
    this.evaluator = new Evaluator(spec.weights, spec.sense);
    this.despair = spec.despair === null ? null : new Evaluator(spec.despair.weights, spec.sense);
  }

  /** The best plan for the falling piece on the locked cells of a frame, or null when it can go nowhere. */
  plan(game: readonly Cell[], piece: PieceState): Plan | null {
    this.load(game);
    const shape = piece.shape;
    const rotations = SHAPE_CELLS[shape].length;
    const stamp = ++this.stamp;
    const { seen, parent, parentKey, queue, locks } = this;
    const encode = (rotation: number, x: number, y: number) => (rotation * SPAN_X + x + 4) * SPAN_Y + y + 4;
    let head = 0;
    let tail = 0;
    let lockCount = 0;
    const start = encode(piece.rotation, piece.x, piece.y);
    seen[start] = stamp;
    parent[start] = -1;
    queue[tail++] = start;
    while (head < tail) {
      const state = queue[head++];
      const y = (state % SPAN_Y) - 4;
      const x = (Math.floor(state / SPAN_Y) % SPAN_X) - 4;
      const rotation = Math.floor(state / (SPAN_Y * SPAN_X));
      if (!this.fits(shape, rotation, x, y + 1)) {
        locks[lockCount++] = state; // the fall is blocked: the piece locks here
        continue;
      }
      for (let k = 0; k < KEYS.length; k++) {
        let [r, nx, ny] = [rotation, x, y + 1];
        const key = KEYS[k];
        if (key === 's') while (this.fits(shape, r, nx, ny + 1)) ny++;
        else if (key === 'w' && this.fits(shape, (r + 1) % rotations, nx, ny)) r = (r + 1) % rotations;
        else if ((key === 'a' || key === 'd') && this.fits(shape, r, nx + (key === 'a' ? -1 : 1), ny)) nx += key === 'a' ? -1 : 1;
        const next = encode(r, nx, ny);
        if (seen[next] === stamp) continue;
        seen[next] = stamp;
        parent[next] = state;
        parentKey[next] = k;
        queue[tail++] = next;
      }
    }
    let best = -1;
    let bestValue = -Infinity;
    for (let i = 0; i < lockCount; i++) {
      const state = locks[i];
      const value = this.value(
        shape,
        Math.floor(state / (SPAN_Y * SPAN_X)),
        (Math.floor(state / SPAN_Y) % SPAN_X) - 4,
        (state % SPAN_Y) - 4,
      );
      if (best < 0 || value > bestValue) [best, bestValue] = [state, value];
    }
    if (best < 0) return null;
    const keys: PlanKey[] = [];
    const positions: PieceState[] = [];
    for (let at = best; parent[at] !== -1; at = parent[at]) {
      keys.push(KEYS[parentKey[at]]);
      positions.push({
        shape,
        rotation: Math.floor(at / (SPAN_Y * SPAN_X)),
        x: (Math.floor(at / SPAN_Y) % SPAN_X) - 4,
        y: (at % SPAN_Y) - 4,
      });
    }
    positions.reverse();
    return { keys: keys.reverse(), positions, target: positions.at(-1) ?? piece };
  }

  /** The evaluator's value of locking the piece there (S1's despair weights when it leaves the stack high). */
  private value(shapeName: PieceState['shape'], rotation: number, boxX: number, boxY: number): number {
    const shape = aveiroRotation.orientations[parsePiece(shapeName)][rotation];
    const cells = SHAPE_CELLS[shapeName][rotation];
    let [minX, maxY] = [Infinity, -Infinity];
    for (const [dx, dy] of cells) [minX, maxY] = [Math.min(minX, dx), Math.max(maxY, dy)];
    const keepBefore = this.evaluator.needsBoardBeforeClear || (this.despair?.needsBoardBeforeClear ?? false);
    this.simulator.simulate(this.board, this.board.stackHeight(), shape, boxX + minX - 1, HEIGHT - 1 - (boxY + maxY), keepBefore);
    const high = this.despair !== null && this.simulator.input.after.top > this.spec.despair!.maxHeightAbove;
    return (high ? this.despair! : this.evaluator).score(this.simulator.input);
  }

  private load(game: readonly Cell[]): void {
    this.board.rows.fill(0);
    this.occupied.fill(0);
    for (let y = -4; y <= HEIGHT; y++) {
      for (let x = -4; x < SPAN_X - 4; x++) if (x <= 0 || x >= WIDTH - 1 || y === HEIGHT) this.occupied[(y + 4) * SPAN_X + x + 4] = 1;
    }
    for (const [x, y] of game) {
      this.occupied[(y + 4) * SPAN_X + x + 4] = 1;
      if (x >= 1 && x <= COLUMNS && y >= 0 && y < HEIGHT) this.board.setCell(x - 1, HEIGHT - 1 - y, true);
    }
  }

  /** The protocol's validity: every cell clear of the walls, the floor and the locked cells. */
  private fits(shape: PieceState['shape'], rotation: number, x: number, y: number): boolean {
    for (const [dx, dy] of SHAPE_CELLS[shape][rotation]) {
      const [cx, cy] = [x + dx, y + dy];
      if (cy > HEIGHT || cx < -4 || cx >= SPAN_X - 4 || this.occupied[(cy + 4) * SPAN_X + cx + 4] === 1) return false;
    }
    return true;
  }
}
