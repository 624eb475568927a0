import { InputError } from '../core/errors.ts';
import { AfterstateMeasurer } from '../tetris-ai/afterstates.ts';
import { checkBoardSize } from '../tetris/board.ts';
import { Game } from '../tetris/game.ts';
import { KEYS } from '../tetris/keys.ts';
import type { RotationSystemName } from '../tetris/rotation/index.ts';
import { RULE_SETS, type RuleSetName } from '../tetris/rules.ts';
import {
  GameEnvironment,
  type ArraySpec,
  type EnvironmentSpec,
  type EpisodeGame,
  type EpisodeOptions,
  type Info,
  type ObservationArrays,
} from './environment.ts';

export interface TetrisEnvOptions extends EpisodeOptions {
  readonly width?: number;
  readonly height?: number;
  /** Next pieces shown (default 1). */
  readonly preview?: number;
}

/** The observation arrays every Tetris environment has: the board and the pieces (see {@link observe}). */
function tetrisSpec(width: number, height: number, preview: number, highestCell: number): Record<string, ArraySpec> {
  return {
    board: { shape: [height, width], dtype: 'uint8', low: 0, high: highestCell },
    pieces: { shape: [1 + preview], dtype: 'uint8', low: 0, high: 6 },
  };
}

/**
 * Writes the observation of a Tetris game as the `index`-th of `arrays`: `board`, height × width cells
 * row by row from the floor up (0 empty, 1 locked, 2 the falling piece), and `pieces`, the current piece
 * and the preview (0–6: I O T S Z J L).
 */
function writeObservation(game: Game, arrays: ObservationArrays, index: number): void {
  const { width, height, rows } = game.board;
  const board = arrays.board;
  const first = index * width * height;
  board.fill(0, first, first + width * height);
  for (let y = 0; y < height; y++) {
    const row = rows[y];
    if (row !== 0) for (let x = 0, cell = first + y * width; x < width; x++, cell++) board[cell] = (row >>> x) & 1;
  }
  for (const [x, y] of game.activeCells() ?? []) if (y < height) board[first + y * width + x] = 2;
  const preview = game.preview();
  const pieces = arrays.pieces;
  pieces[index * (1 + preview.length)] = game.current;
  pieces.set(preview, index * (1 + preview.length) + 1);
}

function infoOf(game: Game): Info {
  return { score: game.score, lines: game.lines, pieces: game.pieces, level: game.level, outcome: game.outcome };
}

/** The board as rows of `.`, `#` (locked) and `@` (falling), top row first. */
function draw(game: Game): string {
  const { width, height } = game.board;
  const falling = new Set((game.activeCells() ?? []).map(([x, y]) => y * width + x));
  const rows: string[] = [];
  for (let y = height - 1; y >= 0; y--) {
    let row = '';
    for (let x = 0; x < width; x++) row += falling.has(y * width + x) ? '@' : game.board.isFilled(x, y) ? '#' : '.';
    rows.push(row);
  }
  return rows.join('\n');
}

/**
 * A bound on the size of every feature on a width × height board, (width · height)²: counts of cells,
 * transitions and wells, and sums of heights and their squares, all stay below it.
 */
const FEATURE_BOUND = (width: number, height: number) => (width * height) ** 2;

export interface TetrisDropEnvOptions extends TetrisEnvOptions {
  /**
   * Features (`gridmind features`, by name) to measure on the afterstate of every legal action: the
   * observation then has `afterstates`, 4·width × features values (action-major; zeros for illegal
   * actions), and `afterstateRewards`, the reward each action would earn.
   */
  readonly afterstates?: readonly string[];
}

/**
 * Tetris under the research protocol: uniform pieces, and each action places the current piece by a
 * straight drop. Action = rotation × width + x (the orientation and the column of its bounding box's
 * left side), 4 × width actions in all; the legal ones are the piece's drop placements. Reward = the
 * lines cleared. Terminated when the next piece has no placement. The same pieces as `gridmind play`
 * and `bench` for the same seed.
 */
export function tetrisDropEnv({
  width = 10,
  height = 20,
  preview = 1,
  afterstates = [],
  ...episode
}: TetrisDropEnvOptions = {}): GameEnvironment {
  checkBoardSize(width, height);
  const actionCount = 4 * width;
  const features = afterstates.length;
  const measurer = features > 0 ? new AfterstateMeasurer(afterstates, width, height) : null;
  const spec: EnvironmentSpec = {
    actionCount,
    observation: {
      ...tetrisSpec(width, height, preview, 1),
      ...(measurer !== null && {
        afterstates: {
          shape: [actionCount, features],
          dtype: 'float32',
          low: -FEATURE_BOUND(width, height),
          high: FEATURE_BOUND(width, height),
        },
        afterstateRewards: { shape: [actionCount], dtype: 'float32', low: 0, high: RULE_SETS.research.points(4, 0) },
      }),
    },
  };
  const setup: DropSetup = { width, actionCount, features, measurer };
  return new GameEnvironment(
    spec,
    (seed) => new DropEpisode(new Game({ rules: 'research', width, height, seed, preview }, { keepLog: false }), setup),
    episode,
  );
}

/** What the drop episodes of one environment share. */
interface DropSetup {
  readonly width: number;
  readonly actionCount: number;
  /** Features measured on each action's afterstate (0: none, and no measurer). */
  readonly features: number;
  readonly measurer: AfterstateMeasurer | null;
}

/**
 * A game under drop play as an episode. The current piece's placements are found once a state: the legal
 * actions, ascending, and by action the row of its placement (−1: not legal).
 */
