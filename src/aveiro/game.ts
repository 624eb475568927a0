import { LetterLog } from '../core/letter-log.ts';
import { Prng } from '../core/prng.ts';
import { PythonRandom } from '../core/python-random.ts';
import { AVEIRO_DRAWINGS } from '../tetris/rotation/aveiro.ts';

/**
 * The Aveiro course's Tetris game, tick for tick as its server (github.com/dgomes/ia-tetris) plays
 * it. Coordinates are the protocol's: [x, y] with y downwards, walls at x = 0 and x = 9 for y 0…29,
 * the floor at y = 30; cells are listed in the orders the original produces (piece cells row by row;
 * locked cells in the order they locked).
 */

export type Cell = [x: number, y: number];

export const WIDTH = 10;
export const HEIGHT = 30;
/** Ticks per second at score 0; one more per 10 points. */
export const BASE_SPEED = 10;
const POINTS_PER_SPEED_STEP = 10;
/** Where a new piece's 5×5 box goes: x = (10 − 5) / 2 rounded down, y = 0. */
const SPAWN_X = 2;

/** The shapes in the original's order, which a seeded draw indexes. */
export const SHAPE_ORDER = ['S', 'Z', 'I', 'O', 'J', 'T', 'L'] as const;
export type ShapeName = (typeof SHAPE_ORDER)[number];

/** Per shape, its orientations as box cells [dx, dy] (y down), row by row as the drawings list them. */
export const SHAPE_CELLS: Readonly<Record<ShapeName, readonly (readonly Cell[])[]>> = Object.fromEntries(
  SHAPE_ORDER.map((name) => [
    name,
    AVEIRO_DRAWINGS[name].map((rows) =>
      rows.flatMap((row, dy) => [...row].flatMap((char, dx) => (char === '1' ? [[dx, dy] as Cell] : []))),
    ),
  ]),
) as Record<ShapeName, Cell[][]>;

/** The walls and the floor, in the original's order: the floor (x 0…9), the left wall, the right wall (y 0…29). */
export const GRID: readonly Cell[] = [
  ...Array.from({ length: WIDTH }, (_, x): Cell => [x, HEIGHT]),
  ...Array.from({ length: HEIGHT }, (_, y): Cell => [0, y]),
  ...Array.from({ length: HEIGHT }, (_, y): Cell => [WIDTH - 1, y]),
];

/** A piece: its shape, orientation index and box position. */
export interface PieceState {
  readonly shape: ShapeName;
  readonly rotation: number;
  readonly x: number;
  readonly y: number;
}

export function pieceCells({ shape, rotation, x, y }: PieceState): Cell[] {
  return SHAPE_CELLS[shape][rotation].map(([dx, dy]) => [x + dx, y + dy]);
}

/** Whether a piece lies clear of the walls, the floor and the locked cells (keys y · WIDTH + x). */
export function fitsAmong(filled: ReadonlySet<number>, piece: PieceState): boolean {
  return SHAPE_CELLS[piece.shape][piece.rotation].every(([dx, dy]) => {
    const [x, y] = [piece.x + dx, piece.y + dy];
    return x > 0 && x < WIDTH - 1 && y < HEIGHT && !filled.has(y * WIDTH + x);
  });
}

/**
 * Where a key takes a piece that has just fallen a row: `w` the next orientation, `a`/`d` one column
 * left or right (each reverted when blocked), `s` the lowest free row below; anything else leaves it.
 */
export function keyMove(piece: PieceState, key: string, valid: (piece: PieceState) => boolean): PieceState {
  switch (key) {
    case 's': {
      let dropped = piece;
      while (valid({ ...dropped, y: dropped.y + 1 })) dropped = { ...dropped, y: dropped.y + 1 };
      return dropped;
    }
    case 'w': {
      const turned = { ...piece, rotation: (piece.rotation + 1) % SHAPE_CELLS[piece.shape].length };
      return valid(turned) ? turned : piece;
    }
    case 'a':
    case 'd': {
      const shifted = { ...piece, x: piece.x + (key === 'a' ? -1 : 1) };
      return valid(shifted) ? shifted : piece;
    }
    default:
      return piece;
  }
}

/** A state frame, as sent after every tick. */
export interface Frame {
  game: Cell[];
  piece: Cell[] | null;
  next_pieces: Cell[][];
  game_speed: number;
  score: number;
  player?: string;
}

/** The game's static description: the join reply, and with high scores the final message. */
export interface Info {
  dimensions: [number, number];
  grid: readonly Cell[];
  game_speed: number;
  score: number;
}

/** The description of a game before it starts: what a client gets in reply to its join. */
export function startInfo(): Info {
  return { dimensions: [WIDTH, HEIGHT], grid: GRID, game_speed: BASE_SPEED, score: 0 };
}

/** The keys that move a piece (`keyMove`); a tick's other keys do nothing. */
const APPLIED_KEYS = ['w', 'a', 'd', 's'];

/** A falling piece starts in orientation 1 (O, with one orientation, in 0). */
const startRotation = (shape: ShapeName) => 1 % SHAPE_CELLS[shape].length;

/**
 * One game. `keypress` keeps the last key received; each `tick` (one every 1/`gameSpeed` seconds,
 * which the caller times) spawns a piece if none falls, moves it down one row, and then, if that was
 * possible, applies the last key — `w` turn (reverted when blocked), `a`/`d` shift (reverted when
 * blocked), `s` drop to the lowest free row (it locks on the next tick) — or else puts it back up
 * one row, locks it, clears full rows and scores lines². A spawn that collides ends the game; that
 * tick still moves and locks the piece.
 */
