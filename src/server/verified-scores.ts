/**
 * High scores as replays. A submission is a finished game's replay (and who played it); the server plays
 * it again on the engine and keeps the score that gives, never a number from the client. A replay the
 * engine refuses, one that stops before its game ends, or one whose pieces or board were chosen rather
 * than dealt by a seed is an InputError saying why.
 */
import { createHash } from 'node:crypto';
import { z } from 'zod';
import { InputError } from '../core/errors.ts';
import { onlyFields, readWith } from '../core/schemas.ts';
import { nameProblem, UNNAMED_AGENT } from '../core/player-names.ts';
import { parseBoardText } from '../samegame/board-files.ts';
import { SameGame } from '../samegame/rules/game.ts';
import { replaySameGame, sameGameReplay, type SameGameReplay } from '../samegame/replay.ts';
import { parseSameGameReplay } from '../samegame/replay-schema.ts';
import { type AgentShare, type NewHighScore, type ScoreTable } from '../store/highscores.ts';
import { MAX_WIDTH } from '../tetris/board.ts';
import { replay, type GameConfig, type ReplayLog } from '../tetris/game.ts';
import { parseTetrisReplay } from '../tetris/replay-schema.ts';
import { DEALT_RANDOMIZERS, type DealtRandomizer } from '../tetris/randomizers.ts';
import { ROTATION_SYSTEMS } from '../tetris/rotation/index.ts';
import { RULE_SETS } from '../tetris/rules.ts';
import { tetrisScoreTable } from '../tetris/score-table.ts';
import { agentInputs, agentPieces } from './human-pace.ts';

/** Inputs a replay may hold: a long game of an agent at full speed in the web app stays well below. */
export const MAX_REPLAY_INPUTS = 2_000_000;

/** A player's or agent's name, refused when it would mislead (see core/player-names.ts); the messages' path names the field. */
const playerName = z
  .string({ message: 'a name must be text' })
  .max(200, 'a name may be 200 characters at the most')
  .superRefine((name, context) => {
    const problem = nameProblem(name);
    if (problem !== null) context.addIssue({ code: 'custom', message: problem });
  });

const submission = z.strictObject(
  {
    name: playerName,
    replay: z
      .object(
        { format: z.string({ message: 'replay.format must name a replay format' }) },
        { message: 'replay must be a game replay object' },
      )
      .passthrough(),
    agents: z
      .array(
        z.strictObject(
          { name: playerName, pieces: z.number().int().min(0, 'pieces must be 0 or more') },
          onlyFields('an agent share', '"name" and "pieces"'),
        ),
        { message: 'agents must be a list of {"name","pieces"}' },
      )
      .max(8, 'at most 8 agents')
      .optional(),
  },
  onlyFields('a submission', '"name", "replay" and "agents"'),
);

export interface VerifiedScore {
  readonly table: ScoreTable;
  readonly entry: NewHighScore;
}

/** Checks a submission and replays it; returns the table it belongs to and what to store. */
export function verifyScore(body: unknown): VerifiedScore {
  const { name, replay: log, agents = [] } = parsed(submission, body);
  if (log.format === 'gridmind-tetris-replay') return verifyTetris(name, parseTetrisReplay(log), agents);
  if (log.format === 'gridmind-samegame-replay') return verifySameGame(name, parseSameGameReplay(log), agents);
  throw new InputError('replay.format: a high score is a "gridmind-tetris-replay" or a "gridmind-samegame-replay"');
}

function parsed<T>(schema: z.ZodType<T, z.ZodTypeDef, unknown>, value: unknown): T {
  return readWith(schema, value, ({ code, path, message }) =>
    code === 'unrecognized_keys' ? message : `${path.join('.') || 'request'}: ${message}`,
  );
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
  if (!DEALT_RANDOMIZERS.includes(log.config.randomizer as DealtRandomizer)) {
    throw new InputError('a high score\'s pieces are dealt by its seed, not listed (randomizer "sequence")');
  }
  const { orientations } = ROTATION_SYSTEMS[log.config.rotation];
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
