/**
 * A SameGame replay as read from outside (a file, a high score submission): the zod schema of its fields.
 * Its board text is read by the board parser and its moves, checked as a list only, are checked each as
 * the replay plays it (`playMoves`), as a Tetris replay's inputs are (tetris/replay-schema.ts).
 */
import { z } from 'zod';
import { InputError } from '../core/errors.ts';
import { MAX_SEED, seedMessage } from '../core/prng.ts';
import { fieldList, onlyFields, readBy, readWith, saying, wholeNumberIn } from '../core/schemas.ts';
import type { SameGameReplay } from './rules/replay-log.ts';
import { parseScoring, parseShift } from './rules/options.ts';
import { parseTestSet } from './test-sets.ts';

const NOT_A_REPLAY = 'not a Gridmind SameGame replay (expected format "gridmind-samegame-replay", version 1)';
const notAReplay = saying(NOT_A_REPLAY);

/** A board file of a shipped test set, by its name in the set's folder. */
const BOARD_FILE_NAME = /^[\w.-]+\.txt$/;

const deal = z
  .strictObject(
    {
      seed: wholeNumberIn(0, MAX_SEED, (seed) => `deal: ${seedMessage(seed)}`).optional(),
      colours: z.number({ message: 'deal.colours must be the number of colours dealt' }).optional(),
      set: z.string({ message: 'deal.set must name a test set' }).optional(),
      file: z.string().regex(BOARD_FILE_NAME, 'deal.file must name a board file of the set, such as schadd_01.txt').optional(),
    },
    onlyFields('replay.deal', '"seed" and "colours", or "set" and "file"'),
  )
  .transform(
    readBy(({ seed, colours, set, file }): NonNullable<SameGameReplay['deal']> => {
      const dealt = seed !== undefined || colours !== undefined;
      if (dealt && (set !== undefined || file !== undefined))
        throw new InputError('deal: a deal is a seed\'s {"seed","colours"} or a test set\'s {"set","file"}, not both');
      if (dealt && seed !== undefined && colours !== undefined) return { seed, colours };
      if (set !== undefined && file !== undefined) return { set: parseTestSet(set), file };
      throw new InputError('deal: a deal is a seed\'s {"seed","colours"} or a test set\'s {"set","file"}: give both fields');
    }),
  );

export const sameGameReplaySchema = z.strictObject(
  {
    format: z.literal('gridmind-samegame-replay', notAReplay),
    version: z.literal(1, notAReplay),
    board: z.string({ message: 'a SameGame replay needs a "board": the board file\'s text' }),
    rules: z.strictObject(
      { scoring: z.string().transform(readBy(parseScoring)), shift: z.string().transform(readBy(parseShift)) },
      onlyFields('replay.rules', fieldList(['scoring', 'shift'])),
    ),
    moves: z.custom<[x: number, y: number][]>((value) => Array.isArray(value), 'replay.moves must be a list'),
    deal: deal.optional(),
  },
  onlyFields('a SameGame replay', fieldList(['format', 'version', 'board', 'rules', 'moves', 'deal']), NOT_A_REPLAY),
);

/** A SameGame replay read from JSON; anything malformed is an InputError naming the field (its moves are checked as it plays). */
export function parseSameGameReplay(json: unknown): SameGameReplay {
  return readWith(sameGameReplaySchema, json, ({ code, path, message }) =>
    path[0] === 'rules' && code !== 'unrecognized_keys' ? `${['replay', ...path].join('.')}: ${message}` : message,
  );
}
