/**
 * The thread an agent in code plays one game on (`loadCodeAgent` in code-agents.ts starts it): it
 * imports the agent's module, makes the game's agent and answers each turn, while the game waits for
 * each answer at most the move time limit (src/core/timed-thread.ts).
 */
import { answerOnThread } from '../core/timed-thread.ts';
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

await answerOnThread(async (file: string) => {
  const agent = (await importAgentModule(file)).newAgent();
  return ({ width, height, rows, ...turn }: ThreadTurn): unknown => {
    const board = new Board(width, height);
    board.rows.set(rows);
    return agent.choose({ ...turn, board });
  };
});
