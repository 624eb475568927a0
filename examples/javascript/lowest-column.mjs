// An agent in code for `gridmind play --agent examples/javascript/lowest-column.mjs`: it drops each
// piece where the placement's lowest cell is lowest, and among those the leftmost (docs/own-agent.md).
export default {
  name: 'lowest column',
  choose({ placements }) {
    let best = 0;
    for (let i = 1; i < placements.length; i++) {
      const [p, b] = [placements[i], placements[best]];
      if (p.y < b.y || (p.y === b.y && p.x < b.x)) best = i;
    }
    return best;
  },
};
