import { Prng } from '../core/prng.ts';
import { Board, VANISH_ROWS } from '../tetris/board.ts';
import type { PlacementMode } from '../tetris/placement-modes.ts';
import { Game, PIECE_STREAM, type LoggedInput, type Outcome, type ReplayLog } from '../tetris/game.ts';
import { PIECE_COUNT, type Piece } from '../tetris/pieces.ts';
import { uniformRandomizer } from '../tetris/randomizers.ts';
import { ROTATION_SYSTEMS, type RotationSystem, type RotationSystemName } from '../tetris/rotation/index.ts';
import { RULE_SETS, type RuleSetName } from '../tetris/rules.ts';
import { AgentFault, TetrisAgent, type Choice, type Chooser } from './agent.ts';
import type { AgentSpec } from './agent-spec.ts';
import { pathStep, type PathStep } from './search-path.ts';

export interface PlayOptions {
  readonly rules: RuleSetName;
  readonly width: number;
  readonly height: number;
  /** Default: the rule set's. */
  readonly rotation?: RotationSystemName;
  readonly seed: number;
  /** Next pieces the agent sees. */
  readonly preview: number;
  /** Stop after this many pieces (null: play until the game ends). */
  readonly maxPieces: number | null;
  /** The target score, under the `target` rules. */
  readonly target?: number;
  /** Record the search path (one step per piece: shape, rotation, centre cell). */
  readonly recordPath?: boolean;
  /** Record the game as a replay log, which `replay` (src/tetris/game.ts) plays again to the same end. */
  readonly recordReplay?: boolean;
}

/**
 * How a game ended: the game's own outcome, `piece-limit` when `maxPieces` stopped it, or `agent-fault`
 * when an agent in code threw or answered no placement (code-agents.ts).
 */
export type PlayOutcome = Outcome | 'piece-limit' | 'agent-fault';

export interface PlayResult {
  readonly lines: number;
  readonly score: number;
  readonly pieces: number;
  readonly outcome: PlayOutcome;
  /** Wall-clock milliseconds spent playing (set-up excluded). */
  readonly ms: number;
  readonly path?: PathStep[];
  /** What the agent did wrong, with `agent-fault`. */
  readonly fault?: string;
  /** The game as a replay log, with `recordReplay`. */
  readonly replay?: ReplayLog;
}

/**
 * Plays one game with an agent. The research rules run on a lean loop (board, pieces and lines only,
 * no replay log) for benchmark speed; the other rules run the full {@link Game}. Both deal the same
 * pieces for the same seed, and the tests check that they play the research rules identically.
 */
export function playGame(spec: AgentSpec, options: PlayOptions): PlayResult {
  return options.rules === 'research' ? playResearch(spec, options) : playWithGame(spec, options);
}

/** The research protocol on a lean loop: uniform pieces, drop placements, score = lines; `keeping`: see {@link playResearchWith}. */
export function playResearch(spec: AgentSpec, options: PlayOptions, keeping: CheckpointKeeping = {}): PlayResult {
  const system = researchRotation(options);
  return playResearchWith(new TetrisAgent(spec, options.width, options.height, system, 'drop'), options, keeping);
}

/** The rotation system of a research game: the option's, or the rules'. */
export function researchRotation(options: PlayOptions): RotationSystem {
  return ROTATION_SYSTEMS[options.rotation ?? RULE_SETS.research.rotation];
}

/**
 * A research game stopped in play, with all its lean loop needs to go on as if it had not stopped: the
 * figures so far, the board's bit rows (bottom up, the rows above the top included), the state of the
 * piece generator (core/prng.ts) and the pieces dealt and not yet placed, the current one first.
 */
export interface ResearchCheckpoint {
  readonly pieces: number;
  readonly lines: number;
  /** Milliseconds of play so far. */
  readonly ms: number;
  readonly rows: readonly number[];
  readonly prng: readonly number[];
  readonly queue: readonly Piece[];
}

