import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { AveiroServer, FLOOD_BURST, MAX_MESSAGE_BYTES, type AveiroServerOptions, type FinishedGame } from '../../src/aveiro/server.ts';
import { startServer } from '../../src/server/server.ts';
import { WEB_DIST } from '../../src/server/web-build.ts';
import { openDatabase } from '../../src/store/database.ts';
import type { Cell } from '../../src/aveiro/game.ts';
import { identifyPiece } from '../../src/aveiro/wire.ts';
import { PIECE_NAMES } from '../../src/tetris/pieces.ts';
import { PythonRandom } from '../../src/core/python-random.ts';
import { KeepalivePings, SHAPE_ORDER } from '../../src/aveiro/course-random.ts';
import { aveiroAgent } from '../../src/client/agents.ts';
import { AveiroPlayer } from '../../src/client/player.ts';
import { loadAgentSpec } from '../../src/tetris-ai/agent-files.ts';
import type { Frame } from '../../src/aveiro/game.ts';
import { replay } from '../../src/tetris/game.ts';
import { useAveiroServer } from '../cli/aveiro-test-server.ts';
import { Client } from './ws-client.ts';

/** How long a test waits for the page or server to catch up on a busy machine. */
const PATIENTLY = { timeout: 15_000 };
describe('the Aveiro server over real WebSockets', () => {
  const aveiro = useAveiroServer(mkdtempSync(join(tmpdir(), 'gridmind-aveiro-')), { seed: 2, maxGames: 3, finishedKept: 3 });

  it('plays a whole game: join reply, frames (the first without player), null piece after a lock, final message, normal close', async () => {
    const player = new Client(`${aveiro.url()}/player`, (message, client) => {
      if ('game' in message) client.send({ cmd: 'key', key: 's' }); // drop every piece: a short game
    });
    await player.opened();
    player.send({ cmd: 'join', name: 'scripted' });
    const { code, reason } = await player.closed;
    expect([code, reason]).toEqual([1000, 'game over']);
    const [join, first, second, ...rest] = player.messages;
    expect(join).toMatchObject({ dimensions: [10, 30], game_speed: 10, score: 0 });
    expect(first).not.toHaveProperty('player');
    expect(first.piece).toEqual([
      [3, 3],
      [4, 3],
      [3, 4],
      [4, 4],
    ]); // seed 2 starts with O
    expect(second).toMatchObject({ player: 'scripted' });
    expect(Object.keys(second)).toEqual(['game', 'piece', 'next_pieces', 'game_speed', 'score', 'player']);
    expect(rest.some((frame) => frame.piece === null)).toBe(true);
    const final = rest.at(-1)!;
    expect(final).toMatchObject({ dimensions: [10, 30], player: 'scripted' });
    expect(Object.keys(final)).toEqual(['dimensions', 'grid', 'game_speed', 'score', 'player', 'highscores']); // the original's order
    expect(final.highscores).toContainEqual(['scripted', final.score]);
    expect((await (await fetch(`${aveiro.httpUrl()}/api/highscores?game=aveiro&rules=aveiro&board=8x30`)).json()).entries[0]).toMatchObject(
      {
        name: 'scripted',
      },
    );
  });

  it("keeps a finished game's replay with its high score, which replays to its final score; a game its player left is not kept", async () => {
    // Every key, and a frame with none; a soft drop in 5 frames of 14, which ends the game in some 50 frames (5 s).
    const keys = ['a', 'w', '', 's', 'd', 'd', 's', 'w', 's', 'a', 'a', 's', 'a', 's'];
    let sent = 0;
    const player = new Client(`${aveiro.url()}/player`, (message, client) => {
      if ('game' in message) client.send({ cmd: 'key', key: keys[sent++ % keys.length] });
    });
    await player.opened();
    player.send({ cmd: 'join', name: 'kept' });
    await player.closed;
    const final = player.messages.at(-1)!;
    const leaver = new Client(`${aveiro.url()}/player`);
    await leaver.opened();
    leaver.send({ cmd: 'join', name: 'leaver' });
    await leaver.received(2);
    leaver.socket.close();
    await leaver.closed;
    const games = async () => (await (await fetch(`${aveiro.httpUrl()}/api/aveiro/games`)).json()).finished as FinishedGame[];
    await expect.poll(async () => (await games())[0]?.player, PATIENTLY).toBe('leaver');
    const [left, kept] = await games();
    expect(left.replayId).toBeNull();
    expect(kept).toMatchObject({ player: 'kept', ending: 'game over', score: final.score, replayId: expect.any(Number) });
    const log = await (await fetch(`${aveiro.httpUrl()}/api/highscores/${kept.replayId}/replay`)).json();
    const replayed = replay(log);
    expect([replayed.score, replayed.lines, replayed.outcome]).toEqual([final.score, kept.lines, 'topped-out']);
  });

  it('sends a viewer that follows the newest game every frame and the final message', async () => {
    const viewer = new Client(`${aveiro.url()}/viewer`);
    await viewer.opened();
    viewer.send({ cmd: 'join' });
    await viewer.received(1);
    const player = new Client(`${aveiro.url()}/player`, (message, client) => {
      if ('game' in message) client.send({ cmd: 'key', key: 's' });
    });
    await player.opened();
    player.send({ cmd: 'join', name: 'watched' });
    await player.closed;
    await new Promise((resolve) => setTimeout(resolve, 100));
    const seen = viewer.messages.slice(1);
    expect(seen).toEqual(player.messages.slice(1)); // the same frames and final message as the player got
    expect(seen.at(-1)).toHaveProperty('highscores');
    viewer.socket.close();
  });

  it('answers malformed messages with an error and keeps the connection usable', async () => {
    const client = new Client(`${aveiro.url()}/player`);
    await client.opened();
    const bad: [unknown, RegExp][] = [
      ['{not json', /not valid JSON/],
      [[1, 2], /must be a JSON object/],
      [{ key: 'a' }, /no "cmd"/],
      [{ cmd: 'dance' }, /unknown command "dance"/],
      [{ cmd: 'key' }, /needs a "key" string/],
      [{ cmd: 'key', key: 7 }, /"key" must be a string/],
      [{ cmd: 'key', key: 'a' }, /no game of yours is running/],
      [{ cmd: 'join' }, /needs a "name" string/],
      [{ cmd: 'join', name: 7 }, /"name" must be a string/],
    ];
    for (const [message] of bad) client.send(message);
    const replies = await client.received(bad.length);
    bad.forEach(([, pattern], i) => expect(replies[i].error).toMatch(pattern));
    client.send({ cmd: 'join', name: 'after errors' });
    const [join] = (await client.received(bad.length + 2)).slice(bad.length);
    expect(join).toMatchObject({ dimensions: [10, 30] });
    client.socket.close();
  });

  it('refuses oversized messages and floods with a close reason', async () => {
    const big = new Client(`${aveiro.url()}/player`);
    await big.opened();
    big.send(JSON.stringify({ cmd: 'key', key: 'x'.repeat(MAX_MESSAGE_BYTES) }));
    expect(await big.closed).toMatchObject({
      code: 1009,
      reason: expect.stringMatching(new RegExp(`^message too big: \\d+ bytes, at most ${MAX_MESSAGE_BYTES}$`)),
    });
    const flood = new Client(`${aveiro.url()}/player`);
    await flood.opened();
    for (let i = 0; i < FLOOD_BURST * 3; i++) flood.send({ cmd: 'key', key: 'a' });
    const { code, reason } = await flood.closed;
    expect(code).toBe(1008);
    expect(reason).toMatch(/^flood/);
  });

  it('gives every player a game at once, up to --max-games, and lets a viewer follow one', async () => {
    const players = Array.from({ length: 4 }, () => new Client(`${aveiro.url()}/player`));
    await Promise.all(players.map((player) => player.opened()));
    players.forEach((player, i) => player.send({ cmd: 'join', name: `p${i}` }));
    await Promise.all(players.slice(0, 3).map((player) => player.received(3))); // join reply + two frames each
    const live = (await (await fetch(`${aveiro.httpUrl()}/api/aveiro/games`)).json()).games;
    expect(live.map((game: { player: string }) => game.player).sort()).toEqual(['p0', 'p1', 'p2']);
    expect(players[3].messages).toHaveLength(1); // only its join reply: it waits for a free game
    players[3].send({ cmd: 'key', key: 'a' }); // keys of a waiting player are ignored, as the original does
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(players[3].messages).toHaveLength(1);

    const viewer = new Client(`${aveiro.url()}/viewer`);
    await viewer.opened();
    viewer.send({ cmd: 'join', game: live[0].id });
    const [info, frame] = await viewer.received(2);
    expect(info).toMatchObject({ dimensions: [10, 30] });
    expect(frame.player).toBe(live[0].player);
    players[0].socket.close(); // a game frees up: the waiting player starts
    await players[3].received(3);
    players.forEach((player) => player.socket.close());
    viewer.socket.close();
  });

  it('lists ended games with their final score and how they ended, newest first, keeping the last few', async () => {
    const games = async () =>
      (await (await fetch(`${aveiro.httpUrl()}/api/aveiro/games`)).json()) as { games: unknown[]; finished: unknown[] };
    const leavers: Client[] = [];
    for (const name of ['left 1', 'left 2']) {
      const leaver = new Client(`${aveiro.url()}/player`);
      await leaver.opened();
      leaver.send({ cmd: 'join', name });
      await leaver.received(3); // join reply and two frames: the game runs
      leavers.push(leaver);
    }
    const finisher = new Client(`${aveiro.url()}/player`, (message, client) => {
      if ('game' in message) client.send({ cmd: 'key', key: 's' });
    });
    await finisher.opened();
    finisher.send({ cmd: 'join', name: 'finisher' });
    await finisher.closed;
    const final = finisher.messages.at(-1)!;
    for (const leaver of leavers) {
      leaver.socket.close();
      await leaver.closed;
    }
    await expect
      .poll(async () => (await games()).finished, PATIENTLY)
      .toMatchObject([
        { player: 'left 2', ending: 'player left' },
        { player: 'left 1', ending: 'player left' },
        { player: 'finisher', ending: 'game over', score: final.score },
      ]);
    const { games: live, finished } = await games();
    expect(live).toEqual([]);
    expect(finished).toHaveLength(3); // the games ended earlier in this file are forgotten
  });
});

