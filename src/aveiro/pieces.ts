/** The pieces of an Aveiro game: how many next pieces a frame shows, and how a seed deals them. */

/** The next pieces a frame shows (`next_pieces`), so the deepest lookahead an agent can have on the protocol (agent files allow no deeper one). */
export const AVEIRO_PREVIEW = 3;

/**
 * How a seed deals pieces: `gridmind`, Gridmind's own generator; `course`, the course server's (Python's
 * `random.seed(seed)` then `random.choice` over the shapes in its order, with its keepalive pings'
 * draws when the server counts them), the very pieces it deals.
 */
export const PIECE_GENERATORS = ['gridmind', 'course'] as const;
export type PieceGenerator = (typeof PIECE_GENERATORS)[number];
