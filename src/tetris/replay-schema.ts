/**
 * A Tetris replay as read from outside (a file, an upload, the web app's fetch): the zod schema of its
 * fields; its set-up checked by the engine (`gameConfigOf`). Its inputs are checked as a list only, each
 * input as the replay plays it (`applyLoggedInput`): zod's `z.array` would build a copy of the list item
 * by item, and the longest replays hold a million inputs.
 */
import { z } from 'zod';
import { fieldList, onlyFields, readBy, readWith, saying } from '../core/schemas.ts';
import { gameConfigOf, type LoggedInput, type ReplayLog } from './game.ts';
import { parseRandomizerName } from './randomizers.ts';
import { parseRotationSystemName } from './rotation/index.ts';
import { parseRuleSetName } from './rules.ts';

const NOT_A_REPLAY = 'not a Gridmind Tetris replay log (expected format "gridmind-tetris-replay", version 1)';
const notAReplay = saying(NOT_A_REPLAY);

/** The set-up fields of a Tetris replay (`GameOptions`): names read by the engine's parsers, numbers checked by `gameConfigOf`. */
const CONFIG_FIELDS = {
  rules: z.string().transform(readBy(parseRuleSetName)),
  width: z.number(),
  height: z.number(),
  rotation: z.string().transform(readBy(parseRotationSystemName)),
  randomizer: z.string().transform(readBy(parseRandomizerName)),
  sequence: z.string(),
  seed: z.number(),
  preview: z.number(),
  garbageRows: z.number(),
  target: z.number(),
};

export const tetrisReplaySchema = z.strictObject(
  {
    format: z.literal('gridmind-tetris-replay', notAReplay),
    version: z.literal(1, notAReplay),
    config: z
      .strictObject(
        Object.fromEntries(Object.entries(CONFIG_FIELDS).map(([field, schema]) => [field, schema.optional()])) as {
          [Field in keyof typeof CONFIG_FIELDS]: z.ZodOptional<(typeof CONFIG_FIELDS)[Field]>;
        },
        onlyFields('replay.config', fieldList(Object.keys(CONFIG_FIELDS))),
      )
      .transform(readBy(gameConfigOf)),
    inputs: z.custom<LoggedInput[]>((value) => Array.isArray(value), 'replay.inputs must be a list'),
    end: z.number({ message: 'replay.end must be the game time the log was taken, in milliseconds' }),
  },
  onlyFields('a Tetris replay', fieldList(['format', 'version', 'config', 'inputs', 'end']), NOT_A_REPLAY),
);

/** A Tetris replay read from JSON; anything malformed is an InputError naming the field (its inputs are checked as it plays). */
export function parseTetrisReplay(json: unknown): ReplayLog {
  return readWith(tetrisReplaySchema, json, ({ code, path, message }) =>
    path[0] === 'config' && code !== 'unrecognized_keys' ? `${['replay', ...path].join('.')}: ${message}` : message,
  );
}
