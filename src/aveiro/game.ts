import { LetterLog } from '../core/letter-log.ts';
import { Prng } from '../core/prng.ts';
import { Game, type LockResult } from '../tetris/game.ts';
import { dropPiece, movePiece, type MoveKey } from '../tetris/moves.ts';
import { parsePiece } from '../tetris/pieces.ts';
import { RULE_SETS } from '../tetris/rules.ts';
import { CoursePieces, SHAPE_ORDER, type KeepalivePings, type ShapeName } from './course-random.ts';
import { AVEIRO_PREVIEW, type PieceGenerator } from './pieces.ts';
import { boxCells, GRID, HEIGHT, pieceOnWire, WIDTH, wireRow, type Cell } from './wire.ts';

export { SHAPE_ORDER, type ShapeName } from './course-random.ts';
export { GRID, HEIGHT, WIDTH, type Cell } from './wire.ts';

/** The course's game speed: ticks per second, the engine's gravity under the `aveiro` rules (10 + score ÷ 10). */
const ticksPerSecond = (gravityMs: number) => Math.round(1000 / gravityMs);

/** Ticks per second when a game starts. */
export const BASE_SPEED = ticksPerSecond(RULE_SETS.aveiro.gravityMs(0, 0));

/** The protocol's keys that move a piece, as the engine's: `s` is handled apart (down without locking). */
const ENGINE_KEY: Readonly<Record<string, MoveKey>> = { w: 'C', a: 'L', d: 'R' };

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

/**
 * The description of a game with this score and speed: by default a game before it starts, what a client
 * gets in reply to its join (the course replies with its last game's).
 */
export function gameInfo(score = 0, gameSpeed = BASE_SPEED): Info {
  return { dimensions: [WIDTH, HEIGHT], grid: GRID, game_speed: gameSpeed, score };
}

/** Where a game's pieces come from, one at a time, when the game deals them. */
export interface PieceSource {
  next(): ShapeName;
}

/** A seed's pieces: Gridmind's generator, or the course's with the pings of `pings` at the times of `now`. */
export function seededPieces(seed: number, generator: PieceGenerator, pings?: KeepalivePings, now?: () => number): PieceSource {
  if (generator === 'course') return new CoursePieces(seed, pings ?? null, now);
  const prng = new Prng(seed);
  return { next: () => SHAPE_ORDER[prng.nextInt(SHAPE_ORDER.length)] };
}

/** A fixed list of pieces dealt in order (for replaying a recorded game). */
export function listedPieces(shapes: readonly ShapeName[]): PieceSource {
  let next = 0;
  return {
    next: () => {
      if (next >= shapes.length) throw new Error(`the piece list of ${shapes.length} shapes has run out`);
      return shapes[next++];
    },
  };
}

/** The keys a tick applies after the fall; a tick's other keys do nothing. */
const APPLIED_KEYS = ['w', 'a', 'd', 's'];

/**
 * The Aveiro course's Tetris game (github.com/dgomes/ia-tetris) on Gridmind's engine: a `Game` under
 * the `aveiro` rules plays the pieces, and this module runs the course's clock and speaks its wire
 * format. One tick is one gravity step of the engine (the piece falls a row, or locks when it cannot),
 * and then, when it fell, the last key received since the previous tick: `w` turns (the `aveiro`
 * rotation: the next orientation, reverted when blocked), `a`/`d` shift, `s` moves the piece down to
 * the lowest free row without locking it (the next tick's fall locks it). After a lock the frame shows
 * no piece for one tick, and the next tick brings the head of the queue in and deals one more piece
 * (the course deals three when a game starts and one at each spawn). A spawn that collides ends the
 * game; that tick still moves the piece down when it can, or else adds its cells to the locked ones.
 */
export class AveiroGame {
  /** Locked cells, in the order they locked (rows shift down as rows clear), as the wire lists them. */
  game: Cell[] = [];
  /** The next pieces the frames show: the one to come first, then the two after it. */
  readonly next: ShapeName[];
  running = true;
  private readonly engine: Game;
  /** Pieces dealt that the engine has not taken yet. */
  private readonly waiting: ShapeName[] = [];
  /** Whether a piece is falling, as the frames show it (none in the tick after a lock). */
  private falling = false;
  /** The piece of the tick that ended the game, when it did not lock. */
  private lastPiece: Cell[] | null = null;
  private readonly drawn = new LetterLog();
  private readonly applied = new LetterLog();
  private lastKey = '';
  private readonly source: PieceSource;

  /** The pieces come from a seed (random without one) by `generator`, from a list dealt in order, or from a source. */
  constructor(
    source: number | readonly ShapeName[] | PieceSource = Math.floor(Math.random() * 2 ** 32),
    generator: PieceGenerator = 'gridmind',
  ) {
    this.source =
      typeof source === 'number' ? seededPieces(source, generator) : Array.isArray(source) ? listedPieces(source) : (source as PieceSource);
    this.next = Array.from({ length: AVEIRO_PREVIEW }, () => this.deal());
    // The engine takes each piece when it needs it: never before the course would have dealt it.
    const pieces = {
      next: () => parsePiece(this.waiting.shift()!),
      clone: (): never => {
        throw new Error("an Aveiro game's engine is never copied: its pieces come as the course deals them");
      },
    };
    this.engine = new Game({ rules: 'aveiro', preview: 0 }, { keepLog: false, pieces });
  }

