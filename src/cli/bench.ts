import type { Command } from 'commander';
import { MAX_SEED } from '../core/prng.ts';
import { MAX_LOOKAHEAD } from '../tetris-ai/agent-limits.ts';
import { MAX_PREVIEW } from '../tetris/game-settings.ts';
import {
  AGENT_HELP,
  agentCommandOption,
  agentMemoryOption,
  agentTimeLimitOption,
  boardOption,
  integerIn,
  workersOption,
} from './options.ts';
import { queueOption } from './queue-options.ts';

export interface BenchFlags {
  agent?: string;
  agentCommand?: string;
  agentTimeLimit: number;
  agentMemory: number;
  vs?: string;
  vsCommand?: string;
  board: { width: number; height: number };
  games: number;
  seedBase: number;
  workers: number;
  preview?: number;
  lookahead?: number;
  maxPieces?: number;
  resume?: boolean;
  storedOnly?: boolean;
  queue?: string;
  json?: boolean;
}

/** What `gridmind bench` does (bench-action.ts). */
export interface BenchActions {
  bench(flags: BenchFlags, command: Command): Promise<void>;
}

export function registerBenchCommands(program: Command, actions: () => Promise<BenchActions>): void {
  program
    .command('bench')
    .description('benchmark an agent on the research protocol (one piece, drop placements) over many seeded games')
    .option('--agent <name|file>', `the agent (or --agent-command): ${AGENT_HELP}`)
    .addOption(agentCommandOption('--agent-command <command>', 'instead of --agent'))
    .option('--vs <name|file>', 'a second agent, compared game by game on the same pieces')
    .addOption(agentCommandOption('--vs-command <command>', 'instead of --vs'))
    .addOption(boardOption())
    .option('--games <n>', 'number of games', integerIn(1, 1_000_000), 100)
    .option('--seed-base <n>', 'game g (from 0) uses seed base + g', integerIn(0, MAX_SEED), 1)
    .addOption(workersOption('worker threads playing games here (not used with --queue)'))
    .addOption(queueOption('play the games'))
    .option('--preview <n>', 'next pieces the agents see (default: the larger lookahead depth)', integerIn(0, MAX_PREVIEW))
    .option(
      '--lookahead <n>',
      "search this many preview pieces instead of the agents' own depth (1: the two-piece policy)",
      integerIn(0, MAX_LOOKAHEAD),
    )
    .option('--max-pieces <n>', 'stop each game after this many pieces', integerIn(1, Number.MAX_SAFE_INTEGER))
    .addOption(agentTimeLimitOption())
    .addOption(agentMemoryOption())
    .option('--resume', 'take the games already played with the same agent, board and settings from the database, and play only the others')
    .option(
      '--stored-only',
      'play nothing: summarise the games of these seeds already stored for the same agent, board and settings (an unfinished run so far) and list the lines of each (up to 100 games); nothing is saved',
    )
    .option(
      '--json',
      'print JSON: {"agent","board","games","meanLines","stderr","medianLines","minLines","maxLines","pieces","piecesPerSecond","workers","storedGames"}, with --stored-only also "storedOnly","requestedGames","seeds","perGame" (lines per seed: "lines", with --vs "vsLines"),"inPlay" (games stopped in play: "agent","seed","lines","pieces"), after the faults of an agent in code or a program "faults","firstFault"',
    )
    .addHelpText(
      'after',
      '\nEvery run is stored in SQLite (GRIDMIND_DB, default ~/.gridmind/gridmind.db); `gridmind runs` lists them.\n' +
        'Every game is stored as soon as it ends: after an interrupt, the same command with --resume plays only the rest.\n' +
        'A long game of an agent as data is kept in play too, every 30 s of play: --resume goes on with it from there.\n' +
        'With --queue, `gridmind worker --queue URL` processes on any machines play the games; the result is the same.',
    )
    .action(async (flags: BenchFlags, command: Command) => (await actions()).bench(flags, command));
}
