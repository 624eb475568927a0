import { InputError } from '../core/errors.ts';
import type { SameGameBoard } from './board.ts';
import { GroupList } from './groups.ts';
import { DEFAULT_RULES, endAdjustment, groupPoints, type SameGameRules } from './rules.ts';

/** A move played: the cell named (x from the left, y from the bottom, before the move), and what it removed. */
export interface PlayedMove {
  readonly x: number;
  readonly y: number;
  readonly colour: number;
  readonly size: number;
  readonly points: number;
}

/**
 * A game of SameGame: a board, the rules, the moves played, and undo and redo back to the start and
 * forward again. A new move after an undo forgets the moves that were undone.
 */
export class SameGame {
  readonly board: SameGameBoard;
  readonly rules: SameGameRules;
  /** Points of the moves played, without the end-of-game bonus or penalty. */
  points = 0;
  private readonly past: { board: SameGameBoard; points: number; move: PlayedMove }[] = [];
  private readonly undone: PlayedMove[] = [];
  private readonly groups: GroupList;

  constructor(board: SameGameBoard, rules: SameGameRules = DEFAULT_RULES) {
    this.board = board.clone();
    this.rules = rules;
    this.groups = new GroupList(board);
  }

  /** The moves possible now, one cell per group (its lowest cell in the leftmost column it spans), left to right. */
  moves(): [x: number, y: number][] {
    const count = this.groups.find(this.board);
    return Array.from({ length: count }, (_, g) => this.coordinates(this.groups.cell[g]));
  }

  /** The cells [x, y] of the group at (x, y), or [] when the cell is empty. */
  groupAt(x: number, y: number): [x: number, y: number][] {
    if (this.board.colourAt(x, y) < 0) return [];
    const out = new Int32Array(this.board.width * this.board.height);
    const size = this.board.group(this.board.index(x, y), out);
    return Array.from(out.subarray(0, size), (cell) => this.coordinates(cell));
  }

  isOver(): boolean {
    return this.groups.find(this.board) === 0;
  }

  cleared(): boolean {
    return this.board.isEmpty();
  }

  /** The score: the moves' points, plus the end-of-game bonus or penalty once the game is over. */
  score(): number {
    if (!this.isOver()) return this.points;
    return this.points + endAdjustment(this.rules.scoring, this.board.counts, this.board.colours);
  }

  /** Removes the group holding (x, y); an InputError when the cell is empty or alone. */
  play(x: number, y: number): PlayedMove {
    const move = this.apply(x, y);
    this.undone.length = 0;
    return move;
  }

  get canUndo(): boolean {
    return this.past.length > 0;
  }

  get canRedo(): boolean {
    return this.undone.length > 0;
  }

  /** Takes back the last move; returns it, or null at the start. */
  undo(): PlayedMove | null {
    const last = this.past.pop();
    if (last === undefined) return null;
    this.board.copyFrom(last.board);
    this.points = last.points;
    this.undone.push(last.move);
    return last.move;
  }

  /** Plays again the last move taken back; returns it, or null when there is none. */
  redo(): PlayedMove | null {
    const next = this.undone.pop();
    return next === undefined ? null : this.apply(next.x, next.y);
  }

  /** The moves played since the start, oldest first. */
  history(): PlayedMove[] {
    return this.past.map((entry) => entry.move);
  }

  private apply(x: number, y: number): PlayedMove {
    const { board } = this;
    const colour = board.colourAt(x, y);
    if (colour < 0) throw new InputError(`no cell at column ${x}, row ${y}: the move must name a cell of a group`);
    const before = board.clone();
    const size = board.removeGroup(board.index(x, y), this.rules.shift);
    if (size === 0)
      throw new InputError(`the cell at column ${x}, row ${y} has no neighbour of its colour: a move removes 2 cells or more`);
    const move: PlayedMove = { x, y, colour, size, points: groupPoints(this.rules.scoring, size) };
    this.past.push({ board: before, points: this.points, move });
    this.points += move.points;
    return move;
  }

  private coordinates(cell: number): [x: number, y: number] {
    return [this.board.columnOf[cell], this.board.rowOf[cell]];
  }
}
