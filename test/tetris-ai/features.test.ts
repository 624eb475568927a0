import { describe, expect, it } from 'vitest';
import { Prng } from '../../src/core/prng.ts';
import { Board, parseBoard } from '../../src/tetris/board.ts';
import { ROTATION_SYSTEMS } from '../../src/tetris/rotation/index.ts';
import { FEATURES, type FeatureInput } from '../../src/tetris-ai/features/index.ts';
import { measureHeights } from '../../src/tetris-ai/features/measures.ts';
import { FEATURE_NAMES } from '../../src/tetris-ai/features/names.ts';
import { PlacementSimulator } from '../../src/tetris-ai/simulator.ts';
import { Evaluator } from '../../src/tetris-ai/evaluator.ts';

/** A board measured as it stands (no placement): every board-feature sees this board. */
function inputFor(board: Board): FeatureInput {
  const view = { rows: board.rows, top: board.height, heights: new Int32Array(board.width) };
  measureHeights(view, board.width);
  return {
    width: board.width,
    height: board.height,
    fullRow: board.fullRow,
    after: view,
    before: view,
    landingHeight: 0,
    linesCleared: 0,
    erodedCells: 0,
  };
}

const value = (name: string, input: FeatureInput) => FEATURES[name].compute(input);

// Board A, by hand: heights 3 4 0 3 1; one hole (column 1, row 1) under a run of two cells.
const boardA = parseBoard(['.....', '.....', '.#...', '##.#.', '#..#.', '##.##'].join('\n'));

describe('features on a hand-drawn board (values computed by hand)', () => {
  const input = inputFor(boardA);
  it.each([
    ['holes', 1],
    ['rowsWithHoles', 1],
    ['holeDepth', 2],
    ['overload', 2],
    // Rows bottom to top: 2, 4, 4, 4, then two empty rows at 2 each.
    ['rowTransitions', 18],
    // Columns left to right: 1, 3, 1, 1, 1.
    ['columnTransitions', 7],
    // Well cells: (2,0) 1; (4,1) 1; (2,2) 1+2; (4,2) 1+1; (0,3) 1.
    ['cumulativeWells', 8],
    ['aggregateHeight', 11],
    ['bumpiness', 1 + 4 + 3 + 2],
    ['emptyColumns', 4 + 3],
    ['maxHeight', 4],
    ['averageHeight', 2.2],
    ['heightRange', 4],
    ['heightDeviation', 0.8 + 1.8 + 2.2 + 0.8 + 1.2],
    ['weightedHeight', 3 * 0 + 4 * 2 + 0 * 4 + 3 * 6 + 1 * 8],
    // Steps +1, −4, +3, −2: two of them within −2 … +2.
    ['patternDiversity', 2],
    // Mean height 2.2 on a board 6 high: centres 0, 1.5, 3, 4.5, 6 and spread 1.2.
    ...[0, 1, 2, 3, 4].map((i) => [`heightRbf${i}`, Math.exp(-((2.2 - 1.5 * i) ** 2) / (2 * 1.2 ** 2))] as [string, number]),
    // Steps +1, −4, +3, −2: no two neighbours level, so nothing lying flat rests flush, nor T pointing
    // down (steps −1, +1); the step +1 seats T and Z upright (from row 3, 3 rows high: just inside), the
    // step −2 one of J and L upright, columns 2 and 4 an upright I. O, S (step −1) and the other of J, L find none.
    ['unfitPieces', 3],
  ])('%s = %s', (name, expected) => {
    expect(value(name, input)).toBeCloseTo(expected, 10);
  });

  it('are registered under the names FEATURE_NAMES lists, in its order, and no other', () => {
    expect(Object.keys(FEATURES)).toEqual(FEATURE_NAMES);
  });

  it('are all defined and sourced', () => {
    for (const feature of Object.values(FEATURES)) {
      expect(feature.definition.length, feature.name).toBeGreaterThan(10);
      expect(feature.source.length, feature.name).toBeGreaterThan(2);
    }
  });

  it('count an empty board: no holes or wells, 2 per row, one change per column', () => {
    const empty = inputFor(parseBoard(['....', '....', '....', '....'].join('\n')));
    expect(value('rowTransitions', empty)).toBe(8);
    expect(value('columnTransitions', empty)).toBe(4);
    expect(value('holes', empty) + value('cumulativeWells', empty) + value('holeDepth', empty)).toBe(0);
  });

  it('count the space above the board as empty in column transitions', () => {
    // Column 0 filled to the top: floor→cells no change, top cell→above one change.
    const tall = inputFor(parseBoard(['#...', '#...', '#...', '#...'].join('\n')));
    expect(value('columnTransitions', tall)).toBe(1 + 3);
  });

  it('see every step from −2 to +2 in pattern diversity, and nothing steeper', () => {
    // Heights 0 2 1 1 2 4 8: steps +2, −1, 0, +1, +2, +4.
    const stairs = inputFor(
      parseBoard(['......#', '......#', '......#', '......#', '.....##', '.....##', '.#..###', '.######'].join('\n')),
    );
    expect(value('patternDiversity', stairs)).toBe(4);
  });

  it('count the pieces with no flush drop inside the board, as dropping each orientation cell by cell finds', () => {
    const random = new Prng(19);
    const orientations = ROTATION_SYSTEMS.classic.orientations;
    for (let trial = 0; trial < 300; trial++) {
      const [width, height] = [
        [10, 10],
        [6, 8],
        [16, 20],
      ][trial % 3];
      const board = new Board(width, height);
      for (let x = 0; x < width; x++) {
        const top = random.nextInt(height + 1);
        for (let y = 0; y < top; y++) if (y === top - 1 || random.nextFloat() < 0.8) board.setCell(x, y, true);
      }
      const flush = (piece: number) =>
        orientations[piece].some((shape) => {
          for (let x = 0; x + shape.width <= width; x++) {
            let y = board.stackHeight();
            while (y > 0 && board.fits(shape, x, y - 1)) y--;
            const resting = shape.cells.every(
              ([dx, dy]) =>
                shape.cells.some(([ox, oy]) => ox === dx && oy === dy - 1) || y + dy === 0 || board.isFilled(x + dx, y + dy - 1),
            );
            if (resting && y + shape.height <= height) return true;
          }
          return false;
        });
      const expected = orientations.filter((_, piece) => !flush(piece)).length;
      const input = inputFor(board);
      expect(value('unfitPieces', input), board.toString()).toBe(expected);
      // What a search's bounds take on trust: the features declared never negative are not.
      for (const feature of Object.values(FEATURES))
        if (feature.nonNegative) expect(feature.compute(input), feature.name).toBeGreaterThanOrEqual(0);
    }
  });

  it('sum a clean well of depth d as 1 + 2 + … + d', () => {
    const well = inputFor(parseBoard(['.....', '###.#', '###.#', '###.#'].join('\n')));
    expect(value('cumulativeWells', well)).toBe(1 + 2 + 3);
  });
});

