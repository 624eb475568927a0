/**
 * High scores as replays. A submission is a finished game's replay (and who played it); the server plays
 * it again on the engine and keeps the score that gives, never a number from the client. A replay the
 * engine refuses, one that stops before its game ends, or one whose pieces or board were chosen rather
 * than dealt by a seed is an InputError saying why.
 */
import { z } from 'zod';
import { InputError } from '../core/errors.ts';
import { nameProblem } from '../core/player-names.ts';
import { replaySameGame, type SameGameReplay } from '../samegame/replay.ts';
import type { AgentShare, NewHighScore, ScoreTable } from '../store/highscores.ts';
import { replay, type ReplayLog } from '../tetris/game.ts';
import { RULE_SETS } from '../tetris/rules.ts';

/** Inputs a replay may hold: a long game of an agent at full speed in the web app stays well below. */
export const MAX_REPLAY_INPUTS = 2_000_000;

/** A player's or agent's name, refused when it would mislead (see core/player-names.ts). */
const playerName = (what: string) =>
  z
    .string(`${what} must be text`)
    .max(200, `${what} is too long`)
    .superRefine((name, context) => {
      const problem = nameProblem(name);
      if (problem !== null) context.addIssue({ code: 'custom', message: `${what}: ${problem}` });
    });

const submission = z.object({
  name: playerName('name'),
  replay: z.looseObject({ format: z.string('replay.format must name a replay format') }, 'replay must be a game replay object'),
  agents: z
    .array(
      z.object({ name: playerName('an agent name'), pieces: z.number().int().min(0, 'pieces must be 0 or more') }),
      'agents must be a list of {"name","pieces"}',
    )
    .max(8, 'at most 8 agents')
    .optional(),
});

export interface VerifiedScore {
  readonly table: ScoreTable;
  readonly entry: NewHighScore;
}

/** Checks a submission and replays it; returns the table it belongs to and what to store. */
export function verifyScore(body: unknown): VerifiedScore {
  const parsed = submission.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new InputError(`${issue.path.join('.') || 'request'}: ${issue.message}`);
  }
  const { name, replay: log, agents = [] } = parsed.data;
  if (log.format === 'gridmind-tetris-replay') return verifyTetris(name, log as unknown as ReplayLog, agents);
  if (log.format === 'gridmind-samegame-replay') return verifySameGame(name, log as unknown as SameGameReplay, agents);
  throw new InputError('replay.format: a high score is a "gridmind-tetris-replay" or a "gridmind-samegame-replay"');
}

function verifyTetris(name: string, log: ReplayLog, agents: AgentShare[]): VerifiedScore {
  if (Array.isArray(log.inputs) && log.inputs.length > MAX_REPLAY_INPUTS) {
    throw new InputError(`the replay holds ${log.inputs.length} inputs: at most ${MAX_REPLAY_INPUTS} are taken`);
  }
  if (log.config?.randomizer === 'sequence' || (log.config?.sequence ?? '') !== '') {
    throw new InputError('a high score\'s pieces are dealt by its seed, not listed (randomizer "sequence")');
  }
  const game = replay(log);
  if (!game.over) throw new InputError('the replay stops before its game ends: a high score is a finished game');
  const { rules, width, height, target } = game.config;
  const table: ScoreTable = { game: 'tetris', rules, board: `${width}x${height}`, ...(RULE_SETS[rules].hasTarget && { target }) };
  const entry = { name, points: game.score, lines: game.lines, pieces: game.pieces, agents: checkShares(agents, game.pieces) };
  return { table, entry: { ...entry, replay: JSON.stringify(log) } };
}

function verifySameGame(name: string, log: SameGameReplay, agents: AgentShare[]): VerifiedScore {
  if (log.deal === undefined) {
    throw new InputError(
      'replay.deal: a high score\'s board is dealt, not chosen: give {"seed","colours"} or a test set\'s {"set","file"}',
    );
  }
  const game = replaySameGame(log);
  if (!game.isOver()) throw new InputError('the replay stops before its game ends: a high score is a finished game');
  const { width, height } = game.board;
  // A dealt board's colours are the deal's (a small board may miss one); a test set's file has those it shows.
  const colours = 'colours' in log.deal ? log.deal.colours : game.board.colours;
  const table: ScoreTable = { game: 'samegame', rules: `${game.rules.scoring}/${game.rules.shift}`, board: `${width}x${height}`, colours };
  const moves = game.history().length;
  return {
    table,
    entry: { name, points: game.score(), lines: 0, pieces: moves, agents: checkShares(agents, moves), replay: JSON.stringify(log) },
  };
}

/** The agents' shares, each of at least one piece and all together no more than the game's. */
function checkShares(agents: AgentShare[], pieces: number): AgentShare[] {
  const shares = agents.filter((agent) => agent.pieces > 0);
  const placed = shares.reduce((sum, agent) => sum + agent.pieces, 0);
  if (placed > pieces) throw new InputError(`agents: they placed ${placed} pieces, and the game has ${pieces}`);
  return shares;
}
