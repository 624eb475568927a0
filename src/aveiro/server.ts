import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';
import { z } from 'zod';
import type { Db } from '../store/database.ts';
import { cleanName, nameProblem } from '../core/player-names.ts';
import { addHighScore, topHighScores } from '../store/highscores.ts';
import { AVEIRO_TABLE } from './score-table.ts';
import { KeepalivePings } from './course-random.ts';
import { AveiroGame, gameInfo, seededPieces, type Info } from './game.ts';
import type { PieceGenerator } from './pieces.ts';
import { aveiroReplayLog } from './replay.ts';

/** Largest message accepted; a larger one closes the connection with 1009 (message too big). */
export const MAX_MESSAGE_BYTES = 64 * 1024;
/** What the WebSocket layer itself accepts before it drops a connection without a word. */
const TRANSPORT_LIMIT_BYTES = 1024 * 1024;
/** A connection may send this many messages in a burst, refilled at this rate per second; more is a flood (close 1008). */
export const FLOOD_BURST = 2000;
/** Bytes waiting to go out to one client beyond which it is too slow and is dropped (close 1013). */
export const MAX_BUFFERED_BYTES = 1024 * 1024;

/** Ended games the server remembers for the web app's list (newest first, in memory only); a game played to the end also has its score in the high scores. */
export const FINISHED_GAMES_KEPT = 20;

const message = z.discriminatedUnion('cmd', [
  z.object({
    cmd: z.literal('join'),
    name: z.string({ message: '"name" must be a string' }).optional(),
    game: z.number({ message: '"game" must be the number of a live game' }).int('"game" must be the number of a live game').optional(),
  }),
  z.object({ cmd: z.literal('key'), key: z.string({ message: '"key" must be a string such as "a"' }) }),
]);

export interface AveiroServerOptions {
  readonly db: Db;
  /** Every game gets the pieces of this seed (the original's --seed). */
  readonly seed?: number | null;
  /** Game k (0-based, in the order games start) gets the pieces of seed `seeds` + k. */
  readonly seeds?: number | null;
  /**
   * How a seed deals pieces (default `gridmind`). `course`: as the course's server deals them, its
   * connections' keepalive pings included; the server then also answers a join as the course does (with
   * the score and speed of the game started last) and closes a finished game with no reason.
   */
  readonly pieces?: PieceGenerator;
  /** The time in milliseconds on which the course's keepalive pings fall (performance.now unless given; tests give their own). */
  readonly clock?: () => number;
  /** Games running at once; later players wait their turn. */
  readonly maxGames: number;
  /** How many ended games to list (FINISHED_GAMES_KEPT unless given). */
  readonly finishedKept?: number;
}

/** A live game, as the web app lists them. */
export interface LiveGame {
  readonly id: number;
  readonly player: string;
  readonly score: number;
  readonly lines: number;
  readonly speed: number;
  readonly startedAt: string;
}

/** A game that has ended, with its final score: the game was over, or its player disconnected. */
export interface FinishedGame extends LiveGame {
  readonly endedAt: string;
  readonly ending: 'game over' | 'player left';
  /**
   * The high score that keeps the game's replay (`GET /api/highscores/ID/replay`; the web app's
   * `#/replay/aveiro/ID`), or null when none is kept: its player left (such a game is not stored), or it
   * was longer than MAX_KEPT_TICKS (its score is stored without it).
   */
  readonly replayId: number | null;
}

/**
 * Ticks past which a game's replay is not kept (an agent's game of 100,000 ticks makes about 3 MB of
 * JSON, in half a second while every game waits): its score still is.
 */
export const MAX_KEPT_TICKS = 100_000;

interface Connection {
  readonly socket: WebSocket;
  readonly role: 'player' | 'viewer';
  tokens: number;
  refilledAt: number;
  /** A player's name once joined. */
  name?: string;
  /** A player's game, once it runs. */
  session?: GameSession;
  /** A viewer's game: a chosen one, or (undefined) whichever started last. */
  following?: number;
  /** A viewer receives frames once it has joined. */
  watching?: boolean;
}

