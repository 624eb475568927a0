import { HEIGHT, SHAPE_CELLS, SHAPE_ORDER, WIDTH, type Cell, type PieceState } from '../aveiro/game.ts';
import { Board } from '../tetris/board.ts';
import { parsePiece, type Piece } from '../tetris/pieces.ts';
import type { Placements } from '../tetris/placements.ts';
import { aveiroRotation } from '../tetris/rotation/aveiro.ts';
import { RULE_SETS } from '../tetris/rules.ts';
import type { Orientation } from '../tetris/shape.ts';
import { TetrisAgent, type Chooser } from '../tetris-ai/agent.ts';
import type { AgentSpec } from '../tetris-ai/agent-spec.ts';
import { CodeAgentChooser, type AgentModule } from '../tetris-ai/code-agents.ts';

/** The keys a plan is made of: a tick with no key, turn, left, right, drop. */
const KEYS = ['', 'w', 'a', 'd', 's'] as const;
type PlanKey = (typeof KEYS)[number];

/** The same keys as Gridmind names them (keys.ts): a tick's fall is a soft drop, a turn is clockwise. */
const GRIDMIND_KEYS: Readonly<Record<PlanKey, string>> = { '': 'D', w: 'C', a: 'L', d: 'R', s: 'H' };

/** The next pieces the protocol shows, so the deepest lookahead an agent can have on it (agent files allow no deeper one). */
export const AVEIRO_PREVIEW = 3;

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

/** An agent's own policy on the protocol's board: its lookahead, tie-break and despair, as in `play`. */
export function aveiroAgent(spec: AgentSpec): TetrisAgent {
  return new TetrisAgent(spec, COLUMNS, HEIGHT, aveiroRotation, 'reachable');
}

/** An agent in code or a program on the protocol's board, choosing among the locks the clock lets through. */
export function aveiroCodeAgent(module: AgentModule): CodeAgentChooser {
  return new CodeAgentChooser(module, COLUMNS, HEIGHT, aveiroRotation);
}

/** What the planner needs of a frame: the locked cells, the score, and the next pieces identified. */
export interface PlanningState {
  readonly game: readonly Cell[];
  readonly score: number;
  readonly next: readonly PieceState['shape'][];
}

/**
 * The locks a search found, as Gridmind placements (on its 8 × 30 board: x = box x + the shape's left
 * column − 1, y = 29 − the box's lowest row) with the keys that reach each.
 */
class Locks implements Placements {
  count = 0;
  readonly rotation: number[] = [];
  readonly x: number[] = [];
  readonly y: number[] = [];
  /** The search state of each lock. */
  readonly states: number[] = [];
  private piece: Piece = 0;

  constructor(private readonly keysTo: (state: number) => string) {}

  reset(piece: Piece): void {
    this.piece = piece;
    this.count = 0;
    for (const list of [this.rotation, this.x, this.y, this.states]) list.length = 0;
  }

  add(state: number, rotation: number, x: number, y: number): void {
    this.states.push(state);
    this.rotation.push(rotation);
    this.x.push(x);
    this.y.push(y);
    this.count++;
  }

  orientation(i: number): Orientation {
    return aveiroRotation.orientations[this.piece][this.rotation[i]];
  }

  keys(i: number): string {
    return this.keysTo(this.states[i]);
  }
}

/**
 * Plans a piece under the protocol's clock: each tick the piece first falls a row, then the key
 * received since the last tick applies (one key per tick). A breadth-first search over (orientation,
 * box x, box y) finds, for every position where the piece can lock, the fewest ticks to get there;
 * the agent chooses among those locks as it does in `play` and `bench` (on Gridmind's 8 × 30 board,
 * its policy's lookahead over the protocol's next pieces and its tie-break). The search runs on typed
 * arrays and allocates nothing per state.
 */
export class AveiroPlanner {
  private readonly board = new Board(COLUMNS, HEIGHT);
  private readonly locks = new Locks((state) => this.keysTo(state));
  /** Occupied cells, walls and floor included, at (y + 4) · SPAN_X + x + 4. */
  private readonly occupied = new Uint8Array(SPAN_X * SPAN_Y);
  private readonly seen = new Int32Array(STATES);
  private readonly parent = new Int32Array(STATES);
  private readonly parentKey = new Uint8Array(STATES);
  private readonly queue = new Int32Array(STATES);
  private stamp = 0;

  /** `agent` chooses among the locks: an agent's own policy ({@link aveiroAgent}) or an agent in code. */
  constructor(private readonly agent: Chooser) {}

  /** The best plan for the falling piece in a frame, or null when it can go nowhere. */
  plan(frame: PlanningState, piece: PieceState): Plan | null {
    this.load(frame.game);
    const shape = piece.shape;
    const rotations = SHAPE_CELLS[shape].length;
    const stamp = ++this.stamp;
    const { seen, parent, parentKey, queue, locks } = this;
    const encode = (rotation: number, x: number, y: number) => (rotation * SPAN_X + x + 4) * SPAN_Y + y + 4;
    let head = 0;
    let tail = 0;
    locks.reset(parsePiece(shape));
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
        // The fall is blocked: the piece locks here.
        let [left, lowest] = [Infinity, -Infinity];
        for (const [dx, dy] of SHAPE_CELLS[shape][rotation]) [left, lowest] = [Math.min(left, dx), Math.max(lowest, dy)];
        locks.add(state, rotation, x + left - 1, HEIGHT - 1 - (y + lowest));
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
    const choice = this.agent.choose({
      board: this.board,
      piece: parsePiece(shape),
      preview: frame.next.map(parsePiece),
      rules: RULE_SETS.aveiro,
      score: frame.score,
      level: RULE_SETS.aveiro.level(0, frame.score),
      target: null,
      placements: locks,
    });
    if (choice === null) return null;
    let chosen = 0;
    while (locks.rotation[chosen] !== choice.rotation || locks.x[chosen] !== choice.x || locks.y[chosen] !== choice.y) chosen++;
    const best = locks.states[chosen];
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

  /** The keys of the last search's path to a state, as Gridmind names them. */
  private keysTo(state: number): string {
    let keys = '';
    for (let at = state; this.parent[at] !== -1; at = this.parent[at]) keys = GRIDMIND_KEYS[KEYS[this.parentKey[at]]] + keys;
    return keys;
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