/** How a long research game is kept through an interrupt: where it goes on from, and where its checkpoints go. */
export interface CheckpointKeeping {
  /** A checkpoint of this game (the same options) to go on from instead of its start. */
  readonly from?: ResearchCheckpoint;
  /**
   * Gets a checkpoint of the game in play at the first 1,024-piece mark `everyMs` milliseconds of play
   * or more after the last one (or after the start of this sitting); none without `everyMs`.
   */
  readonly save?: (checkpoint: ResearchCheckpoint) => void;
  readonly everyMs?: number;
}

/** Pieces between two looks at the clock for a checkpoint. */
const PIECES_BETWEEN_CLOCK_LOOKS = 1024;

/**
 * The research protocol on a lean loop, with another chooser of placements than an agent's own policy
 * (its rotation system: {@link researchRotation}). With `keeping`, the game starts from a checkpoint
 * and hands out checkpoints as it goes; a chooser that decides by the turn alone, as an agent as data
 * does, then plays on exactly as an uninterrupted game.
 */
export function playResearchWith(agent: Chooser, options: PlayOptions, keeping: CheckpointKeeping = {}): PlayResult {
  const { width, height, seed, preview, maxPieces } = options;
  const rules = RULE_SETS.research;
  const system = researchRotation(options);
  const board = new Board(width, height);
  const { from, save, everyMs = Infinity } = keeping;
  if (from !== undefined) checkCheckpoint(from, options);
  const prng = from === undefined ? new Prng(seed, PIECE_STREAM) : Prng.fromState(from.prng);
  const randomizer = uniformRandomizer(prng);
  const queue: Piece[] = from === undefined ? Array.from({ length: preview + 1 }, () => randomizer.next()) : [...from.queue];
  if (from !== undefined) board.rows.set(from.rows);
  const path: PathStep[] | undefined = options.recordPath ? [] : undefined;
  const placed: LoggedInput[] | undefined = options.recordReplay ? [] : undefined;
  const ended = (result: Omit<PlayResult, 'replay'>): PlayResult =>
    placed === undefined ? result : { ...result, replay: researchReplay(options, placed) };
  let lines = from?.lines ?? 0;
  const startPieces = from?.pieces ?? 0;
  let pieces = startPieces;
  let outcome: PlayOutcome = 'topped-out';
  const start = performance.now() - (from?.ms ?? 0);
  let lastSaved = performance.now();
  for (;;) {
    if (maxPieces !== null && pieces >= maxPieces) {
      outcome = 'piece-limit';
      break;
    }
    if (
      save !== undefined &&
      pieces % PIECES_BETWEEN_CLOCK_LOOKS === 0 &&
      pieces !== startPieces &&
      performance.now() - lastSaved >= everyMs
    ) {
      lastSaved = performance.now();
      save({ pieces, lines, ms: lastSaved - start, rows: [...board.rows], prng: prng.state(), queue: [...queue] });
    }
    const piece = queue[0];
    let choice: Choice | null;
    try {
      choice = agent.choose({ board, piece, preview: queue.slice(1), rules, score: lines, level: 0, target: null });
    } catch (error) {
      if (!(error instanceof AgentFault)) throw error;
      return ended({ lines, score: lines, pieces, outcome: 'agent-fault', ms: performance.now() - start, path, fault: error.message });
    }
    if (choice === null) break;
    const shape = system.orientations[piece][choice.rotation];
    board.place(shape, choice.x, choice.y);
    lines += board.clearFullRows();
    pieces++;
    path?.push(pathStep(piece, shape, choice.rotation, choice.x, choice.y));
    placed?.push({ t: 0, place: [choice.rotation, choice.x, choice.y] });
    queue.shift();
    queue.push(randomizer.next());
  }
  return ended({ lines, score: lines, pieces, outcome, ms: performance.now() - start, path });
}