/** One player's game: its own clock, its player and the viewers that follow it. */
class GameSession {
  readonly startedAt = new Date();
  private timer: NodeJS.Timeout | null = null;
  private firstFrame = true;
  private lastTickAt = 0;

  constructor(
    readonly id: number,
    readonly player: Connection,
    readonly game: AveiroGame,
    private readonly server: AveiroServer,
    /** When it started, on the server's clock. */
    readonly startedClock: number,
  ) {}

  start(): void {
    this.lastTickAt = performance.now();
    this.schedule();
  }

  /** Stops the clock (the player left, or the server closes). */
  stop(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
  }

  private schedule(): void {
    const interval = 1000 / this.game.gameSpeed;
    this.timer = setTimeout(() => this.tick(interval), interval);
  }

  private tick(interval: number): void {
    const now = performance.now();
    this.server.recordTickLateness(now - this.lastTickAt - interval);
    this.lastTickAt = now;
    const frame = this.game.tick();
    if (!this.firstFrame) frame.player = this.player.name;
    this.firstFrame = false;
    this.server.broadcast(this, JSON.stringify(frame));
    if (this.game.running) this.schedule();
    else this.server.finish(this);
  }
}

/**
 * The Aveiro protocol on Gridmind's server: players at `/player`, spectators at `/viewer`. Unlike
 * the original, every player gets a game of their own at once (up to `maxGames`, then they wait), a
 * viewer may follow any game, a malformed message gets `{"error": "<reason>"}` and the connection
 * stays open, oversized messages and floods are refused with a close reason, slow clients are
 * dropped rather than waited for, and high scores go to SQLite with the game's replay.
 */
export class AveiroServer {
  private readonly sockets = new WebSocketServer({ noServer: true, maxPayload: TRANSPORT_LIMIT_BYTES });
  private readonly sessions = new Map<number, GameSession>();
  /** Ended games, newest first, at most `finishedKept`. */
  private readonly finished: FinishedGame[] = [];
  /** The id of the game started last, which viewers without a choice follow. */
  private newest = 0;
  private measuring = false;
  private readonly waiting: Connection[] = [];
  private readonly viewers = new Set<Connection>();
  private gamesStarted = 0;
  private readonly lateness: number[] = [];
  /** The connections whose keepalive pings the course's generator draws: under `course` pieces only. */
  private readonly pings: KeepalivePings | null;
  private readonly clock: () => number;
  /** The game started last, whose score and speed the course's join reply carries. */
  private lastStarted: AveiroGame | null = null;

  constructor(private readonly options: AveiroServerOptions) {
    this.clock = options.clock ?? (() => performance.now());
    this.pings = options.pieces === 'course' ? new KeepalivePings() : null;
  }

  private get courseLike(): boolean {
    return this.options.pieces === 'course';
  }

  /** What a join is answered with: a game about to start, or under `course` pieces the game started last (the course's `game.info()`). */
  private joinInfo(): Info {
    return this.courseLike && this.lastStarted !== null ? this.lastStarted.info() : gameInfo();
  }

