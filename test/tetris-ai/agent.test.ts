import { describe, expect, it } from 'vitest';
import { Prng } from '../../src/core/prng.ts';
import { Board, parseBoard } from '../../src/tetris/board.ts';
import { PlacementGenerator } from '../../src/tetris/placements.ts';
import { ROTATION_SYSTEMS } from '../../src/tetris/rotation/index.ts';
import { RULE_SETS } from '../../src/tetris/rules.ts';
import { TetrisAgent, type TurnState } from '../../src/tetris-ai/agent.ts';
import { loadAgentSpec } from '../../src/tetris-ai/agent-files.ts';
import type { AgentSpec } from '../../src/tetris-ai/agent-spec.ts';
import { Evaluator } from '../../src/tetris-ai/evaluator.ts';
import { fewestMovesPriority } from '../../src/tetris-ai/search-path.ts';
import { PlacementSimulator } from '../../src/tetris-ai/simulator.ts';

const classic = ROTATION_SYSTEMS.classic;
const agentFor = (spec: AgentSpec, board: Board) => new TetrisAgent(spec, board.width, board.height, classic, 'drop');
const turn = (board: Board, piece: number, preview: number[] = [], extra: Partial<TurnState> = {}): TurnState => ({
  board,
  piece,
  preview,
  rules: RULE_SETS.research,
  score: 0,
  level: 0,
  target: null,
  ...extra,
});
const withPolicy = (spec: AgentSpec, policy: Partial<AgentSpec['policy']>): AgentSpec => ({
  ...spec,
  policy: { ...spec.policy, ...policy },
});

/**
 * Every placement of the known pieces scored, in generation order: the first placement of the highest
 * value (its own plus the best of the next piece's after it) as [rotation, x, y, value], or null when
 * the first piece has none.
 */
function exhaustiveSearch(evaluator: Evaluator, width: number, height: number) {
  const generators = [0, 1].map(() => new PlacementGenerator(width, height, classic));
  const simulators = [0, 1].map(() => new PlacementSimulator(width, height));
  const best = (board: Board, pieces: number[], level: number): [number, number, number, number] | null => {
    const generator = generators[level];
    const simulator = simulators[level];
    const count = generator.generate(board, pieces[level], 'drop');
    let found: [number, number, number, number] | null = null;
    for (let i = 0; i < count; i++) {
      simulator.simulate(board, board.stackHeight(), generator.orientation(i), generator.x[i], generator.y[i], false);
      let value = evaluator.score(simulator.input);
      if (level + 1 < pieces.length) value += best(simulator.board.clone(), pieces, level + 1)?.[3] ?? -Infinity;
      if (value > (found?.[3] ?? -Infinity)) found = [generator.rotation[i], generator.x[i], generator.y[i], value];
    }
    return found;
  };
  return (board: Board, pieces: number[]) => best(board, pieces, 0);
}

/** Random mid-game boards: ragged stacks with a few holes, no full row. */
function randomBoards(seed: number, count: number, width = 8, height = 12): Board[] {
  const prng = new Prng(seed);
  return Array.from({ length: count }, () => {
    const board = new Board(width, height);
    for (let x = 0; x < width; x++) {
      const top = prng.nextInt(6);
      for (let y = 0; y < top; y++) if (prng.nextInt(6) > 0) board.setCell(x, y, true);
    }
    for (let y = 0; y < height; y++) if (board.rows[y] === board.fullRow) board.setCell(prng.nextInt(width), y, false);
    return board;
  });
}

const I = 0;
const O = 1;
const T = 2;

