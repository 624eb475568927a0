import type { ChooseReply, SerializedTurn } from '../../src/tetris-ai/turn-data.ts';
import type { AgentPlayer, PlayingSetup } from './agent-client.ts';

/**
 * An agent in code that the server plays (`gridmind serve --agent FILE`): each turn goes to the server,
 * which answers with the agent's placement and the keys that play it, or the agent's fault.
 */
export class ServerAgentClient implements AgentPlayer {
  private readonly game: Promise<number>;

  constructor(name: string, setup: PlayingSetup) {
    this.game = post<{ game: number }>('api/code-agents/games', { agent: name, ...setup }).then(({ game }) => game);
  }

  async choose(turn: SerializedTurn): Promise<ChooseReply> {
    try {
      return await post<ChooseReply>(`api/code-agents/games/${await this.game}/turn`, { id: 0, turn });
    } catch (error) {
      return { id: 0, choice: null, keys: null, fault: (error as Error).message };
    }
  }

  stop(): void {
    void this.game.then((game) => fetch(`api/code-agents/games/${game}`, { method: 'DELETE' })).catch(() => {});
  }
}

async function post<T>(path: string, body: unknown): Promise<T> {
  const response = await fetch(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const answer = await response.json();
  if (!response.ok) throw new Error(answer.error ?? `the server answered ${response.status}`);
  return answer as T;
}
