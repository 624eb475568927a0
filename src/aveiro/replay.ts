import { Game, type LoggedInput, type ReplayLog } from '../tetris/game.ts';
import type { Key } from '../tetris/keys.ts';
import { BASE_SPEED, type AveiroGame } from './game.ts';
import { AVEIRO_PREVIEW } from './pieces.ts';

/** The protocol's keys that move a piece, as Gridmind's keys (keys.ts): `w` turns clockwise, in place under the `aveiro` rotation. */
const GRIDMIND_KEY: Readonly<Record<string, Key>> = { w: 'C', a: 'L', d: 'R', s: 'H' };

/**
 * An Aveiro game as a Gridmind replay log, which `gridmind replay` checks and the web app's replay page
 * plays: the `aveiro` rules (8 × 30, its rotation, lines², its speeds) with the pieces the game dealt and
 * its preview, and each tick's key at the tick's time. Gridmind's gravity falls when the protocol's tick
 * does (10 + score // 10 a second; after a lock the next piece falls one interval later), so a key
 * pressed at a tick's time comes after the fall, as the protocol's does. `s` drops the piece to the
 * lowest free row and the next tick locks it; Gridmind's hard drop locks it at once, so the replay leaves
 * out that tick and runs one tick ahead of the game after each drop (a log a fifth of the size of one
 * with a soft drop per row). The log ends at the last tick. The piece whose spawn ended the game is laid
 * over the stack by the `aveiro` rules as by the course, its cleared rows scored, so the replay ends
 * with the game's score and lines (and one piece fewer: Gridmind counts locks, the course that piece too).
 */
export function aveiroReplayLog(game: Pick<AveiroGame, 'dealt' | 'ticks'>): ReplayLog {
  // The game's own log copies every input once more when read: the inputs are logged here instead.
  const replayed = new Game({ rules: 'aveiro', sequence: game.dealt, preview: AVEIRO_PREVIEW }, { keepLog: false });
  const inputs: LoggedInput[] = [];
  let time = 0;
  let dropped = false;
  for (const key of game.ticks) {
    if (replayed.over) break;
    if (dropped) {
      dropped = false; // the tick that locks a dropped piece, which the hard drop has locked already
      continue;
    }
    // The protocol's next tick comes 1 / speed seconds after this one, at the speed of the score now.
    time += 1000 / (BASE_SPEED + replayed.level);
    replayed.advance(time - replayed.clock);
    if (key in GRIDMIND_KEY) {
      inputs.push({ t: replayed.clock, key: GRIDMIND_KEY[key] });
      replayed.press(GRIDMIND_KEY[key]);
    }
    dropped = key === 's';
  }
  return { format: 'gridmind-tetris-replay', version: 1, config: replayed.config, inputs, end: replayed.clock };
}
