import { Worker } from 'node:worker_threads';
import type { AgentSetup, ChooseReply, ChooseRequest, SerializedTurn } from './turn-data.ts';

/**
 * An agent that searches on its own worker thread: `choose` returns at once with a promise, and the
 * caller's event loop (a game clock, a server) keeps running while the search does.
 */
export class AgentWorker {
  private readonly worker: Worker;
  private nextId = 0;
  private readonly pending = new Map<number, { resolve: (reply: ChooseReply) => void; reject: (error: Error) => void }>();
  /** Why the worker is gone, once it is: every later request fails at once with it. */
  private stopped: Error | null = null;

  constructor(setup: AgentSetup) {
    this.worker = new Worker(new URL('./agent-worker.mjs', import.meta.url), { workerData: setup });
    this.worker.on('message', (reply: ChooseReply) => {
      const request = this.pending.get(reply.id);
      this.pending.delete(reply.id);
      if (reply.error === undefined) request?.resolve(reply);
      else request?.reject(new Error(`the agent's search failed: ${reply.error}`));
    });
    this.worker.on('error', (error) => this.stop(error));
    this.worker.on('exit', (code) => this.stop(new Error(`the agent worker has stopped (exit code ${code})`)));
  }

  choose(turn: SerializedTurn): Promise<ChooseReply> {
    if (this.stopped !== null) return Promise.reject(this.stopped);
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ id, turn } satisfies ChooseRequest);
    });
  }

  async close(): Promise<void> {
    this.stop(new Error('the agent worker was closed'));
    await this.worker.terminate();
  }

  private stop(reason: Error): void {
    this.stopped ??= reason;
    for (const { reject } of this.pending.values()) reject(this.stopped);
    this.pending.clear();
  }
}
