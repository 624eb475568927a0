import type { AgentSetup, ChooseReply, ChooseRequest, SerializedTurn } from '../../src/tetris-ai/turn-data.ts';

export type WorkerRequest = { kind: 'setup'; setup: AgentSetup } | { kind: 'turn'; request: ChooseRequest };

/** An agent's game as the page sees it: the board size, rotation system and placement mode. */
export type PlayingSetup = Omit<AgentSetup, 'spec'>;

/** An agent playing a game: where it puts each piece (and the keys that do it), until stopped. */
export interface AgentPlayer {
  choose(turn: SerializedTurn): Promise<ChooseReply>;
  stop(): void;
}

/** An agent searching in a Web Worker: `choose` resolves with its placement and the keys that play it. */
export class AgentClient implements AgentPlayer {
  private readonly worker = new Worker(new URL('./agent.worker.ts', import.meta.url), { type: 'module' });
  private nextId = 0;
  private readonly pending = new Map<number, (reply: ChooseReply) => void>();

  constructor(setup: AgentSetup) {
    this.worker.onmessage = ({ data }: MessageEvent<ChooseReply>) => {
      if (data.error !== undefined) console.error(`the agent's search failed: ${data.error}`);
      this.pending.get(data.id)?.(data);
      this.pending.delete(data.id);
    };
    this.worker.postMessage({ kind: 'setup', setup } satisfies WorkerRequest);
  }

  choose(turn: SerializedTurn): Promise<ChooseReply> {
    const id = this.nextId++;
    return new Promise((resolve) => {
      this.pending.set(id, resolve);
      this.worker.postMessage({ kind: 'turn', request: { id, turn } } satisfies WorkerRequest);
    });
  }

  stop(): void {
    this.worker.terminate();
    this.pending.clear();
  }
}
