/**
 * `gridmind/search`: search methods over any `Problem` (NRPA, NMCS, beam, best-first, breadth-first and
 * the depth-first family), their budgets and their settings. The library knows no game: write a
 * `Problem` for yours, or use `SameGameProblem` (gridmind/samegame) or `TetrisProblem` (gridmind/agents).
 *
 * @module gridmind/search
 */
export * from '../search/index.ts';
