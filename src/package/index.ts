/**
 * `gridmind`: every part of the library as a namespace, and the error Gridmind's functions throw (its
 * report: api/gridmind.api.md). Importing a subpath (`gridmind/tetris`) loads only that part.
 *
 * - `tetris`, `samegame`, `search`, `agents`, `env`, `bench`: the subpaths' names, for one import of all.
 * - `InputError`: what every function throws for input it refuses (a bad name, file, size or setting).
 * - `GRIDMIND_VERSION`: the package's version (its package.json's), for programs that record what ran.
 *
 * @module gridmind
 */
import * as agents from './agents.ts';
import * as bench from './bench.ts';
import * as env from './env.ts';
import * as samegame from './samegame.ts';
import * as search from './search.ts';
import * as tetris from './tetris.ts';

export { agents, bench, env, samegame, search, tetris };
export { InputError } from '../core/errors.ts';
export { GRIDMIND_VERSION } from '../node/version.ts';
