import type { IncomingMessage, ServerResponse } from 'node:http';
import { z } from 'zod';
import type { AveiroServer } from '../aveiro/server.ts';
import type { Db } from '../store/database.ts';
import { InputError } from '../core/errors.ts';
import { wholeNumberIn } from '../core/schemas.ts';
import { findHighScoreReplay, GameStoredAlready, topHighScores, type ScoreTable } from '../store/highscores.ts';
import { ApiError, sendError } from './api-errors.ts';
import { benchGameReplay } from './bench-replays.ts';
import { clientOf } from './rate-limit.ts';
import type { ScoreChecks } from './score-checks.ts';
import { findRun, listRuns } from '../store/runs.ts';
import { listTuneRuns, loadTuneRun } from '../store/tune-runs.ts';
import { tuneRunEntry, tuneRunReport } from '../tune/run-report.ts';
import type { TuneConfig, TuneState } from '../tune/tuning.ts';
import { parseBoardSize as parseSameGameBoardSize } from '../samegame/rules/board.ts';
import { DEFAULT_COLOURS as DEFAULT_SAMEGAME_COLOURS, MAX_COLOURS, MIN_COLOURS } from '../samegame/rules/options.ts';
import { MAX_HEIGHT, MAX_WIDTH, parseBoardSize as parseTetrisBoardSize, VANISH_ROWS } from '../tetris/board.ts';
import { boardHeight, boardRows, boardWidth, piece, previewPieces } from '../tetris/setting-schemas.ts';
import { gameConfigOf } from '../tetris/game.ts';
import { MAX_GARBAGE_ROWS, MAX_PREVIEW } from '../tetris/game-settings.ts';
import { tetrisScoreTable } from '../tetris/score-table.ts';
import { DEALT_RANDOMIZERS } from '../tetris/randomizers.ts';
import { ROTATION_SYSTEM_NAMES } from '../tetris/rotation/index.ts';
import { RULE_SET_NAMES, RULE_SETS, type RuleSetName } from '../tetris/rules.ts';
import type { CodeAgentGames } from './code-agent-games.ts';

/** Largest request body the API reads; a high score's replay may be longer (MAX_REPLAY_BYTES). */
const MAX_BODY_BYTES = 16 * 1024;
/** Largest high score submission: the replay of a long game. */
export const MAX_REPLAY_BYTES = 16 * 1024 * 1024;

const tableShape = {
  game: z.enum(['tetris', 'samegame', 'aveiro'], { message: 'game must be tetris, samegame or aveiro' }),
  rules: z.string().regex(/^[a-z]{1,20}(\/[a-z]{1,10})?$/, 'rules must be a rule set name'),
  board: z.string().regex(/^\d{1,2}x\d{1,2}$/, 'board must be written WIDTHxHEIGHT'),
};
/**
 * `settings=unrecorded` reads the games stored before Gridmind kept the settings that now key their
 * table (a Tetris game's rotation, dealing, preview, rows and target; a SameGame's colours);
 * `target=unrecorded`, the name it had under the `target` rules, reads them too.
 */
const UNRECORDED = 'unrecorded';

const TARGET_MESSAGE = 'target must be a whole number of at least 1';
const COLOURS_MESSAGE = `colours must be a whole number from ${MIN_COLOURS} to ${MAX_COLOURS}`;
const PREVIEW_MESSAGE = `preview must be a whole number from 0 to ${MAX_PREVIEW}`;
const ROWS_MESSAGE = `rows must be a whole number of challenge rows from 0 to ${MAX_GARBAGE_ROWS}`;
const targetScore = z
  .number({ message: TARGET_MESSAGE })
  .int(TARGET_MESSAGE)
  .min(1, TARGET_MESSAGE)
  .max(Number.MAX_SAFE_INTEGER, TARGET_MESSAGE);
/** A whole number in a query, from `min` to `max`. */
const wholeParameter = (min: number, max: number, message: string) =>
  z
    .string()
    .regex(/^\d{1,16}$/, message)
    .transform(Number)
    .pipe(z.number().min(min, message).max(max, message))
    .optional();
const tableQuery = z.object({
  ...tableShape,
  target: z
    .string()
    .regex(/^\d{1,16}$/, TARGET_MESSAGE)
    .transform(Number)
    .pipe(targetScore)
    .optional(),
  colours: wholeParameter(MIN_COLOURS, MAX_COLOURS, COLOURS_MESSAGE),
  rotation: z.enum(ROTATION_SYSTEM_NAMES, { message: `rotation must be ${ROTATION_SYSTEM_NAMES.join(' or ')}` }).optional(),
  dealing: z.enum(DEALT_RANDOMIZERS, { message: `dealing must be ${DEALT_RANDOMIZERS.join(' or ')}` }).optional(),
  preview: wholeParameter(0, MAX_PREVIEW, PREVIEW_MESSAGE),
  rows: wholeParameter(0, MAX_GARBAGE_ROWS, ROWS_MESSAGE),
  settings: z
    .literal(UNRECORDED, {
      errorMap: () => ({ message: 'settings=unrecorded is the one value: the games stored before their settings were kept' }),
    })
    .optional(),
});

