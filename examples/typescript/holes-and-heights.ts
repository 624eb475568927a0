// examples/typescript/holes-and-heights.ts: an agent in code, in TypeScript, for `gridmind play --agent`.
import type { AgentTurn } from 'gridmind/agents';

/** A board's badness: each column's height, four for each hole under it, one for each step to the next. */
function badness(board: AgentTurn['board']): number {
  let value = 0;
  let previous = -1;
  for (let x = 0; x < board.width; x++) {
    let height = 0;
    for (let y = board.height - 1; y >= 0; y--) {
      if (board.isFilled(x, y)) height ||= y + 1;
      else if (height > 0) value += 4; // a hole: an empty cell under a filled one
    }
    value += height + (previous < 0 ? 0 : Math.abs(height - previous));
    previous = height;
  }
  return value;
}

export default {
  name: 'holes and heights',
  choose(turn: AgentTurn): number {
    // turn.after(i): the board once the piece locks at placements[i] and full rows clear, and how many did.
    const values = turn.placements.map((_, i) => {
      const { board, lines } = turn.after(i);
      return badness(board) - 3 * lines;
    });
    return values.indexOf(Math.min(...values));
  },
};