/** Refuses a checkpoint that cannot be of a game with these options (a game's path and replay start at its start, so they cannot resume). */
function checkCheckpoint(from: ResearchCheckpoint, options: PlayOptions): void {
  const fits =
    from.rows.length === options.height + VANISH_ROWS &&
    from.rows.every((row) => Number.isInteger(row) && row >= 0 && row < 2 ** options.width) &&
    from.queue.length === options.preview + 1 &&
    from.queue.every((piece) => Number.isInteger(piece) && piece >= 0 && piece < PIECE_COUNT) &&
    Number.isInteger(from.pieces) &&
    from.pieces >= 0 &&
    Number.isInteger(from.lines) &&
    from.lines >= 0;
  if (!fits)
    throw new RangeError(`the checkpoint is not of a ${options.width}×${options.height} game with ${options.preview} pieces seen ahead`);
  if (options.maxPieces !== null && from.pieces > options.maxPieces)
    throw new RangeError(`the checkpoint at ${from.pieces} pieces is past this game's limit of ${options.maxPieces} pieces`);
  if (options.recordPath || options.recordReplay) throw new RangeError('a game resumed from a checkpoint records no path and no replay');
}

/** A research game of the lean loop as the full game's replay log: the same set-up, its placements in order. */
function researchReplay(options: PlayOptions, inputs: LoggedInput[]): ReplayLog {
  const { width, height, seed, preview, rotation } = options;
  const { config } = new Game({ rules: 'research', width, height, seed, preview, rotation }, { keepLog: false });
  return { format: 'gridmind-tetris-replay', version: 1, config, inputs, end: 0 };
}

/** Any rules on the full game: the agent places each piece where the rules let it go. */
export function playWithGame(spec: AgentSpec, options: PlayOptions): PlayResult {
  return playGameWith((game) => new TetrisAgent(spec, game.board.width, game.board.height, game.system, placementMode(game)), options);
}

/** How a player picks placements in a game: drop placements under drop play, else those the keys reach. */
export function placementMode(game: Game): PlacementMode {
  return game.rules.style === 'drop' ? 'drop' : 'reachable';
}

/**
 * Any rules on the full game, with another chooser than an agent's own policy (made for the game, so
 * that it can read the game's rotation system and placement mode); an {@link AgentFault} ends the game.
 */
export function playGameWith(makeAgent: (game: Game) => Chooser, options: PlayOptions): PlayResult {
  const game = new Game(
    {
      rules: options.rules,
      width: options.width,
      height: options.height,
      rotation: options.rotation,
      seed: options.seed,
      preview: options.preview,
      target: options.target,
    },
    { keepLog: options.recordReplay === true },
  );
  const agent = makeAgent(game);
  const target = game.rules.hasTarget ? game.config.target : null;
  const path: PathStep[] | undefined = options.recordPath ? [] : undefined;
  let outcome: PlayOutcome = game.outcome;
  const start = performance.now();
  while (!game.over) {
    if (options.maxPieces !== null && game.pieces >= options.maxPieces) {
      outcome = 'piece-limit';
      break;
    }
    const piece = game.current;
    const turn = {
      board: game.board,
      piece,
      preview: game.preview(),
      rules: game.rules,
      score: game.score,
      level: game.level,
      target,
      from: game.active ?? undefined,
    };
    let choice: Choice | null;
    try {
      choice = agent.choose(turn);
    } catch (error) {
      if (!(error instanceof AgentFault)) throw error;
      const { lines, score, pieces } = game;
      return {
        lines,
        score,
        pieces,
        outcome: 'agent-fault',
        ms: performance.now() - start,
        path,
        fault: error.message,
        replay: options.recordReplay ? game.replayLog() : undefined,
      };
    }
    if (choice === null) {
      game.press('H'); // nowhere to rest inside the board: the piece locks above the top and the game ends
      continue;
    }
    game.place(choice.rotation, choice.x, choice.y);
    path?.push(pathStep(piece, game.system.orientations[piece][choice.rotation], choice.rotation, choice.x, choice.y));
  }
  if (game.over) outcome = game.outcome;
  const replay = options.recordReplay ? game.replayLog() : undefined;
  return { lines: game.lines, score: game.score, pieces: game.pieces, outcome, ms: performance.now() - start, path, replay };
}
