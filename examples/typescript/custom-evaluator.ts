/**
 * A Tetris evaluator of your own, in TypeScript, benchmarked against BCTS on the same games.
 *
 *   npx tsx examples/typescript/custom-evaluator.ts [GAMES]
 *
 * The evaluator scores each drop placement of the current piece by the board it leaves, with Yiyuan
 * Lee's four measures and weights (lines cleared 0.760666, holes −0.35663, bumpiness −0.184483,
 * aggregate height −0.510066), written as code instead of as an agent file. A `Chooser` is all
 * Gridmind's play loop needs.
 */
import { loadAgentSpec, playGame, playGameWith, type Choice, type Chooser, type PlayOptions, type TurnState } from 'gridmind/agents';
import { mean, standardError } from 'gridmind/bench';
import { Board, PlacementGenerator, type Game, type Piece, type RotationSystem } from 'gridmind/tetris';

/** The board's four measures, after full rows are cleared. */
function measures(board: Board): { holes: number; bumpiness: number; aggregateHeight: number } {
  const heights = new Int32Array(board.width);
  board.columnHeights(heights);
  let holes = 0;
  for (let x = 0; x < board.width; x++) for (let y = 0; y < heights[x]; y++) if (!board.isFilled(x, y)) holes++;
  let bumpiness = 0;
  for (let x = 1; x < board.width; x++) bumpiness += Math.abs(heights[x] - heights[x - 1]);
  return { holes, bumpiness, aggregateHeight: heights.reduce((sum, height) => sum + height, 0) };
}

/** Places each piece where Lee's weighted sum of the four measures is highest. */
class MyEvaluator implements Chooser {
  private readonly system: RotationSystem;
  private readonly generator: PlacementGenerator;

  /** Made for each game, from the game: its board's size and its rotation system. */
  constructor(game: Game) {
    this.system = game.system;
    this.generator = new PlacementGenerator(game.board.width, game.board.height, game.system);
  }

  choose({ board, piece }: TurnState): Choice | null {
    const { generator } = this;
    const count = generator.generate(board, piece, 'drop');
    let best: Choice | null = null;
    for (let i = 0; i < count; i++) {
      const value = this.value(board, piece, i);
      if (best === null || value > best.value) best = { rotation: generator.rotation[i], x: generator.x[i], y: generator.y[i], value };
    }
    return best;
  }

  private value(board: Board, piece: Piece, i: number): number {
    const after = board.clone();
    after.place(this.system.orientations[piece][this.generator.rotation[i]], this.generator.x[i], this.generator.y[i]);
    const lines = after.clearFullRows();
    const { holes, bumpiness, aggregateHeight } = measures(after);
    return 0.760666 * lines - 0.35663 * holes - 0.184483 * bumpiness - 0.510066 * aggregateHeight;
  }
}

const games = Number(process.argv[2] ?? 20);
const options = (seed: number): PlayOptions => ({ rules: 'research', width: 10, height: 10, seed, preview: 0, maxPieces: null });
const bcts = loadAgentSpec('bcts');
const mine = [];
const theirs = [];
for (let seed = 1; seed <= games; seed++) {
  mine.push(playGameWith((game) => new MyEvaluator(game), options(seed)).lines);
  theirs.push(playGame(bcts, options(seed)).lines);
}
const figure = (lines: number[]) => `${mean(lines).toFixed(1)} ± ${standardError(lines).toFixed(1)}`;
console.log(JSON.stringify({ games, mine: figure(mine), bcts: figure(theirs), mineLines: mine, bctsLines: theirs }));
