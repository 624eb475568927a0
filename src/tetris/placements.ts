import { VANISH_ROWS, type Board } from './board.ts';
import { pieceCells } from './moves.ts';
import type { PlacementMode } from './placement-modes.ts';
import type { Piece } from './pieces.ts';
import { CLOCKWISE, COUNTER_CLOCKWISE, type RotationSystem, type Spawn } from './rotation/index.ts';
import type { Orientation } from './shape.ts';

/** Key codes stored per search edge, indexing this string of key letters (see `keys.ts`). */
const KEY_CODES = 'LRCADH';
const LEFT = 0;
const RIGHT = 1;
const TURN_CLOCKWISE = 2;
const TURN_COUNTER_CLOCKWISE = 3;
const SOFT_DROP = 4;
const HARD_DROP = 5;

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
 * a hard drop. Under `ticks` it is one key per step instead, `D` for a step with no key, and ends where
 * the piece comes to rest (the next step locks it).
 */
export class PlacementGenerator implements Placements {
  /** Number of placements found by the last `generate`. */
  count = 0;
  readonly rotation: Uint8Array;
  readonly x: Uint8Array;
  readonly y: Uint8Array;
  private piece: Piece = 0;
  private mode: PlacementMode = 'drop';
  /** The spawn position `generate` was given, if any (else the rotation system's). */
  private givenSpawn: Spawn | undefined = undefined;
  private board: Board | null = null;
  /** For drop placements' key paths: a reachable search on the same board, run when first asked. */
  private pathFinder: PlacementGenerator | null = null;
  private pathsFound = false;

  // Reachability search over states (rotation, x, y), numbered like the bits of the fit masks:
  // state = column · rowStride + y, where column = rotation · fitColumns + fitPad + x and rowStride is
  // 32 · words. So state >>> 5 is the state's word in the fit masks and state & 31 its bit, a move
  // sideways adds ±rowStride, a soft drop −1, and a turn with its kick a constant per table entry.
  // The stride leaves, above the vanish zone, more empty rows than any kick climbs or drops, so a
  // kicked state outside the board is a cleared bit (of its own column or the one before) and needs
  // no bounds check.
  private readonly rowCount: number;
  private readonly rowStride: number;
  /** In the layout of the fit masks: the states where the piece fits that the search has not reached yet. */
  private readonly unseen: Int32Array;
  /** In the layout of the fit masks: the placements found, at their first orientation of the shape. */
  private readonly placed: Int32Array;
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
   * (piece · rotations + rotation) · 2 + direction: the range of its moves in `turnSteps` (empty when
   * the turn is impossible), each the change of the state number it makes, tried in order.
   */
  private readonly turnFirst: Uint16Array;
  private readonly turnEnd: Uint16Array;
  private readonly turnSteps: Int32Array;
  private readonly rotations: number;
  /** The orientation of the states in each word of the fit masks. */
  private readonly wordRotation: Uint8Array;
  /**
   * Per piece, in the layout of the fit masks, the rows where an orientation may rest: its top inside
   * the board, not in the vanish zone.
   */
  private readonly restRows: Int32Array;
  /** Per (piece, rotation): the change of the state number from an orientation to the first of its shape. */
  private readonly canonicalStep: Int32Array;
  /** The board's columns as masks over the rows, `words` each, filled cells set. */
  private readonly columnMasks: Int32Array;
  private readonly parent: Int32Array;
  private readonly parentKey: Uint8Array;
  private readonly queue: Int32Array;
  private queueTail = 0;
  /** Per placement, the search state its hard drop was pressed from. */
  private readonly dropFrom: Int32Array;
  private readonly heights: Int32Array;

