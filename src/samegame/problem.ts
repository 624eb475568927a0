import type { Problem } from '../search/problem.ts';
import { ZobristTable } from '../search/zobrist.ts';
import type { SameGameBoard } from './rules/board.ts';
import { GroupList } from './rules/groups.ts';
import { endAdjustment, groupPoints, type SameGameRules } from './rules/options.ts';

/** A position in a search: the board and the points its moves have won. */
export interface SameGameState {
  readonly board: SameGameBoard;
  points: number;
}

/**
 * SameGame as a search {@link Problem}. A move is the index in the board's cells of a cell of the group
 * it removes, the group's first cell in scan order, so equal positions list equal moves.
 *
 * - Policy codes (NRPA): colour × cells + the move's cell: a group of one colour named at one place.
 * - Playout priors: the "tabu colour" of the SameGame literature (Cazenave 2009, after Schadd et al.
 *   2008): a playout seldom removes a group of the colour with the most cells left (prior −3), so that
 *   colour gathers into large groups for the end.
 * - Hash: Zobrist over the cells' colours.
 * - Guide (Monte-Carlo methods): see {@link guide}.
 */
export class SameGameProblem implements Problem<SameGameState> {
  readonly maxMoves: number;
  readonly maxDepth: number;
  readonly codeCount: number;
  private readonly groups: GroupList;
  /** The board `groups` lists, while it has not changed since (a move is then played from the list). */
  private listed: SameGameBoard | null = null;
  /**
   * The board `groups` listed before its last move, played from the list with no column moving, and
   * the columns that move changed (those the group spanned): the next `moves` or `listMoves` on it finds
   * only the groups around them.
   */
  private moved: SameGameBoard | null = null;
  private readonly movedColumns = new Int32Array(2);
  /** The cells of the group a move removes. */
  private readonly removed: Int32Array;
  private readonly zobrist: ZobristTable;

  constructor(
    readonly board: SameGameBoard,
    readonly rules: SameGameRules,
  ) {
    const cells = board.width * board.height;
    this.maxMoves = cells >> 1;
    this.maxDepth = cells >> 1;
    this.codeCount = board.colours * board.cells.length;
    this.groups = new GroupList(board);
    this.removed = new Int32Array(cells);
    this.zobrist = new ZobristTable(board.cells.length, board.colours + 1);
  }

  start(): SameGameState {
    return { board: this.board.clone(), points: 0 };
  }

  clone(state: SameGameState): SameGameState {
    return { board: state.board.clone(), points: state.points };
  }

  copy(target: SameGameState, source: SameGameState): void {
    if (this.listed === target.board) this.listed = null;
    if (this.moved === target.board) this.moved = null;
    target.board.copyFrom(source.board);
    target.points = source.points;
  }

  moves(state: SameGameState, out: Int32Array): number {
    const count = this.findGroups(state.board);
    const firsts = this.groups.firsts;
    for (let g = 0; g < count; g++) out[g] = firsts[g];
    return count;
  }

  listMoves(state: SameGameState, moves: Int32Array, priors: Float64Array, codes: Int32Array): number {
    const { board } = state;
    const count = this.findGroups(board);
    const { firsts, colourOf } = this.groups;
    const cells = board.cells.length;
    const tabu = mostFrequentColour(board.counts);
    for (let g = 0; g < count; g++) {
      const cell = firsts[g];
      const colour = colourOf[cell];
      moves[g] = cell;
      priors[g] = tabuPrior(colour, tabu);
      codes[g] = policyCode(colour, cell, cells);
    }
    return count;
  }

  /** Finds the groups of `board` into `groups` (after a move played from them, in the columns around it alone); returns their number. */
  private findGroups(board: SameGameBoard): number {
    const { groups, movedColumns } = this;
    const count = this.moved === board ? groups.find(board, movedColumns[0], movedColumns[1]) : groups.find(board);
    this.listed = board;
    this.moved = null;
    return count;
  }

  play(state: SameGameState, move: number): void {
    const size = this.removeMove(state.board, move);
    if (size === 0) throw new RangeError(`cell ${move} is not a move`);
    state.points += groupPoints(this.rules.scoring, size);
  }

  /**
   * Removes the group of `move` from `board`; returns its size (0: not a move, nothing changed). Just
   * after `moves` on this board its groups are listed, so the group is taken from the list.
   */
  private removeMove(board: SameGameBoard, move: number): number {
    const { groups, removed } = this;
    const first = this.listed === board ? groups.groupOf[move] : -1;
    this.listed = null;
    this.moved = null;
    if (first === undefined || first < 0) return board.removeGroup(move, this.rules.shift);
    const size = groups.cellsOf(first, removed);
    if (!board.removeCells(removed, 0, size, this.rules.shift, this.movedColumns)) this.moved = board;
    return size;
  }

  score(state: SameGameState): number {
    const { board } = state;
    if (hasMove(board)) return state.points;
    return state.points + endAdjustment(this.rules.scoring, board.counts, board.colours);
  }

  /**
   * Under `standard` scoring, the Monte-Carlo methods steer by the `penalty` rules' score: a game that
   * leaves cells loses (c − 2)² for every colour with c > 2 cells left, so the searches go for the clear
   * bonus. On the standard set this scored about 2 % more, every game a clear, in the same time.
   */
  guide(state: SameGameState): number {
    if (this.rules.scoring !== 'standard' || hasMove(state.board)) return this.score(state);
    return state.points + endAdjustment('penalty', state.board.counts, state.board.colours);
  }

  hash(state: SameGameState): number {
    return this.zobrist.hash(state.board.cells);
  }

  code(state: SameGameState, move: number): number {
    return policyCode(state.board.cells[move] - 1, move, state.board.cells.length);
  }

  priors(state: SameGameState, moves: Int32Array, count: number, out: Float64Array): void {
    const { cells, counts } = state.board;
    const tabu = mostFrequentColour(counts);
    for (let i = 0; i < count; i++) out[i] = tabuPrior(cells[moves[i]] - 1, tabu);
  }
}

/**
 * The prior of a move removing the tabu colour: e⁻³ ≈ 1/20 the weight of another move. Finite, so that
 * NRPA can still learn to play such a move early when that pays (a ban, −Infinity, would forbid it for
 * good); on the standard set it also scored as well as a ban.
 */
const TABU_PRIOR = -3;

/** The policy code of the move on `cell`, a group of colour `colour` (0-based), on a board of `cellCount` cells (frame included). */
function policyCode(colour: number, cell: number, cellCount: number): number {
  return colour * cellCount + cell;
}

/** The prior of a move removing a group of colour `colour` when `tabu` is the tabu colour (both 0-based). */
function tabuPrior(colour: number, tabu: number): number {
  return colour === tabu ? TABU_PRIOR : 0;
}

/** Whether any group of 2 or more cells is left. */
export function hasMove(board: SameGameBoard): boolean {
  const heights = board.heights;
  for (let x = 0; x < board.width; x++) {
    const base = board.bottom(x);
    for (let cell = base; cell < base + heights[x]; cell++) if (board.isMove(cell)) return true;
  }
  return false;
}

/** The colour with the most cells (the lowest such colour on a tie). */
export function mostFrequentColour(counts: Int32Array): number {
  let best = 0;
  for (let k = 1; k < counts.length; k++) if (counts[k] > counts[best]) best = k;
  return best;
}
