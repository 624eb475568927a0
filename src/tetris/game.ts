import { InputError } from '../core/errors.ts';
import { Prng } from '../core/prng.ts';
import { Board, checkBoardSize, MAX_WIDTH } from './board.ts';
import { DEFAULT_PREVIEW, DEFAULT_TARGET, MAX_GARBAGE_ROWS, MAX_PREVIEW, previewMessage } from './game-settings.ts';
import { isKey, KEYS, type Key } from './keys.ts';
import { dropPiece, movePiece, pieceCells, type ActivePiece } from './moves.ts';
import { pieceName, type Piece } from './pieces.ts';
import { PlacementGenerator } from './placements.ts';
import {
  bagRandomizer,
  parsePieceSequence,
  parseRandomizerName,
  sequenceRandomizer,
  uniformRandomizer,
  type Randomizer,
  type RandomizerName,
} from './randomizers.ts';
import { parseRotationSystemName, ROTATION_SYSTEMS, type RotationSystem, type RotationSystemName } from './rotation/index.ts';
import { parseRuleSetName, RULE_SETS, type RuleSet, type RuleSetName } from './rules.ts';

/** Random streams drawn from one seed: pieces and garbage never share numbers. */
export const PIECE_STREAM = 0;
const GARBAGE_STREAM = 1;

/** What a game is set up with; every field has a default. */
export interface GameOptions {
  rules?: RuleSetName;
  width?: number;
  height?: number;
  rotation?: RotationSystemName;
  randomizer?: RandomizerName;
  /** The pieces of the `sequence` randomizer, as letters such as "TSZOILJ". */
  sequence?: string;
  seed?: number;
  /** How many next pieces are shown. */
  preview?: number;
  /** Challenge rows at the start: full rows but for one random gap each, 0–11. */
  garbageRows?: number;
  /** The score to reach exactly under the `target` rules. */
  target?: number;
}

/** The options with every default filled in: enough, with the inputs, to replay a game. */
export type GameConfig = Required<GameOptions>;

/** What the last lock did. */
export interface LockResult extends ActivePiece {
  readonly lines: number;
  readonly points: number;
}

/**
 * `playing`; `topped-out`: a new piece had no room, a lock left a cell above the top of the board
 * (after its full rows were removed), or under drop play no placement fitted;
 * `target-reached` / `target-overshot`: the `target` rules' success and failure by score.
 */
export type Outcome = 'playing' | 'topped-out' | 'target-reached' | 'target-overshot';

/** One input of a replay log, at game time `t` (milliseconds since the start). */
export type LoggedInput = { t: number; key: Key } | { t: number; place: [rotation: number, x: number, y: number] };

/** A game as data: its set-up and its timed inputs. {@link replay} rebuilds it exactly. */
export interface ReplayLog {
  format: 'gridmind-tetris-replay';
  version: 1;
  config: GameConfig;
  inputs: LoggedInput[];
  /** Game time when the log was taken. */
  end: number;
}

/** A piece's drop placements: orientation `rotation[i]` with its bounding box's bottom-left corner at (`x[i]`, `y[i]`). */
export interface DropPlacements {
  readonly count: number;
  readonly rotation: ArrayLike<number>;
  readonly x: ArrayLike<number>;
  readonly y: ArrayLike<number>;
}

/** The most drop placements a piece has: an orientation in each column, on the widest board. */
const MAX_DROPS = 4 * MAX_WIDTH;

const NO_DROPS: DropPlacements = { count: 0, rotation: [], x: [], y: [] };

/**
 * A placement generator per board size and rotation system, shared by every game of a thread (making
 * one costs more than a short game): a game reads a generation's results at once, before another game
 * can generate.
 */
const SHARED_GENERATORS = new Map<string, PlacementGenerator>();

/**
 * The Tetris state machine: spawn, moves, gravity, lock, line clear, score and level, preview,
 * challenge garbage and game over. Pure: time passes only through {@link advance}, randomness comes
 * from the seed, and every input is logged, so {@link replay} reproduces a game exactly.
 *
 * Play by keys (`press`) under gravity (`advance`), or by whole placements (`place`), which is how
 * agents play and the only way under the `research` rules.
 */
