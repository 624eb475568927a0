import type { Command } from 'commander';
import { parseName } from '../core/names.ts';
import { MAX_SEED } from '../core/prng.ts';
import { SEARCH_SETTINGS } from '../search/settings.ts';
import { TETRIS_SEARCH_METHODS, type TetrisSearchMethod } from '../tetris-search/methods.ts';
import { DEFAULT_TARGET, MAX_PREVIEW } from '../tetris/game-settings.ts';
import { parseRuleSetName, type RuleSetName } from '../tetris/rules.ts';
import {
  AGENT_HELP,
  agentCommandOption,
  agentMemoryOption,
  agentTimeLimitOption,
  boardSizeOption,
  integerIn,
  optionParser,
} from './options.ts';
import { addSettingOptions } from './setting-options.ts';

export interface PlayFlags {
  agent?: string;
  agentCommand?: string;
  rules: RuleSetName;
  board?: { width: number; height: number };
  seed: number;
  preview?: number;
  maxPieces?: number;
  target?: number;
  path?: string;
  search?: TetrisSearchMethod;
  searchNodes: number;
  level?: number;
  iterations?: number;
  stabilization?: number;
  width?: number;
  agentTimeLimit: number;
  agentMemory: number;
  replayOut?: string;
  json?: boolean;
}

/** The settings of the generic methods a Tetris player can search with (nesting level, iterations, stabilization, beam width). */
export const PLAYER_SEARCH_SETTINGS = SEARCH_SETTINGS.filter((setting) =>
  TETRIS_SEARCH_METHODS.some((method) => setting.methods.includes(method)),
);

/** Nodes per piece of `play --search` unless told. */
const DEFAULT_SEARCH_NODES = 2000;

/** What `gridmind agents`, `features` and `play` do (agents-action.ts). */
export interface AgentActions {
  listAgents(json: boolean): void;
  listFeatures(json: boolean): void;
  play(flags: PlayFlags, command: Command): Promise<void>;
}

export function registerAgentCommands(program: Command, actions: () => Promise<AgentActions>): void {
  program
    .command('agents')
    .description('list the built-in Tetris agents')
    .option('--json', 'print JSON: [{"name","description","source","features","policy"}]')
    .action(async (flags: { json?: boolean }) => (await actions()).listAgents(flags.json === true));

  program
    .command('features')
    .description('list the registered evaluation features: what agents and `gridmind tune --features` can weigh')
    .option('--json', 'print JSON: [{"name","definition","source","board"}]')
    .action(async (flags: { json?: boolean }) => (await actions()).listFeatures(flags.json === true));

  const playCommand = program
    .command('play')
    .description('let an agent play one Tetris game')
    .option('--agent <name|file>', `the agent (or --agent-command): ${AGENT_HELP}`)
    .addOption(agentCommandOption('--agent-command <command>', 'instead of --agent'))
    .option('--rules <rules>', 'research, classic, target or aveiro', optionParser(parseRuleSetName), 'research')
    .option('--board <WxH>', "board size (default: the rules' own, 10x20 or 8x30 for aveiro)", boardSizeOption)
    .option('--seed <n>', 'seed of the pieces', integerIn(0, MAX_SEED), 1)
    .option('--preview <n>', 'next pieces the agent sees (default: its lookahead depth)', integerIn(0, MAX_PREVIEW))
    .option('--max-pieces <n>', 'stop after this many pieces', integerIn(1, Number.MAX_SAFE_INTEGER))
    .option('--target <score>', `target score for --rules target (default ${DEFAULT_TARGET})`, integerIn(1, Number.MAX_SAFE_INTEGER))
    .option('--path <file>', 'write the search path: per piece its shape, rotation and centre cell (JSON)')
    .option('--replay-out <file>', 'write the game as a replay file, which `gridmind replay` and the web app play again')
    .option(
      '--search <method>',
      `instead of the agent's own policy, search the known pieces (the current one and the preview, default 1 piece or the agent's lookahead) with a generic method: ${TETRIS_SEARCH_METHODS.join(', ')}; the agent's values score the lines of play (research rules only)`,
      optionParser((text) => parseName(TETRIS_SEARCH_METHODS, 'search method', text)),
    )
    .option('--search-nodes <n>', 'with --search: nodes (placements tried) per piece', integerIn(1, 100_000_000), DEFAULT_SEARCH_NODES);
  addSettingOptions(playCommand, PLAYER_SEARCH_SETTINGS)
    .addOption(agentTimeLimitOption())
    .addOption(agentMemoryOption())
    .option(
      '--json',
      'print JSON: {"agent","rules","board","seed","lines","score","pieces","ms","piecesPerSecond","outcome","name"} ("name": the name the agent gives itself), with --search also "search"',
    )
    .action(async (flags: PlayFlags, command: Command) => (await actions()).play(flags, command));
}
