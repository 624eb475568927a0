/**
 * The scores stored before the server kept each game's key and every setting that keys its table: when
 * the server starts, each is checked as a new post is (src/server/verified-scores.ts) and moved to its
 * table with its key. A replay the check now refuses stays where it is, in the table of games whose
 * settings were not recorded; the second copy of a game stored twice before keeps no key.
 */
import { InputError } from '../core/errors.ts';
import type { Db } from '../store/database.ts';
import { placeScore, unplacedScores } from '../store/highscores.ts';
import { verifyScore } from './verified-scores.ts';

/** Places the stored scores not yet placed; returns how many it placed and how many it left. */
export function placeStoredScores(db: Db): { placed: number; left: number } {
  let placed = 0;
  let left = 0;
  for (const { id, name, replay } of unplacedScores(db)) {
    try {
      const { table, entry } = verifyScore({ name, replay: JSON.parse(replay) });
      if (placeScore(db, id, table, entry.game!)) placed++;
      else left++;
    } catch (error) {
      if (!(error instanceof InputError || error instanceof SyntaxError)) throw error;
      left++;
    }
  }
  return { placed, left };
}