export class AveiroGame {
  /** Locked cells, in the order they locked (rows shift down as rows clear). */
  game: Cell[] = [];
  current: PieceState | null = null;
  next: ShapeName[];
  score = 0;
  gameSpeed = BASE_SPEED;
  running = true;
  /** Lines cleared and pieces locked so far. */
  lines = 0;
  pieces = 0;
  /** Every shape drawn so far, in order (`dealt`). */
  private readonly drawn = new LetterLog();
  /** Each tick's key so far (`ticks`). */
  private readonly applied = new LetterLog();
  private lastKey = '';
  private readonly draw: () => ShapeName;
  private readonly filled = new Set<number>();

  /**
   * The pieces come from a seed (random without one), drawn by `generator`, or from a fixed list dealt in
   * order (for replaying a recorded game).
   */
  constructor(source: number | readonly ShapeName[] = Math.floor(Math.random() * 2 ** 32), generator: PieceGenerator = 'gridmind') {
    const draw = typeof source === 'number' ? seededDraw(source, generator) : listedDraw(source);
    this.draw = () => {
      const shape = draw();
      this.drawn.push(shape);
      return shape;
    };
    this.next = [this.draw(), this.draw(), this.draw()];
  }

  /** Every shape drawn so far, in order, as letters ("SZT…"): the pieces played and the next ones shown. */
  get dealt(): string {
    return this.drawn.toString();
  }

  /**
   * One letter per tick so far: the key the tick applied after the fall (`w`, `a`, `d` or `s`), or `.`
   * when it applied none (no key, another key, or the piece locked). With `dealt`, the whole game.
   */
  get ticks(): string {
    return this.applied.toString();
  }

  /** Ticks played so far. */
  get tickCount(): number {
    return this.applied.length;
  }

  /** The last key received since the previous tick wins; only its first character counts. */
  keypress(key: string): void {
    this.lastKey = key.slice(0, 1);
  }

  tick(): Frame {
    if (this.current === null) {
      const shape = this.next.shift()!;
      this.next.push(this.draw());
      this.current = { shape, rotation: startRotation(shape), x: SPAWN_X, y: 0 };
      if (!this.valid(this.current)) this.running = false;
    }
    const fallen = { ...this.current, y: this.current.y + 1 };
    if (this.valid(fallen)) {
      this.current = this.applyKey(fallen);
      this.applied.push(APPLIED_KEYS.includes(this.lastKey) ? this.lastKey : '.');
    } else {
      this.lock(this.current);
      this.current = null;
      this.applied.push('.');
    }
    this.lastKey = '';
    return this.frame();
  }

  frame(): Frame {
    return {
      game: this.game.map(([x, y]) => [x, y]),
      piece: this.current === null ? null : pieceCells(this.current),
      next_pieces: this.next.map((shape) => pieceCells({ shape, rotation: startRotation(shape), x: 0, y: 0 })),
      game_speed: this.gameSpeed,
      score: this.score,
    };
  }

  info(): Info {
    return { dimensions: [WIDTH, HEIGHT], grid: GRID, game_speed: this.gameSpeed, score: this.score };
  }

  /** Whether a piece lies clear of the walls, the floor and the locked cells. */
  valid(piece: PieceState): boolean {
    return fitsAmong(this.filled, piece);
  }

  private applyKey(piece: PieceState): PieceState {
    return keyMove(piece, this.lastKey, (moved) => this.valid(moved));
  }

  /** Locks the piece, then clears full rows top to bottom, each moving the rows above it down one. */
  private lock(piece: PieceState): void {
    this.game.push(...pieceCells(piece));
    this.pieces++;
    const counts = new Map<number, number>();
    for (const [, y] of this.game) counts.set(y, (counts.get(y) ?? 0) + 1);
    const full = [...counts].filter(([, count]) => count === WIDTH - 2).map(([y]) => y);
    for (const row of full.sort((a, b) => a - b)) {
      this.game = this.game.filter(([, y]) => y !== row).map(([x, y]) => (y < row ? [x, y + 1] : [x, y]));
    }
    this.filled.clear();
    for (const [x, y] of this.game) this.filled.add(y * WIDTH + x);
    this.lines += full.length;
    this.score += full.length ** 2;
    this.gameSpeed = BASE_SPEED + Math.floor(this.score / POINTS_PER_SPEED_STEP);
  }
}

/**
 * How a seed deals pieces: `gridmind`, Gridmind's own generator; `course`, the course server's (Python's
 * `random.seed(seed)` then `random.choice` over the shapes in its order), the very pieces it deals.
 */
export const PIECE_GENERATORS = ['gridmind', 'course'] as const;
export type PieceGenerator = (typeof PIECE_GENERATORS)[number];

/** Uniform draws over the seven shapes, as the original's random.choice. */
function seededDraw(seed: number, generator: PieceGenerator): () => ShapeName {
  if (generator === 'course') {
    const random = new PythonRandom(seed);
    return () => random.choice(SHAPE_ORDER);
  }
  const prng = new Prng(seed);
  return () => SHAPE_ORDER[prng.nextInt(SHAPE_ORDER.length)];
}

function listedDraw(shapes: readonly ShapeName[]): () => ShapeName {
  let next = 0;
  return () => {
    if (next >= shapes.length) throw new Error(`the piece list of ${shapes.length} shapes has run out`);
    return shapes[next++];
  };
}