export class Game {
  readonly config: GameConfig;
  readonly rules: RuleSet;
  readonly system: RotationSystem;
  readonly board: Board;
  active: ActivePiece | null = null;
  score = 0;
  lines = 0;
  level = 0;
  /** Pieces locked so far. */
  pieces = 0;
  outcome: Outcome = 'playing';
  lastLock: LockResult | null = null;
  /**
   * Under rules that lay the ending piece over the stack (see {@link RuleSet.laysEndingPieceOver}), what
   * that piece did, with the rows it cleared, numbered from the floor as they were; null until it is laid.
   * It is no lock: `pieces`, `lastLock`, `clearedRows` and `onLock` stay with the last piece that locked.
   */
  laidOver: (LockResult & { readonly clearedRows: readonly number[] }) | null = null;
  /** The rows the last lock cleared, numbered from the floor as they were before the clear, bottom first. */
  readonly clearedRows: number[] = [];
  /** Game time in milliseconds. */
  clock = 0;
  private nextGravityAt = Infinity;
  private readonly upcoming: Piece[] = [];
  private readonly randomizer: Randomizer;
  private readonly inputs: LoggedInput[] = [];
  /** The thread's shared generator for this board and rotation system, once looked up. */
  private generator: PlacementGenerator | null = null;
  /** Under drop play, the current piece's drop placements (`dropPlacements`). */
  private readonly drops = { count: 0, rotation: new Uint8Array(MAX_DROPS), x: new Uint8Array(MAX_DROPS), y: new Uint8Array(MAX_DROPS) };
  private readonly keepLog: boolean;
  private readonly onLock: ((lock: LockResult) => void) | undefined;

  /**
   * With `keepLog: false` the inputs are not recorded (for very long agent games); `replayLog` is then
   * empty. `onLock` is told of every lock as it happens, gravity's included. `pieces`, when given, deals
   * the pieces instead of the set-up's randomizer (a front end that deals its own, as the Aveiro server
   * does); the replay log's set-up then does not say which pieces came.
   */
  constructor(options?: GameOptions, settings?: { keepLog?: boolean; onLock?: (lock: LockResult) => void; pieces?: Randomizer });
  /** @internal The start of a copy (see {@link clone}): `source`'s set-up, and copies of its board and randomizer. */
  constructor(source: Game);
  constructor(
    from: GameOptions | Game = {},
    { keepLog = true, onLock, pieces }: { keepLog?: boolean; onLock?: (lock: LockResult) => void; pieces?: Randomizer } = {},
  ) {
    if (from instanceof Game) {
      this.config = { ...from.config };
      this.rules = from.rules;
      this.system = from.system;
      this.board = from.board.clone();
      this.randomizer = from.randomizer.clone();
      this.keepLog = from.keepLog;
      this.onLock = undefined;
      return;
    }
    this.config = gameConfigOf(from);
    const { config } = this;
    this.rules = RULE_SETS[config.rules];
    this.system = ROTATION_SYSTEMS[config.rotation];
    this.board = new Board(config.width, config.height);
    this.randomizer = pieces ?? randomizerFor(config);
    this.keepLog = keepLog;
    this.onLock = onLock;
    if (config.garbageRows > 0) addGarbage(this.board, config.garbageRows, new Prng(config.seed, GARBAGE_STREAM));
    this.fillQueue();
    if (this.rules.style === 'keys') this.spawn();
    else this.checkDropRoom();
  }

  /**
   * An independent copy of the game as it stands, which plays on exactly as this one would (the same
   * pieces to come, the same score, clock and gravity). Its cost does not grow with the game's length,
   * but for the replay log when the game keeps one (the log is copied). The copy tells no `onLock`
   * listener of its locks.
   */
  clone(): Game {
    const copy = new Game(this);
    copy.active = this.active;
    copy.score = this.score;
    copy.lines = this.lines;
    copy.level = this.level;
    copy.pieces = this.pieces;
    copy.outcome = this.outcome;
    copy.lastLock = this.lastLock;
    copy.laidOver = this.laidOver;
    copy.clearedRows.push(...this.clearedRows);
    copy.clock = this.clock;
    copy.nextGravityAt = this.nextGravityAt;
    copy.upcoming.push(...this.upcoming);
    for (const input of this.inputs) copy.inputs.push(input); // entries are never changed once logged
    copy.generator = this.generator;
    const { drops } = this;
    copy.drops.count = drops.count;
    copy.drops.rotation.set(drops.rotation.subarray(0, drops.count));
    copy.drops.x.set(drops.x.subarray(0, drops.count));
    copy.drops.y.set(drops.y.subarray(0, drops.count));
    return copy;
  }

