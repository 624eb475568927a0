/**
 * High scores as replays. A submission is a finished game's replay (and who played it); the server plays
 * it again on the engine and keeps the score that gives, never a number from the client. A replay the
 * engine refuses, one that stops before its game ends, or one whose pieces or board were chosen rather
 * than dealt by a seed is an InputError saying why.
 */
import { createHash } from 'node:crypto';
import { z } from 'zod';
import { InputError } from '../core/errors.ts';
import { nameProblem, UNNAMED_AGENT } from '../core/player-names.ts';
import { parseBoardText } from '../samegame/board-files.ts';
import { SameGame } from '../samegame/game.ts';
import { replaySameGame, sameGameReplay, type SameGameReplay } from '../samegame/replay.ts';
import { type AgentShare, type NewHighScore, type ScoreTable } from '../store/highscores.ts';
import { MAX_WIDTH } from '../tetris/board.ts';
import { gameConfigOf, replay, type GameConfig, type ReplayLog } from '../tetris/game.ts';
import { DEALT_RANDOMIZERS, type DealtRandomizer } from '../tetris/randomizers.ts';
import { ROTATION_SYSTEMS } from '../tetris/rotation/index.ts';
import { RULE_SETS } from '../tetris/rules.ts';
import { tetrisScoreTable } from '../tetris/score-table.ts';
import { agentInputs, agentPieces } from './human-pace.ts';

/** Inputs a replay may hold: a long game of an agent at full speed in the web app stays well below. */
export const MAX_REPLAY_INPUTS = 2_000_000;

/** A player's or agent's name, refused when it would mislead (see core/player-names.ts). */
const playerName = (what: string) =>
  z
    .string({ message: `${what} must be text` })
    .max(200, `${what} is too long`)
    .superRefine((name, context) => {
      const problem = nameProblem(name);
      if (problem !== null) context.addIssue({ code: 'custom', message: `${what}: ${problem}` });
    });

const submission = z.strictObject(
  {
    name: playerName('name'),
    replay: z
      .object(
        { format: z.string({ message: 'replay.format must name a replay format' }) },
        { message: 'replay must be a game replay object' },
      )
      .passthrough(),
    agents: z
      .array(
        z.strictObject(
          { name: playerName('an agent name'), pieces: z.number().int().min(0, 'pieces must be 0 or more') },
          unknownField('an agent share', '"name" and "pieces"'),
        ),
        { message: 'agents must be a list of {"name","pieces"}' },
      )
      .max(8, 'at most 8 agents')
      .optional(),
  },
  unknownField('a submission', '"name", "replay" and "agents"'),
);

/**
 * A list, whatever it holds: its items are checked after (a replay's inputs and moves). Not `z.array`,
 * which copies the list item by item: half a second for the million inputs of the longest replay.
 */
const list = (message: string) => z.custom<unknown[]>((value) => Array.isArray(value), message);

/** The set-up fields of a Tetris replay (`GameConfig`). */
const TETRIS_CONFIG_FIELDS = [
  'rules',
  'width',
  'height',
  'rotation',
  'randomizer',
  'sequence',
  'seed',
  'preview',
  'garbageRows',
  'target',
] as const;

/** The fields of a Tetris replay and of its set-up: a replay holding any other is refused (nothing unchecked is stored). */
const tetrisReplayFields = z.strictObject(
  {
    format: z.literal('gridmind-tetris-replay'),
    version: z.unknown(),
    config: z.strictObject(
      Object.fromEntries(TETRIS_CONFIG_FIELDS.map((field) => [field, z.unknown().optional()])),
      unknownField('replay.config', TETRIS_CONFIG_FIELDS.map((field) => `"${field}"`).join(', ')),
    ),
    inputs: list('replay.inputs must be a list'),
    end: z.unknown(),
  },
  unknownField('a Tetris replay', '"format", "version", "config", "inputs" and "end"'),
);

/** The fields of a SameGame replay's deal: a seed's or a test set's. */
const DEAL_FIELDS = '"seed" and "colours", or "set" and "file"';

