import { InputError } from '../core/errors.ts';
import { Game } from '../tetris/game.ts';
import { KEYS } from '../tetris/keys.ts';
import { PlacementGenerator } from '../tetris/placements.ts';
import type { RotationSystemName } from '../tetris/rotation/index.ts';
import { RULE_SETS, type RuleSetName } from '../tetris/rules.ts';
import { GameEnvironment, type EpisodeGame, type Info, type Observation } from './environment.ts';

export interface TetrisEnvOptions {
  readonly width?: number;
  readonly height?: number;
  /** Next pieces shown (default 1). */
  readonly preview?: number;
  /** Steps after which an episode is truncated. */
  readonly maxSteps?: number | null;
}

/**
 * The observation of a Tetris game: `board`, width × height cells row by row from the floor up (0
 * empty, 1 locked, 2 the falling piece), and `pieces`, the current piece and the preview (0–6: I O T S
 * Z J L).
 */
function observe(game: Game): Observation {
  const { width, height } = game.board;
  const board = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) if (game.board.isFilled(x, y)) board[y * width + x] = 1;
  for (const [x, y] of game.activeCells() ?? []) if (y < height) board[y * width + x] = 2;
  return { board, pieces: Uint8Array.from([game.current, ...game.preview()]) };
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
 * Tetris under the research protocol: uniform pieces, and each action places the current piece by a
 * straight drop. Action = rotation × width + x (the orientation and the column of its bounding box's
 * left side), 4 × width actions in all; the legal ones are the piece's drop placements. Reward = the
 * lines cleared. Terminated when the next piece has no placement. The same pieces as `gridmind play`
 * and `bench` for the same seed.
 */
export function tetrisDropEnv({ width = 10, height = 20, preview = 1, maxSteps = null }: TetrisEnvOptions = {}): GameEnvironment {
  const actionCount = 4 * width;
  return new GameEnvironment(
    actionCount,
    (seed): EpisodeGame => {
      const game = new Game({ rules: 'research', width, height, seed, preview }, { keepLog: false });
      const generator = new PlacementGenerator(width, height, game.system);
      const placements = () => {
        const count = generator.generate(game.board, game.current, 'drop');
        return Array.from({ length: count }, (_, i) => ({ action: generator.rotation[i] * width + generator.x[i], y: generator.y[i] }));
      };
      return {
        observation: () => observe(game),
        info: () => infoOf(game),
        legalActions: () =>
          placements()
            .map(({ action }) => action)
            .sort((a, b) => a - b),
        play(action) {
          const before = game.score;
          const { y } = placements().find((placement) => placement.action === action)!;
          game.place(Math.floor(action / width), action % width, y);
          return game.score - before;
        },
        get over() {
          return game.over;
        },
        render: () => draw(game),
      };
    },
    maxSteps,
  );
}

/** The key actions: Gridmind's six keys (keys.ts), then 6 = no key. */
export const KEY_ACTIONS = [...KEYS, 'none'] as const;

export interface TetrisKeysEnvOptions extends TetrisEnvOptions {
  /** A rule set played with keys: classic, target or aveiro (default classic). */
  readonly rules?: RuleSetName;
  readonly rotation?: RotationSystemName;
  /** Game time that passes after each action, in milliseconds (default 100: S1's pace of one key every 100 ms). */
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
  maxSteps = null,
}: TetrisKeysEnvOptions = {}): GameEnvironment {
  if (RULE_SETS[rules].style !== 'keys')
    throw new InputError(`the ${rules} rules place pieces by drops, not keys: use the drop environment`);
  if (!(stepMs > 0 && stepMs <= 60_000)) throw new InputError(`a step's time must be from 1 to 60,000 ms, not ${stepMs}`);
  const all = KEY_ACTIONS.map((_, action) => action);
  return new GameEnvironment(
    KEY_ACTIONS.length,
    (seed): EpisodeGame => {
      const game = new Game({ rules, rotation, width, height, seed, preview, target }, { keepLog: false });
      return {
        observation: () => observe(game),
        info: () => infoOf(game),
        legalActions: () => all,
        play(action) {
          const before = game.score;
          const key = KEY_ACTIONS[action];
          if (key !== 'none') game.press(key);
          game.advance(stepMs);
          return game.score - before;
        },
        get over() {
          return game.over;
        },
        render: () => draw(game),
      };
    },
    maxSteps,
  );
}
