/**
 * The addresses of this server's Aveiro protocol as a page sees them: the WebSocket endpoints on the
 * page's own host and port (`wss` under https), and the command that plays there. The Aveiro page shows
 * them, and a browser test runs the command it shows.
 */

/** The page's location, or as much of it as the addresses need. */
type PageLocation = Pick<Location, 'protocol' | 'host'>;

/** The WebSocket address of `path` (`/player` or `/viewer`) on the page's server. */
export function aveiroSocketUrl(page: PageLocation, path: '/player' | '/viewer'): string {
  return `${page.protocol === 'https:' ? 'wss' : 'ws'}://${page.host}${path}`;
}

/** The command that plays a game here with Gridmind's agent, from the project's folder (`npx` finds its `gridmind`). */
export function aveiroClientCommand(page: PageLocation): string {
  return `npx gridmind client --server ${aveiroSocketUrl(page, '/player')} --agent aveiro`;
}
