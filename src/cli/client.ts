import type { Command } from 'commander';
import { AVEIRO_PREVIEW } from '../aveiro/pieces.ts';
import { InputError } from '../core/errors.ts';
import { AGENT_HELP, agentCommandOption, agentMemoryOption, agentTimeLimitOption, integerIn, optionParser } from './options.ts';

export interface ClientFlags {
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

/** What `gridmind client` does (client-action.ts). */
export interface ClientActions {
  client(flags: ClientFlags, command: Command): Promise<void>;
}

export function registerClientCommand(program: Command, actions: () => Promise<ClientActions>): void {
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
    .action(async (flags: ClientFlags, command: Command) => (await actions()).client(flags, command));
}
