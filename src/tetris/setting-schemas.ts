/**
 * The engine's settings as zod schemas, for the borders that read them from outside (the HTTP API, files):
 * their limits and messages are the engine's own (board.ts, game-settings.ts, pieces.ts), so that every border
 * refuses what the engine refuses, in the engine's words.
 */
import { z } from 'zod';
import { wholeNumberIn } from '../core/schemas.ts';
import { boardHeightMessage, boardWidthMessage, MAX_HEIGHT, MAX_WIDTH, MIN_HEIGHT, MIN_WIDTH } from './board.ts';
import { MAX_PREVIEW, previewMessage } from './game-settings.ts';
import { PIECE_COUNT } from './pieces.ts';

export const boardWidth = wholeNumberIn(MIN_WIDTH, MAX_WIDTH, boardWidthMessage);
export const boardHeight = wholeNumberIn(MIN_HEIGHT, MAX_HEIGHT, boardHeightMessage);

/** A piece by its number (pieces.ts): 0 to 6. */
export const piece = wholeNumberIn(0, PIECE_COUNT - 1, (value) => `piece ${String(value)} is no piece: use 0 to ${PIECE_COUNT - 1}`);

/** The next pieces a game shows: at most MAX_PREVIEW. */
export const previewPieces = z.array(piece).max(MAX_PREVIEW, previewMessage(`of more than ${MAX_PREVIEW} pieces`));

/** The rows of a board, bottom first, each a bit row (board.ts): at most MAX_HEIGHT, each below 2 ** MAX_WIDTH. */
export const boardRows = z
  .array(wholeNumberIn(0, 2 ** MAX_WIDTH - 1, (value) => `row ${String(value)} is no bit row of a board at most ${MAX_WIDTH} wide`))
  .max(MAX_HEIGHT, boardHeightMessage(`of more than ${MAX_HEIGHT} rows`));
