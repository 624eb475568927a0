export const HEURISTICS = ['h1', 'h2', 'h3', 'h4'] as const;
/**
 * The move heuristics of a 2008 FEUP SameGame solver, each building on the one before (n: the cells of
 * the group the move removes):
 * - `h1`: n(n − 1).
 * - `h2`: h1 − the cells of the group's colour that are alone (no neighbour of their colour), which the
 *   group might still have gathered.
 * - `h3`: h2 + Σ nᵢ(nᵢ − 1) over the groups the move forms by merging, i.e. the groups of the board after
 *   the move whose cells belonged to two or more groups before it; + x + y of the group's cell nearest
 *   the bottom corner on the side the columns close to (that solver closes them to the right and counts
 *   the cell's x from the left and y from the top, rewarding moves low and to the right; Gridmind mirrors
 *   that when columns close to the left): moves there make new groups more likely.
 * - `h4`: h3 − F for groups of the colour with the most cells (the lowest colour on a tie), F = 4(W·H)²
 *   being more than any h3 can differ: those moves come only after every other, so the colour gathers
 *   into a big group.
 */
export type HeuristicName = (typeof HEURISTICS)[number];
