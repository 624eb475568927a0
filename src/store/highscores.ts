import { gunzipSync, gzipSync } from 'node:zlib';
import { cleanName, playersOf, type Players } from '../core/player-names.ts';
import type { SameGameReplay } from '../samegame/replay.ts';
import type { ReplayLog } from '../tetris/game.ts';
import type { Db } from './database.ts';

/** Entries shown per table (iarTris kept 5; Gridmind keeps the top 10 per rule set and board size). */
export const TOP_ENTRIES = 10;

/** An agent that placed some of a game's pieces. */
export interface AgentShare {
  readonly name: string;
  readonly pieces: number;
}

export interface HighScore {
  readonly id: number;
  /** The player's name; with `agents`, the human who played beside them. */
  readonly name: string;
  readonly points: number;
  readonly lines: number;
  /** ISO date and time. */
  readonly date: string;
  /** Pieces the game placed (null: a score stored before Gridmind kept replays). */
  readonly pieces: number | null;
  /** The agents that placed some of the pieces, and how many each (empty: the player alone). */
  readonly agents: AgentShare[];
  /** Whether the game's replay is kept (`GET /api/highscores/ID/replay`). */
  readonly replayable: boolean;
  /** Who played: the agents' shares against the game's pieces. */
  readonly players: Players;
}

/** A finished game as a client submits it (`POST /api/highscores`): the server replays it for its score. */
export interface ScoreSubmission {
  readonly name: string;
  readonly replay: ReplayLog | SameGameReplay;
  readonly agents?: readonly AgentShare[];
}

/** What is stored of a finished game: its score as its replay gave it, who played, and the replay itself. */
export interface NewHighScore {
  readonly name: string;
  readonly points: number;
  readonly lines: number;
  readonly pieces?: number;
  readonly agents?: readonly AgentShare[];
  /** The replay, as JSON text. */
  readonly replay?: string;
  /** What makes the game the game it is (its set-up and placements), as a key: a game is stored once. */
  readonly game?: string;
}

/**
 * Which table an entry belongs to: one per comparable game. Every table has a game, rule set and board
 * size; a Tetris table also has the game's rotation system, dealing (randomizer), preview and challenge
 * rows, and under rules with a target score (Tetris `target`) its target; a SameGame table has the
 * number of colours the board was dealt with. The Aveiro network game has one set-up, and so none of these.
 */
export interface ScoreTable {
  readonly game: string;
  readonly rules: string;
  readonly board: string;
  readonly rotation?: string;
  readonly dealing?: string;
  readonly preview?: number;
  readonly rows?: number;
  /** The score to reach exactly; only under rules with a target. */
  readonly target?: number;
  readonly colours?: number;
  /**
   * The table of the games stored before Gridmind kept these settings (read only): a Tetris game's
   * settings other than rules and board, a SameGame's colours.
   */
  readonly unrecorded?: true;
}

/** What a second post of a stored game is answered with: the entry that game already has. */
export class GameStoredAlready extends Error {
  constructor(readonly entry: HighScore) {
    super(`this game is stored already, as high score ${entry.id} (${entry.name}, ${entry.points} points): each game is stored once`);
  }
}

/**
 * Stores a finished game's score; returns its id. Names are trimmed, stripped of control characters and
 * cut as {@link cleanName} cuts them; they are kept as text and must be shown as text (never as HTML).
 * A game stored already (the same `game` key) is a {@link GameStoredAlready} with its entry.
 */
export function addHighScore(db: Db, table: ScoreTable, entry: NewHighScore): number {
  try {
    return insertHighScore(db, table, entry);
  } catch (error) {
    // Another process stored the game first (the key's unique index): the entry it has is the answer.
    const stored = entry.game === undefined ? undefined : findEntries(db, 'game_key = ?', [entry.game])[0];
    if (stored !== undefined) throw new GameStoredAlready(stored);
    throw error;
  }
}