describe('greedy policy', () => {
  it('drops an I into the well for a four-line clear', () => {
    const board = parseBoard(['..........', '..........', '#########.', '#########.', '#########.', '#########.'].join('\n'));
    const choice = agentFor(loadAgentSpec('dellacherie'), board).choose(turn(board, I));
    expect(choice).toMatchObject({ rotation: 1, x: 9, y: 0 });
  });

  it('picks the first placement of the highest value, one piece or two, though bounds spare it scanning most of them', () => {
    // Turn by turn through games, where placements' values lie close, against every placement scored.
    for (const name of ['dellacherie', 'bcts', 'tuned-10x10', 'tuned-fit-10x10']) {
      for (const lookahead of [0, 1]) {
        const spec = withPolicy(loadAgentSpec(name), { lookahead });
        const evaluator = new Evaluator(spec.weights, spec.sense);
        expect(evaluator.boundWeights, name).not.toBeNull(); // the bounds are on, to be tested
        const search = exhaustiveSearch(evaluator, 10, 12);
        const board = new Board(10, 12);
        const agent = agentFor(spec, board);
        const random = new Prng(3);
        const pieces = [random.nextInt(7), random.nextInt(7)];
        for (let turnNumber = 0; turnNumber < (lookahead === 0 ? 400 : 100); turnNumber++) {
          const known = pieces.slice(0, lookahead + 1);
          const expected = search(board, known);
          if (expected === null) {
            board.rows.fill(0); // topped out: start again
            continue;
          }
          const choice = agent.choose(turn(board, known[0], known.slice(1)))!;
          expect([name, lookahead, turnNumber, choice.rotation, choice.x, choice.y, choice.value]).toEqual([
            name,
            lookahead,
            turnNumber,
            ...expected,
          ]);
          board.place(classic.orientations[known[0]][choice.rotation], choice.x, choice.y);
          board.clearFullRows();
          pieces.shift();
          pieces.push(random.nextInt(7));
        }
      }
    }
  });

  it('returns null when the piece has no placement', () => {
    const full = new Board(4, 4);
    full.rows.set([0b0111, 0b1110, 0b0111, 0b1110]);
    expect(agentFor(loadAgentSpec('dellacherie'), full).choose(turn(full, O))).toBeNull();
  });

  it('switches to its despair weights above the threshold', () => {
    const greedy = loadAgentSpec('greedy');
    const despairOnly: AgentSpec = { ...greedy, weights: greedy.despair!.weights, despair: null };
    const normalOnly: AgentSpec = { ...greedy, despair: null };
    const low = randomBoards(3, 1, 10, 20)[0];
    const high = low.clone();
    for (let y = 0; y < 12; y++) high.setCell(0, y, true); // column 0 is 12 high: despair
    for (const [board, expected] of [
      [low, normalOnly],
      [high, despairOnly],
    ] as const) {
      for (let piece = 0; piece < 7; piece++) {
        expect(agentFor(greedy, board).choose(turn(board, piece))).toEqual(agentFor(expected, board).choose(turn(board, piece)));
      }
    }
    const differs = [...Array(7).keys()].some(
      (piece) =>
        JSON.stringify(agentFor(normalOnly, high).choose(turn(high, piece))) !==
        JSON.stringify(agentFor(despairOnly, high).choose(turn(high, piece))),
    );
    expect(differs).toBe(true);
  });
});

