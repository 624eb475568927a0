import { Command } from 'commander';
import { GRIDMIND_VERSION } from '../node/version.ts';
import { registerAgentCommands } from './agents.ts';
import { registerBenchCommands } from './bench.ts';
import { registerClientCommand } from './client.ts';
import { registerEnvCommand } from './env.ts';
import { registerExplainCommand } from './explain.ts';
import { registerQueueCommands } from './queue.ts';
import { registerReplayCommand } from './replay.ts';
import { registerRunsCommands } from './runs.ts';
import { registerSameGameCommands } from './samegame.ts';
import { registerServeCommand } from './serve.ts';
import { registerTetrisCommands } from './tetris.ts';
import { registerTuneCommands } from './tune.ts';
import { registerWorkerCommand } from './worker.ts';

/**
 * The `gridmind` command with every subcommand, its arguments and its options, not yet run: main.ts parses
 * the command line with it, and scripts/command-reference.ts writes docs/commands.md from its definitions.
 */
export function createProgram(): Command {
  const program = new Command('gridmind')
    .description('Gridmind: search-based AI for grid puzzle games (Tetris, SameGame)')
    .version(GRIDMIND_VERSION)
    .exitOverride()
    .configureOutput({ outputError: (message, write) => write(`gridmind: ${message}`) })
    .showSuggestionAfterError();

  registerTetrisCommands(program);
  registerAgentCommands(program);
  registerExplainCommand(program);
  registerBenchCommands(program);
  registerRunsCommands(program, registerSameGameCommands(program));
  registerServeCommand(program);
  registerClientCommand(program);
  registerTuneCommands(program);
  registerWorkerCommand(program);
  registerQueueCommands(program);
  registerEnvCommand(program);
  registerReplayCommand(program);
  return program;
}
