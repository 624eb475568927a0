import type { Command } from 'commander';
import { playOnServer } from '../client/aveiro-client.ts';
import { aveiroAgent, aveiroCodeAgent } from '../client/agents.ts';
import type { AveiroResult } from '../client/player.ts';
import { InputError, RunFailure } from '../core/errors.ts';
import { mean } from '../core/stats.ts';
import { loadAgentSpec } from '../tetris-ai/agent-files.ts';
import type { Chooser } from '../tetris-ai/agent.ts';
import { withLookahead } from '../tetris-ai/agent-spec.ts';
import type { AgentModule } from '../tetris-ai/code-agents.ts';
import { loadOutsideAgent, outsideKind } from '../tetris-ai/process-agent.ts';
import { chosenAgent } from './chosen-agent.ts';
import type { ClientFlags } from './client.ts';
import { print } from './options.ts';

/**
 * Makes the agent of each game: an agent's own policy, or an agent in code or a program (checked before
 * any game; its `module`, to let go of when the games are over).
 */
async function agentOf(flags: ClientFlags, command: Command): Promise<{ newAgent: () => Chooser; module?: AgentModule }> {
  const agent = chosenAgent(command.getOptionValueSource('agent') === 'cli' ? flags.agent : undefined, flags.agentCommand) ?? {
    name: flags.agent,
    outside: null,
  };
  if (agent.outside === null) {
    const spec = withLookahead(loadAgentSpec(agent.name), flags.lookahead);
    return { newAgent: () => aveiroAgent(spec) };
  }
  if (flags.lookahead !== undefined)
    throw new InputError(`--lookahead sets an agent file's depth: ${agent.name} is ${outsideKind(agent.outside)}`);
  const module = await loadOutsideAgent(agent.outside, flags.agentTimeLimit, flags.agentMemory);
  return { newAgent: () => aveiroCodeAgent(module), module };
}

export async function client(flags: ClientFlags, command: Command): Promise<void> {
  const { newAgent, module } = await agentOf(flags, command);
  try {
    await playGames(flags, newAgent);
  } finally {
    module?.close();
  }
}

async function playGames(flags: ClientFlags, newAgent: () => Chooser): Promise<void> {
  const games: AveiroResult[] = [];
  const stop = new AbortController(); // the first failure ends the other games too
  let started = 0;
  const playNext = async (): Promise<void> => {
    while (started < flags.games && !stop.signal.aborted) {
      const game = ++started;
      let result: AveiroResult;
      try {
        result = await playOnServer(flags.server, flags.name, newAgent, stop.signal);
      } catch (error) {
        if (!stop.signal.aborted) stop.abort();
        throw new RunFailure((error as Error).message); // the server's or the network's failure, not the input's
      }
      games.push(result);
      if (!flags.json) {
        const fault = result.fault === undefined ? '' : `; the agent's fault ended it: ${result.fault}`;
        print(`game ${game}: score ${result.score}, ${result.lines} lines, ${result.pieces} pieces${fault}`);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(flags.parallel, flags.games) }, playNext));
  const meanScore = mean(games.map((game) => game.score));
  if (games.some((game) => game.fault !== undefined)) process.exitCode = 1; // the games are reported, but the agent failed in some
  if (flags.json) print(JSON.stringify({ games, meanScore }));
  else print(`mean score over ${games.length} game${games.length === 1 ? '' : 's'}: ${meanScore.toFixed(1)}`);
}
