/**
 * `gridmind/tetris`: the Tetris engine. Boards, pieces, rule sets, rotation systems, seeded
 * randomizers, key-driven games with gravity, and every placement a piece can reach with its key path.
 *
 * @module gridmind/tetris
 */
export * from '../tetris/index.ts';
