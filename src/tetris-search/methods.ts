import type { SearchMethod } from '../search/settings.ts';

/** The generic methods a Tetris player can search with: those that need no rating of the children. */
export const TETRIS_SEARCH_METHODS = ['beam', 'nmcs', 'nrpa'] as const satisfies readonly SearchMethod[];
export type TetrisSearchMethod = (typeof TETRIS_SEARCH_METHODS)[number];