/** The query's settings that split Tetris tables alone. */
const TETRIS_SETTINGS = ['rotation', 'dealing', 'preview', 'rows', 'target'] as const;

/** A benchmark game's replay: `/api/runs/ID/games/GAME/replay` (game from 0; `?player=vs`: the opponent's). */
const BENCH_REPLAY_PATH = /^\/api\/runs\/(\d{1,15})\/games\/(\d{1,9})\/replay$/;

/** A high score's replay: `/api/highscores/ID/replay`. */
const REPLAY_PATH = /^\/api\/highscores\/(\d{1,15})\/replay$/;

/** A tuning run: `/api/tune-runs/ID`, the id checked apart so that a bad one is told from an unknown one. */
const TUNE_RUN_PATH = /^\/api\/tune-runs\/([^/]*)$/;
const TUNE_RUN_ID = /^[1-9]\d{0,14}$/;

/** How many runs a list holds: `limit`, 1 to MOST_LISTED (default DEFAULT_LISTED). */
const MOST_LISTED = 1000;
const DEFAULT_LISTED = 100;
const listQuery = z.object({ limit: wholeParameter(1, MOST_LISTED, `limit must be a whole number from 1 to ${MOST_LISTED}`) });
/** `game=tetris|samegame` keeps the runs of one game (default: every game's). */
const runsQuery = listQuery.extend({
  game: z.enum(['tetris', 'samegame'], { message: 'game must be tetris or samegame' }).optional(),
});
/** `player=vs`: a benchmark game's opponent's replay (default: the agent's). */
const benchReplayQuery = z.object({
  player: z.literal('vs', { errorMap: () => ({ message: 'player=vs is the one value: the opponent' }) }).optional(),
});

/**
 * The table of a request. A Tetris table's settings default as a game's do (the rule set's rotation
 * system, uniform dealing, the engine's preview, no challenge rows); a target is required under rules with one (one
 * table per target) and refused otherwise; SameGame's colours default to 5 (the standard positions').
 * Settings are refused where the game has none.
 */
function scoreTableOf(query: z.infer<typeof tableQuery>): ScoreTable {
  const { game, rules, board, target, colours, rotation, dealing, preview, rows, settings } = query;
  try {
    (game === 'samegame' ? parseSameGameBoardSize : parseTetrisBoardSize)(board);
  } catch (error) {
    throw new ApiError(400, `board: ${(error as Error).message}`);
  }
  const tetrisSetting = TETRIS_SETTINGS.find((name) => query[name] !== undefined);
  if (game !== 'tetris' && tetrisSetting !== undefined) throw new ApiError(400, `${tetrisSetting}: only Tetris tables are split by it`);
  if (game !== 'samegame' && colours !== undefined) throw new ApiError(400, 'colours: only SameGame tables are split by colours');
  if (settings === UNRECORDED) return { game, rules, board, unrecorded: true };
  if (game === 'samegame') return { game, rules, board, colours: colours ?? DEFAULT_SAMEGAME_COLOURS };
  if (game !== 'tetris') return { game, rules, board };
  if (!Object.hasOwn(RULE_SETS, rules))
    throw new ApiError(400, `rules: Tetris has no rule set "${rules}": use ${RULE_SET_NAMES.join(', ')}`);
  if (RULE_SETS[rules as RuleSetName].hasTarget && target === undefined) {
    throw new ApiError(400, `target: the ${rules} rules keep one table per target score: give the target (a whole number of at least 1)`);
  }
  if (!RULE_SETS[rules as RuleSetName].hasTarget && target !== undefined) {
    throw new ApiError(400, `target: the ${rules} rules have no target score: leave target out`);
  }
  const [width, height] = board.split('x').map(Number);
  try {
    return tetrisScoreTable(
      gameConfigOf({ rules: rules as RuleSetName, width, height, rotation, randomizer: dealing, preview, garbageRows: rows, target }),
    );
  } catch (error) {
    if (error instanceof InputError) throw new ApiError(400, error.message);
    throw error;
  }
}

/**
 * The app's JSON API: high scores (top 10 per comparable game, {@link ScoreTable}), stored runs
 * of every game, and tuning runs with their learning curves. Every answer is JSON; a bad request gets
 * `{"error": "<reason>"}` with a 4xx status.
 */