/** The fields of a SameGame replay, of its rules and of its deal. */
const sameGameReplayFields = z.strictObject(
  {
    format: z.literal('gridmind-samegame-replay'),
    version: z.unknown(),
    board: z.unknown(),
    rules: z.strictObject({ scoring: z.unknown(), shift: z.unknown() }, unknownField('replay.rules', '"scoring" and "shift"')),
    moves: list('replay.moves must be a list'),
    deal: z
      .strictObject(
        { seed: z.unknown(), colours: z.unknown(), set: z.unknown(), file: z.unknown() },
        unknownField('replay.deal', DEAL_FIELDS),
      )
      .refine((deal) => !(('seed' in deal || 'colours' in deal) && ('set' in deal || 'file' in deal)), {
        message: 'a deal is a seed\'s {"seed","colours"} or a test set\'s {"set","file"}, not both',
      })
      .optional(),
  },
  unknownField('a SameGame replay', '"format", "version", "board", "rules", "moves" and "deal"'),
);

/** The message of an object's field it does not have. */
function unknownField(what: string, fields: string): { errorMap: z.ZodErrorMap } {
  return {
    errorMap: (issue, context) => ({
      message:
        issue.code === 'unrecognized_keys'
          ? `${what} holds only ${fields}: remove ${issue.keys.map((key) => `"${key}"`).join(', ')}`
          : context.defaultError,
    }),
  };
}

export interface VerifiedScore {
  readonly table: ScoreTable;
  readonly entry: NewHighScore;
}

/** Checks a submission and replays it; returns the table it belongs to and what to store. */
export function verifyScore(body: unknown): VerifiedScore {
  const { name, replay: log, agents = [] } = parsed(submission, body);
  if (log.format === 'gridmind-tetris-replay') return verifyTetris(name, parsed(tetrisReplayFields, log) as unknown as ReplayLog, agents);
  if (log.format === 'gridmind-samegame-replay')
    return verifySameGame(name, parsed(sameGameReplayFields, log) as unknown as SameGameReplay, agents);
  throw new InputError('replay.format: a high score is a "gridmind-tetris-replay" or a "gridmind-samegame-replay"');
}

function parsed<T>(schema: z.ZodType<T, z.ZodTypeDef, unknown>, value: unknown): T {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  throw new InputError(issue.code === 'unrecognized_keys' ? issue.message : `${issue.path.join('.') || 'request'}: ${issue.message}`);
}

function verifyTetris(name: string, log: ReplayLog, agents: AgentShare[]): VerifiedScore {
  if (log.inputs.length > MAX_REPLAY_INPUTS) {
    throw new InputError(`the replay holds ${log.inputs.length} inputs: at most ${MAX_REPLAY_INPUTS} are taken`);
  }
  log.inputs.forEach((input, index) => {
    const fields = typeof input === 'object' && input !== null ? Object.keys(input).sort().join() : '';
    if (fields !== 'key,t' && fields !== 'place,t')
      throw new InputError(`replay input ${index + 1}: an input is {"t","key"} or {"t","place"}, with no other field`);
  });
  if (!DEALT_RANDOMIZERS.includes(gameConfigOf(log.config).randomizer as DealtRandomizer)) {
    throw new InputError('a high score\'s pieces are dealt by its seed, not listed (randomizer "sequence")');
  }
  const { orientations } = ROTATION_SYSTEMS[gameConfigOf(log.config).rotation];
  const lockInputs: number[] = [];
  const lockedCells: number[][] = [];
  const game = replay(log, ({ piece, rotation, x, y }, lastInput) => {
    lockInputs.push(lastInput);
    lockedCells.push(orientations[piece][rotation].cells.map(([dx, dy]) => (y + dy) * CELL_ROW + x + dx).sort((a, b) => a - b));
  });
  if (!game.over) throw new InputError('the replay stops before its game ends: a high score is a finished game');
  const { config } = game;
  const table = tetrisScoreTable(config);
  const byAgents = agentPieces(agentInputs(log.inputs, game.rules.style), lockInputs);
  const entry = { name, points: game.score, lines: game.lines, pieces: game.pieces, agents: checkShares(agents, game.pieces, byAgents) };
  return { table, entry: { ...entry, replay: JSON.stringify(game.replayLog()), game: gameKey(tetrisGame(config, lockedCells)) } };
}

