import { describe, expect, it } from 'vitest';
import { Prng } from '../../src/core/prng.ts';
import { PlacementGenerator } from '../../src/tetris/placements.ts';
import { ROTATION_SYSTEMS } from '../../src/tetris/rotation/index.ts';
import { scanPlacement } from '../../src/tetris-ai/features/board-scan.ts';
import { SCAN_SIZE, SCAN_SLOTS } from '../../src/tetris-ai/features/scan-slots.ts';
import { EXACT_BOUND_SLOTS } from '../../src/tetris-ai/features/placement-bound.ts';
import { PlacementSimulator } from '../../src/tetris-ai/simulator.ts';
import { randomBoard } from './random-board.ts';

/** Bounded from below by the first bound, exactly by the closer one. */
const TRANSITIONS: number[] = [SCAN_SLOTS.rowTransitions, SCAN_SLOTS.columnTransitions];

describe('firstBound and closerBound', () => {
  it('bounds every scanned feature of a placement before it is played: exactly in the exact slots, from below in the others', () => {
    const random = new Prng(11);
    const system = ROTATION_SYSTEMS.srs;
    const scan = new Float64Array(SCAN_SIZE);
    const slots = [...Array(SCAN_SIZE).keys()];
    // One weight of −1 per slot bounds that feature from below; +1 on an exact slot bounds it from above.
    const weighings = slots.flatMap((slot) =>
      EXACT_BOUND_SLOTS.includes(slot) ? [[slot, -1] as const, [slot, 1] as const] : [[slot, -1] as const],
    );
    let bounded = 0;
    let unbounded = 0;
    for (const [width, height] of [
      [10, 20],
      [10, 10],
      [6, 8],
    ]) {
      const generator = new PlacementGenerator(width, height, system);
      const simulator = new PlacementSimulator(width, height);
      for (let round = 0; round < 40; round++) {
        const board = randomBoard(random, width, height, [0.6, 0.9, 1][round % 3]);
        for (let y = 0; y < height; y++) if (board.rows[y] === board.fullRow) board.setCell(random.nextInt(width), y, false);
        const count = generator.generate(board, random.nextInt(7), round % 2 === 0 ? 'drop' : 'reachable');
        for (let i = 0; i < count; i++) {
          const shape = generator.orientation(i);
          const x = generator.x[i];
          const y = generator.y[i];
          simulator.simulate(board, board.stackHeight(), shape, x, y, false);
          scanPlacement(simulator.input, scan, true, true);
          // A bound is given (finite) exactly when the placement clears no row and rests on every column it covers.
          const rests = shape.bottoms.every((bottom, c) => y + bottom >= board.columnHeight(x + c));
          const givesBound = rests && simulator.input.linesCleared === 0;
          givesBound ? bounded++ : unbounded++;
          const bounds = (weights: Float64Array) => {
            simulator.load(board, board.stackHeight(), weights);
            const first = simulator.firstBound(shape, x, y);
            return [first, first === Infinity ? Infinity : first + simulator.closerBound(shape, x, y)];
          };
          for (const [slot, weight] of weighings) {
            const weights = new Float64Array(SCAN_SIZE);
            weights[slot] = weight;
            const value = weight * scan[slot];
            const [first, closer] = bounds(weights);
            expect([slot, weight, first === Infinity]).toEqual([slot, weight, !givesBound]);
            expect([slot, weight, first >= closer, closer >= value]).toEqual([slot, weight, true, true]);
            if (givesBound && EXACT_BOUND_SLOTS.includes(slot)) expect([slot, weight, first - value]).toEqual([slot, weight, 0]);
            if (givesBound && weight < 0 && TRANSITIONS.includes(slot)) expect([slot, weight, closer - value]).toEqual([slot, weight, 0]);
          }
          // Weights of any sign on the exact slots, ≤ 0 on the others.
          const weights = Float64Array.from(slots, (slot) =>
            EXACT_BOUND_SLOTS.includes(slot) ? random.nextFloat() * 20 - 10 : -random.nextFloat() * 10,
          );
          const total = slots.reduce((sum, slot) => sum + weights[slot] * scan[slot], 0);
          expect(bounds(weights)[1]).toBeGreaterThanOrEqual(total - 1e-9);
        }
      }
    }
    expect(bounded).toBeGreaterThan(2000);
    expect(unbounded).toBeGreaterThan(100);
  });
});