  constructor(
    readonly width: number,
    readonly height: number,
    readonly system: RotationSystem,
  ) {
    const rotations = Math.max(...system.orientations.map((turns) => turns.length));
    const moves = system.turns.flat(2).flatMap((turn) => (turn === null ? [] : Array.from(turn.moves)));
    const kicksSideways = moves.filter((_, i) => i % 2 === 0).map(Math.abs);
    const kicksUpOrDown = moves.filter((_, i) => i % 2 === 1).map(Math.abs);
    this.rowCount = height + VANISH_ROWS; // a falling piece may turn into the vanish zone
    this.words = Math.ceil((this.rowCount + Math.max(1, ...kicksUpOrDown)) / 32);
    this.rowStride = 32 * this.words;
    this.fitPad = Math.max(1, ...kicksSideways) + 1;
    this.fitColumns = width + 2 * this.fitPad;
    this.rotations = rotations;
    const stateCount = rotations * this.fitColumns * this.rowStride;
    const placementCount = rotations * width * this.rowCount;
    this.rotation = new Uint8Array(placementCount);
    this.x = new Uint8Array(placementCount);
    this.y = new Uint8Array(placementCount);
    this.dropFrom = new Int32Array(placementCount);
    this.unseen = new Int32Array(stateCount / 32);
    this.placed = new Int32Array(stateCount / 32);
    this.parent = new Int32Array(stateCount);
    this.parentKey = new Uint8Array(stateCount);
    this.queue = new Int32Array(stateCount);
    this.fitMasks = new Int32Array(stateCount / 32);
    this.wordRotation = Uint8Array.from({ length: stateCount / 32 }, (_, word) => Math.floor(word / (this.fitColumns * this.words)));
    ({ first: this.turnFirst, end: this.turnEnd, steps: this.turnSteps } = this.flatTurns());
    ({ restRows: this.restRows, canonicalStep: this.canonicalStep } = this.restTables());
    this.columnMasks = new Int32Array(width * this.words);
    this.heights = new Int32Array(width);
  }

