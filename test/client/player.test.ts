import { describe, expect, it } from 'vitest';
import { AveiroGame, type Frame } from '../../src/aveiro/game.ts';
import { AVEIRO_PREVIEW } from '../../src/aveiro/pieces.ts';
import { boardOfCells, identifyPiece, pieceOnWire } from '../../src/aveiro/wire.ts';
import { aveiroAgent } from '../../src/client/agents.ts';
import { AveiroPlayer } from '../../src/client/player.ts';
import { aveiroRotation } from '../../src/tetris/rotation/aveiro.ts';
import { RULE_SETS } from '../../src/tetris/rules.ts';
import { TetrisAgent } from '../../src/tetris-ai/agent.ts';
import { loadAgentSpec } from '../../src/tetris-ai/agent-files.ts';
import { MAX_LOOKAHEAD } from '../../src/tetris-ai/agent-limits.ts';
import { withLookahead, type AgentSpec } from '../../src/tetris-ai/agent-spec.ts';
import { runCli } from '../cli/run-cli.ts';

const key = (cells: readonly number[][]) => JSON.stringify([...cells].map(String).sort());

/**
 * Where an agent of this spec would lock the next piece of a lock frame, on a board low enough that
 * every drop placement is within the clock's reach: its cells on the wire.
 */
function dropChoice(spec: AgentSpec, frame: Frame): string | null {
  const board = boardOfCells(frame.game);
  if (board.stackHeight() > 12) return null;
  const [next, ...preview] = frame.next_pieces.map((cells) => identifyPiece(cells)!.piece);
  const agent = new TetrisAgent(spec, 8, 30, aveiroRotation, 'drop');
  const choice = agent.choose({ board, piece: next, preview, rules: RULE_SETS.aveiro, score: frame.score, level: 0, target: null })!;
  return key(pieceOnWire(aveiroRotation, { piece: next, rotation: choice.rotation, x: choice.x, y: choice.y }));
}

describe('the Aveiro player', () => {
  it('locks each piece where the agent of play and bench chooses: its lookahead over the next pieces and its tie-break', () => {
    const spec = loadAgentSpec('lookahead'); // the one-piece lookahead agent; ties go to the first in generation order
    expect(spec.policy.lookahead).toBe(1);
    const game = new AveiroGame(3);
    const player = new AveiroPlayer(aveiroAgent(spec));
    let frame = game.tick();
    let wanted: string | null = null;
    let resting: Frame['piece'] = null;
    let [checked, differ] = [0, 0];
    while (game.running && game.pieces < 120) {
      if (frame.piece === null) {
        if (wanted !== null) {
          expect(key(resting!)).toBe(wanted);
          checked++;
        }
        wanted = dropChoice(spec, frame);
        if (wanted !== null && wanted !== dropChoice(withLookahead(spec, 0), frame)) differ++;
      }
      resting = frame.piece;
      game.keypress(player.keyAfter(frame));
      frame = game.tick();
    }
    expect(checked).toBeGreaterThan(50);
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
    expect([frame.score, game.lines]).toEqual([206, 146]); // as when the client searched keys on its own, before the engine's 'ticks' placements
  });

  it('takes --lookahead up to the three next pieces the protocol shows, and refuses more with exit 2 before connecting', async () => {
    const refused = await runCli(['client', '--lookahead', '4', '--server', 'ws://127.0.0.1:9']);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/--lookahead.*4/);
    expect(AVEIRO_PREVIEW).toBe(MAX_LOOKAHEAD); // an agent file's own depth is never deeper than the protocol's preview
  });
});
