import { COLUMNS, HEIGHT } from '../aveiro/wire.ts';
import { aveiroRotation } from '../tetris/rotation/aveiro.ts';
import { TetrisAgent } from '../tetris-ai/agent.ts';
import type { AgentSpec } from '../tetris-ai/agent-spec.ts';
import { CodeAgentChooser, type AgentModule } from '../tetris-ai/code-agents.ts';

/**
 * An agent's own policy on the protocol's board (Gridmind's 8 × 30, `aveiro` rotation): its lookahead,
 * tie-break and despair, as in `play`. The falling piece's placements come from the client, one key per
 * tick (`ticks`); the pieces it looks ahead to it places as `reachable`.
 */
export function aveiroAgent(spec: AgentSpec): TetrisAgent {
  return new TetrisAgent(spec, COLUMNS, HEIGHT, aveiroRotation, 'reachable');
}

/** An agent in code or a program on the protocol's board, choosing among the locks the clock lets through. */
export function aveiroCodeAgent(module: AgentModule): CodeAgentChooser {
  return new CodeAgentChooser(module, COLUMNS, HEIGHT, aveiroRotation);
}
