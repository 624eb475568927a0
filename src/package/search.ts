/**
 * `gridmind/search`: search methods over any `Problem`, named one by one (its report:
 * api/gridmind-search.api.md). The library knows no game: write a `Problem` for yours, or use
 * `SameGameProblem` (gridmind/samegame) or `TetrisProblem` (gridmind/agents).
 *
 * - `Problem` and its result and budget types: the one interface a game implements, and what a search
 *   gives back within its time and node budget.
 * - The methods (`nrpa`, `nmcs`, `beam`, `bestFirst`, `bfs`, `dfs`, `dls`, `iddfs`), each with its options:
 *   to call one method with every setting it takes.
 * - `runSearch` with `SEARCH_METHODS`, `MethodSettings` and `SEARCH_DEFAULTS`: any method by name, with
 *   the defaults it fills in.
 * - `SearchTrace`: what a search tried and when it improved, for explanations and learning curves.
 *
 * @module gridmind/search
 */
export type { ChildRating, GoalOption, Problem, SearchLimits, SearchResult, TreeSearchOptions } from '../search/problem.ts';
export { beam, type BeamOptions } from '../search/beam.ts';
export { bestFirst, type BestFirstOptions } from '../search/best-first.ts';
export { bfs } from '../search/bfs.ts';
export {
  dfs,
  dls,
  iddfs,
  type DepthFirstOptions,
  type DepthLimitedOptions,
  type IterativeDeepeningOptions,
} from '../search/depth-first.ts';
export { nmcs, type NmcsOptions } from '../search/nmcs.ts';
export { nrpa, type NrpaOptions } from '../search/nrpa.ts';
export { runSearch, SEARCH_METHODS, type MethodSettings, type SearchMethod } from '../search/index.ts';
export { SEARCH_DEFAULTS } from '../search/settings.ts';
export { SearchTrace, type FirstMoveRecord, type Improvement } from '../search/trace.ts';
