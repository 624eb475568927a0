/**
 * The flooding client of server-flood.ts, on a thread of its own (what it does is no work of the client
 * it is measured against): from one address, it posts the largest replay and the turns of a slow agent
 * in code back to back, answers or not (it never waits for Retry-After), until it is sent a message.
 * It posts "flooding" once it starts (its replay made, its games started and their agents' threads up),
 * and in the end how many of its requests got each status, by kind ("replay 429", "turn 200").
 */
import { parentPort, workerData } from 'node:worker_threads';
import { largestScoreBody } from './server-flood.ts';

/** What the flood is started with. */
export interface FloodData {
  /** The server's address. */
  readonly url: string;
  /** A turn of the served agent, as the page sends it. */
  readonly turn: unknown;
  /** The served agent's name, and its games' set-up. */
  readonly game: unknown;
  /** Posts of the replay under way at once. */
  readonly replayPosts: number;
  /** Games whose turns are sent at once, each its next once one is answered. */
  readonly games: number;
}

const { url, turn, game, replayPosts, games } = workerData as FloodData;
const replay = largestScoreBody(); // made here: making it takes the server's thread half a second
const statuses: Record<string, number> = {};
const stop = new AbortController();
parentPort!.once('message', () => stop.abort());

function post(path: string, body: Uint8Array<ArrayBuffer> | string): Promise<Response> {
  return fetch(`${url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body, signal: stop.signal });
}

/** Counts a request of `kind`, answered with `response`'s status (the body read), and returns what it parses to, if JSON. */
async function answered(kind: string, response: Response): Promise<unknown> {
  statuses[`${kind} ${response.status}`] = (statuses[`${kind} ${response.status}`] ?? 0) + 1;
  const text = await response.text();
  return response.headers.get('content-type')?.startsWith('application/json') ? JSON.parse(text) : text;
}

async function replays(): Promise<void> {
  while (!stop.signal.aborted) await answered('replay', await post('/api/highscores', replay));
}

/** Starts a game of the served agent, and has it answer a turn (its thread starts with its first): the game's id, or null. */
async function startGame(): Promise<number | null> {
  const { game: id } = (await answered('game', await post('/api/code-agents/games', JSON.stringify(game)))) as { game?: number };
  if (id === undefined) return null;
  const reply = (await answered('turn', await post(`/api/code-agents/games/${id}/turn`, JSON.stringify(turn)))) as { fault?: string };
  return reply.fault === undefined ? id : null;
}

/** Plays turns of a game, and of a new one when one ends (a fault) or cannot be found. */
async function turns(first: number | null): Promise<void> {
  let id = first;
  while (!stop.signal.aborted) {
    if (id === null) {
      id = await startGame();
      continue;
    }
    const response = await post(`/api/code-agents/games/${id}/turn`, JSON.stringify(turn));
    const reply = (await answered('turn', response)) as { fault?: string };
    if (response.status === 400 || reply.fault !== undefined) id = null;
  }
}

const started = await Promise.all(Array.from({ length: games }, startGame));
parentPort!.postMessage('flooding');
const flood = [...Array.from({ length: replayPosts }, replays), ...started.map(turns)];
await Promise.allSettled(flood);
parentPort!.postMessage(statuses);
