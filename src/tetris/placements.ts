import { parseName } from '../core/names.ts';
import { VANISH_ROWS, type Board } from './board.ts';
import { pieceCells } from './moves.ts';
import type { Piece } from './pieces.ts';
import { CLOCKWISE, COUNTER_CLOCKWISE, type RotationSystem, type Spawn } from './rotation/index.ts';
import type { Orientation } from './shape.ts';

export const PLACEMENT_MODES = ['drop', 'reachable'] as const;
/**
 * `drop`: every distinct rotation × column, dropped straight down from above the stack (the research
 * protocol's actions). `reachable`: every resting position the piece can reach from its spawn with
 * left, right, rotations and soft drops under the rotation system, slides and tucks included.
 */
export type PlacementMode = (typeof PLACEMENT_MODES)[number];

/** Key codes stored per search edge, indexing this string of key letters (see `keys.ts`). */
const KEY_CODES = 'LRCAD';
const LEFT = 0;
const RIGHT = 1;
const TURN_CLOCKWISE = 2;
const TURN_COUNTER_CLOCKWISE = 3;
const SOFT_DROP = 4;
/** In the flat turn tables: no such turn. */
const NO_TURN = 255;

/**
 * A list of placements of one piece: orientation `rotation` with its bounding box's bottom-left corner
 * at (`x`, `y`), and the keys that play each. {@link PlacementGenerator} makes such lists; a front end
 * that knows better which placements a piece can reach (the Aveiro client, under its server's clock)
 * can give its own.
 */
export interface Placements {
  readonly count: number;
  readonly rotation: ArrayLike<number>;
  readonly x: ArrayLike<number>;
  readonly y: ArrayLike<number>;
  /** The orientation of placement i. */
  orientation(i: number): Orientation;
  /** The keys (see `keys.ts`) that play placement i from where the piece is, or null when none does. */
  keys(i: number): string | null;
}

/**
 * Generates the placements of a piece on a board into reusable typed arrays. One generator serves one
 * board size and rotation system; `generate` overwrites the previous results, so read them (or copy
 * what you keep) before the next call. Nothing is allocated per placement.
 *
 * A placement is a resting position inside the board: orientation `rotation` (the first orientation
 * of the rotation system with that shape) with its bounding box's bottom-left corner at (`x`, `y`),
 * x from the left and y from the floor. Its key path is the shortest sequence of keys (see `keys.ts`;
 * each key counts one) that brings a new piece from its spawn position to rest there and locks it with
 * a hard drop.
 */
export class PlacementGenerator implements Placements {
  /** Number of placements found by the last `generate`. */
  count = 0;
  readonly rotation: Uint8Array;
  readonly x: Uint8Array;
  readonly y: Uint8Array;
  private piece: Piece = 0;
  private mode: PlacementMode = 'drop';
  private spawn: Spawn = { rotation: 0, x: 0, y: 0 };
  private board: Board | null = null;
  /** For drop placements' key paths: a reachable search on the same board, run when first asked. */
  private pathFinder: PlacementGenerator | null = null;
  private pathsFound = false;

  // Reachability search over states (rotation, x, y), indexed (rotation·rows + y)·width + x, where rows
  // counts the board's rows and the vanish zone above them. Per-state marks hold the generation's stamp,
  // so that nothing needs clearing between generations.
  private readonly stateCount: number;
  private readonly rowCount: number;
  private stamp = 0;
  private readonly seenStamp: Int32Array;
  private readonly restStamp: Int32Array;
  /**
   * Where the piece fits, measured once a generation: per orientation and column x, a bit mask over the
   * rows y (`words` 32-bit words, low rows first) with bit y set when the orientation fits at (x, y).
   */
  private readonly fitMasks: Int32Array;
  private readonly words: number;
  /**
   * Columns of fit masks beside the board on each side, all zero (nothing fits there), so that a move
   * or a kick a few columns out needs no bounds check: more than the system's longest sideways kick.
   */
  private readonly fitPad: number;
  /** Fit masks per orientation: the board's columns and the pads on both sides. */
  private readonly fitColumns: number;
  /**
   * The rotation system's turns as flat tables, per (piece, rotation, direction) at index
   * (piece · rotations + rotation) · 2 + direction: the orientation turned to (NO_TURN when the turn is
   * impossible), and the range of its moves (dx, dy pairs, tried in order) in `turnMoves`.
   */
  private readonly turnTo: Uint8Array;
  private readonly turnFirst: Uint16Array;
  private readonly turnEnd: Uint16Array;
  private readonly turnMoves: Int8Array;
  private readonly rotations: number;
  /** The board's columns as masks over the rows, `words` each, filled cells set. */
  private readonly columnMasks: Int32Array;
  private readonly parent: Int32Array;
  private readonly parentKey: Uint8Array;
  private readonly queue: Int32Array;
  private readonly queueRotation: Uint8Array;
  private readonly queueX: Uint8Array;
  private readonly queueY: Uint8Array;
  private queueTail = 0;
  private orientations: readonly Orientation[] = [];
  /** Per placement, the search state its hard drop was pressed from. */
  private readonly dropFrom: Int32Array;
  private readonly heights: Int32Array;

