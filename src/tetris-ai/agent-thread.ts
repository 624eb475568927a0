/**
 * The thread an agent in code plays one game on (`loadCodeAgent` in code-agents.ts starts it): it
 * imports the agent's module, makes the game's agent and answers each turn, while the game waits for
 * each answer at most the move time limit (src/node/timed-thread.ts). Loading a module, it answers
 * the agent's name.
 */
import { answerOnThread } from '../node/timed-thread.ts';
import { Board } from '../tetris/board.ts';
import type { PieceName } from '../tetris/pieces.ts';
import { importAgentModule, type Placement } from './code-agents.ts';

/** A turn, as plain data: the board's size and rows (`Board.rows`). */
export interface ThreadTurn {
  readonly width: number;
  readonly height: number;
  readonly rows: Uint32Array;
  readonly piece: PieceName;
  readonly preview: readonly PieceName[];
  readonly placements: readonly Placement[];
  readonly score: number;
}

/** A request to the thread: a turn to answer with a placement's index, or `name`, the agent's name (null if it has none). */
export type ThreadRequest = ThreadTurn | 'name';

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