function insertHighScore(db: Db, table: ScoreTable, entry: NewHighScore): number {
  const agents = entry.agents?.length ? JSON.stringify(entry.agents.map(({ name, pieces }) => ({ name: cleanName(name), pieces }))) : null;
  return Number(
    db
      .prepare(
        `INSERT INTO highscores (created_at, game, rules, board, rotation, dealing, preview, garbage_rows, target, colours,
                                 name, points, lines, pieces, agents, replay, game_key)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(
        new Date().toISOString(),
        table.game,
        table.rules,
        table.board,
        ...settingsOf(table),
        cleanName(entry.name),
        entry.points,
        entry.lines,
        entry.pieces ?? null,
        agents,
        entry.replay === undefined ? null : storedReplay(entry.replay),
        entry.game ?? null,
      ).lastInsertRowid,
  );
}

/**
 * A replay as the replay column keeps it: gzipped (at gzip's fastest level), so that storing the largest
 * replay holds SQLite's one write lock briefly, while other clients' scores wait on it. (Scores stored
 * before hold their replay as text.)
 */
function storedReplay(json: string): Buffer {
  return gzipSync(json, { level: 1 });
}

/** A replay column's value as JSON text. */
function replayText(stored: string | Buffer): string {
  return typeof stored === 'string' ? stored : gunzipSync(stored).toString('utf8');
}

/** A stored score with a replay but no game key: stored before the server kept them (src/server/stored-scores.ts). */
export interface UnplacedScore {
  readonly id: number;
  readonly name: string;
  readonly replay: string;
}

/** The Tetris and SameGame scores stored with a replay but without their game's key, oldest first. */
export function unplacedScores(db: Db): UnplacedScore[] {
  return db
    .prepare(
      `SELECT id, name, replay FROM highscores
       WHERE game_key IS NULL AND replay IS NOT NULL AND game IN ('tetris', 'samegame') ORDER BY id`,
    )
    .all()
    .map((row) => {
      const { id, name, replay } = row as { id: number; name: string; replay: string | Buffer };
      return { id, name, replay: replayText(replay) };
    });
}

/**
 * Moves a stored score to `table` and gives it its game's key; returns false, leaving the score where it
 * is, when a score stored before has that key (the same game, stored twice before games were keyed).
 */
export function placeScore(db: Db, id: number, table: ScoreTable, game: string): boolean {
  if (findEntries(db, 'game_key = ?', [game]).length > 0) return false;
  db.prepare(
    `UPDATE highscores SET rotation = ?, dealing = ?, preview = ?, garbage_rows = ?, target = ?, colours = ?, game_key = ? WHERE id = ?`,
  ).run(...settingsOf(table), game, id);
  return true;
}

/** A table's settings as the columns rotation, dealing, preview, garbage_rows, target and colours hold them. */
function settingsOf(table: ScoreTable): (string | number | null)[] {
  return [table.rotation, table.dealing, table.preview, table.rows, table.target, table.colours].map((value) => value ?? null);
}

/** The replay kept with a high score, as JSON text (undefined: no such score, or none kept). */
export function findHighScoreReplay(db: Db, id: number): string | undefined {
  const row = db.prepare('SELECT replay FROM highscores WHERE id = ?').get(id) as { replay: string | Buffer | null } | undefined;
  return row === undefined || row.replay === null ? undefined : replayText(row.replay);
}

/**
 * The best {@link TOP_ENTRIES} scores of a table, best first: more points, then more lines, then the
 * earlier entry. Points past the target fail the game, so in a target table they rank below every
 * score that does not pass it.
 */
export function topHighScores(db: Db, table: ScoreTable): HighScore[] {
  const settings = table.unrecorded
    ? [table.game === 'samegame' ? 'colours IS NULL' : 'rotation IS NULL']
    : ['rotation IS ?', 'dealing IS ?', 'preview IS ?', 'garbage_rows IS ?', 'target IS ?', 'colours IS ?'];
  return findEntries(
    db,
    ['game = ?', 'rules = ?', 'board = ?', ...settings].join(' AND '),
    [table.game, table.rules, table.board, ...(table.unrecorded ? [] : settingsOf(table))],
    `ORDER BY (points > target) IS 1 ASC, points DESC, lines DESC, id ASC LIMIT ${TOP_ENTRIES}`,
  );
}

/** The entries `where` selects, in the order `order` gives. */
function findEntries(db: Db, where: string, values: unknown[], order = ''): HighScore[] {
  // typeof(replay), unlike `replay IS NOT NULL`, reads no replay: a 16 MiB one takes SQLite tens of ms.
  const rows = db
    .prepare(
      `SELECT id, name, points, lines, created_at AS date, pieces, agents, typeof(replay) != 'null' AS replayable FROM highscores
       WHERE ${where} ${order}`,
    )
    .all(...values) as (Omit<HighScore, 'agents' | 'replayable' | 'players'> & { agents: string | null; replayable: number })[];
  return rows.map((row) => {
    const agents = row.agents === null ? [] : (JSON.parse(row.agents) as AgentShare[]);
    return { ...row, agents, replayable: row.replayable === 1, players: playersOf(agents, row.pieces) };
  });
}
