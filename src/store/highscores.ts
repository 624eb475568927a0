import { cleanName } from '../core/player-names.ts';
import type { SameGameReplay } from '../samegame/replay.ts';
import type { ReplayLog } from '../tetris/game.ts';
import type { Db } from './database.ts';

/** Entries shown per table (S1 kept 5; Gridmind keeps the top 10 per rule set and board size). */
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
}

/**
 * Which table an entry belongs to: one per game, rule set and board size, under rules with a target
 * score (Tetris `target`) one per target, and in SameGame one per number of colours.
 */
export interface ScoreTable {
  readonly game: string;
  readonly rules: string;
  readonly board: string;
  /**
   * The score to reach exactly; only under rules with a target. `null`: the table of the games stored
   * under such rules before Gridmind kept their target (read only).
   */
  readonly target?: number | null;
  /**
   * SameGame's number of colours the board was dealt with. Absent: every number of colours, the
   * scores stored before Gridmind kept it among them.
   */
  readonly colours?: number;
}

/**
 * Stores a finished game's score; returns its id. Names are trimmed, stripped of control characters and
 * cut as {@link cleanName} cuts them; they are kept as text and must be shown as text (never as HTML).
 */
export function addHighScore(db: Db, table: ScoreTable, entry: NewHighScore): number {
  const agents = entry.agents?.length ? JSON.stringify(entry.agents.map(({ name, pieces }) => ({ name: cleanName(name), pieces }))) : null;
  return Number(
    db
      .prepare(
        `INSERT INTO highscores (created_at, game, rules, board, target, colours, name, points, lines, pieces, agents, replay)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(
        new Date().toISOString(),
        table.game,
        table.rules,
        table.board,
        table.target ?? null,
        table.colours ?? null,
        cleanName(entry.name),
        entry.points,
        entry.lines,
        entry.pieces ?? null,
        agents,
        entry.replay ?? null,
      ).lastInsertRowid,
  );
}

/** The replay kept with a high score, as JSON text (undefined: no such score, or none kept). */
export function findHighScoreReplay(db: Db, id: number): string | undefined {
  const row = db.prepare('SELECT replay FROM highscores WHERE id = ?').get(id) as { replay: string | null } | undefined;
  return row?.replay ?? undefined;
}

/**
 * The best {@link TOP_ENTRIES} scores of a table, best first: more points, then more lines, then the
 * earlier entry. Points past the target fail the game, so in a target table they rank below every
 * score that does not pass it.
 */
export function topHighScores(db: Db, table: ScoreTable): HighScore[] {
  const rows = db
    .prepare(
      `SELECT id, name, points, lines, created_at AS date, pieces, agents, replay IS NOT NULL AS replayable FROM highscores
       WHERE game = ? AND rules = ? AND board = ? AND target IS ? AND (? IS NULL OR colours = ?)
       ORDER BY (points > target) IS 1 ASC, points DESC, lines DESC, id ASC LIMIT ?`,
    )
    .all(table.game, table.rules, table.board, table.target ?? null, table.colours ?? null, table.colours ?? null, TOP_ENTRIES) as (Omit<
    HighScore,
    'agents' | 'replayable'
  > & {
    agents: string | null;
    replayable: number;
  })[];
  return rows.map((row) => ({
    ...row,
    agents: row.agents === null ? [] : (JSON.parse(row.agents) as AgentShare[]),
    replayable: row.replayable === 1,
  }));
}
