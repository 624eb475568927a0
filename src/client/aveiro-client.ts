import WebSocket from 'ws';
import type { Frame } from '../aveiro/game.ts';
import { AgentFault, type Chooser } from '../tetris-ai/agent.ts';
import { AveiroPlayer, type AveiroResult } from './player.ts';

/**
 * Plays one game on any server of the Aveiro protocol (Gridmind's or the course's own): joins at
 * `/player`, answers every state frame with one key (the server applies it after the next fall), and
 * resolves with the final score when the server ends the game. Lines and pieces are counted from the
 * frames (the protocol does not send them). An error from the server, a message that is not JSON, an
 * abnormal close or the `signal` ends the game: the promise is rejected and the connection closed. When
 * the agent (a fresh one from `newAgent` for the game) is at fault, the client leaves the game and
 * resolves with the fault; the agent is asked nothing more.
 */
export function playOnServer(server: string, name: string, newAgent: () => Chooser, signal?: AbortSignal): Promise<AveiroResult> {
  const url = `${server.replace(/\/+$/, '')}/player`;
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url);
    const agent = newAgent();
    const player = new AveiroPlayer(agent);
    let score = 0;
    let lines = 0;
    let pieces = 0;
    let finished = false;
    let failed = false;
    const fail = (reason: string) => {
      if (failed) return;
      failed = true;
      socket.terminate();
      reject(new Error(reason));
    };
    signal?.addEventListener('abort', () => fail('stopped'), { once: true });
    socket.on('open', () => socket.send(JSON.stringify({ cmd: 'join', name })));
    socket.on('message', (data) => {
      if (finished) return; // the game has ended, or the client has left it: frames still on their way go unanswered
      let message: Partial<Frame> & { highscores?: unknown; error?: unknown };
      try {
        message = JSON.parse(data.toString());
      } catch {
        return fail(`the server sent something that is not JSON: ${data.toString().slice(0, 80)}`);
      }
      if (message.error !== undefined) return fail(`the server says: ${String(message.error)}`);
      if (message.highscores !== undefined) {
        finished = true;
        score = message.score ?? score;
        return;
      }
      if (!Array.isArray(message.game)) return; // the join reply
      const frame = message as Frame;
      if (frame.piece === null) pieces++;
      if (frame.score > score) lines += Math.round(Math.sqrt(frame.score - score)); // a lock clearing n lines scores n²
      score = frame.score;
      let key: string;
      try {
        key = player.keyAfter(frame);
      } catch (error) {
        if (!(error instanceof AgentFault)) throw error;
        finished = true;
        resolve({ score, lines, pieces, fault: error.message });
        return socket.close();
      }
      socket.send(JSON.stringify({ cmd: 'key', key }));
    });
    socket.on('close', (code, reason) => {
      agent.stop?.();
      if (finished || code === 1000) resolve({ score, lines, pieces });
      else fail(`the server closed the game (${code}${reason.length ? `: ${reason}` : ''})`);
    });
    socket.on('error', (error) => fail(`cannot play on ${url}: ${error.message}`));
  });
}
