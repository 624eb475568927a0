import { InputError } from '../../core/errors.ts';
import type { SameGameBoard } from './board.ts';
import { GroupList } from './groups.ts';
import { DEFAULT_RULES, endAdjustment, groupPoints, type SameGameRules } from './options.ts';

/** A move played: the cell named (x from the left, y from the bottom, before the move), and what it removed. */
export interface PlayedMove {
  readonly x: number;
  readonly y: number;
  readonly colour: number;
  readonly size: number;
  readonly points: number;
}

/**
 * The moves played, newest first, each with the board and points from before it: a list whose links are
 * never changed, so that copies of a game share it.
 */
interface Played {
  readonly move: PlayedMove;
  readonly board: SameGameBoard;
  readonly points: number;
  /** The moves played up to this one, this one included. */
  readonly count: number;
  readonly previous: Played | null;
}

/** The moves taken back, the last taken back first, in links never changed (as {@link Played}). */
interface Undone {
  readonly move: PlayedMove;
  readonly previous: Undone | null;
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
  private past: Played | null = null;
  private undone: Undone | null = null;
  /**
   * Scratch for finding the groups, read at once after each search: made at the first search, and shared
   * with copies (see {@link clone}).
   */
  private groups: GroupList | null = null;

  constructor(board: SameGameBoard, rules: SameGameRules = DEFAULT_RULES) {
    this.board = board.clone();
    this.rules = rules;
  }

  /**
   * An independent copy of the game as it stands, its undo and redo history included, which plays on
   * exactly as this one would. Its cost does not grow with the moves played: the copies share the
   * history, which no game changes, and the scratch for finding groups.
   */
  clone(): SameGame {
    const copy = new SameGame(this.board, this.rules);
    copy.points = this.points;
    copy.past = this.past;
    copy.undone = this.undone;
    copy.groups = this.groups;
    return copy;
  }

  /** The moves possible now, one cell per group (its lowest cell in the leftmost column it spans), left to right. */
  moves(): [x: number, y: number][] {
    const groups = this.groupList();
    const count = groups.find(this.board);
    return Array.from({ length: count }, (_, g) => this.coordinates(groups.firsts[g]));
  }

  /** The cells [x, y] of the group at (x, y), or [] when the cell is empty. */
  groupAt(x: number, y: number): [x: number, y: number][] {
    if (this.board.colourAt(x, y) < 0) return [];
    const out = new Int32Array(this.board.width * this.board.height);
    const size = this.board.group(this.board.index(x, y), out);
    return Array.from(out.subarray(0, size), (cell) => this.coordinates(cell));
  }

  isOver(): boolean {
    return this.groupList().find(this.board) === 0;
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
    this.undone = null;
    return move;
  }

  get canUndo(): boolean {
    return this.past !== null;
  }

  get canRedo(): boolean {
    return this.undone !== null;
  }

  /** Takes back the last move; returns it, or null at the start. */
  undo(): PlayedMove | null {
    const last = this.past;
    if (last === null) return null;
    this.board.copyFrom(last.board);
    this.points = last.points;
    this.past = last.previous;
    this.undone = { move: last.move, previous: this.undone };
    return last.move;
  }

  /** Plays again the last move taken back; returns it, or null when there is none. */
  redo(): PlayedMove | null {
    const next = this.undone;
    if (next === null) return null;
    this.undone = next.previous;
    return this.apply(next.move.x, next.move.y);
  }

  /** The number of moves played since the start (those taken back not counted). */
  get movesPlayed(): number {
    return this.past?.count ?? 0;
  }

  /** The moves played since the start, oldest first. */
  history(): PlayedMove[] {
    const moves: PlayedMove[] = [];
    for (let link = this.past; link !== null; link = link.previous) moves.push(link.move);
    return moves.reverse();
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
    this.past = { move, board: before, points: this.points, count: this.movesPlayed + 1, previous: this.past };
    this.points += move.points;
    return move;
  }

  private groupList(): GroupList {
    return (this.groups ??= new GroupList(this.board));
  }

  private coordinates(cell: number): [x: number, y: number] {
    return [this.board.columnOf[cell], this.board.rowOf[cell]];
  }
}