  get over(): boolean {
    return this.outcome !== 'playing';
  }

  /** The piece to place now: the falling one, or under drop play the head of the queue. */
  get current(): Piece {
    return this.active?.piece ?? this.upcoming[0];
  }

  /** The next pieces after the current one, as many as the preview shows. */
  preview(): Piece[] {
    return this.upcoming.slice(1, 1 + this.config.preview);
  }

  /** Milliseconds between gravity steps now (Infinity when the rules have no gravity). */
  get gravityMs(): number {
    return this.rules.gravityMs(this.level, this.score);
  }

  /** Board cells [x, y] of the falling piece, or null. */
  activeCells(): [number, number][] | null {
    return this.active === null ? null : pieceCells(this.system, this.active);
  }

  /** Applies one key to the falling piece; returns whether anything changed. */
  press(key: Key): boolean {
    if (this.over || this.active === null) return false;
    if (this.keepLog) this.inputs.push({ t: this.clock, key });
    return this.applyKey(key);
  }

  /** Lets `ms` milliseconds of game time pass, applying gravity steps that fall due. */
  advance(ms: number): void {
    if (!(ms >= 0 && ms < Infinity)) throw new RangeError(`advance by a finite, non-negative time, not ${ms} ms`);
    const end = this.clock + ms;
    while (!this.over && this.nextGravityAt <= end) {
      this.clock = this.nextGravityAt;
      this.nextGravityAt += this.gravityMs;
      this.gravityStep();
    }
    this.clock = end;
  }

  /**
   * Locks the current piece at a placement the rules allow: a drop placement under drop play, a
   * position reachable from where the falling piece is under key play. Rotation, x and y are as in
   * {@link PlacementGenerator} (orientation index and bounding box's bottom-left corner).
   */
  place(rotation: number, x: number, y: number): void {
    if (this.over) throw new InputError('the game is over: no more placements');
    if (!this.isLegalPlacement(rotation, x, y)) {
      throw new InputError(`${pieceName(this.current)} cannot be placed at rotation ${rotation}, x ${x}, y ${y} here`);
    }
    if (this.keepLog) this.inputs.push({ t: this.clock, place: [rotation, x, y] });
    this.lock({ piece: this.current, rotation, x, y });
  }

  /** The game so far as a replay log (a copy: later play does not change it). */
  replayLog(): ReplayLog {
    return {
      format: 'gridmind-tetris-replay',
      version: 1,
      config: { ...this.config },
      inputs: this.inputs.map((input) => structuredClone(input)),
      end: this.clock,
    };
  }

  private applyKey(key: Key): boolean {
    const active = this.active!;
    if (key === 'H') {
      this.lock(dropPiece(this.board, this.system, active));
      return true;
    }
    const moved = movePiece(this.board, this.system, active, key);
    if (moved !== null) this.active = moved;
    else if (key === 'D') this.lock(active); // a soft drop onto the stack locks the piece
    return moved !== null || key === 'D';
  }

  /** Gravity moves the piece down one row, locking it when it rests: a soft drop nobody pressed. */
  private gravityStep(): void {
    if (this.active !== null) this.applyKey('D');
  }

  private lock(placed: ActivePiece): void {
    this.board.place(this.system.orientations[placed.piece][placed.rotation], placed.x, placed.y);
    this.clearedRows.length = 0;
    const lines = this.board.clearFullRows(this.clearedRows);
    const points = this.rules.points(lines, this.level);
    this.score += points;
    this.lines += lines;
    this.level = this.rules.level(this.lines, this.score);
    this.pieces++;
    // Field by field: V8 copies a spread object generically, far slower on this path every lock takes.
    this.lastLock = { piece: placed.piece, rotation: placed.rotation, x: placed.x, y: placed.y, lines, points };
    this.onLock?.(this.lastLock);
    this.active = null;
    this.upcoming.shift();
    this.fillQueue();
    if (this.board.clearVanishZone()) {
      this.outcome = 'topped-out'; // the stack reaches above the top of the board
    } else if (this.rules.hasTarget && this.score >= this.config.target) {
      this.outcome = this.score === this.config.target ? 'target-reached' : 'target-overshot';
    } else if (this.rules.style === 'keys') {
      this.spawn();
    } else {
      this.checkDropRoom();
    }
  }

