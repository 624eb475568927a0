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
 *
 * Each command's definition (`X.ts`) imports only what its options need; what the command does is in
 * `X-action.ts`, imported here when one of its commands runs, so that a start loads the work of the one
 * command it runs and no other (and `--help` or `--version`, none).
 */
export function createProgram(): Command {
  const program = new Command('gridmind')
    .description('Gridmind: search-based AI for grid puzzle games (Tetris, SameGame)')
    .version(GRIDMIND_VERSION)
    .exitOverride()
    .configureOutput({ outputError: (message, write) => write(`gridmind: ${message}`) })
    .showSuggestionAfterError();

  registerTetrisCommands(program, () => import('./tetris-action.ts'));
  registerAgentCommands(program, () => import('./agents-action.ts'));
  registerExplainCommand(program, () => import('./explain-action.ts'));
  registerBenchCommands(program, () => import('./bench-action.ts'));
  const samegame = registerSameGameCommands(program, () => import('./samegame-action.ts'));
  registerRunsCommands(program, samegame, () => import('./runs-action.ts'));
  registerServeCommand(program, () => import('./serve-action.ts'));
  registerClientCommand(program, () => import('./client-action.ts'));
  registerTuneCommands(program, () => import('./tune-action.ts'));
  registerWorkerCommand(program, () => import('./worker-action.ts'));
  registerQueueCommands(program, () => import('./queue-action.ts'));
  registerEnvCommand(program, () => import('./env-action.ts'));
  registerReplayCommand(program, () => import('./replay-action.ts'));
  return program;
}