describe('placement features', () => {
  const system = ROTATION_SYSTEMS.classic;
  const verticalI = system.orientations[0][1];
  const square = system.orientations[1][0];
  /** A feature's value as an agent sees it: through an evaluator, which measures the heights it needs. */
  const scored = (name: string, input: FeatureInput) => new Evaluator({ [name]: 1 }, 'maximize').score(input);

  it('landing height, lines, eroded cells, and the board before and after clearing', () => {
    const board = parseBoard(['....', '....', '....', '....', '....', '###.'].join('\n'));
    const simulator = new PlacementSimulator(4, 6);
    simulator.simulate(board, board.stackHeight(), verticalI, 3, 0, true);
    const input = simulator.input;
    expect(scored('landingHeight', input)).toBe(1.5); // lowest cell row 0 + (4 − 1) / 2
    expect(scored('completeLines', input)).toBe(1);
    expect(scored('erodedPieceCells', input)).toBe(1); // 1 line × 1 piece cell in it
    expect(simulator.board.toString()).toBe(['....', '....', '....', '...#', '...#', '...#'].join('\n'));
    // Lee measures before the full row goes: heights 1 1 1 4; after it, 0 0 0 3.
    expect(scored('aggregateHeightBeforeClear', input)).toBe(7);
    expect(scored('bumpinessBeforeClear', input)).toBe(3);
    expect(scored('aggregateHeight', input)).toBe(3);
    expect(scored('bumpiness', input)).toBe(3);
  });

  it('leaves nothing of an earlier, taller board behind when reused', () => {
    const tall = parseBoard(['....', '#...', '#...', '#...', '#...', '#...'].join('\n'));
    const empty = new Board(4, 6);
    const simulator = new PlacementSimulator(4, 6);
    simulator.simulate(tall, tall.stackHeight(), square, 2, 0, false);
    simulator.simulate(empty, 0, square, 0, 0, false);
    expect(simulator.board.toString()).toBe(['....', '....', '....', '....', '##..', '##..'].join('\n'));
  });

  it('eroded cells multiply lines by the piece cells removed', () => {
    const board = parseBoard(['....', '....', '##..', '##..'].join('\n'));
    const simulator = new PlacementSimulator(4, 4);
    simulator.simulate(board, board.stackHeight(), square, 2, 0, false);
    expect(simulator.input.linesCleared).toBe(2);
    expect(simulator.input.erodedCells).toBe(2 * 4);
    expect(simulator.input.landingHeight).toBe(0.5);
    expect(simulator.board.rows.every((row) => row === 0)).toBe(true);
  });

  it('holes before and after clearing differ when the cleared row covered a hole', () => {
    const board = parseBoard(['....', '....', '....', '....', '###.', '#.##'].join('\n'));
    const simulator = new PlacementSimulator(4, 6);
    simulator.simulate(board, board.stackHeight(), verticalI, 3, 1, true);
    expect(simulator.input.linesCleared).toBe(1);
    expect(scored('holesBeforeClear', simulator.input)).toBe(1);
    expect(scored('holes', simulator.input)).toBe(0);
  });
});

describe('Evaluator', () => {
  it('sums weighted features, negated for a cost to minimise', () => {
    const input = inputFor(boardA);
    expect(new Evaluator({ holes: -4, maxHeight: 0.5 }, 'maximize').score(input)).toBe(-4 * 1 + 0.5 * 4);
    expect(new Evaluator({ holes: 60, maxHeight: 30 }, 'minimize').score(input)).toBe(-(60 * 1 + 30 * 4));
  });

  it('offers bounds with a feature outside the scan only when that feature weighed can never add', () => {
    const slotWeights = (weights: Record<string, number>) => new Evaluator(weights, 'maximize').boundWeights;
    // unfitPieces is never negative: weighed down, its term is at most 0, and the scanned features bound the rest.
    expect(Array.from(slotWeights({ holes: -4, unfitPieces: -30 })!)).toEqual(Array.from(slotWeights({ holes: -4 })!));
    expect(slotWeights({ holes: -4, unfitPieces: 30 })).toBeNull();
    expect(new Evaluator({ holes: 4, unfitPieces: 30 }, 'minimize').boundWeights).not.toBeNull();
    // heightRbf0 is not declared nonNegative: no bounds whatever its weight.
    expect(slotWeights({ holes: -4, heightRbf0: -1 })).toBeNull();
  });
});