describe('lookahead policy', () => {
  const dellacherie = loadAgentSpec('dellacherie');

  it('values a placement as its own value plus the best value of the next piece after it', () => {
    const evaluator = new Evaluator(dellacherie.weights, dellacherie.sense);
    for (const [b, board] of randomBoards(11, 8).entries()) {
      const [piece, next] = [b % 7, (b * 3 + 1) % 7];
      const generator = new PlacementGenerator(board.width, board.height, classic);
      const simulator = new PlacementSimulator(board.width, board.height);
      const count = generator.generate(board, piece, 'drop');
      let best = -Infinity;
      let bestIndex = -1;
      for (let i = 0; i < count; i++) {
        simulator.simulate(
          board,
          board.stackHeight(),
          classic.orientations[piece][generator.rotation[i]],
          generator.x[i],
          generator.y[i],
          false,
        );
        const own = evaluator.score(simulator.input);
        const after = simulator.board.clone();
        const future = agentFor(dellacherie, after).choose(turn(after, next))?.value ?? -Infinity;
        if (own + future > best) {
          best = own + future;
          bestIndex = i;
        }
      }
      const lookahead = agentFor(withPolicy(dellacherie, { lookahead: 1 }), board).choose(turn(board, piece, [next]))!;
      expect(lookahead.value).toBeCloseTo(best, 9);
      expect([lookahead.rotation, lookahead.x, lookahead.y]).toEqual([
        generator.rotation[bestIndex],
        generator.x[bestIndex],
        generator.y[bestIndex],
      ]);
    }
  });

  it('uses only as many next pieces as the preview shows', () => {
    const board = randomBoards(5, 1)[0];
    const deep = agentFor(withPolicy(dellacherie, { lookahead: 2 }), board);
    expect(deep.choose(turn(board, T))).toEqual(agentFor(dellacherie, board).choose(turn(board, T)));
  });

  it('beam search: a beam as wide as the placements changes nothing; a beam of 1 plays the greedy move', () => {
    for (const [b, board] of randomBoards(21, 6).entries()) {
      const [piece, next] = [b % 7, (b + 2) % 7];
      const full = agentFor(withPolicy(dellacherie, { lookahead: 1 }), board).choose(turn(board, piece, [next]));
      const wide = agentFor(withPolicy(dellacherie, { lookahead: 1, beam: 64 }), board).choose(turn(board, piece, [next]));
      expect(wide).toEqual(full);
      const narrow = agentFor(withPolicy(dellacherie, { lookahead: 1, beam: 1 }), board).choose(turn(board, piece, [next]))!;
      const greedy = agentFor(dellacherie, board).choose(turn(board, piece))!;
      expect([narrow.rotation, narrow.x, narrow.y]).toEqual([greedy.rotation, greedy.x, greedy.y]);
    }
  });

  it('still moves, by its own value, when every placement leaves no room for the next piece', () => {
    // Each of the three S placements here leaves no S placement (found by a seeded search).
    const board = parseBoard(['....', '...#', '#.#.', '..#.'].join('\n'));
    const S = 3;
    const choice = agentFor(withPolicy(dellacherie, { lookahead: 1 }), board).choose(turn(board, S, [S]))!;
    const greedy = agentFor(dellacherie, board).choose(turn(board, S))!;
    expect(choice.value).toBe(-Infinity);
    expect([choice.rotation, choice.x, choice.y]).toEqual([greedy.rotation, greedy.x, greedy.y]);
  });
});

