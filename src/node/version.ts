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
export const GAME_RESULTS_REVISION = 2;

/**
 * Raised by hand whenever a change alters what a search finds on a SameGame board with the same
 * settings and a budget in nodes, so that boards stored by an earlier revision are not reused as if
 * this one had solved them.
 */
export const SOLVE_RESULTS_REVISION = 1;
