import { describe, expect, it } from 'vitest';
import { AveiroGame, HEIGHT, SHAPE_CELLS, type Frame, type PieceState } from '../../src/aveiro/game.ts';
import { AVEIRO_PREVIEW, aveiroAgent, AveiroPlanner, identifyPiece } from '../../src/client/planner.ts';
import { AveiroPlayer } from '../../src/client/player.ts';
import { Board } from '../../src/tetris/board.ts';
import { parsePiece } from '../../src/tetris/pieces.ts';
import { aveiroRotation } from '../../src/tetris/rotation/aveiro.ts';
import { RULE_SETS } from '../../src/tetris/rules.ts';
import { TetrisAgent } from '../../src/tetris-ai/agent.ts';
import { loadAgentSpec } from '../../src/tetris-ai/agent-files.ts';
import { MAX_LOOKAHEAD, withLookahead, type AgentSpec } from '../../src/tetris-ai/agent-spec.ts';
import { runCli } from '../cli/run-cli.ts';

/** The Gridmind placement (8 × 30 board) where a plan's piece locks. */
function lockOf({ shape, rotation, x, y }: PieceState): { rotation: number; x: number; y: number } {
  const cells = SHAPE_CELLS[shape][rotation];
  return { rotation, x: x + Math.min(...cells.map(([dx]) => dx)) - 1, y: HEIGHT - 1 - (y + Math.max(...cells.map(([, dy]) => dy))) };
}

/** The frames of a game played by the agent, with the falling piece of each, for the first `pieces` pieces. */
function framesOf(spec: AgentSpec, seed: number, pieces: number): { frame: Frame; piece: PieceState }[] {
  const game = new AveiroGame(seed);
  const player = new AveiroPlayer(aveiroAgent(spec));
  const seen: { frame: Frame; piece: PieceState }[] = [];
  let frame = game.tick();
  while (game.running && game.pieces < pieces) {
    const piece = frame.piece === null ? null : identifyPiece(frame.piece);
    if (piece !== null && piece.y === 1) seen.push({ frame, piece }); // the piece's first row: all its locks are still ahead
    game.keypress(player.keyAfter(frame));
    frame = game.tick();
  }
  return seen;
}

const nextOf = (frame: Frame) => frame.next_pieces.map((cells) => identifyPiece(cells)!.shape);

describe('the Aveiro planner', () => {
  it('chooses with the agent code of play and bench: its lookahead over the next pieces and its tie-break', () => {
    const spec = loadAgentSpec('lookahead'); // the one-piece lookahead agent; ties go to the first in generation order
    expect(spec.policy.lookahead).toBe(1);
    const planner = new AveiroPlanner(aveiroAgent(spec));
    const greedy = new AveiroPlanner(aveiroAgent(withLookahead(spec, 0)));
    let differ = 0;
    for (const { frame, piece } of framesOf(spec, 3, 120)) {
      const state = { game: frame.game, score: frame.score, next: nextOf(frame) };
      const plan = planner.plan(state, piece)!;
      // The same choice by the agent itself, among the placements it would have on a free board: the
      // planner's locks are those the clock lets through, all of them here, where the stack is low.
      const board = new Board(8, HEIGHT);
      for (const [x, y] of frame.game) if (x >= 1 && x <= 8 && y < HEIGHT) board.setCell(x - 1, HEIGHT - 1 - y, true);
      if (board.stackHeight() > 12) continue;
      const agent = new TetrisAgent(spec, 8, HEIGHT, aveiroRotation, 'drop');
      const choice = agent.choose({
        board,
        piece: parsePiece(piece.shape),
        preview: state.next.map(parsePiece),
        rules: RULE_SETS.aveiro,
        score: frame.score,
        level: 0,
        target: null,
      })!;
      expect(lockOf(plan.target)).toEqual({ rotation: choice.rotation, x: choice.x, y: choice.y });
      const greedyPlan = greedy.plan(state, piece)!;
      if (JSON.stringify(greedyPlan.target) !== JSON.stringify(plan.target)) differ++;
    }
    expect(differ).toBeGreaterThan(0); // the lookahead changed some choices
  });

  it('plays the same game for the same seed: a determinism signature of the client', () => {
    const game = new AveiroGame(11);
    const player = new AveiroPlayer(aveiroAgent(loadAgentSpec('aveiro')));
    let frame = game.tick();
    while (game.running && game.pieces < 300) {
      game.keypress(player.keyAfter(frame));
      frame = game.tick();
    }
    // Recompute only when a change means to alter the client's play (and say so).
    expect([frame.score, game.lines]).toEqual([206, 146]); // as before the planner chose with TetrisAgent
  });

  it('takes --lookahead up to the three next pieces the protocol shows, and refuses more with exit 2 before connecting', async () => {
    const refused = await runCli(['client', '--lookahead', '4', '--server', 'ws://127.0.0.1:9']);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/--lookahead.*4/);
    expect(AVEIRO_PREVIEW).toBe(MAX_LOOKAHEAD); // an agent file's own depth is never deeper than the protocol's preview
  });
});