describe('the expectation over the unknown piece (unknownPieces: 1)', () => {
  const dellacherie = loadAgentSpec('dellacherie');
  const expecting = (policy: Partial<AgentSpec['policy']> = {}) => withPolicy(dellacherie, { unknownPieces: 1, ...policy });

  /** Every placement of `piece` after the known ones: its own value plus the 7 shapes' best values after it, averaged. */
  function expectimax(board: Board, piece: number, preview: number[]): { value: number; index: number } {
    const evaluator = new Evaluator(dellacherie.weights, dellacherie.sense);
    const generator = new PlacementGenerator(board.width, board.height, classic);
    const simulator = new PlacementSimulator(board.width, board.height);
    const count = generator.generate(board, piece, 'drop');
    let best = { value: -Infinity, index: -1 };
    for (let i = 0; i < count; i++) {
      simulator.simulate(board, board.stackHeight(), generator.orientation(i), generator.x[i], generator.y[i], false);
      const own = evaluator.score(simulator.input);
      const after = simulator.board.clone();
      let future = 0;
      if (preview.length > 0) {
        future = expectimax(after, preview[0], preview.slice(1)).value;
      } else {
        for (let shape = 0; shape < 7; shape++) future += (agentFor(dellacherie, after).choose(turn(after, shape))?.value ?? -Infinity) / 7;
      }
      if (own + future > best.value) best = { value: own + future, index: i };
    }
    return best;
  }

  it('values a placement as its own value plus the best of each of the 7 shapes after it, averaged, after the known pieces', () => {
    for (const [b, board] of randomBoards(31, 8).entries()) {
      const piece = b % 7;
      const preview = b % 2 === 0 ? [] : [(b * 3 + 1) % 7];
      const { value, index } = expectimax(board, piece, preview);
      const generator = new PlacementGenerator(board.width, board.height, classic);
      generator.generate(board, piece, 'drop');
      const agent = agentFor(expecting({ lookahead: preview.length }), board);
      const choice = agent.choose(turn(board, piece, preview))!;
      expect(choice.value, `board ${b}`).toBeCloseTo(value, 9);
      expect([choice.rotation, choice.x, choice.y]).toEqual([generator.rotation[index], generator.x[index], generator.y[index]]);
      // A learner sees the same: the chosen candidate's total is the value `choose` gives.
      const chosen = agent.explain(turn(board, piece, preview)).candidates[0];
      expect([chosen.rotation, chosen.x, chosen.y]).toEqual([choice.rotation, choice.x, choice.y]);
      expect(chosen.total).toBeCloseTo(value, 9);
    }
  });

  it('weighs the unknown piece after only as many known pieces as the lookahead searches', () => {
    const board = randomBoards(5, 1)[0];
    expect(agentFor(expecting(), board).choose(turn(board, T, [I]))).toEqual(agentFor(expecting(), board).choose(turn(board, T)));
  });

  it('with a beam, weighs it after the best placements by their own value only; a beam of 1 plays the greedy move', () => {
    const evaluator = new Evaluator(dellacherie.weights, dellacherie.sense);
    let differs = 0;
    for (const [b, board] of randomBoards(41, 40).entries()) {
      const piece = b % 7;
      const full = agentFor(expecting(), board).choose(turn(board, piece));
      expect(agentFor(expecting({ beam: 64 }), board).choose(turn(board, piece))).toEqual(full);
      const narrow = agentFor(expecting({ beam: 1 }), board).choose(turn(board, piece))!;
      const greedy = agentFor(dellacherie, board).choose(turn(board, piece))!;
      expect([narrow.rotation, narrow.x, narrow.y]).toEqual([greedy.rotation, greedy.x, greedy.y]);
      // Beam 2: of the two best placements by own value (the first of equals), the one of the higher own + expected best.
      const generator = new PlacementGenerator(board.width, board.height, classic);
      const simulator = new PlacementSimulator(board.width, board.height);
      const count = generator.generate(board, piece, 'drop');
      const placements = Array.from({ length: count }, (_, i) => {
        simulator.simulate(board, board.stackHeight(), generator.orientation(i), generator.x[i], generator.y[i], false);
        const after = simulator.board.clone();
        let expected = 0;
        for (let shape = 0; shape < 7; shape++)
          expected += (agentFor(dellacherie, after).choose(turn(after, shape))?.value ?? -Infinity) / 7;
        return { i, own: evaluator.score(simulator.input), total: evaluator.score(simulator.input) + expected };
      });
      const [first, second] = [...placements].sort((p, q) => q.own - p.own || p.i - q.i);
      const best = second.total > first.total || (second.total === first.total && second.i < first.i) ? second : first;
      const two = agentFor(expecting({ beam: 2 }), board);
      const chosen = two.choose(turn(board, piece))!;
      expect([chosen.rotation, chosen.x, chosen.y]).toEqual([generator.rotation[best.i], generator.x[best.i], generator.y[best.i]]);
      expect(chosen.value).toBeCloseTo(best.total, 9);
      const explained = two.explain(turn(board, piece)).candidates[0];
      expect([explained.rotation, explained.x, explained.y, explained.total]).toEqual([chosen.rotation, chosen.x, chosen.y, chosen.value]);
      if (best === second) differs++;
    }
    expect(differs).toBeGreaterThan(0); // the beam's second placement wins somewhere: the expectation decides
  });

  it('with unknownPiecesAbove, weighs it only on boards whose highest column is above that height, and plays as without it below', () => {
    const gated = expecting({ beam: 2, unknownPiecesAbove: 3 });
    const seen = { above: 0, below: 0 };
    for (const [b, board] of randomBoards(43, 40).entries()) {
      const piece = b % 7;
      const above = board.stackHeight() > 3;
      seen[above ? 'above' : 'below']++;
      const like = above ? expecting({ beam: 2 }) : dellacherie;
      expect(agentFor(gated, board).choose(turn(board, piece)), `board ${b}`).toEqual(agentFor(like, board).choose(turn(board, piece)));
      expect(agentFor(gated, board).explain(turn(board, piece)).unknownPieces).toBe(above ? 1 : 0);
    }
    expect(seen.above).toBeGreaterThan(0);
    expect(seen.below).toBeGreaterThan(0);
  });

  it('refuses a placement after which some shape has no placement, and still moves when every one is refused', () => {
    // Each of the three S placements here leaves no S placement (see the lookahead test above).
    const board = parseBoard(['....', '...#', '#.#.', '..#.'].join('\n'));
    const S = 3;
    const agent = agentFor(expecting(), board);
    const choice = agent.choose(turn(board, S))!;
    const greedy = agentFor(dellacherie, board).choose(turn(board, S))!;
    expect(choice.value).toBe(-Infinity);
    expect([choice.rotation, choice.x, choice.y]).toEqual([greedy.rotation, greedy.x, greedy.y]);
    expect(agent.explain(turn(board, S)).candidates.every((candidate) => candidate.refused === 'no-future')).toBe(true);
  });
});

