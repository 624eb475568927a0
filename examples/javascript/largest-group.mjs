// A SameGame solver in code for `gridmind samegame solve|bench --solver examples/javascript/largest-group.mjs`:
// it removes the largest group left, the first such in the game's own order, until none is left
// (docs/own-agent.md). `game` is Gridmind's SameGame on the board: it checks every move it is given.
export default {
  name: 'largest group first',
  solve(game) {
    const played = [];
    for (let moves = game.moves(); moves.length > 0; moves = game.moves()) {
      let best = moves[0];
      let bestSize = 0;
      for (const [x, y] of moves) {
        const size = game.groupAt(x, y).length;
        if (size > bestSize) [best, bestSize] = [[x, y], size];
      }
      game.play(best[0], best[1]);
      played.push(best);
    }
    return played;
  },
};
