/**
 * The bounds and defaults of a game's settings (`GameOptions` in game.ts), which the engine, the schemas
 * of the borders, the flags of the command line and the web app's fields share.
 */

export const MAX_GARBAGE_ROWS = 11;
export const DEFAULT_PREVIEW = 3;
/** The most next pieces a game shows. */
export const MAX_PREVIEW = 16;
/** What is wrong with a preview outside 0–MAX_PREVIEW, for the engine's and the borders' messages. */
export const previewMessage = (preview: unknown) => `preview ${String(preview)} is out of range: show 0 to ${MAX_PREVIEW} next pieces`;
export const DEFAULT_TARGET = 100;
