import { InputError } from '../core/errors.ts';
import type { Board } from '../tetris/board.ts';
import type { Shape } from '../tetris/shape.ts';
import { Evaluator } from './evaluator.ts';
import { PlacementSimulator } from './simulator.ts';

/**
 * Afterstates, what value-based Tetris learners weigh (cross-entropy, CBMPI, DQN over afterstates): for
 * a placement of the current piece, the features of the board it leaves, measured exactly as agents
 * weigh them (`gridmind features`), and the rows it clears. One measurer serves one board size and one
 * list of features; nothing is allocated per placement.
 */
export class AfterstateMeasurer {
  /** The features measured, in the order of each afterstate's values. */
  readonly features: readonly string[];
  private readonly evaluator: Evaluator;
  private readonly simulator: PlacementSimulator;

  constructor(features: readonly string[], width: number, height: number) {
    const repeated = features.find((name, i) => features.indexOf(name) !== i);
    if (repeated !== undefined) throw new InputError(`the feature ${repeated} is named twice: name each feature once`);
    this.features = [...features];
    this.evaluator = new Evaluator(Object.fromEntries(features.map((name) => [name, 1])), 'maximize');
    this.simulator = new PlacementSimulator(width, height);
  }

  /** Takes the board the next placements are measured on; it must not change until the next `load`. */
  load(board: Board): void {
    this.simulator.load(board, board.stackHeight());
  }

  /**
   * Locks `shape` at (x, y) on a copy of the loaded board, writes its afterstate's feature values into
   * `out` from `offset`, and returns the rows it clears.
   */
  measure(shape: Shape, x: number, y: number, out: Float32Array, offset: number): number {
    this.simulator.place(shape, x, y, this.evaluator.needsBoardBeforeClear);
    this.evaluator.measure(this.simulator.input, out, offset);
    return this.simulator.input.linesCleared;
  }
}