describe("the target agent's policy", () => {
  const target = loadAgentSpec('target');
  const board = parseBoard(['....', '....', '....', '....', '###.', '###.'].join('\n'));
  const rules = RULE_SETS.target;

  it('clears two lines when the target is far', () => {
    const choice = agentFor(target, board).choose(turn(board, I, [], { rules, target: 100 }));
    expect(choice).toMatchObject({ rotation: 1, x: 3, y: 0 });
  });

  it('refuses a placement whose points would pass the target', () => {
    const choice = agentFor(target, board).choose(turn(board, I, [], { rules, target: 2 }))!; // two lines score 3 > 2
    expect(choice.x === 3 && choice.rotation === 1).toBe(false);
  });

  it('breaks ties by the lowest priority: few moves, then the right half', () => {
    const empty = new Board(10, 20);
    const neutral: AgentSpec = { ...target, features: ['completeLines'], weights: { completeLines: 1 } };
    expect(agentFor(neutral, empty).choose(turn(empty, O))).toMatchObject({ x: 4 }); // no move from the spawn column
    const first = withPolicy(neutral, { tieBreak: 'first' });
    expect(agentFor(first, empty).choose(turn(empty, O))).toMatchObject({ x: 0 });
  });
});

describe('the fewest-moves tie-break priority', () => {
  it('counts a sideways move as 100 and a turn as 1, plus 10 in the left half', () => {
    const board = new Board(10, 20);
    const generator = new PlacementGenerator(10, 20, classic);
    const count = generator.generate(board, T, 'drop');
    const byKeys = new Map(Array.from({ length: count }, (_, i) => [generator.keys(i), i]));
    // "CH": one turn, centre cell (4, 1) in the left half. "RH": one move, centre (5, 0) in the right half.
    expect(fewestMovesPriority(generator, byKeys.get('CH')!, 10)).toBe(1 + 10);
    expect(fewestMovesPriority(generator, byKeys.get('RH')!, 10)).toBe(100);
    expect(fewestMovesPriority(generator, byKeys.get('H')!, 10)).toBe(10);
  });
});

describe('the despair switch', () => {
  it('judges each placement by the highest column it leaves', () => {
    const greedy = loadAgentSpec('greedy');
    const board = new Board(10, 20);
    for (let y = 0; y < 8; y++) board.setCell(0, y, true); // 8 high: an I stood in column 0 would make 12
    const choice = agentFor(greedy, board).choose(turn(board, I))!;
    const simulator = new PlacementSimulator(10, 20);
    simulator.simulate(board, board.stackHeight(), classic.orientations[I][choice.rotation], choice.x, choice.y, false);
    const weights = simulator.input.after.top > 10 ? greedy.despair!.weights : greedy.weights;
    expect(choice.value).toBe(new Evaluator(weights, greedy.sense).score(simulator.input));
    // Standing the I on the 8-high column (height 12) is judged with the despair weights: 20·0 + 80·12.
    const generator = new PlacementGenerator(10, 20, classic);
    const count = generator.generate(board, I, 'drop');
    const onTop = [...Array(count).keys()].find((i) => generator.rotation[i] === 1 && generator.x[i] === 0)!;
    simulator.simulate(board, board.stackHeight(), classic.orientations[I][1], 0, generator.y[onTop], false);
    expect(simulator.input.after.top).toBe(12);
  });
});
