/**
 * The thread an agent in code plays one game on (`loadCodeAgent` in code-agents.ts starts it): it
 * imports the agent's module, makes the game's agent and answers each turn, while the game waits for
 * each answer at most the move time limit (src/node/timed-thread.ts). Loading a module, it answers
 * the agent's name.
 */
import { answerOnThread } from '../node/timed-thread.ts';
import { Board } from '../tetris/board.ts';
import { importAgentModule, type ThreadRequest } from './code-agents.ts';

await answerOnThread(async (file: string) => {
  const agent = (await importAgentModule(file)).newAgent();
  return (request: ThreadRequest): unknown => {
    if (request === 'name') return agent.name ?? null;
    const { width, height, rows, ...turn } = request;
    const board = new Board(width, height);
    board.rows.set(rows);
    return agent.choose({ ...turn, board });
  };
});
