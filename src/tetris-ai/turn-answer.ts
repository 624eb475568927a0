import { Board } from '../tetris/board.ts';
import { ROTATION_SYSTEMS } from '../tetris/rotation/index.ts';
import { RULE_SETS } from '../tetris/rules.ts';
import { TetrisAgent } from './agent.ts';
import type { AgentSetup, ChooseReply, ChooseRequest } from './turn-data.ts';

/** The search-thread side of an agent on another thread: builds the agent once, then answers turns. */
export function agentAnswerer(setup: AgentSetup): (request: ChooseRequest) => ChooseReply {
  const agent = new TetrisAgent(setup.spec, setup.width, setup.height, ROTATION_SYSTEMS[setup.rotation], setup.mode);
  const board = new Board(setup.width, setup.height);
  return ({ id, turn }) => {
    try {
      board.rows.fill(0);
      board.rows.set(turn.rows);
      const choice = agent.choose({ ...turn, board, rules: RULE_SETS[turn.rules] });
      return { id, choice, keys: choice === null ? null : agent.keysOfChoice() };
    } catch (error) {
      return { id, choice: null, keys: null, error: (error as Error).message };
    }
  };
}
