/**
 * `gridmind`: every part of the library, one namespace per subpath (`tetris`, `samegame`, `search`,
 * `agents`, `env`, `bench`), and the errors Gridmind throws. Importing a subpath (`gridmind/tetris`)
 * loads only that part.
 *
 * @module gridmind
 */
export * as agents from './agents.ts';
export * as bench from './bench.ts';
export * as env from './env.ts';
export * as samegame from './samegame.ts';
export * as search from './search.ts';
export * as tetris from './tetris.ts';
export { InputError, RunFailure } from '../core/errors.ts';
export { GRIDMIND_VERSION } from '../core/version.ts';
