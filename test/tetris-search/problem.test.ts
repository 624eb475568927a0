import { describe, expect, it } from 'vitest';
import { dfs } from '../../src/search/index.ts';
import { Board, parseBoard } from '../../src/tetris/board.ts';
import { parsePiece } from '../../src/tetris/pieces.ts';
import { ROTATION_SYSTEMS } from '../../src/tetris/rotation/index.ts';
import { RULE_SETS } from '../../src/tetris/rules.ts';
import { TetrisAgent } from '../../src/tetris-ai/agent.ts';
import { loadAgentSpec } from '../../src/tetris-ai/agent-files.ts';
import { withLookahead } from '../../src/tetris-ai/agent-spec.ts';
import { TetrisProblem } from '../../src/tetris-search/problem.ts';

const system = ROTATION_SYSTEMS.classic;
const board = parseBoard(['..........', '#.###.####', '##.#######', '#########.'].join('\n'), { width: 10, height: 12 });
const pieces = ['I', 'T', 'O'].map(parsePiece);

describe('Tetris with known pieces as a search problem', () => {
  it('counts the lines the game itself clears for the same placements', () => {
    const well = parseBoard(['..........', '#########.', '#########.', '##.######.'].join('\n'), { width: 10, height: 12 });
    const problem = new TetrisProblem({ board: well, pieces, system });
    const result = dfs(problem);
    const real = well.clone();
    let lines = 0;
    const state = problem.start();
    for (const [k, move] of result.moves.entries()) {
      const { rotation, x, y } = problem.placement(state, move);
      real.place(system.orientations[pieces[k]][rotation], x, y);
      lines += real.clearFullRows();
      problem.play(state, move);
    }
    expect(result.moves).toHaveLength(3);
    expect(result.score).toBe(lines);
    expect(lines).toBe(3); // every row with a gap: an exhaustive search finds the order that clears them all
    expect(state.board.equals(real)).toBe(true);
  });

  it("scores a line of play as the agent's lookahead does: an exhaustive search finds the agent's own best value", () => {
    for (const [name, depth] of [
      ['dellacherie', 1],
      ['lookahead', 1],
      ['bcts', 2],
    ] as const) {
      const spec = withLookahead(loadAgentSpec(name), depth);
      const known = pieces.slice(0, depth + 1);
      const problem = new TetrisProblem({ board, pieces: known, system, agent: spec });
      const agent = new TetrisAgent(spec, 10, 12, system, 'drop');
      const choice = agent.choose({
        board,
        piece: known[0],
        preview: known.slice(1),
        rules: RULE_SETS.research,
        score: 0,
        level: 0,
        target: null,
      })!;
      const best = dfs(problem);
      expect(best.score, name).toBeCloseTo(choice.value, 9);
      expect(problem.placement(problem.start(), best.moves[0]), name).toEqual({ rotation: choice.rotation, x: choice.x, y: choice.y });
    }
  });

  it('ends a game when a known piece has no placement, far below any real value', () => {
    const full = new Board(4, 4);
    for (let y = 0; y < 4; y++) for (let x = 0; x < 3; x++) full.setCell(x, y, true);
    const problem = new TetrisProblem({ board: full, pieces: [parsePiece('O')], system, agent: loadAgentSpec('dellacherie') });
    expect(problem.moves(problem.start(), new Int32Array(problem.maxMoves))).toBe(0);
    expect(problem.score(problem.start())).toBeLessThan(-1e9);
  });
});
