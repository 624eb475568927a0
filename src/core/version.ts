import { readFileSync } from 'node:fs';

/** Gridmind's version, from package.json. */
export const GRIDMIND_VERSION: string = (
  JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }
).version;

/**
 * Raised by hand whenever a change alters the result of a game (the determinism signature in
 * test/tetris-ai/play.test.ts catches most such changes), so that games stored by an earlier
 * revision are not reused as if they had been played by this one.
 */
export const GAME_RESULTS_REVISION = 1;