  /** Takes over WebSocket upgrades to /player and /viewer on an HTTP server. */
  attach(server: Server): void {
    server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
      const path = new URL(request.url ?? '/', 'http://localhost').pathname;
      if (path !== '/player' && path !== '/viewer') {
        socket.end('HTTP/1.1 404 Not Found\r\nContent-Type: text/plain\r\n\r\nWebSocket paths: /player and /viewer\n');
        return;
      }
      this.sockets.handleUpgrade(request, socket, head, (ws) => this.accept(ws, path === '/player' ? 'player' : 'viewer'));
    });
  }

  liveGames(): LiveGame[] {
    return [...this.sessions.values()].map(summary);
  }

  /** The last games that ended, newest first. */
  finishedGames(): FinishedGame[] {
    return [...this.finished];
  }

  /** Starts recording how late each tick fires against its schedule (for load tests). */
  measureTicks(): void {
    this.measuring = true;
    this.lateness.length = 0;
  }

  /** The lateness of every tick since `measureTicks` or the last call, in milliseconds. */
  takeTickLateness(): number[] {
    return this.lateness.splice(0);
  }

  recordTickLateness(ms: number): void {
    if (this.measuring && this.lateness.length < 1_000_000) this.lateness.push(ms);
  }

  /** Sends a frame to a game's player and to the viewers that follow it. */
  broadcast(session: GameSession, text: string): void {
    send(session.player.socket, text);
    for (const viewer of this.viewers) if (this.follows(viewer, session)) send(viewer.socket, text);
  }

  /** A game has ended: store the score, send the final message with the high scores, close normally. */
  finish(session: GameSession): void {
    const name = session.player.name!;
    const { game } = session;
    const replay = game.ticks.length > MAX_KEPT_TICKS ? undefined : JSON.stringify(aveiroReplayLog(game));
    const scoreId = addHighScore(this.options.db, AVEIRO_TABLE, {
      name,
      points: game.score,
      lines: game.lines,
      pieces: game.pieces,
      replay,
    });
    const highscores = topHighScores(this.options.db, AVEIRO_TABLE).map((entry) => [entry.name, entry.points]);
    const final = JSON.stringify({ ...session.game.info(), player: name, highscores }); // the original's order
    this.broadcast(session, final);
    this.end(session, 'game over', replay === undefined ? null : scoreId);
    session.player.session = undefined;
    session.player.socket.close(1000, this.courseLike ? '' : 'game over');
    this.startWaitingGames();
  }

  async close(): Promise<void> {
    for (const session of this.sessions.values()) session.stop();
    for (const client of this.sockets.clients) client.close(1001, 'the server is shutting down');
    await new Promise<void>((resolve) => this.sockets.close(() => resolve()));
  }

  private accept(socket: WebSocket, role: Connection['role']): void {
    const connection: Connection = { socket, role, tokens: FLOOD_BURST, refilledAt: performance.now() };
    if (role === 'viewer') this.viewers.add(connection);
    const closePings = this.pings?.open(this.clock());
    socket.on('message', (data, isBinary) => this.receive(connection, data, isBinary));
    socket.on('close', () => {
      closePings?.(this.clock());
      this.leave(connection);
      this.forgetPastPings();
    });
    socket.on('error', () => socket.terminate());
  }

  private receive(connection: Connection, data: RawData, isBinary: boolean): void {
    if (this.isFlooding(connection)) {
      connection.socket.close(1008, `flood: more than ${FLOOD_BURST} messages at once; send one key per tick`);
      return;
    }
    const size = Array.isArray(data)
      ? data.reduce((total, part) => total + part.length, 0)
      : data instanceof ArrayBuffer
        ? data.byteLength
        : data.length;
    if (size > MAX_MESSAGE_BYTES) {
      connection.socket.close(1009, `message too big: ${size} bytes, at most ${MAX_MESSAGE_BYTES}`);
      return;
    }
    const reply = (error: string) => send(connection.socket, JSON.stringify({ error }));
    if (isBinary) return reply('binary messages are not understood: send JSON text');
    let json: unknown;
    try {
      json = JSON.parse(data.toString());
    } catch {
      return reply('the message is not valid JSON');
    }
    const parsed = message.safeParse(json);
    if (!parsed.success) return reply(describeProblem(json, parsed.error.issues[0].message));
    const request = parsed.data;
    if (request.cmd === 'key') {
      if (connection.session !== undefined) connection.session.game.keypress(request.key);
      // A joined player still waiting for its game is ignored, as the original ignores keys from anyone but the current player.
      else if (connection.name === undefined)
        return reply('no game of yours is running: join as a player first, and send keys while it runs');
      return;
    }
    if (connection.role === 'viewer') {
      if (request.game !== undefined && !this.sessions.has(request.game))
        return reply(`no live game ${request.game}: see GET /api/aveiro/games`);
      connection.following = request.game;
      connection.watching = true;
      const followed = request.game === undefined ? undefined : this.sessions.get(request.game);
      send(connection.socket, JSON.stringify(followed?.game.info() ?? this.joinInfo()));
      return;
    }
    if (connection.name !== undefined) return reply('already joined: one game per connection');
    if (request.name === undefined) return reply('a player\'s join needs a "name" string: {"cmd":"join","name":"me"}');
    const problem = nameProblem(request.name);
    if (problem !== null) return reply(problem);
    connection.name = cleanName(request.name);
    send(connection.socket, JSON.stringify(this.joinInfo()));
    this.waiting.push(connection);
    this.startWaitingGames();
  }

  private startWaitingGames(): void {
    while (this.waiting.length > 0 && this.sessions.size < this.options.maxGames) {
      const player = this.waiting.shift()!;
      if (player.socket.readyState !== player.socket.OPEN) continue;
      const k = this.gamesStarted++;
      const seed = this.options.seed ?? (this.options.seeds == null ? Math.floor(Math.random() * 2 ** 32) : this.options.seeds + k);
      const pieces = seededPieces(seed, this.options.pieces ?? 'gridmind', this.pings ?? undefined, this.clock);
      const session = new GameSession(k + 1, player, new AveiroGame(pieces), this, this.clock());
      this.lastStarted = session.game;
      player.session = session;
      this.sessions.set(session.id, session);
      this.newest = session.id;
      session.start();
    }
  }

  private leave(connection: Connection): void {
    this.viewers.delete(connection);
    const queued = this.waiting.indexOf(connection);
    if (queued >= 0) this.waiting.splice(queued, 1);
    const session = connection.session;
    if (session !== undefined) {
      session.stop();
      this.end(session, 'player left', null);
      connection.session = undefined;
      this.startWaitingGames();
    }
  }

  /** Moves a game from the live ones to the front of the finished ones. */
  private end(session: GameSession, ending: FinishedGame['ending'], replayId: number | null): void {
    this.sessions.delete(session.id);
    this.finished.unshift({ ...summary(session), endedAt: new Date().toISOString(), ending, replayId });
    this.finished.length = Math.min(this.finished.length, this.options.finishedKept ?? FINISHED_GAMES_KEPT);
  }

  /**
   * Forgets the connections whose pings no game can draw any more: those closed by the start of the
   * oldest live game (none draws before its start), or by now when none runs. Called as each connection
   * closes, a game's player's included, so that closed connections do not pile up.
   */
  private forgetPastPings(): void {
    this.pings?.forgetClosedBy(Math.min(this.clock(), ...[...this.sessions.values()].map((live) => live.startedClock)));
  }

  /** A joined viewer follows its chosen game, or else the most recently started one. */
  private follows(viewer: Connection, session: GameSession): boolean {
    if (!viewer.watching) return false;
    return viewer.following !== undefined ? viewer.following === session.id : this.newest === session.id;
  }

  /** Token bucket: FLOOD_BURST messages at once, refilled at FLOOD_BURST per second. */
  private isFlooding(connection: Connection): boolean {
    const now = performance.now();
    connection.tokens = Math.min(FLOOD_BURST, connection.tokens + ((now - connection.refilledAt) / 1000) * FLOOD_BURST);
    connection.refilledAt = now;
    connection.tokens -= 1;
    return connection.tokens < 0;
  }
}

