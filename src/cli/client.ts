import type { Command } from 'commander';
import { InputError, RunFailure } from '../core/errors.ts';
import { mean } from '../core/stats.ts';
import { AVEIRO_PREVIEW } from '../aveiro/pieces.ts';
import { aveiroAgent, aveiroCodeAgent } from '../client/agents.ts';
import type { AveiroResult } from '../client/player.ts';
import { loadAgentSpec } from '../tetris-ai/agent-files.ts';
import type { Chooser } from '../tetris-ai/agent.ts';
import { withLookahead } from '../tetris-ai/agent-spec.ts';
import type { AgentModule } from '../tetris-ai/code-agents.ts';
import { loadOutsideAgent, outsideKind } from '../tetris-ai/process-agent.ts';
import {
  AGENT_HELP,
  agentCommandOption,
  agentMemoryOption,
  agentTimeLimitOption,
  chosenAgent,
  integerIn,
  optionParser,
  print,
} from './options.ts';

interface ClientFlags {
  server: string;
  name: string;
  agent: string;
  agentCommand?: string;
  games: number;
  parallel: number;
  lookahead?: number;
  agentTimeLimit: number;
  agentMemory: number;
  json?: boolean;
}

/**
 * A server address as `gridmind serve` and the web app print it, `ws://HOST:PORT/player`, or without
 * `/player` (`ws://HOST:PORT`); `wss://` for a server behind TLS. Returns it without `/player`, which
 * the client adds. Anything else is an InputError saying what to write instead.
 */
export function parseServerAddress(text: string): string {
  const example = 'write ws://HOST:PORT/player, for example ws://localhost:8000/player';
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new InputError(`"${text}" is not a server address: ${example}`);
  }
  if (url.protocol === 'http:' || url.protocol === 'https:')
    throw new InputError(`"${text}" is a web page's address; players connect over WebSocket: ${example}`);
  if ((url.protocol !== 'ws:' && url.protocol !== 'wss:') || url.host === '')
    throw new InputError(`"${text}" is not a server address: ${example}`);
  const path = url.pathname.replace(/\/+$/, '');
  if (path === '/viewer') throw new InputError(`"${text}" is the spectators' address; players connect at /player: ${example}`);
  if ((path !== '' && path !== '/player') || url.search !== '' || url.hash !== '')
    throw new InputError(`"${text}" is not a player's address (they end in /player, or at the port): ${example}`);
  return `${url.protocol}//${url.host}`;
}

export function registerClientCommand(program: Command): void {
  program
    .command('client')
    .description("play Aveiro-protocol games with an agent, on Gridmind's server or the course's own")
    .option(
      '--server <url>',
      'the server, ws://HOST:PORT/player (or without /player)',
      optionParser(parseServerAddress),
      'ws://localhost:8000',
    )
    .option('--name <name>', 'the name to join with', 'gridmind')
    .option('--agent <name|file>', `the agent (or --agent-command): ${AGENT_HELP}`, 'aveiro')
    .addOption(agentCommandOption('--agent-command <command>', 'instead of --agent'))
    .option('--games <n>', 'games to play', integerIn(1, 10_000), 1)
    .option('--parallel <k>', 'games to play at once (each on its own connection)', integerIn(1, 256), 1)
    .option(
      '--lookahead <n>',
      `search this many of the next pieces the server shows instead of the agent's own depth (0 to ${AVEIRO_PREVIEW})`,
      integerIn(0, AVEIRO_PREVIEW),
    )
    .addOption(agentTimeLimitOption())
    .addOption(agentMemoryOption())
    .option('--json', 'print JSON: {"games":[{"score","lines","pieces"}],"meanScore"}, a game the agent\'s fault ended with "fault"')
    .action((flags: ClientFlags, command: Command) => client(flags, command));
}

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

async function client(flags: ClientFlags, command: Command): Promise<void> {
  const { newAgent, module } = await agentOf(flags, command);
  try {
    await playGames(flags, newAgent);
  } finally {
    module?.close();
  }
}

async function playGames(flags: ClientFlags, newAgent: () => Chooser): Promise<void> {
  const { playOnServer } = await import('../client/aveiro-client.ts'); // ws and zod load only to play
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
