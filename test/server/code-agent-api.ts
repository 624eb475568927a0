import type { Game } from '../../src/tetris/game.ts';

/** A client of the code-agent games API at `base` (a server's URL): GET without a body, POST with one. */
export function codeAgentApi(base: () => string) {
  const api = (path: string, body?: unknown, method = body === undefined ? 'GET' : 'POST') =>
    fetch(`${base()}/api/code-agents${path}`, {
      method,
      headers: { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  /** Starts a classic 10×20 game of `agent` with `rotation`; returns its id. */
  const start = async (agent: string, rotation = 'classic') =>
    (await (await api('/games', { agent, width: 10, height: 20, rotation, mode: 'reachable' })).json()).game as number;
  return { api, start };
}

/** A turn of a classic game, as the web app sends it. */
export function turnOf(game: Game, id = 1) {
  return {
    id,
    turn: {
      rows: Array.from(game.board.rows.subarray(0, game.board.height)),
      piece: game.current,
      preview: game.preview(),
      rules: 'classic',
      score: game.score,
      level: 0,
      target: null,
      from: game.active!,
    },
  };
}