function summary({ id, player, game, startedAt }: GameSession): LiveGame {
  return { id, player: player.name!, score: game.score, lines: game.lines, speed: game.gameSpeed, startedAt: startedAt.toISOString() };
}

/** Sends without waiting; a client whose backlog passes MAX_BUFFERED_BYTES is too slow and is dropped. */
function send(socket: WebSocket, text: string): void {
  if (socket.readyState !== socket.OPEN) return;
  if (socket.bufferedAmount > MAX_BUFFERED_BYTES) {
    socket.close(1013, 'too slow: messages are piling up unread');
    return;
  }
  socket.send(text);
}

/** Says what is wrong with a message that is JSON but not a command (`issue`: the schema's word for the faulty field). */
function describeProblem(json: unknown, issue: string): string {
  if (typeof json !== 'object' || json === null || Array.isArray(json))
    return 'a message must be a JSON object such as {"cmd":"key","key":"a"}';
  const { cmd, key } = json as Record<string, unknown>;
  if (cmd === undefined) return 'the message has no "cmd": use "join" or "key"';
  if (cmd === 'key' && key === undefined) return 'a "key" command needs a "key" string';
  if (cmd === 'key' || cmd === 'join') return issue;
  return `unknown command ${JSON.stringify(cmd)}: use "join" or "key"`;
}
