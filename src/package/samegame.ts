/**
 * `gridmind/samegame`: the SameGame engine and its solver. Boards and their text files, scoring rules,
 * games with undo and redo, random boards, the shipped test sets, SameGame as a search `Problem`, its
 * heuristics, and `solve` with every search method.
 *
 * @module gridmind/samegame
 */
export * from '../samegame/board.ts';
export * from '../samegame/board-files.ts';
export * from '../samegame/code-solvers.ts';
export * from '../samegame/game.ts';
export * from '../samegame/groups.ts';
export * from '../samegame/heuristics.ts';
export * from '../samegame/problem.ts';
export * from '../samegame/random-boards.ts';
export * from '../samegame/rules.ts';
export * from '../samegame/solver.ts';
export * from '../samegame/test-sets.ts';