  /** Finds every placement of `piece` on `board`; returns their number. */
  generate(board: Board, piece: Piece, mode: PlacementMode, spawn?: Spawn): number {
    if (board.width !== this.width || board.height !== this.height) {
      throw new Error(`generator is for ${this.width}x${this.height}, board is ${board.width}x${board.height}`);
    }
    this.piece = piece;
    this.mode = mode;
    this.givenSpawn = spawn;
    this.board = board;
    this.pathsFound = false;
    this.count = 0;
    if (mode === 'drop') this.generateDrops(board);
    else if (mode === 'reachable') this.generateReachable(board);
    else this.generateTicks(board);
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
    if (this.mode !== 'drop') return this.searchedKeys(i);
    const finder = (this.pathFinder ??= new PlacementGenerator(this.width, this.height, this.system));
    if (!this.pathsFound) {
      finder.generate(this.board!, this.piece, 'reachable', this.givenSpawn);
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

  /**
   * Measures the piece's fits on `board` and queues the search's first state, the spawn's; returns
   * false when the spawn is blocked or off the board (no placement).
   */
  private startSearch(board: Board): boolean {
    const { width, piece, fitMasks } = this;
    this.measureFits(board);
    this.unseen.set(fitMasks);
    this.placed.fill(0);
    const start = this.givenSpawn ?? this.system.spawn(piece, width, this.height);
    const outside = start.x < 0 || start.x + this.system.orientations[piece][start.rotation].width > width || start.y >= this.rowCount;
    const first = this.state(start.rotation, start.x, start.y);
    if (outside || start.y < 0 || ((fitMasks[first >>> 5] >>> (first & 31)) & 1) === 0) return false;
    this.queueTail = 0;
    this.visit(-1, 0, first);
    return true;
  }

  /**
   * The state a piece at `state` falls to: above the highest row below it where the piece does not
   * fit. The bit under the column's row 0 is the top bit of the column before, always clear.
   */
  private restingState(state: number): number {
    const fitMasks = this.fitMasks;
    let word = state >>> 5;
    let blocked = ~fitMasks[word] & ((1 << (state & 31)) - 1);
    while (blocked === 0) blocked = ~fitMasks[--word];
    return (word << 5) + 32 - Math.clz32(blocked);
  }

  /** Adds the placement of a piece resting at `resting`, unless found already or not inside the board; its key path ends at `from`. */
  private placeAt(resting: number, rotation: number, from: number): void {
    const rest = resting + this.canonicalStep[this.piece * this.rotations + rotation];
    const restRowsOfPiece = this.piece * this.fitMasks.length;
    if (
      ((this.placed[rest >>> 5] >>> (rest & 31)) & 1) === 0 &&
      ((this.restRows[restRowsOfPiece + (resting >>> 5)] >>> (resting & 31)) & 1) === 1
    ) {
      this.placed[rest >>> 5] |= 1 << (rest & 31);
      this.dropFrom[this.count] = from;
      this.pushState(rest);
    }
  }

  private generateReachable(board: Board): void {
    const { piece, rowStride, wordRotation, unseen, queue, parentKey } = this;
    if (!this.startSearch(board)) return;
    const turnsOfPiece = piece * this.rotations * 2;
    for (let head = 0; head < this.queueTail; head++) {
      const state = queue[head];
      const rotation = wordRotation[state >>> 5];

      // A state reached by a soft drop falls where the state above it falls: placed already.
      if (parentKey[state] !== SOFT_DROP) this.placeAt(this.restingState(state), rotation, state);

      const turns = turnsOfPiece + rotation * 2;
      const clockwise = this.turned(state, turns + CLOCKWISE);
      if (((unseen[clockwise >>> 5] >>> (clockwise & 31)) & 1) === 1) this.visit(state, TURN_CLOCKWISE, clockwise);
      const counterClockwise = this.turned(state, turns + COUNTER_CLOCKWISE);
      if (((unseen[counterClockwise >>> 5] >>> (counterClockwise & 31)) & 1) === 1)
        this.visit(state, TURN_COUNTER_CLOCKWISE, counterClockwise);
      const left = state - rowStride;
      if (((unseen[left >>> 5] >>> (left & 31)) & 1) === 1) this.visit(state, LEFT, left);
      const right = state + rowStride;
      if (((unseen[right >>> 5] >>> (right & 31)) & 1) === 1) this.visit(state, RIGHT, right);
      const below = state - 1;
      if (((unseen[below >>> 5] >>> (below & 31)) & 1) === 1) this.visit(state, SOFT_DROP, below);
    }
  }

  /**
   * Under `ticks`: each step moves the piece down a row, then one key (or none) moves it; a piece that
   * cannot fall rests where it is, and the next step locks it.
   */
  private generateTicks(board: Board): void {
    const { piece, rowStride, fitMasks, wordRotation, unseen, queue } = this;
    if (!this.startSearch(board)) return;
    const turnsOfPiece = piece * this.rotations * 2;
    const unseenAt = (state: number) => ((unseen[state >>> 5] >>> (state & 31)) & 1) === 1;
    for (let head = 0; head < this.queueTail; head++) {
      const state = queue[head];
      const rotation = wordRotation[state >>> 5];
      const fallen = state - 1;
      if (((fitMasks[fallen >>> 5] >>> (fallen & 31)) & 1) === 0) {
        this.placeAt(state, rotation, state);
        continue;
      }
      // A key that is blocked leaves the piece where the fall took it, the state the step with no key reaches.
      if (unseenAt(fallen)) this.visit(state, SOFT_DROP, fallen);
      const turns = turnsOfPiece + rotation * 2;
      const clockwise = this.turned(fallen, turns + CLOCKWISE);
      if (unseenAt(clockwise)) this.visit(state, TURN_CLOCKWISE, clockwise);
      const counterClockwise = this.turned(fallen, turns + COUNTER_CLOCKWISE);
      if (unseenAt(counterClockwise)) this.visit(state, TURN_COUNTER_CLOCKWISE, counterClockwise);
      if (unseenAt(fallen - rowStride)) this.visit(state, LEFT, fallen - rowStride);
      if (unseenAt(fallen + rowStride)) this.visit(state, RIGHT, fallen + rowStride);
      const dropped = this.restingState(fallen);
      if (unseenAt(dropped)) this.visit(state, HARD_DROP, dropped);
    }
  }

  /**
   * Where turn t (see `turnFirst`) takes the piece from `state`: the first of its moves that fits, or,
   * when none does, `state` itself (which the search has seen).
   */
  private turned(state: number, t: number): number {
    const { fitMasks, turnSteps } = this;
    for (let m = this.turnFirst[t], end = this.turnEnd[t]; m < end; m++) {
      const to = state + turnSteps[m];
      if (((fitMasks[to >>> 5] >>> (to & 31)) & 1) === 1) return to;
    }
    return state;
  }

  /** The search's number of state (rotation, x, y). */
  private state(rotation: number, x: number, y: number): number {
    return (rotation * this.fitColumns + this.fitPad + x) * this.rowStride + y;
  }

  /** Queues `state`, which the search has not seen, reached from state `from` by `key`. */
  private visit(from: number, key: number, state: number): void {
    this.unseen[state >>> 5] &= ~(1 << (state & 31));
    this.parent[state] = from;
    this.parentKey[state] = key;
    this.queue[this.queueTail++] = state;
  }

  /** Fills the fit masks of this generation's piece on `board`. */
  private measureFits(board: Board): void {
    const { width, words, rowCount, columnMasks, fitMasks } = this;
    const orientations = this.system.orientations[this.piece];
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
        const fit = this.state(rotation, x, 0) >>> 5; // the column's first word
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

  /** Adds the placement at search state `state`. */
  private pushState(state: number): void {
    const column = Math.floor(state / this.rowStride);
    this.push(Math.floor(column / this.fitColumns), (column % this.fitColumns) - this.fitPad, state % this.rowStride);
  }

  private push(rotation: number, x: number, y: number): void {
    const i = this.count++;
    this.rotation[i] = rotation;
    this.x[i] = x;
    this.y[i] = y;
  }

  /** The rotation system's turns as the flat tables `turnFirst`, `turnEnd`, `turnSteps`. */
  private flatTurns(): { first: Uint16Array; end: Uint16Array; steps: Int32Array } {
    const count = this.system.turns.length * this.rotations * 2;
    const first = new Uint16Array(count);
    const end = new Uint16Array(count);
    const steps: number[] = [];
    this.system.turns.forEach((pieceTurns, piece) =>
      pieceTurns.forEach((directions, rotation) =>
        directions.forEach((turn, direction) => {
          const t = (piece * this.rotations + rotation) * 2 + direction;
          first[t] = end[t] = steps.length;
          if (turn === null) return;
          for (let m = 0; m < turn.moves.length; m += 2) {
            steps.push(this.state(turn.to, turn.moves[m], turn.moves[m + 1]) - this.state(rotation, 0, 0));
          }
          end[t] = steps.length;
        }),
      ),
    );
    return { first, end, steps: Int32Array.from(steps) };
  }

  /** The tables `restRows` and `canonicalStep`, from the rotation system's orientations. */
  private restTables(): { restRows: Int32Array; canonicalStep: Int32Array } {
    const { system, width, height, rotations } = this;
    const wordsPerPiece = this.fitMasks.length;
    const restRows = new Int32Array(system.orientations.length * wordsPerPiece);
    const canonicalStep = new Int32Array(system.orientations.length * rotations);
    system.orientations.forEach((orientations, piece) =>
      orientations.forEach((orientation, rotation) => {
        canonicalStep[piece * rotations + rotation] =
          this.state(system.canonicalRotation[piece][rotation], 0, 0) - this.state(rotation, 0, 0);
        for (let x = 0; x + orientation.width <= width; x++) {
          for (let y = 0; y + orientation.height <= height; y++) {
            const state = this.state(rotation, x, y);
            restRows[piece * wordsPerPiece + (state >>> 5)] |= 1 << (state & 31);
          }
        }
      }),
    );
    return { restRows, canonicalStep };
  }

  private searchedKeys(i: number): string {
    const path: string[] = this.mode === 'ticks' ? [] : ['H'];
    for (let state = this.dropFrom[i]; this.parent[state] !== -1; state = this.parent[state]) {
      path.push(KEY_CODES[this.parentKey[state]]);
    }
    return path.reverse().join('');
  }
}