  constructor(
    readonly width: number,
    readonly height: number,
    readonly system: RotationSystem,
  ) {
    const rotations = Math.max(...system.orientations.map((turns) => turns.length));
    this.rowCount = height + VANISH_ROWS; // a falling piece may turn into the vanish zone
    this.stateCount = rotations * width * this.rowCount;
    this.rotation = new Uint8Array(this.stateCount);
    this.x = new Uint8Array(this.stateCount);
    this.y = new Uint8Array(this.stateCount);
    this.seenStamp = new Int32Array(this.stateCount);
    this.restStamp = new Int32Array(this.stateCount);
    this.words = Math.ceil(this.rowCount / 32);
    const kicks = system.turns.flat(2).flatMap((turn) => (turn === null ? [] : Array.from(turn.moves.filter((_, i) => i % 2 === 0))));
    this.fitPad = Math.max(1, ...kicks.map(Math.abs)) + 1;
    this.fitColumns = width + 2 * this.fitPad;
    this.fitMasks = new Int32Array(rotations * this.fitColumns * this.words);
    this.rotations = rotations;
    ({ to: this.turnTo, first: this.turnFirst, end: this.turnEnd, moves: this.turnMoves } = flatTurns(system, rotations));
    this.columnMasks = new Int32Array(width * this.words);
    this.queueRotation = new Uint8Array(this.stateCount);
    this.queueX = new Uint8Array(this.stateCount);
    this.queueY = new Uint8Array(this.stateCount);
    this.parent = new Int32Array(this.stateCount);
    this.parentKey = new Uint8Array(this.stateCount);
    this.queue = new Int32Array(this.stateCount);
    this.dropFrom = new Int32Array(this.stateCount);
    this.heights = new Int32Array(width);
  }

  /** Finds every placement of `piece` on `board`; returns their number. */
  generate(board: Board, piece: Piece, mode: PlacementMode, spawn?: Spawn): number {
    if (board.width !== this.width || board.height !== this.height) {
      throw new Error(`generator is for ${this.width}x${this.height}, board is ${board.width}x${board.height}`);
    }
    this.piece = piece;
    this.mode = mode;
    this.spawn = spawn ?? this.system.spawn(piece, this.width, this.height);
    this.board = board;
    this.pathsFound = false;
    this.count = 0;
    if (mode === 'drop') this.generateDrops(board);
    else this.generateReachable(board);
    return this.count;
  }

  /** The orientation of placement i. */
  orientation(i: number): Orientation {
    return this.system.orientations[this.piece][this.rotation[i]];
  }

  /** The board cells [x, y] of placement i. */
  cells(i: number): [number, number][] {
    return pieceCells(this.system, { piece: this.piece, rotation: this.rotation[i], x: this.x[i], y: this.y[i] });
  }

  /**
   * The shortest keys that play placement i from the spawn position, or null when no key path reaches
   * it (a drop placement under an overhang the piece cannot pass). Read it before the board changes.
   */
  keys(i: number): string | null {
    if (this.mode === 'reachable') return this.searchedKeys(i);
    const finder = (this.pathFinder ??= new PlacementGenerator(this.width, this.height, this.system));
    if (!this.pathsFound) {
      finder.generate(this.board!, this.piece, 'reachable', this.spawn);
      this.pathsFound = true;
    }
    for (let j = 0; j < finder.count; j++) {
      if (finder.rotation[j] === this.rotation[i] && finder.x[j] === this.x[i] && finder.y[j] === this.y[i]) return finder.searchedKeys(j);
    }
    return null;
  }

