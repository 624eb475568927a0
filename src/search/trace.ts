/**
 * What a search found, move by move from the start, for explaining it: every complete game it accepted,
 * counted by the game's first move with the best score among them, and each time the best score so far
 * rose (the nodes and milliseconds spent by then). A search records into a trace given in its limits.
 */
export interface FirstMoveRecord {
  /** Complete games found whose first move this is (for NMCS and NRPA: playouts through it). */
  games: number;
  /** The best score of those games. */
  best: number;
}

export interface Improvement {
  readonly score: number;
  readonly nodes: number;
  readonly ms: number;
}

export class SearchTrace {
  readonly firstMoves = new Map<number, FirstMoveRecord>();
  readonly improvements: Improvement[] = [];

  /** Records a complete game: its first move (none for the empty game) and score. */
  game(firstMove: number | undefined, score: number): void {
    if (firstMove === undefined) return;
    const record = this.firstMoves.get(firstMove);
    if (record === undefined) this.firstMoves.set(firstMove, { games: 1, best: score });
    else {
      record.games++;
      if (score > record.best) record.best = score;
    }
  }

  /** Records a new best score. */
  improved(score: number, nodes: number, ms: number): void {
    this.improvements.push({ score, nodes, ms });
  }
}