  get score(): number {
    return this.engine.score - (this.notYetLaid?.points ?? 0);
  }

  get lines(): number {
    return this.engine.lines - (this.notYetLaid?.lines ?? 0);
  }

  /** Pieces locked so far, the one that ended the game included when its cells were added. */
  get pieces(): number {
    return this.engine.pieces + (this.running || this.engine.laidOver === null ? 0 : 1);
  }

  /**
   * The ending piece laid over the stack (see `lastTick`) while the course has not laid it yet: the
   * engine lays it as the last piece locks, the course at the next tick.
   */
  private get notYetLaid(): LockResult | null {
    return this.running ? this.engine.laidOver : null;
  }

  /** Ticks per second now. */
  get gameSpeed(): number {
    const { rules } = this.engine;
    return ticksPerSecond(rules.gravityMs(rules.level(this.lines, this.score), this.score));
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

  /** One tick of the game's clock, and the frame after it; once the game is over, a tick changes nothing. */
  tick(): Frame {
    if (!this.running) return this.frame();
    const { engine } = this;
    if (!this.falling) {
      this.next.shift();
      this.next.push(this.deal());
      this.falling = true;
      if (engine.over) return this.lastTick();
    }
    const locked = engine.pieces;
    engine.advance(engine.gravityMs); // one gravity step: the fall, or the lock
    if (engine.pieces === locked) {
      this.applyKey();
      this.applied.push(APPLIED_KEYS.includes(this.lastKey) ? this.lastKey : '.');
    } else {
      this.addLock();
      this.falling = false;
      this.applied.push('.');
    }
    this.lastKey = '';
    return this.frame();
  }

  frame(): Frame {
    const active = this.engine.active;
    const piece = !this.falling ? null : (this.lastPiece ?? (active === null ? null : pieceOnWire(this.engine.system, active)));
    return {
      game: this.game.map(([x, y]) => [x, y]),
      piece,
      next_pieces: this.next.map(boxCells),
      game_speed: this.gameSpeed,
      score: this.score,
    };
  }

  info(): Info {
    return gameInfo(this.score, this.gameSpeed);
  }

  private deal(): ShapeName {
    const shape = this.source.next();
    this.drawn.push(shape);
    this.waiting.push(shape);
    return shape;
  }

  private applyKey(): void {
    const { engine } = this;
    if (this.lastKey === 's') {
      const lowest = dropPiece(engine.board, engine.system, engine.active!).y;
      while (engine.active!.y > lowest) engine.press('D');
    } else if (this.lastKey in ENGINE_KEY) {
      engine.press(ENGINE_KEY[this.lastKey]);
    }
  }

  /** Adds the locked piece's cells to the wire's list, then takes out the rows the engine cleared, moving the cells above them down. */
  private addLock(): void {
    const { engine } = this;
    this.game.push(...pieceOnWire(engine.system, engine.lastLock!));
    this.removeRows(engine.clearedRows.map(wireRow));
  }

  /** Takes the cells of these rows out of the wire's list, moving each cell above them down a row per row taken out below it. */
  private removeRows(rows: readonly number[]): void {
    if (rows.length === 0) return;
    this.game = this.game.filter(([, y]) => !rows.includes(y)).map(([x, y]) => [x, y + rows.filter((row) => row > y).length]);
  }

  /**
   * The tick whose spawn collided: the course still moves the piece down a row when it fits there (then
   * applies the key, with the engine's moves), or else adds its cells, overlapping, to the locked ones,
   * and clears the rows that then list 8 cells, as the engine's `aveiro` rules lay it over the stack. The
   * game is over.
   */
  private lastTick(): Frame {
    const { engine } = this;
    const { board, system, laidOver } = engine;
    this.running = false;
    const piece = engine.current;
    const spawn = { piece, ...system.spawn(piece, board.width, board.height) };
    // An Aveiro game ends only at a spawn (its rotation turns a piece in place, never above the top), and
    // the engine lays that piece over unless it fits a row lower.
    if (laidOver === null) {
      const fallen = { ...spawn, y: spawn.y - 1 };
      const key = this.lastKey;
      const moved =
        key === 's' ? dropPiece(board, system, fallen) : key in ENGINE_KEY ? movePiece(board, system, fallen, ENGINE_KEY[key]) : null;
      this.lastPiece = pieceOnWire(system, moved ?? fallen);
      this.applied.push(APPLIED_KEYS.includes(key) ? key : '.');
    } else {
      // The list keeps the overlapping cells twice, where the engine's board holds them once.
      this.game.push(...pieceOnWire(system, spawn));
      this.removeRows(laidOver.clearedRows.map(wireRow));
      this.falling = false;
      this.applied.push('.');
    }
    return this.frame();
  }
}
