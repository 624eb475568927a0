/**
 * `gridmind/env`: Gymnasium-shaped environments (`reset`, `step`, legal actions and their mask,
 * `clone`, `render`) for Tetris by drop placements (the research protocol), Tetris by keys under any
 * rule set and rotation system, and SameGame; and the JSON-lines session `gridmind env --stdio` serves.
 *
 * @module gridmind/env
 */
export * from '../env/batch.ts';
export * from '../env/environment.ts';
export * from '../env/samegame.ts';
export { serveOverStdio } from '../env/stdio.ts';
export * from '../env/tetris.ts';