  private generateDrops(board: Board): void {
    const { width, height, heights } = this;
    board.columnHeights(heights);
    for (const rotation of this.system.distinctRotations[this.piece]) {
      const orientation = this.system.orientations[this.piece][rotation];
      const bottoms = orientation.bottoms;
      for (let x = 0; x + orientation.width <= width; x++) {
        let y = 0;
        for (let c = 0; c < bottoms.length; c++) {
          const rest = heights[x + c] - bottoms[c];
          if (rest > y) y = rest;
        }
        if (y + orientation.height > height) continue; // would stick out of the top
        this.push(rotation, x, y);
      }
    }
  }

  private generateReachable(board: Board): void {
    const { width, height, rowCount, system, piece } = this;
    const orientations = system.orientations[piece];
    const canonical = system.canonicalRotation[piece];
    const { restStamp, queue, queueRotation, queueX, queueY } = this;
    this.orientations = orientations;
    const stamp = this.nextStamp();
    this.measureFits(board);
    const start = this.spawn;
    const outside = start.x < 0 || start.x + orientations[start.rotation].width > width;
    if (outside || !this.fitsAt(start.rotation, start.x, start.y)) return; // blocked spawn: no placement

    const { fitMasks, words, fitColumns, fitPad, turnTo, turnFirst, turnEnd, turnMoves } = this;
    const statesPerRotation = rowCount * width;
    const turnsOfPiece = piece * this.rotations * 2;
    this.queueTail = 0;
    this.visit(-1, 0, start.rotation, start.x, start.y, (start.rotation * rowCount + start.y) * width + start.x);
    for (let head = 0; head < this.queueTail; head++) {
      const state = queue[head];
      const rotation = queueRotation[head];
      const x = queueX[head];
      const y = queueY[head];
      const orientation = orientations[rotation];

      const restY = this.restingRow(rotation, x, y);
      const rest = (canonical[rotation] * rowCount + restY) * width + x;
      if (restStamp[rest] !== stamp && restY + orientation.height <= height) {
        restStamp[rest] = stamp;
        this.dropFrom[this.count] = state;
        this.push(canonical[rotation], x, restY);
      }

      for (let direction = CLOCKWISE; direction <= COUNTER_CLOCKWISE; direction++) {
        const t = turnsOfPiece + rotation * 2 + direction;
        const to = turnTo[t];
        if (to === NO_TURN) continue;
        for (let m = turnFirst[t]; m < turnEnd[t]; m += 2) {
          const toX = x + turnMoves[m];
          const toY = y + turnMoves[m + 1];
          const word = toY >>> 5; // a row below the floor reads past the last word
          if (word < words && ((fitMasks[(to * fitColumns + fitPad + toX) * words + word] >>> (toY & 31)) & 1) === 1) {
            const key = direction === CLOCKWISE ? TURN_CLOCKWISE : TURN_COUNTER_CLOCKWISE;
            this.visit(state, key, to, toX, toY, state + (to - rotation) * statesPerRotation + turnMoves[m + 1] * width + turnMoves[m]);
            break;
          }
        }
      }
      // Sideways: the fit masks of the columns beside this one, at this row.
      const here = (rotation * fitColumns + fitPad + x) * words + (y >>> 5);
      const bit = y & 31;
      if (((fitMasks[here - words] >>> bit) & 1) === 1) this.visit(state, LEFT, rotation, x - 1, y, state - 1);
      if (((fitMasks[here + words] >>> bit) & 1) === 1) this.visit(state, RIGHT, rotation, x + 1, y, state + 1);
      if (restY < y) this.visit(state, SOFT_DROP, rotation, x, y - 1, state - width);
    }
  }

  /** This generation's stamp; the marks start over before the stamp could overflow. */
  private nextStamp(): number {
    if (this.stamp >= 1 << 29) {
      this.stamp = 0;
      for (const marks of [this.seenStamp, this.restStamp]) marks.fill(0);
    }
    return ++this.stamp;
  }

  /** Queues state (rotation, x, y), numbered `state`, unless the search has seen it, reached from state `from` by `key`. */
  private visit(from: number, key: number, rotation: number, x: number, y: number, state: number): void {
    if (this.seenStamp[state] === this.stamp) return;
    this.seenStamp[state] = this.stamp;
    this.parent[state] = from;
    this.parentKey[state] = key;
    const tail = this.queueTail++;
    this.queue[tail] = state;
    this.queueRotation[tail] = rotation;
    this.queueX[tail] = x;
    this.queueY[tail] = y;
  }