  /** Puts the head of the queue on the board at its spawn position, or ends the game when it collides. */
  private spawn(): void {
    const piece = this.upcoming[0];
    const spawn = this.system.spawn(piece, this.board.width, this.board.height);
    if (!this.board.fits(this.system.orientations[piece][spawn.rotation], spawn.x, spawn.y)) {
      this.outcome = 'topped-out';
      this.nextGravityAt = Infinity;
      if (this.rules.laysEndingPieceOver) this.layOver({ piece, ...spawn });
      return;
    }
    this.active = { piece, ...spawn };
    this.nextGravityAt = this.clock + this.gravityMs;
  }

  /**
   * Lays the piece whose spawn ended the game over the stack, unless it fits a row lower (the Aveiro
   * course then moves it down, and the game ends there): a row that its cells and the stack's then fill
   * `width` times over, overlapping cells counted twice, is cleared and scores.
   */
  private layOver(placed: ActivePiece): void {
    const { board } = this;
    const shape = this.system.orientations[placed.piece][placed.rotation];
    if (board.fits(shape, placed.x, placed.y - 1)) return;
    const clearedRows: number[] = [];
    shape.rows.forEach((row, k) => {
      if (cellCount(board.rows[placed.y + k]) + cellCount(row) === board.width) clearedRows.push(placed.y + k);
    });
    board.place(shape, placed.x, placed.y);
    board.removeRows(clearedRows);
    const lines = clearedRows.length;
    const points = this.rules.points(lines, this.level);
    this.score += points;
    this.lines += lines;
    this.level = this.rules.level(this.lines, this.score);
    this.laidOver = { ...placed, lines, points, clearedRows };
  }

  /**
   * Under drop play, the current piece's drop placements, as {@link PlacementGenerator} lists them (found
   * once a piece, when it comes); none under key play or once the game is over. Read, never change.
   */
  dropPlacements(): DropPlacements {
    if (this.over || this.active !== null) return NO_DROPS;
    return this.drops;
  }

  /** Finds the new piece's drop placements; the game ends when there is none. */
  private checkDropRoom(): void {
    const generator = this.placements();
    const count = generator.generate(this.board, this.current, 'drop');
    const drops = this.drops;
    drops.count = count;
    for (let i = 0; i < count; i++) {
      drops.rotation[i] = generator.rotation[i];
      drops.x[i] = generator.x[i];
      drops.y[i] = generator.y[i];
    }
    if (count === 0) this.outcome = 'topped-out';
  }

  private isLegalPlacement(rotation: number, x: number, y: number): boolean {
    const piece = this.current;
    const list = this.active === null ? this.drops : this.placements();
    const count = this.active === null ? this.drops.count : this.placements().generate(this.board, piece, 'reachable', this.active);
    const canonical = this.system.canonicalRotation[piece];
    for (let i = 0; i < count; i++) {
      if (canonical[list.rotation[i]] === canonical[rotation] && list.x[i] === x && list.y[i] === y) return true;
    }
    return false;
  }

  private placements(): PlacementGenerator {
    if (this.generator === null) {
      const { width, height } = this.board;
      const key = `${width}x${height} ${this.config.rotation}`;
      this.generator = SHARED_GENERATORS.get(key) ?? new PlacementGenerator(width, height, this.system);
      SHARED_GENERATORS.set(key, this.generator);
    }
    return this.generator;
  }

  private fillQueue(): void {
    while (this.upcoming.length < this.config.preview + 2) this.upcoming.push(this.randomizer.next());
  }
}

/**
 * Plays input `index` of a log on a game: lets game time run to the input's time (then calls
 * `onWaited`), then presses its key or makes its placement. An input that is malformed, goes back in time or breaks the rules is an
 * InputError naming it: a replay's inputs are checked here, as they play, not by its schema (replay-schema.ts).
 */
