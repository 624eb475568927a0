import { Worker } from 'node:worker_threads';
import type { Board } from '../tetris/board.ts';
import type { Piece } from '../tetris/pieces.ts';
import type { PlacementMode } from '../tetris/placements.ts';
import type { RotationSystemName, Spawn } from '../tetris/rotation/index.ts';
import type { RuleSetName } from '../tetris/rules.ts';
import type { Choice } from './agent.ts';
import type { AgentSpec } from './agent-spec.ts';

/** What the worker is started with. */
export interface AgentWorkerSetup {
  readonly spec: AgentSpec;
  readonly width: number;
  readonly height: number;
  readonly rotation: RotationSystemName;
  readonly mode: PlacementMode;
}

/** A turn as plain data, to cross the thread boundary. */
export interface SerializedTurn {
  readonly rows: number[];
  readonly piece: Piece;
  readonly preview: Piece[];
  readonly rules: RuleSetName;
  readonly score: number;
  readonly level: number;
  readonly target: number | null;
  readonly from?: Spawn;
}

export interface ChooseRequest {
  readonly id: number;
  readonly turn: SerializedTurn;
}

export interface ChooseReply {
  readonly id: number;
  readonly choice: Choice | null;
}

/**
 * An agent that searches on its own worker thread: `choose` returns at once with a promise, and the
 * caller's event loop (a game clock, a server, a UI) keeps running while the search does.
 */
export class AgentWorker {
  private readonly worker: Worker;
  private nextId = 0;
  private readonly pending = new Map<number, { resolve: (choice: Choice | null) => void; reject: (error: Error) => void }>();

  constructor(setup: AgentWorkerSetup) {
    this.worker = new Worker(new URL('./agent-worker.mjs', import.meta.url), { workerData: setup });
    this.worker.on('message', ({ id, choice }: ChooseReply) => {
      this.pending.get(id)?.resolve(choice);
      this.pending.delete(id);
    });
    this.worker.on('error', (error) => this.failAll(error));
    this.worker.on('exit', (code) => this.failAll(new Error(`agent worker stopped (exit code ${code})`)));
  }

  choose(turn: SerializedTurn): Promise<Choice | null> {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ id, turn } satisfies ChooseRequest);
    });
  }

  async close(): Promise<void> {
    await this.worker.terminate();
  }

  private failAll(error: Error): void {
    for (const { reject } of this.pending.values()) reject(error);
    this.pending.clear();
  }
}

/** The rows of a board as a plain array, for a {@link SerializedTurn}. */
export function boardRows(board: Board): number[] {
  return Array.from(board.rows.subarray(0, board.height));
}
