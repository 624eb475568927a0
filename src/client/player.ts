import type { Frame, PieceState } from '../aveiro/game.ts';
import type { Chooser } from '../tetris-ai/agent.ts';
import { AveiroPlanner, identifyPiece, type Plan } from './planner.ts';

const same = (a: PieceState, b: PieceState) => a.shape === b.shape && a.rotation === b.rotation && a.x === b.x && a.y === b.y;
/** Where a new piece's box starts, before the tick that spawns it moves it down a row. */
const SPAWN = { x: 2, y: 0 };

/**
 * Decides the key to send after each frame. It plans a piece as soon as it is known — after the
 * frame where the last one locked, from the next piece's spawn position — and follows the plan one
 * key per tick, planning again whenever the piece is not where the plan expected (a missed tick).
 */
export class AveiroPlayer {
  private readonly planner: AveiroPlanner;
  private plan: Plan | null = null;
  private start: PieceState | null = null;
  private step = 0;

  /** `agent` chooses where each piece locks (see {@link AveiroPlanner}). */
  constructor(agent: Chooser) {
    this.planner = new AveiroPlanner(agent);
  }

  keyAfter(frame: Frame): string {
    const shown = frame.next_pieces.map((cells) => identifyPiece(cells)?.shape ?? null);
    if (frame.piece === null) {
      const next = identifyPiece(frame.next_pieces[0]);
      this.follow(next === null ? null : { ...next, ...SPAWN }, frame, shown.slice(1));
    } else {
      const piece = identifyPiece(frame.piece);
      if (piece === null) return '';
      const expected = this.plan === null ? null : this.step === 0 ? this.start : this.plan.positions[this.step - 1];
      if (expected === null || !same(expected, piece)) this.follow(piece, frame, shown);
    }
    return this.plan?.keys[this.step++] ?? '';
  }

  /** Plans `piece` on the frame's board, looking ahead over the `shown` next pieces up to the first it cannot tell. */
  private follow(piece: PieceState | null, frame: Frame, shown: readonly (PieceState['shape'] | null)[]): void {
    this.start = piece;
    this.step = 0;
    const known = shown.indexOf(null);
    const next = (known < 0 ? shown : shown.slice(0, known)) as PieceState['shape'][];
    this.plan = piece === null ? null : this.planner.plan({ game: frame.game, score: frame.score, next }, piece);
  }
}

export interface AveiroResult {
  readonly score: number;
  readonly lines: number;
  readonly pieces: number;
  /** What an agent in code did wrong, when its fault ended the game (the client then left it). */
  readonly fault?: string;
}
