/**
 * A thread of the pool that checks high scores (score-checks.ts starts it): it parses a submission's
 * body, weighs its work, plays its replay again (verified-scores.ts) when the client's budget covers that
 * work, and keeps the score in the database, so that the server's main thread does none of it (storing
 * the largest replay, 16 MiB, takes SQLite some 100 ms).
 *
 * A check's work is counted in replay inputs: the inputs of a Tetris replay (key presses and
 * placements), the moves of a SameGame replay, and at least one per {@link BYTES_PER_INPUT} bytes of
 * the body, so that a body padded with anything else than inputs is not free to parse.
 */
import { InputError } from '../core/errors.ts';
import { lowerThisThreadsPriority } from '../node/thread-priority.ts';
import { openDatabase, type Db } from '../store/database.ts';
import { addHighScore, GameStoredAlready, type HighScore, type ScoreTable } from '../store/highscores.ts';
import { verifyScore, type VerifiedScore } from './verified-scores.ts';

/**
 * Bytes of a body counted as one input at least: a replay's input takes some 20 to 30 bytes
 * (`{"t":1200,"key":"L"},`), so that a replay is charged its inputs, while bytes of anything else still cost.
 */
export const BYTES_PER_INPUT = 64;

/** A submission to check: its body (UTF-8 JSON), and the most work the client may spend on it now. */
export interface ScoreCheckTask {
  readonly body: Uint8Array;
  readonly allowance: number;
  /** The database file to keep the score in; null when the caller keeps it (a database in memory, which no other thread can open). */
  readonly database: string | null;
}

/** A score kept: its id, its table, and what it scored. */
export interface KeptScore {
  readonly id: number;
  readonly table: ScoreTable;
  readonly points: number;
  readonly lines: number;
}

/**
 * What a check found, and the work it costs the client (`charge`): the score, kept (or `verified`, for
 * the caller to keep), or the entry of the same game stored already; why the submission is refused; or
 * the work its replay `needs`, past the allowance (it was not played; it is charged the parsing of its body).
 */
export type ScoreCheckOutcome =
  | { readonly charge: number; readonly kept: KeptScore }
  | { readonly charge: number; readonly verified: VerifiedScore }
  | { readonly charge: number; readonly storedAlready: HighScore }
  | { readonly charge: number; readonly refused: string }
  | { readonly charge: number; readonly needs: number };

/** Keeps a verified score in `db`; a game stored already is a {@link GameStoredAlready}. */
export function keepScore(db: Db, { table, entry }: VerifiedScore): KeptScore {
  return { id: addHighScore(db, table, entry), table, points: entry.points, lines: entry.lines };
}

lowerThisThreadsPriority(); // the server's main thread, which answers every client, goes first

/** This thread's connections, by database file. */
const databases = new Map<string, Db>();

/** The work of a body of `bytes` bytes before its replay is counted: what parsing it costs. */
export function bodyWork(bytes: number): number {
  return Math.ceil(bytes / BYTES_PER_INPUT);
}

/** The work of checking a parsed submission of `bytes` bytes: its replay's inputs or moves, and at least its body's. */
function submissionWork(submission: unknown, bytes: number): number {
  const replay = (submission as { replay?: { inputs?: unknown; moves?: unknown } } | null)?.replay;
  const steps = [replay?.inputs, replay?.moves].find(Array.isArray)?.length ?? 0;
  return Math.max(steps, bodyWork(bytes));
}

export default function checkScore({ body, allowance, database }: ScoreCheckTask): ScoreCheckOutcome {
  const floor = bodyWork(body.byteLength);
  let submission: unknown;
  try {
    submission = JSON.parse(Buffer.from(body.buffer, body.byteOffset, body.byteLength).toString('utf8'));
  } catch {
    return { charge: floor, refused: 'the request body is not valid JSON' };
  }
  const work = submissionWork(submission, body.byteLength);
  if (work > allowance) return { charge: floor, needs: work };
  let verified: VerifiedScore;
  try {
    verified = verifyScore(submission);
  } catch (error) {
    if (!(error instanceof InputError)) throw error;
    return { charge: work, refused: error.message };
  }
  if (database === null) return { charge: work, verified };
  if (!databases.has(database)) databases.set(database, openDatabase(database));
  try {
    return { charge: work, kept: keepScore(databases.get(database)!, verified) };
  } catch (error) {
    if (!(error instanceof GameStoredAlready)) throw error;
    return { charge: work, storedAlready: error.entry };
  }
}