function verifySameGame(name: string, log: SameGameReplay, agents: AgentShare[]): VerifiedScore {
  if (log.deal === undefined) {
    throw new InputError(
      'replay.deal: a high score\'s board is dealt, not chosen: give {"seed","colours"} or a test set\'s {"set","file"}',
    );
  }
  log.moves.forEach((move, index) => {
    if (!Array.isArray(move) || move.length !== 2)
      throw new InputError(`replay move ${index + 1}: a move is a cell [x, y], with nothing else`);
  });
  const game = replaySameGame(log);
  if (!game.isOver()) throw new InputError('the replay stops before its game ends: a high score is a finished game');
  const { width, height } = game.board;
  // A dealt board's colours are the deal's (a small board may miss one); a test set's file has those it shows.
  const colours = 'colours' in log.deal ? log.deal.colours : game.board.colours;
  const table: ScoreTable = { game: 'samegame', rules: `${game.rules.scoring}/${game.rules.shift}`, board: `${width}x${height}`, colours };
  const moves = log.moves.map(([x, y]) => [x, y] as [number, number]);
  const { deal } = log;
  const stored: SameGameReplay = {
    ...sameGameReplay(parseBoardText(log.board), game.rules, moves),
    deal: 'set' in deal ? { set: deal.set, file: deal.file } : { seed: deal.seed, colours: deal.colours },
  };
  return {
    table,
    entry: {
      name,
      points: game.score(),
      lines: 0,
      pieces: moves.length,
      agents: checkShares(agents, moves.length, 0),
      replay: JSON.stringify(stored),
      game: gameKey({ board: stored.board, rules: table.rules, groups: groupsRemoved(stored) }),
    },
  };
}

/** Cells are numbered y × CELL_ROW + x in a game's key: wider than any board. */
const CELL_ROW = 2 * MAX_WIDTH;

/**
 * What a Tetris game is: the set-up that deals its pieces and scores them, and the cells each lock
 * filled. The preview and the rotation system are left out (they change what a player sees or how a
 * piece may move, not the game played), as are key times.
 */
function tetrisGame(config: GameConfig, lockedCells: number[][]): object {
  const { rules, width, height, randomizer, seed, garbageRows, target } = config;
  return { rules, width, height, randomizer, seed, garbageRows, target: RULE_SETS[rules].hasTarget ? target : null, lockedCells };
}

/**
 * Each move of a SameGame replay as the group it removes, named by its first cell in board order: two
 * games that remove the same groups in the same order are one game, whichever cells were clicked.
 */
function groupsRemoved(log: SameGameReplay): number[] {
  const game = new SameGame(parseBoardText(log.board), log.rules);
  return log.moves.map(([x, y]) => {
    const first = Math.min(...game.groupAt(x, y).map(([cellX, cellY]) => cellY * game.board.width + cellX));
    game.play(x, y);
    return first;
  });
}

/**
 * What makes a game the game it is, as a key: its set-up and the cells each lock filled (Tetris) or
 * the groups it removed (SameGame), hashed. Key times and the cells clicked are left out, so that a
 * game posted again with its inputs shifted is still the same game.
 */
function gameKey(game: object): string {
  return createHash('sha256').update(JSON.stringify(game)).digest('hex');
}

/**
 * The agents' shares, each of at least one piece and all together no more than the game's; when the
 * inputs show more pieces placed by an agent (`byAgents`, see human-pace.ts) than the shares claim, the
 * rest is an {@link UNNAMED_AGENT}'s.
 */
function checkShares(agents: AgentShare[], pieces: number, byAgents: number): AgentShare[] {
  const shares = agents.filter((agent) => agent.pieces > 0);
  const placed = shares.reduce((sum, agent) => sum + agent.pieces, 0);
  if (placed > pieces) throw new InputError(`agents: they placed ${placed} pieces, and the game has ${pieces}`);
  return byAgents > placed ? [...shares, { name: UNNAMED_AGENT, pieces: byAgents - placed }] : shares;
}
