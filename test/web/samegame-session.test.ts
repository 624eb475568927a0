import { describe, expect, it } from 'vitest';
import { SameGame } from '../../src/samegame/rules/game.ts';
import { randomBoard } from '../../src/samegame/rules/random-boards.ts';
import { solve } from '../../src/samegame/solver.ts';
import { DEFAULT_SETTINGS, LONE_CELL, SameGameSession, START, type SameGameSolver } from '../../web/src/samegame/session.ts';

/** The solver itself, on this thread (the page runs the same one in a Web Worker). */
const solverHere: SameGameSolver = { solve: async (board, options) => solve(board, options), cancel: () => {} };

/** A session on a small board, and how many times it asked to be drawn again. */
function newSession(changes = {}) {
  let changes_ = 0;
  const session = new SameGameSession(solverHere, () => changes_++, {
    ...DEFAULT_SETTINGS,
    columns: 5,
    rows: 5,
    seconds: 1,
    maxNodes: 20_000,
    ...changes,
  });
  return { session, changes: () => changes_ };
}

/** A cell of a group of 2 or more, and a lone cell, of a game. */
function cells(game: SameGame): { group: [number, number]; lone: [number, number] | undefined } {
  const all = Array.from({ length: game.board.width * game.board.height }, (_, i): [number, number] => [
    i % game.board.width,
    Math.floor(i / game.board.width),
  ]);
  return { group: all.find(([x, y]) => game.groupAt(x, y).length > 1)!, lone: all.find(([x, y]) => game.groupAt(x, y).length === 1) };
}

describe("the SameGame page's session", () => {
  it('plays, explains a lone cell, takes back and plays again, telling each step', () => {
    const { session, changes } = newSession();
    expect(session.status).toBe(START);
    const { group, lone } = cells(session.game);
    const size = session.game.groupAt(...group).length;
    session.play(...group);
    expect(session.status).toMatch(new RegExp(`^Removed ${size} cells \\(\\+\\d+\\)\\. Now 1 move, `));
    if (lone !== undefined && session.game.groupAt(...lone).length === 1) {
      session.play(...lone);
      expect(session.status).toBe(LONE_CELL);
    }
    session.undo();
    expect(session.status).toMatch(/^Move taken back\. Now 0 moves, 0 points, 25 cells left\.$/);
    session.redo();
    expect(session.status).toMatch(/^Move played again\. Now 1 move, /);
    expect(changes()).toBeGreaterThanOrEqual(3);
  });

  it("outlines the AI's next move, the first of the line it found", async () => {
    const { session } = newSession({ method: 'beam', methodSettings: { heuristic: 'h2', width: 3 } });
    const hinted = session.hint();
    expect(session.thinking).toBe(true);
    expect(session.status).toBe('Looking for a move: beam (heuristic h2, beam width 3), up to 1 s…');
    await hinted;
    const line = solve(session.game.board, {
      method: 'beam',
      rules: session.settings.rules,
      heuristic: 'h2',
      width: 3,
      timeMs: 1000,
      maxNodes: 20_000,
      seed: 1,
    });
    expect(session.highlight.sort()).toEqual(session.game.groupAt(...line.moves[0]).sort());
    expect(session.status).toMatch(new RegExp(`the AI's line scores ${line.score.toLocaleString('en-US')}\\.$`));
    expect(session.thinking).toBe(false);
  });

  it('gives the search only the settings its method takes, and words its refusals without flags', async () => {
    const { session } = newSession({ method: 'nrpa', methodSettings: { heuristic: 'h1', width: 4, level: 1 } });
    await session.hint();
    expect(session.status).toMatch(/^Hint: /); // the heuristic and the width, which NRPA does not take, were left out
    const refusing = new SameGameSession(
      { solve: async (board) => solve(board, { method: 'bfs', rules: DEFAULT_SETTINGS.rules, level: 2 }), cancel: () => {} },
      () => {},
      DEFAULT_SETTINGS,
    );
    await refusing.hint();
    expect(refusing.status).toBe('The AI stopped: "nesting level" works with nmcs, nrpa, not bfs');
  });

  it('competes: the computer plays a puzzle with a move first, then the player, and the verdict ends it', async () => {
    const { session } = newSession({ method: 'nmcs', methodSettings: { level: 1 } });
    await session.compete(() => 0.25);
    expect(session.settings.seed).toBeGreaterThanOrEqual(250_000);
    expect(new SameGame(randomBoard(5, 5, 3, session.settings.seed)).isOver()).toBe(false);
    expect(session.status).toMatch(/^The computer scored [\d,]+ in [\d,]+ moves? \([\d,]+ ms\)\. Your turn: the same puzzle\.$/);
    while (!session.game.isOver()) session.play(...cells(session.game).group);
    expect(session.status).toMatch(/(You win|The computer wins|A draw).*: you [\d,]+, the computer [\d,]+\.$/);
  });
});
