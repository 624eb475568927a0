import { describe, expect, it } from 'vitest';
import { Prng } from '../../src/core/prng.ts';
import { PlacementGenerator } from '../../src/tetris/placements.ts';
import { ROTATION_SYSTEMS } from '../../src/tetris/rotation/index.ts';
import { scanPlacement } from '../../src/tetris-ai/features/board-scan.ts';
import { SCAN_SIZE, SCAN_SLOTS } from '../../src/tetris-ai/features/scan-slots.ts';
import { FEATURES } from '../../src/tetris-ai/features/index.ts';
import { measureHeights } from '../../src/tetris-ai/features/measures.ts';
import { PlacementSimulator } from '../../src/tetris-ai/simulator.ts';
import { randomBoard } from './random-board.ts';

describe('scanPlacement', () => {
  const scanned = Object.values(FEATURES).filter((feature) => feature.scanSlot !== undefined);

  it('scans every slot, one feature each', () => {
    expect(scanned.map((feature) => feature.scanSlot).sort((a, b) => a! - b!)).toEqual([...Array(SCAN_SIZE).keys()]);
    for (const feature of scanned) expect(SCAN_SLOTS[feature.name as keyof typeof SCAN_SLOTS]).toBe(feature.scanSlot);
  });

  it('gives each feature the value of its own definition, on random boards after every placement', () => {
    const random = new Prng(7);
    const system = ROTATION_SYSTEMS.classic;
    const out = new Float64Array(SCAN_SIZE);
    let placements = 0;
    let clearing = 0;
    let fromLowRows = 0;
    for (const [width, height] of [
      [10, 10],
      [10, 20],
      [4, 6],
      [16, 12],
    ]) {
      const generator = new PlacementGenerator(width, height, system);
      const simulator = new PlacementSimulator(width, height);
      for (let round = 0; round < 40; round++) {
        const board = randomBoard(random, width, height, [0.5, 0.8, 0.95][round % 3]);
        const piece = random.nextInt(7);
        const count = generator.generate(board, piece, round % 2 === 0 ? 'drop' : 'reachable');
        // Half the rounds play each placement on its own, half load the board once and place them all,
        // so that the scan takes the rows below each placement from the load.
        const loads = round % 4 < 2;
        if (loads) simulator.load(board, board.stackHeight());
        for (let i = 0; i < count; i++) {
          if (loads) simulator.place(generator.orientation(i), generator.x[i], generator.y[i], false);
          else simulator.simulate(board, board.stackHeight(), generator.orientation(i), generator.x[i], generator.y[i], false);
          const input = simulator.input;
          if ((input.sameBelow ?? 0) > 0) fromLowRows++;
          scanPlacement(input, out, true, true);
          const heights = Int32Array.from(input.after.heights);
          measureHeights(input.after, width);
          expect(heights).toEqual(input.after.heights);
          for (const feature of scanned) expect([feature.name, out[feature.scanSlot!]]).toEqual([feature.name, feature.compute(input)]);
          // Without heights or hole depth, the other slots are the same.
          const without = Float64Array.from(out);
          for (const feature of scanned)
            if (feature.usesHeights || feature.scanSlot === SCAN_SLOTS.holeDepth) without[feature.scanSlot!] = -1;
          const rescanned = Float64Array.from(without);
          scanPlacement(input, rescanned, false, false);
          expect(rescanned).toEqual(without);
          placements++;
          if (input.linesCleared > 0) clearing++;
        }
      }
    }
    expect(placements).toBeGreaterThan(2000);
    expect(clearing).toBeGreaterThan(20);
    expect(fromLowRows).toBeGreaterThan(500);
  });
});
