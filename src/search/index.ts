import { beam } from './beam.ts';
import { bestFirst } from './best-first.ts';
import { bfs } from './bfs.ts';
import { dfs, dls, iddfs } from './depth-first.ts';
import { nmcs } from './nmcs.ts';
import { nrpa } from './nrpa.ts';
import type { ChildRating, Problem, SearchLimits, SearchResult } from './problem.ts';
import { SEARCH_DEFAULTS, type SearchMethod } from './settings.ts';

export * from './problem.ts';
export * from './settings.ts';
export * from './trace.ts';
export { beam, bestFirst, bfs, dfs, dls, iddfs, nmcs, nrpa };

/** Every method's settings in one bag; each method reads its own (fixed defaults: `SEARCH_DEFAULTS`; the others below). */
export interface MethodSettings<S> extends SearchLimits {
  /** NMCS and NRPA: nesting level. */
  readonly level?: number;
  /** NRPA: iterations per level. */
  readonly iterations?: number;
  /** NRPA: playouts per level-1 step (Stabilized NRPA's P). */
  readonly stabilization?: number;
  /** NMCS and NRPA: start again while the budget lasts, keeping the best (default: once). */
  readonly restart?: boolean;
  readonly seed?: number;
  /** Beam: width (default: 1, 2, 4, … while the budget lasts). */
  readonly width?: number;
  /** DLS: depth limit; IDDFS: the last limit tried (default: the problem's longest game). */
  readonly depth?: number;
  /** IDDFS: the first limit tried. */
  readonly minDepth?: number;
  /** Best-first (required), beam, and the depth-first methods (for their order). */
  readonly rating?: ChildRating<S>;
  /** Systematic methods and beam: which final states count as solutions. */
  readonly goal?: (state: S) => boolean;
  /** Systematic methods: stop at the first solution. */
  readonly first?: boolean;
}

/** Runs a method by name. */
export function runSearch<S>(problem: Problem<S>, method: SearchMethod, settings: MethodSettings<S>): SearchResult {
  const runs = settings.restart ? Infinity : 1;
  switch (method) {
    case 'nrpa':
      return nrpa(problem, { ...settings, level: settings.level ?? SEARCH_DEFAULTS.level.nrpa, runs });
    case 'nmcs':
      return nmcs(problem, { ...settings, level: settings.level ?? SEARCH_DEFAULTS.level.nmcs, runs });
    case 'beam':
      return beam(problem, { ...settings, width: settings.width ?? 1, widen: settings.width === undefined });
    case 'bestfirst':
      if (settings.rating === undefined) throw new TypeError('best-first search needs a rating of the children');
      return bestFirst(problem, { ...settings, rating: settings.rating });
    case 'bfs':
      return bfs(problem, settings);
    case 'dfs':
      return dfs(problem, settings);
    case 'dls':
      return dls(problem, { ...settings, depth: settings.depth ?? SEARCH_DEFAULTS.depth.dls });
    case 'iddfs':
      return iddfs(problem, { ...settings, depth: settings.depth ?? problem.maxDepth });
  }
}
