import { Budget } from './budget.ts';
import type { ChildRating, GoalOption, Problem, SearchLimits, SearchResult } from './problem.ts';

export interface BeamOptions<S> extends SearchLimits, GoalOption<S> {
  /** States kept per depth. */
  readonly width: number;
  /** Ranks the children of the states kept (default: the children's scores). */
  readonly rating?: ChildRating<S>;
  /** After a finished search, search again with twice the width, while the budget lasts. */
  readonly widen?: boolean;
}

/**
 * Beam search: a breadth-first search that keeps, at each depth, only the `width` children ranked best
 * (ties: the first generated). Children with equal hashes (transpositions, when the problem hashes) are
 * kept once. Every state whose game is over is a candidate solution; a search ends when no state is
 * left. With `widen`, searches of width w, 2w, 4w, … follow one another while the budget lasts (an
 * anytime beam search). Memory: the states kept, the children of one depth and the move tree of the
 * states kept.
 */
export function beam<S>(problem: Problem<S>, options: BeamOptions<S>): SearchResult {
  const { width } = options;
  if (!Number.isInteger(width) || width < 1) throw new RangeError(`beam width must be a whole number ≥ 1, got ${width}`);
  const budget = new Budget(options);
  const start = problem.start();
  for (let w = width; !budget.exhausted; w *= 2) {
    const truncated = search(problem, options, w, budget);
    if (!options.widen || !truncated) break;
  }
  return budget.result(problem.score(start));
}

/**
 * One beam search of width `width`; offers the games it finishes to `budget`. Returns whether it had to
 * leave children out (if not, it saw every state and a wider search would find nothing more).
 */
function search<S>(problem: Problem<S>, options: BeamOptions<S>, width: number, budget: Budget): boolean {
  let truncated = false;
  const start = problem.start();
  const moves = new Int32Array(problem.maxMoves);
  const values = new Float64Array(problem.maxMoves);
  // The children of one depth: their parent (index in the beam), move and rank value.
  let childParent = new Int32Array(1024);
  let childMove = new Int32Array(1024);
  let childValue = new Float64Array(1024);
  let beam = [problem.clone(start)];
  let spare: S[] = [];
  // The move tree: node n was reached from node parentOf[n] by moveOf[n]; node 0 is the start.
  let parentOf = new Int32Array(1024);
  let moveOf = new Int32Array(1024);
  let nodes = 1;
  let beamNodes = [0];
  const seen = new Set<number>();
  const scratch = problem.clone(start);

  const finish = (state: S, node: number): void => {
    if (!(options.goal?.(state) ?? true)) return;
    const score = problem.score(state);
    if (score <= budget.bestScore) return;
    const path: number[] = [];
    for (let n = node; n !== 0; n = parentOf[n]) path.push(moveOf[n]);
    budget.offer(score, path.reverse());
  };

  while (beam.length > 0) {
    let children = 0;
    for (let b = 0; b < beam.length; b++) {
      const count = problem.moves(beam[b], moves);
      if (count === 0) {
        finish(beam[b], beamNodes[b]);
        continue;
      }
      if (options.rating) options.rating(beam[b], moves, count, values);
      else {
        for (let i = 0; i < count; i++) {
          problem.copy(scratch, beam[b]);
          problem.play(scratch, moves[i]);
          values[i] = problem.score(scratch);
        }
        if (budget.spend(count)) return true;
      }
      if (children + count > childParent.length) {
        const size = 2 * (children + count);
        childParent = growInt(childParent, size);
        childMove = growInt(childMove, size);
        const grown = new Float64Array(size);
        grown.set(childValue);
        childValue = grown;
      }
      for (let i = 0; i < count; i++, children++) {
        childParent[children] = b;
        childMove[children] = moves[i];
        childValue[children] = values[i];
      }
    }
    const ranked = Int32Array.from({ length: children }, (_, c) => c).sort((a, b) => childValue[b] - childValue[a] || a - b);
    seen.clear();
    const kept: number[] = [];
    const next: S[] = [];
    for (let k = 0; k < ranked.length && kept.length < width; k++) {
      const c = ranked[k];
      const child = spare.pop() ?? problem.clone(start);
      problem.copy(child, beam[childParent[c]]);
      problem.play(child, childMove[c]);
      if (budget.spend()) return true;
      if (problem.hash) {
        const hash = problem.hash(child);
        if (seen.has(hash)) {
          spare.push(child);
          continue;
        }
        seen.add(hash);
      }
      if (nodes === parentOf.length) {
        parentOf = growInt(parentOf, 2 * nodes);
        moveOf = growInt(moveOf, 2 * nodes);
      }
      parentOf[nodes] = beamNodes[childParent[c]];
      moveOf[nodes] = childMove[c];
      kept.push(nodes++);
      next.push(child);
    }
    if (kept.length === width && ranked.length > width) truncated = true;
    spare = spare.concat(beam);
    beam = next;
    beamNodes = kept;
  }
  return truncated;
}

function growInt(array: Int32Array, size: number): Int32Array<ArrayBuffer> {
  const larger = new Int32Array(size);
  larger.set(array);
  return larger;
}
