import { SameGameBoard } from '../../../src/samegame/rules/board.ts';
import type { Solution, SolveOptions } from '../../../src/samegame/solver.ts';

/** A board as plain data, to cross into the worker. */
export interface BoardData {
  readonly width: number;
  readonly height: number;
  readonly colours: number;
  readonly cells: Uint8Array;
  readonly heights: Uint8Array;
  readonly counts: Int32Array;
}

export type WorkerOptions = Omit<SolveOptions, 'cancelled'>;
export type SolverRequest = { id: number; board: BoardData; options: WorkerOptions };
export type SolverReply = { id: number; solution?: Solution; error?: string };

export function boardData(board: SameGameBoard): BoardData {
  const { width, height, colours } = board;
  return { width, height, colours, cells: board.cells.slice(), heights: board.heights.slice(), counts: board.counts.slice() };
}

export function boardFromData(data: BoardData): SameGameBoard {
  const board = new SameGameBoard(data.width, data.height, data.colours);
  board.cells.set(data.cells);
  board.heights.set(data.heights);
  board.counts.set(data.counts);
  return board;
}

/** The SameGame solver in a Web Worker: the page stays responsive while it searches. */
export class SolverClient {
  private worker = this.start();
  private nextId = 0;
  private readonly pending = new Map<number, { resolve: (solution: Solution) => void; reject: (error: Error) => void }>();

  solve(board: SameGameBoard, options: WorkerOptions): Promise<Solution> {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ id, board: boardData(board), options } satisfies SolverRequest);
    });
  }

  /** Stops a search under way (its promise is rejected) and starts a fresh worker. */
  cancel(): void {
    this.worker.terminate();
    for (const { reject } of this.pending.values()) reject(new Error('cancelled'));
    this.pending.clear();
    this.worker = this.start();
  }

  stop(): void {
    this.worker.terminate();
    this.pending.clear();
  }

  private start(): Worker {
    const worker = new Worker(new URL('./solver.worker.ts', import.meta.url), { type: 'module' });
    worker.onmessage = ({ data }: MessageEvent<SolverReply>) => {
      const request = this.pending.get(data.id);
      this.pending.delete(data.id);
      if (data.solution) request?.resolve(data.solution);
      else request?.reject(new Error(data.error ?? 'the solver failed'));
    };
    return worker;
  }
}
