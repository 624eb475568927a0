import { parseName } from '../core/names.ts';
import { VANISH_ROWS, type Board } from './board.ts';
import { firstFittingMove, pieceCells, restingY } from './moves.ts';
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
  // counts the board's rows and the vanish zone above them.
  private readonly stateCount: number;
  private stamp = 0;
  private readonly seenStamp: Int32Array;
  private readonly restStamp: Int32Array;
  private readonly parent: Int32Array;
  private readonly parentKey: Uint8Array;
  private readonly queue: Int32Array;
  /** Per placement, the search state its hard drop was pressed from. */
  private readonly dropFrom: Int32Array;
  private readonly heights: Int32Array;

  constructor(
    readonly width: number,
    readonly height: number,
    readonly system: RotationSystem,
  ) {
    const rotations = Math.max(...system.orientations.map((turns) => turns.length));
    this.stateCount = rotations * width * (height + VANISH_ROWS);
    this.rotation = new Uint8Array(this.stateCount);
    this.x = new Uint8Array(this.stateCount);
    this.y = new Uint8Array(this.stateCount);
    this.seenStamp = new Int32Array(this.stateCount);
    this.restStamp = new Int32Array(this.stateCount);
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
    const { width, height, system, piece } = this;
    const orientations = system.orientations[piece];
    const turns = system.turns[piece];
    const canonical = system.canonicalRotation[piece];
    const { seenStamp, restStamp, parent, parentKey, queue } = this;
    const stamp = ++this.stamp;
    const rowCount = height + VANISH_ROWS; // a falling piece may turn into the vanish zone
    const start = this.spawn;
    if (!board.fits(orientations[start.rotation], start.x, start.y)) return; // blocked spawn: no placement

    let head = 0;
    let tail = 0;
    const visit = (from: number, key: number, rotation: number, x: number, y: number): void => {
      const state = (rotation * rowCount + y) * width + x;
      if (seenStamp[state] === stamp) return;
      seenStamp[state] = stamp;
      parent[state] = from;
      parentKey[state] = key;
      queue[tail++] = state;
    };
    visit(-1, 0, start.rotation, start.x, start.y);

    while (head < tail) {
      const state = queue[head++];
      const x = state % width;
      const y = Math.floor(state / width) % rowCount;
      const rotation = Math.floor(state / (width * rowCount));
      const orientation = orientations[rotation];

      const restY = restingY(board, orientation, x, y);
      const rest = (canonical[rotation] * rowCount + restY) * width + x;
      if (restStamp[rest] !== stamp && restY + orientation.height <= height) {
        restStamp[rest] = stamp;
        this.dropFrom[this.count] = state;
        this.push(canonical[rotation], x, restY);
      }

      for (let direction = CLOCKWISE; direction <= COUNTER_CLOCKWISE; direction++) {
        const turn = turns[rotation][direction];
        if (turn === null) continue;
        const m = firstFittingMove(board, orientations[turn.to], turn, x, y);
        if (m >= 0)
          visit(
            state,
            direction === CLOCKWISE ? TURN_CLOCKWISE : TURN_COUNTER_CLOCKWISE,
            turn.to,
            x + turn.moves[m],
            y + turn.moves[m + 1],
          );
      }
      if (board.fits(orientation, x - 1, y)) visit(state, LEFT, rotation, x - 1, y);
      if (board.fits(orientation, x + 1, y)) visit(state, RIGHT, rotation, x + 1, y);
      if (restY < y) visit(state, SOFT_DROP, rotation, x, y - 1);
    }
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

export function parsePlacementMode(text: string): PlacementMode {
  return parseName(PLACEMENT_MODES, 'placement mode', text);
}
