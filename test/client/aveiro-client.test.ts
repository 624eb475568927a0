import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { WebSocketServer } from 'ws';
import { AveiroGame, gameInfo } from '../../src/aveiro/game.ts';
import { playOnServer } from '../../src/client/aveiro-client.ts';
import { AgentFault, type Chooser } from '../../src/tetris-ai/agent.ts';

describe('playOnServer', () => {
  it("leaves the game at its agent's fault and asks the agent nothing more, though frames are still on their way", async () => {
    const server = new WebSocketServer({ port: 0, host: '127.0.0.1' });
    await new Promise((listening) => server.once('listening', listening));
    server.on('connection', (socket) =>
      socket.once('message', () => {
        // The join reply, then three frames at once: the client is still reading them when its agent fails.
        socket.send(JSON.stringify(gameInfo()));
        const game = new AveiroGame(1);
        for (let tick = 0; tick < 3; tick++) socket.send(JSON.stringify(game.tick()));
      }),
    );
    let asked = 0;
    const failing: Chooser = {
      choose: () => {
        asked++;
        throw new AgentFault('no idea');
      },
    };
    try {
      const result = await playOnServer(`ws://127.0.0.1:${(server.address() as AddressInfo).port}`, 'failing', () => failing);
      expect(result).toEqual({ score: 0, lines: 0, pieces: 0, fault: 'no idea' });
      expect(asked).toBe(1);
    } finally {
      await new Promise((closed) => server.close(closed));
    }
  });
});
