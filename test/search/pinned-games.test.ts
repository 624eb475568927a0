import { describe, expect, it } from 'vitest';
import { SameGameProblem } from '../../src/samegame/problem.ts';
import { randomBoard } from '../../src/samegame/rules/random-boards.ts';
import { nmcs, nrpa } from '../../src/search/index.ts';

/**
 * Searches with a seed and no clock play the same games on every machine, and the records page relies on
 * it: a faster engine is checked to play the same games node for node, and the node-budget figures stay
 * reproducible. These pins were taken from the code of 2026-11-29 and agree with that of the day before;
 * a change to the search or the engine that alters them changes those figures, so change them only on
 * purpose, and say so in Results.
 */
describe('the games a seeded search plays', () => {
  const problem = () => new SameGameProblem(randomBoard(12, 12, 4, 77), { scoring: 'standard', shift: 'left' });

  it('are the same as ever for NRPA (level 2, stabilized) on a 12 × 12 board', () => {
    const result = nrpa(problem(), { level: 2, iterations: 25, stabilization: 2, seed: 9 });
    expect({ score: result.score, nodes: result.nodes, moves: result.moves }).toEqual({
      score: 2446,
      nodes: 44601,
      moves: [
        38, 93, 32, 18, 63, 103, 103, 19, 114, 44, 49, 116, 133, 132, 89, 148, 142, 159, 29, 155, 74, 131, 15, 99, 29, 58, 15, 43, 15, 29,
        15,
      ],
    });
  });

  it('are the same as ever for NMCS (level 1) on that board', () => {
    const result = nmcs(problem(), { level: 1, seed: 4 });
    expect({ score: result.score, nodes: result.nodes, moves: result.moves }).toEqual({
      score: 2044,
      nodes: 14877,
      moves: [
        114, 161, 160, 91, 127, 77, 142, 132, 44, 38, 60, 32, 158, 85, 155, 29, 20, 30, 131, 15, 89, 63, 99, 19, 116, 75, 62, 46, 60, 127,
        33, 101, 143, 16, 29, 29, 15, 15,
      ],
    });
  });
});
