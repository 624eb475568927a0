import type { Command } from 'commander';
import { InputError, RunFailure } from '../core/errors.ts';
import { mean } from '../core/stats.ts';
import { playOnServer } from '../client/aveiro-client.ts';
import { AVEIRO_PREVIEW } from '../client/planner.ts';
import type { AveiroResult } from '../client/player.ts';
import { loadAgentSpec } from '../tetris-ai/agent-files.ts';
import { withLookahead } from '../tetris-ai/agent-spec.ts';
import { integerIn, optionParser, print } from './options.ts';

interface ClientFlags {
  server: string;
  name: string;
  agent: string;
  games: number;
  parallel: number;
  lookahead?: number;
  json?: boolean;
}

const serverUrl = optionParser((text: string) => {
  if (!/^wss?:\/\/[^/\s]+\/?$/.test(text))
    throw new InputError(`"${text}" is not a server address: write ws://HOST:PORT, for example ws://localhost:8000`);
  return text;
});

export function registerClientCommand(program: Command): void {
  program
    .command('client')
    .description("play Aveiro-protocol games with an agent, on Gridmind's server or the course's own")
    .option('--server <url>', 'the server, ws://HOST:PORT', serverUrl, 'ws://localhost:8000')
    .option('--name <name>', 'the name to join with', 'gridmind')
    .option('--agent <name|file>', 'a built-in agent (see `gridmind agents`) or an agent JSON file', 'aveiro')
    .option('--games <n>', 'games to play', integerIn(1, 10_000), 1)
    .option('--parallel <k>', 'games to play at once (each on its own connection)', integerIn(1, 256), 1)
    .option(
      '--lookahead <n>',
      `search this many of the next pieces the server shows instead of the agent's own depth (0 to ${AVEIRO_PREVIEW})`,
      integerIn(0, AVEIRO_PREVIEW),
    )
    .option('--json', 'print JSON: {"games":[{"score","lines","pieces"}],"meanScore"}')
    .action((flags: ClientFlags) => client(flags));
}

async function client(flags: ClientFlags): Promise<void> {
  const spec = withLookahead(loadAgentSpec(flags.agent), flags.lookahead);
  const games: AveiroResult[] = [];
  const stop = new AbortController(); // the first failure ends the other games too
  let started = 0;
  const playNext = async (): Promise<void> => {
    while (started < flags.games && !stop.signal.aborted) {
      const game = ++started;
      let result: AveiroResult;
      try {
        result = await playOnServer(flags.server, flags.name, spec, stop.signal);
      } catch (error) {
        if (!stop.signal.aborted) stop.abort();
        throw new RunFailure((error as Error).message); // the server's or the network's failure, not the input's
      }
      games.push(result);
      if (!flags.json) print(`game ${game}: score ${result.score}, ${result.lines} lines, ${result.pieces} pieces`);
    }
  };
  await Promise.all(Array.from({ length: Math.min(flags.parallel, flags.games) }, playNext));
  const meanScore = mean(games.map((game) => game.score));
  if (flags.json) print(JSON.stringify({ games, meanScore }));
  else print(`mean score over ${games.length} game${games.length === 1 ? '' : 's'}: ${meanScore.toFixed(1)}`);
}