export async function handleApi(
  { db, scoreChecks, aveiro, codeAgents }: { db: Db; scoreChecks: ScoreChecks; aveiro?: AveiroServer; codeAgents?: CodeAgentGames },
  request: IncomingMessage,
  response: ServerResponse,
): Promise<void> {
  try {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const route = `${request.method} ${url.pathname}`;
    if (route === 'GET /api/highscores') {
      const { target, ...named } = Object.fromEntries(url.searchParams);
      const query = parse(tableQuery, target === UNRECORDED ? { ...named, settings: UNRECORDED } : { ...named, target });
      sendJson(response, 200, { entries: topHighScores(db, scoreTableOf(query)) });
    } else if (route === 'POST /api/highscores') {
      const client = clientOf(request);
      scoreChecks.admit(client, Number(request.headers['content-length'] ?? 0)); // a body past the budget is not read
      let kept;
      try {
        kept = await scoreChecks.keep(client, await readBody(request, MAX_REPLAY_BYTES));
      } catch (error) {
        if (!(error instanceof GameStoredAlready)) throw error;
        return sendJson(response, 409, { error: error.message, entry: error.entry });
      }
      const { id, points, lines, table } = kept;
      sendJson(response, 201, { id, points, lines, table, entries: topHighScores(db, table) });
    } else if (request.method === 'GET' && BENCH_REPLAY_PATH.test(url.pathname)) {
      const [, runId, game] = BENCH_REPLAY_PATH.exec(url.pathname)!.map(Number);
      const { player } = parse(benchReplayQuery, queryOf(url, ['player']));
      const run = findRun(db, runId);
      if (run === undefined || run.game !== 'tetris') throw new ApiError(404, `no Tetris benchmark run ${runId}`);
      try {
        sendJson(response, 200, benchGameReplay(run, game, player === 'vs'));
      } catch (error) {
        if (error instanceof InputError) throw new ApiError(404, error.message);
        throw error;
      }
    } else if (request.method === 'GET' && REPLAY_PATH.test(url.pathname)) {
      const replay = findHighScoreReplay(db, Number(REPLAY_PATH.exec(url.pathname)![1]));
      if (replay === undefined) throw new ApiError(404, `no replay is kept for high score ${REPLAY_PATH.exec(url.pathname)![1]}`);
      response.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' }).end(replay);
    } else if (route === 'GET /api/runs') {
      const { game, limit = DEFAULT_LISTED } = parse(runsQuery, queryOf(url, ['game', 'limit']));
      sendJson(response, 200, { runs: listRuns(db, limit, game) });
    } else if (route === 'GET /api/tune-runs') {
      const { limit = DEFAULT_LISTED } = parse(listQuery, queryOf(url, ['limit']));
      sendJson(response, 200, { runs: listTuneRuns<TuneConfig, TuneState>(db, limit).map(tuneRunEntry) });
    } else if (request.method === 'GET' && TUNE_RUN_PATH.test(url.pathname)) {
      const id = TUNE_RUN_PATH.exec(url.pathname)![1];
      if (!TUNE_RUN_ID.test(id)) throw new ApiError(400, 'a tuning run id is a whole number of at least 1 (GET /api/tune-runs lists them)');
      const run = loadTuneRun<TuneConfig, TuneState>(db, Number(id));
      if (run === null) throw new ApiError(404, `no tuning run ${id} (GET /api/tune-runs lists them)`);
      sendJson(response, 200, { run: tuneRunReport(db, run) });
    } else if (url.pathname === '/api/code-agents' || url.pathname.startsWith('/api/code-agents/')) {
      await codeAgentRoute(codeAgents, request, url.pathname, response);
    } else if (route === 'GET /api/aveiro/games') {
      sendJson(response, 200, { games: aveiro?.liveGames() ?? [], finished: aveiro?.finishedGames() ?? [] });
    } else if (['/api/highscores', '/api/runs', '/api/tune-runs'].includes(url.pathname) || TUNE_RUN_PATH.test(url.pathname)) {
      throw new ApiError(405, `${request.method} is not allowed on ${url.pathname}`);
    } else {
      throw new ApiError(404, `no API route ${url.pathname}: use /api/highscores, /api/runs, /api/tune-runs or /api/aveiro/games`);
    }
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    sendError(response, error);
  }
}