/** Runs `play` on a server of its own (the course's pieces unless given), one game at a time, given its WebSocket address. */
async function onCourseServer(
  options: Pick<AveiroServerOptions, 'seed' | 'clock' | 'pieces'>,
  play: (url: string) => Promise<void>,
): Promise<void> {
  const db = openDatabase(':memory:');
  const aveiro = new AveiroServer({ db, pieces: 'course', maxGames: 1, ...options });
  const server = await startServer({ port: 0, host: '127.0.0.1', db, webRoot: WEB_DIST, aveiro });
  try {
    await play(server.url.replace('http', 'ws'));
  } finally {
    await server.close();
    db.close();
  }
}

describe("the Aveiro server with the course's pieces (--pieces course)", () => {
  it('deals, game after game, the very pieces the course server deals for the seed', async () => {
    // A clock that stands still: no keepalive ping falls.
    await onCourseServer({ seed: 7, clock: () => 0 }, async (url) => {
      for (let game = 0; game < 2; game++) {
        const player = new Client(`${url}/player`, (message, client) => {
          if ('game' in message) client.send({ cmd: 'key', key: 's' });
        });
        await player.opened();
        player.send({ cmd: 'join', name: `course ${game}` });
        await player.closed;
        const frames = player.messages.slice(1, -1) as { piece: Cell[] | null; next_pieces: Cell[][] }[];
        const first = frames[0];
        const shapes = [first.piece!, ...first.next_pieces].map((cells) => PIECE_NAMES[identifyPiece(cells)!.piece]).join('');
        expect(shapes).toBe('IZOT'); // random.seed(7), then random.choice four times: see test/core/python-random.test.ts
        const spawned = frames.filter((frame, i) => i > 0 && frames[i - 1].piece === null && frame.piece !== null);
        expect(
          spawned
            .slice(0, 4)
            .map((frame) => PIECE_NAMES[identifyPiece(frame.piece!)!.piece])
            .join(''),
        ).toBe('ZOTS');
      }
    });
  });

  it("draws the course's keepalive pings: one getrandbits(32) per open connection every 20 s from when it opened, before the next piece", async () => {
    let now = 0;
    await onCourseServer({ seed: 11, clock: () => now }, async (url) => {
      let spawns = 0;
      const player = new Client(`${url}/player`, (message, client) => {
        if (!('game' in message)) return;
        const frames = client.messages.filter((m) => 'game' in m);
        const previous = frames.at(-2);
        if (message.piece !== null && (previous === undefined || previous.piece === null)) spawns++;
        if (spawns === 2) now = 26_000; // three ticks before the next spawn: the player's ping (20 s) and the viewer's (25 s) are due
        if (spawns >= 6) return void client.socket.close();
        client.send({ cmd: 'key', key: 's' });
      });
      await player.opened(); // at 0
      now = 5_000;
      const viewer = new Client(`${url}/viewer`);
      await viewer.opened(); // at 5 s: a connection too, whose pings draw from the same generator
      player.send({ cmd: 'join', name: 'pinged' });
      await player.closed;
      viewer.socket.close();
      const frames = player.messages.filter((m) => 'game' in m) as unknown as Frame[];
      const shape = (cells: Cell[]) => PIECE_NAMES[identifyPiece(cells)!.piece];
      const dealt = [frames[0].piece!, ...frames[0].next_pieces].map(shape);
      frames.forEach((frame, i) => {
        if (i > 0 && frames[i - 1].piece === null && frame.piece !== null) dealt.push(shape(frame.next_pieces[2]));
      });
      const course = (pingsBeforeDraw: number) => {
        const random = new PythonRandom(11);
        return dealt.map((_, draw) => {
          if (draw === 5) for (let ping = 0; ping < pingsBeforeDraw; ping++) random.getrandbits(32);
          return random.choice(SHAPE_ORDER);
        });
      };
      expect(dealt.length).toBeGreaterThanOrEqual(8);
      expect(dealt).toEqual(course(2)); // three at the start, one at each of the first two spawns, then the two pings
      expect(dealt).not.toEqual(course(0));
    });
  });

  it("answers a join with the score and speed of the game started last, and ends a game with close 1000 and no reason, as the course's server", async () => {
    await onCourseServer({ seed: 11, clock: () => 0 }, async (url) => {
      const agent = new AveiroPlayer(aveiroAgent(loadAgentSpec('aveiro')));
      // The agent plays until it has scored, then every piece is dropped: a short game with a score.
      const first = new Client(`${url}/player`, (message, client) => {
        if ('game' in message)
          client.send({ cmd: 'key', key: (message.score as number) < 1 ? agent.keyAfter(message as unknown as Frame) : 's' });
      });
      await first.opened();
      first.send({ cmd: 'join', name: 'first' });
      expect(await first.closed).toEqual({ code: 1000, reason: '' });
      const final = first.messages.at(-1)!;
      expect(final.score).toBeGreaterThan(0);
      const second = new Client(`${url}/player`);
      await second.opened();
      second.send({ cmd: 'join', name: 'second' });
      const [reply] = await second.received(1);
      expect(reply).toEqual({ dimensions: [10, 30], grid: final.grid, game_speed: final.game_speed, score: final.score });
      second.socket.close();
    });
  }, 60_000);
});