  /** Fills the fit masks of this generation's piece on `board`. */
  private measureFits(board: Board): void {
    const { width, words, rowCount, columnMasks, fitMasks, orientations, fitPad, fitColumns } = this;
    columnMasks.fill(0);
    fitMasks.fill(0);
    const rows = board.rows;
    for (let y = 0; y < rowCount; y++) {
      for (let bits = rows[y]; bits !== 0; bits &= bits - 1)
        columnMasks[(31 - Math.clz32(bits & -bits)) * words + (y >>> 5)] |= 1 << (y & 31);
    }
    for (let rotation = 0; rotation < orientations.length; rotation++) {
      const { columns, width: shapeWidth, height: shapeHeight } = orientations[rotation];
      const positions = rowCount - shapeHeight + 1; // the rows y where the shape is inside the board and vanish zone
      for (let x = 0; x + shapeWidth <= width; x++) {
        const fit = (rotation * fitColumns + fitPad + x) * words;
        for (let w = 0; w < words; w++) {
          const below = positions - 32 * w; // positions in this word
          fitMasks[fit + w] = below >= 32 ? -1 : below > 0 ? (1 << below) - 1 : 0;
        }
        for (let k = 0; k < shapeWidth; k++) {
          const column = (x + k) * words;
          // The shape's cell dy rows above y must be empty: clear bit y wherever row y + dy is filled.
          for (let cells = columns[k]; cells !== 0; cells &= cells - 1) {
            const dy = 31 - Math.clz32(cells & -cells);
            for (let w = 0; w < words; w++) {
              const next = w + 1 < words ? columnMasks[column + w + 1] : 0;
              const filled = dy === 0 ? columnMasks[column + w] : (columnMasks[column + w] >>> dy) | (next << (32 - dy));
              fitMasks[fit + w] &= ~filled;
            }
          }
        }
      }
    }
  }

  /** Whether orientation `rotation` of this generation's piece fits at (x, y), inside the board and its vanish zone. */
  private fitsAt(rotation: number, x: number, y: number): boolean {
    const word = y >>> 5; // a row below the floor reads past the last word
    return (
      word < this.words && ((this.fitMasks[(rotation * this.fitColumns + this.fitPad + x) * this.words + word] >>> (y & 31)) & 1) === 1
    );
  }

  /** The row where the piece in a fitting state comes to rest falling straight down. */
  private restingRow(rotation: number, x: number, y: number): number {
    const { words, fitMasks } = this;
    const fit = (rotation * this.fitColumns + this.fitPad + x) * words;
    // The highest row below y where the piece does not fit, + 1.
    let word = y >>> 5;
    let blocked = ~fitMasks[fit + word] & ((1 << (y & 31)) - 1);
    while (blocked === 0) {
      if (word === 0) return 0;
      word--;
      blocked = ~fitMasks[fit + word];
    }
    return 32 * word + 32 - Math.clz32(blocked);
  }

  private push(rotation: number, x: number, y: number): void {
    const i = this.count++;
    this.rotation[i] = rotation;
    this.x[i] = x;
    this.y[i] = y;
  }

  private searchedKeys(i: number): string {
    const path: string[] = ['H'];
    for (let state = this.dropFrom[i]; this.parent[state] !== -1; state = this.parent[state]) {
      path.push(KEY_CODES[this.parentKey[state]]);
    }
    return path.reverse().join('');
  }
}

/** A rotation system's turns as the flat tables of {@link PlacementGenerator} (see `turnTo` there). */
function flatTurns(system: RotationSystem, rotations: number): { to: Uint8Array; first: Uint16Array; end: Uint16Array; moves: Int8Array } {
  const count = system.turns.length * rotations * 2;
  const to = new Uint8Array(count).fill(NO_TURN);
  const first = new Uint16Array(count);
  const end = new Uint16Array(count);
  const moves: number[] = [];
  system.turns.forEach((pieceTurns, piece) =>
    pieceTurns.forEach((directions, rotation) =>
      directions.forEach((turn, direction) => {
        if (turn === null) return;
        const t = (piece * rotations + rotation) * 2 + direction;
        to[t] = turn.to;
        first[t] = moves.length;
        moves.push(...turn.moves);
        end[t] = moves.length;
      }),
    ),
  );
  return { to, first, end, moves: Int8Array.from(moves) };
}

export function parsePlacementMode(text: string): PlacementMode {
  return parseName(PLACEMENT_MODES, 'placement mode', text);
}