class DropEpisode implements EpisodeGame {
  private readonly legal: number[] = [];
  private readonly rowOf: Int8Array;

  constructor(
    private readonly game: Game,
    private readonly setup: DropSetup,
  ) {
    this.rowOf = new Int8Array(setup.actionCount);
    this.findPlacements();
  }

  get over(): boolean {
    return this.game.over;
  }

  writeObservation(arrays: ObservationArrays, index: number): void {
    writeObservation(this.game, arrays, index);
    if (this.setup.measurer !== null) this.writeAfterstates(this.setup.measurer, arrays, index);
  }

  info(): Record<string, number | string | boolean> {
    return infoOf(this.game);
  }

  legalActions(): number[] {
    return this.legal; // the environment copies the list it gives out
  }

  play(action: number): number {
    const { game } = this;
    const before = game.score;
    game.place(Math.floor(action / this.setup.width), action % this.setup.width, this.rowOf[action]);
    this.findPlacements();
    return game.score - before;
  }

  render(): string {
    return draw(this.game);
  }

  clone(): DropEpisode {
    return new DropEpisode(this.game.clone(), this.setup);
  }

  private findPlacements(): void {
    const { rowOf, legal } = this;
    const { width, actionCount } = this.setup;
    rowOf.fill(-1);
    const drops = this.game.dropPlacements();
    for (let i = 0; i < drops.count; i++) rowOf[drops.rotation[i] * width + drops.x[i]] = drops.y[i];
    legal.length = 0;
    for (let action = 0; action < actionCount; action++) if (rowOf[action] >= 0) legal.push(action);
  }

  private writeAfterstates(measurer: AfterstateMeasurer, arrays: ObservationArrays, index: number): void {
    const { game, rowOf } = this;
    const { width, actionCount, features } = this.setup;
    const values = arrays.afterstates as Float32Array;
    const rewards = arrays.afterstateRewards;
    values.fill(0, index * actionCount * features, (index + 1) * actionCount * features);
    rewards.fill(0, index * actionCount, (index + 1) * actionCount);
    const orientations = game.system.orientations[game.current];
    measurer.load(game.board);
    for (const action of this.legal) {
      const at = index * actionCount + action;
      const lines = measurer.measure(orientations[Math.floor(action / width)], action % width, rowOf[action], values, at * features);
      rewards[at] = game.rules.points(lines, game.level);
    }
  }
}

/** The key actions: Gridmind's six keys (keys.ts), then 6 = no key. */
export const KEY_ACTIONS = [...KEYS, 'none'] as const;

/** Every key action: all are legal while a game goes on. */
const ALL_KEY_ACTIONS = KEY_ACTIONS.map((_, action) => action);

/** A game under key play as an episode: each action presses its key (or none), then `stepMs` of game time pass. */
class KeysEpisode implements EpisodeGame {
  constructor(
    private readonly game: Game,
    private readonly stepMs: number,
  ) {}

  get over(): boolean {
    return this.game.over;
  }

  writeObservation(arrays: ObservationArrays, index: number): void {
    writeObservation(this.game, arrays, index);
  }

  info(): Record<string, number | string | boolean> {
    return infoOf(this.game);
  }

  legalActions(): number[] {
    return ALL_KEY_ACTIONS;
  }

  play(action: number): number {
    const { game } = this;
    const before = game.score;
    const key = KEY_ACTIONS[action];
    if (key !== 'none') game.press(key);
    game.advance(this.stepMs);
    return game.score - before;
  }

  render(): string {
    return draw(this.game);
  }

  clone(): KeysEpisode {
    return new KeysEpisode(this.game.clone(), this.stepMs);
  }
}

export interface TetrisKeysEnvOptions extends TetrisEnvOptions {
  /** A rule set played with keys: classic, target or aveiro (default classic). */
  readonly rules?: RuleSetName;
  readonly rotation?: RotationSystemName;
  /** Game time that passes after each action, in milliseconds (default 100: one key every 100 ms, the pace of iarTris's AIs). */
  readonly stepMs?: number;
  /** The target score under the target rules. */
  readonly target?: number;
}

/**
 * Tetris played with keys under a rule set and rotation system: each action presses one key (or none)
 * and then `stepMs` of game time pass, with gravity as the rules say. Actions: 0 L, 1 R, 2 C, 3 A,
 * 4 D, 5 H (keys.ts), 6 none; every action is legal while the game goes on. Reward = the points scored.
 */
export function tetrisKeysEnv({
  rules = 'classic',
  rotation,
  width,
  height,
  preview = 1,
  stepMs = 100,
  target,
  ...episode
}: TetrisKeysEnvOptions = {}): GameEnvironment {
  if (RULE_SETS[rules].style !== 'keys')
    throw new InputError(`the ${rules} rules place pieces by drops, not keys: use the drop environment`);
  if (!(stepMs > 0 && stepMs <= 60_000)) throw new InputError(`a step's time must be from 1 to 60,000 ms, not ${stepMs}`);
  const size = new Game({ rules, rotation, width, height, seed: 1, preview, target }, { keepLog: false }).board; // checks the options now
  const spec: EnvironmentSpec = { actionCount: KEY_ACTIONS.length, observation: tetrisSpec(size.width, size.height, preview, 2) };
  return new GameEnvironment(
    spec,
    (seed) => new KeysEpisode(new Game({ rules, rotation, width, height, seed, preview, target }, { keepLog: false }), stepMs),
    episode,
  );
}