export function applyLoggedInput(game: Game, input: LoggedInput, index: number, onWaited?: () => void): void {
  const bad = (what: string) => new InputError(`replay input ${index + 1}: ${what}`);
  if (typeof input?.t !== 'number' || !(input.t >= game.clock && input.t < Infinity))
    throw bad(`time ${input?.t} is not a finite time from ${game.clock} on`);
  game.advance(input.t - game.clock);
  onWaited?.();
  if ('key' in input) {
    if (!isKey(input.key)) throw bad(`"${input.key}" is not a key (use ${KEYS.join(' ')})`);
    game.press(input.key);
  } else if (Array.isArray(input.place) && input.place.length === 3 && input.place.every(Number.isInteger)) {
    game.place(...input.place);
  } else {
    throw bad('neither a key nor a placement [rotation, x, y]');
  }
}

/**
 * Rebuilds a game from its log by applying the same inputs at the same game times. `onLock` is told of
 * each lock with the index of the last input applied before it came (-1: none), the lock's own input
 * included: a lock that gravity makes while the game waits for an input comes before that input. A log
 * read from outside is first read by `parseTetrisReplay` (replay-schema.ts).
 */
export function replay(log: ReplayLog, onLock?: (lock: LockResult, lastInput: number) => void): Game {
  let lastInput = -1;
  const game = new Game(log.config, { onLock: onLock && ((lock) => onLock(lock, lastInput)) });
  log.inputs.forEach((input, index) => applyLoggedInput(game, input, index, () => (lastInput = index)));
  if (!(log.end >= game.clock && log.end < Infinity))
    throw new InputError(`replay end time ${log.end} is not a finite time from ${game.clock} on`);
  game.advance(log.end - game.clock);
  return game;
}

/** A game's whole set-up: the options given, the rule set's defaults for the others; a set-up the engine cannot play is an InputError. */
export function gameConfigOf(options: GameOptions): GameConfig {
  const rules = RULE_SETS[parseRuleSetName(String(options.rules ?? 'classic'))];
  const randomizer = parseRandomizerName(String(options.randomizer ?? (options.sequence ? 'sequence' : 'uniform')));
  if (options.sequence && randomizer !== 'sequence') {
    throw new InputError(
      `a piece sequence is given but the randomizer is "${randomizer}": use the "sequence" randomizer, or drop the sequence`,
    );
  }
  const config: GameConfig = {
    rules: rules.name,
    width: options.width ?? rules.width,
    height: options.height ?? rules.height,
    rotation: parseRotationSystemName(String(options.rotation ?? rules.rotation)),
    randomizer,
    sequence: options.sequence ?? '',
    seed: options.seed ?? 1,
    preview: options.preview ?? DEFAULT_PREVIEW,
    garbageRows: options.garbageRows ?? 0,
    target: options.target ?? DEFAULT_TARGET,
  };
  checkBoardSize(config.width, config.height);
  if (!Number.isSafeInteger(config.seed)) throw new InputError(`seed ${config.seed} must be a whole number`);
  if (!Number.isInteger(config.preview) || config.preview < 0 || config.preview > MAX_PREVIEW)
    throw new InputError(previewMessage(config.preview));
  const maxGarbage = Math.min(MAX_GARBAGE_ROWS, config.height - 4);
  if (!Number.isInteger(config.garbageRows) || config.garbageRows < 0 || config.garbageRows > maxGarbage) {
    throw new InputError(`${config.garbageRows} challenge rows do not fit: use 0 to ${maxGarbage} on a board ${config.height} high`);
  }
  if (!Number.isSafeInteger(config.target) || config.target < 1) {
    throw new InputError(`target score ${config.target} must be a whole number of at least 1`);
  }
  return config;
}

/** The piece source a game with this set-up uses: the same seed gives the same pieces everywhere. */
export function randomizerFor(config: Pick<GameConfig, 'randomizer' | 'seed' | 'sequence'>): Randomizer {
  switch (config.randomizer) {
    case 'uniform':
      return uniformRandomizer(new Prng(config.seed, PIECE_STREAM));
    case 'bag7':
      return bagRandomizer(new Prng(config.seed, PIECE_STREAM));
    case 'sequence':
      return sequenceRandomizer(parsePieceSequence(config.sequence));
  }
}

/** Challenge mode: the bottom `rows` rows filled but for one uniformly random gap each. */
function addGarbage(board: Board, rows: number, prng: Prng): void {
  for (let y = 0; y < rows; y++) board.rows[y] = board.fullRow & ~(1 << prng.nextInt(board.width));
}

/** The filled cells of a bit row. */
function cellCount(row: number): number {
  let count = 0;
  for (let bits = row; bits !== 0; bits &= bits - 1) count++;
  return count;
}