describe('the connections an Aveiro server keeps for their keepalive pings', () => {
  /** Opens and closes `count` connections, players and viewers that never join, each open 25 s on the server's clock (`wait`): one ping's worth. */
  async function openAndClose(url: string, count: number, wait: (ms: number) => void): Promise<void> {
    for (let connection = 0; connection < count; connection++) {
      const client = new Client(`${url}/${connection % 2 === 0 ? 'player' : 'viewer'}`);
      await client.opened();
      wait(25_000);
      client.socket.close();
      await client.closed;
    }
  }

  it("are none under Gridmind's pieces, which no ping changes", async () => {
    const open = vi.spyOn(KeepalivePings.prototype, 'open');
    try {
      await onCourseServer({ seed: 1, pieces: 'gridmind' }, (url) => openAndClose(url, 20, () => {}));
      expect(open).not.toHaveBeenCalled();
    } finally {
      open.mockRestore();
    }
  });

  it("are forgotten under the course's pieces once they have closed and no live game can draw their pings", async () => {
    let now = 0;
    const open = vi.spyOn(KeepalivePings.prototype, 'open'); // it calls the real one: this catches the server's pings
    try {
      await onCourseServer({ seed: 1, clock: () => now }, async (url) => {
        await openAndClose(url, 20, (ms) => (now += ms));
        expect(open).toHaveBeenCalledTimes(20);
        const pings = open.mock.contexts[0] as KeepalivePings;
        // A connection still kept would count its ping, 20 s after it opened.
        await vi.waitFor(() => expect(pings.between(0, now)).toBe(0), { timeout: 10_000 });
      });
    } finally {
      open.mockRestore();
    }
  });
});
