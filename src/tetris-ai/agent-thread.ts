/**
 * The thread an agent in code plays one game on (code-agents.ts starts it): it imports the agent's
 * module, makes the game's agent, and answers each turn the game posts. The game's thread waits for each
 * answer with a time limit, and stops this thread when the agent takes longer, so a hanging agent ends
 * its game with a fault instead of hanging the run.
 *
 * Messages go through `port`; after each message this thread posts, it sets `posted[0]` to 1 and wakes
 * the game's thread, which waits on it with `Atomics.wait`.
 */
import { workerData, type MessagePort } from 'node:worker_threads';
import { Board } from '../tetris/board.ts';
import type { PieceName } from '../tetris/pieces.ts';
import { importAgentModule, type CodeAgent, type Placement } from './code-agents.ts';

/** What the game's thread starts this one with. */
export interface AgentThreadData {
  readonly file: string;
  readonly port: MessagePort;
  readonly posted: Int32Array;
}

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

/** This thread's answers: first whether the agent is ready, then the agent's answer to each turn. */
export type ThreadReply = { readonly ready: true } | { readonly answer: unknown } | { readonly error: string };

const { file, port, posted } = workerData as AgentThreadData;

function reply(message: ThreadReply): void {
  port.postMessage(message);
  Atomics.store(posted, 0, 1);
  Atomics.notify(posted, 0);
}

/** Answers each turn with the agent's answer, or with what it threw. */
function answerTurns(agent: CodeAgent): void {
  port.on('message', (turn: ThreadTurn) => {
    const board = new Board(turn.width, turn.height);
    board.rows.set(turn.rows);
    try {
      reply({ answer: agent.choose({ ...turn, board }) });
    } catch (error) {
      reply({ error: (error as Error)?.message ?? String(error) });
    }
  });
}

try {
  const agent = (await importAgentModule(file)).newAgent();
  reply({ ready: true });
  answerTurns(agent);
} catch (error) {
  reply({ error: (error as Error).message });
  port.close();
}