const whole = (min: number, max: number) => wholeNumberIn(min, max, () => `must be a whole number from ${min} to ${max}`);
/** The largest side of a piece's bounding box: how far a piece's box may reach past the board's left edge or floor. */
const PIECE_BOX = 4;
const newCodeAgentGame = z.object({
  agent: z.string().max(200),
  width: boardWidth,
  height: boardHeight,
  rotation: z.enum(ROTATION_SYSTEM_NAMES),
  mode: z.enum(['drop', 'reachable']),
});
const codeAgentTurn = z.object({
  id: whole(0, Number.MAX_SAFE_INTEGER),
  turn: z.object({
    rows: boardRows,
    piece,
    preview: previewPieces,
    rules: z.enum(RULE_SET_NAMES),
    score: whole(0, Number.MAX_SAFE_INTEGER),
    level: whole(0, 1000),
    target: whole(1, Number.MAX_SAFE_INTEGER).nullable(),
    from: z.object({ rotation: whole(0, 3), x: whole(-PIECE_BOX, MAX_WIDTH), y: whole(-PIECE_BOX, MAX_HEIGHT + VANISH_ROWS) }).optional(),
  }),
});
/** `/api/code-agents/games/ID` and `/api/code-agents/games/ID/turn`. */
const CODE_AGENT_GAME_PATH = /^\/api\/code-agents\/games\/(\d{1,15})(\/turn)?$/;

/** The routes of the agents in code that `gridmind serve --agent FILE` serves to the web app (code-agent-games.ts). */
async function codeAgentRoute(
  games: CodeAgentGames | undefined,
  request: IncomingMessage,
  path: string,
  response: ServerResponse,
): Promise<void> {
  if (request.method === 'GET' && path === '/api/code-agents') return sendJson(response, 200, { agents: games?.list() ?? [] });
  if (games === undefined) throw new ApiError(404, 'this server plays no agent in code: start it with `gridmind serve --agent FILE`');
  try {
    if (request.method === 'POST' && path === '/api/code-agents/games') {
      return sendJson(response, 201, { game: games.start(parse(newCodeAgentGame, await readJson(request))) });
    }
    const [, id, turn] = CODE_AGENT_GAME_PATH.exec(path) ?? [];
    if (id !== undefined && turn !== undefined && request.method === 'POST') {
      return sendJson(response, 200, await games.turn(Number(id), parse(codeAgentTurn, await readJson(request))));
    }
    if (id !== undefined && turn === undefined && request.method === 'DELETE') {
      games.end(Number(id));
      return void response.writeHead(204).end();
    }
  } catch (error) {
    if (error instanceof InputError) throw new ApiError(400, error.message);
    throw error;
  }
  throw new ApiError(
    404,
    `no API route ${request.method} ${path}: use GET /api/code-agents, POST /api/code-agents/games, POST /api/code-agents/games/ID/turn, DELETE /api/code-agents/games/ID`,
  );
}

/** The query parameters `names` of a request, those it gives (a schema reads them). */
function queryOf(url: URL, names: readonly string[]): Record<string, string> {
  return Object.fromEntries(names.flatMap((name) => (url.searchParams.has(name) ? [[name, url.searchParams.get(name)!]] : [])));
}

function parse<T>(schema: z.ZodType<T, z.ZodTypeDef, unknown>, value: unknown): T {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  throw new ApiError(400, `${issue.path.join('.') || 'request'}: ${issue.message}`);
}

/** The request's body as JSON, at most MAX_BODY_BYTES (413 past it). */
async function readJson(request: IncomingMessage): Promise<unknown> {
  const body = await readBody(request, MAX_BODY_BYTES);
  try {
    return JSON.parse(Buffer.from(body.buffer).toString('utf8'));
  } catch {
    throw new ApiError(400, 'the request body is not valid JSON');
  }
}

/**
 * The request's body, in an ArrayBuffer of its own (a thread may take it), each chunk copied in as it
 * comes (copying 16 MiB at the end would hold the thread for tens of ms). A body over `limit` bytes is
 * read to its end and dropped, and answered 413 (stopping mid-body would reset the connection before the
 * client reads the 413); the request time limit bounds how long that takes.
 */
function readBody(request: IncomingMessage, limit: number): Promise<Uint8Array<ArrayBuffer>> {
  return new Promise((resolve, reject) => {
    const declared = Number(request.headers['content-length'] ?? 0);
    let body = new Uint8Array(Math.min(declared, limit)); // the parser holds a body to its declared length
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      if (size + chunk.length <= limit) {
        if (size + chunk.length > body.length) body = grown(body, size, Math.min(limit, Math.max(size + chunk.length, 2 * body.length)));
        body.set(chunk, size);
      }
      size += chunk.length;
    });
    request.on('error', reject);
    request.on('end', () => {
      if (size > limit) return reject(new ApiError(413, `the request body is over ${limit} bytes`));
      resolve(body.subarray(0, size));
    });
  });
}

/** A copy of the first `size` bytes of `body` in a larger buffer of `length` bytes (a body of no declared length). */
function grown(body: Uint8Array<ArrayBuffer>, size: number, length: number): Uint8Array<ArrayBuffer> {
  const larger = new Uint8Array(length);
  larger.set(body.subarray(0, size));
  return larger;
}

function sendJson(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' }).end(JSON.stringify(body));
}
