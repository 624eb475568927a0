import type { Command } from 'commander';
import { InputError } from '../core/errors.ts';
import { checkOutputFile, writeFileAtomically } from '../node/files.ts';
import { settingRefusal } from '../search/settings.ts';
import { builtInAgentNames, loadAgentSpec } from '../tetris-ai/agent-files.ts';
import { CodeAgentChooser } from '../tetris-ai/code-agents.ts';
import { FEATURES } from '../tetris-ai/features/index.ts';
import { playGame, playGameWith, playResearchWith, researchRotation, type PlayOptions, type PlayResult } from '../tetris-ai/play.ts';
import { loadOutsideAgent } from '../tetris-ai/process-agent.ts';
import { SearchPlayer, type SearchPlayerSettings } from '../tetris-search/search-player.ts';
import { DEFAULT_TARGET } from '../tetris/game-settings.ts';
import { ROTATION_SYSTEMS } from '../tetris/rotation/index.ts';
import { RULE_SETS } from '../tetris/rules.ts';
import { PLAYER_SEARCH_SETTINGS, type PlayFlags } from './agents.ts';
import { chosenAgent, type ChosenAgent } from './chosen-agent.ts';
import { print } from './options.ts';
import { flagOf } from './setting-options.ts';

export function listAgents(json: boolean): void {
  const specs = builtInAgentNames().map(loadAgentSpec);
  if (json) {
    print(
      JSON.stringify(specs.map(({ name, description, source, features, policy }) => ({ name, description, source, features, policy }))),
    );
    return;
  }
  const width = Math.max(...specs.map((spec) => spec.name.length));
  for (const spec of specs) {
    print(`${spec.name.padEnd(width)}  ${spec.description}`);
    print(`${''.padEnd(width)}  source: ${spec.source}`);
  }
}

export function listFeatures(json: boolean): void {
  const features = Object.values(FEATURES);
  if (json) {
    print(JSON.stringify(features.map(({ name, definition, source, board }) => ({ name, definition, source, board }))));
    return;
  }
  const width = Math.max(...features.map((feature) => feature.name.length));
  for (const feature of features) {
    print(`${feature.name.padEnd(width)}  ${feature.definition}`);
    print(`${''.padEnd(width)}  source: ${feature.source}`);
  }
}

/** The search `play --search` plays with, checked against the flags given; null without --search. */
function searchOf(flags: PlayFlags, command: Command): SearchPlayerSettings | null {
  const optional = [
    ...PLAYER_SEARCH_SETTINGS.map((setting) => ({ name: setting.name, flag: flagOf(setting) })),
    { name: 'searchNodes', flag: '--search-nodes' },
  ];
  const given = optional.filter(({ name }) => command.getOptionValueSource(name) === 'cli').map(({ flag }) => flag);
  if (flags.search === undefined) {
    if (given.length > 0) throw new InputError(`${given.join(', ')} ${given.length === 1 ? 'needs' : 'need'} --search`);
    return null;
  }
  if (flags.rules !== 'research')
    throw new InputError(`--search plays the research rules (drop placements): leave out --rules ${flags.rules}`);
  if (flags.path !== undefined)
    throw new InputError("--path records the search path of the agent's own policy: leave it out with --search");
  for (const setting of PLAYER_SEARCH_SETTINGS) {
    const refusal = settingRefusal(setting, flags.search, flags[setting.name as keyof PlayFlags], flagOf);
    if (refusal !== null) throw new InputError(refusal);
  }
  return {
    method: flags.search,
    nodes: flags.searchNodes,
    seed: flags.seed,
    level: flags.level,
    iterations: flags.iterations,
    stabilization: flags.stabilization,
    width: flags.width,
  };
}

/**
 * The game of `play`'s player (an agent in code or a program, a search over the known pieces, or an
 * agent's own policy), and the name the agent gives itself.
 */
async function playedBy(
  agent: ChosenAgent,
  flags: PlayFlags,
  search: SearchPlayerSettings | null,
  options: PlayOptions,
): Promise<{ result: PlayResult; name: string }> {
  const system = researchRotation(options);
  if (agent.outside !== null) {
    if (search !== null) throw new InputError('--search plays an agent file or a built-in agent, not an agent in code or a program');
    const rules = RULE_SETS[options.rules];
    const rotation = ROTATION_SYSTEMS[options.rotation ?? rules.rotation];
    const mode = rules.style === 'drop' ? 'drop' : 'reachable';
    const module = await loadOutsideAgent(agent.outside, flags.agentTimeLimit, flags.agentMemory);
    const chooser = new CodeAgentChooser(module, options.width, options.height, rotation, mode);
    try {
      const result = options.rules === 'research' ? playResearchWith(chooser, options) : playGameWith(() => chooser, options);
      return { result, name: module.name };
    } finally {
      chooser.stop();
      module.close();
    }
  }
  const spec = loadAgentSpec(agent.name);
  const result = search === null ? playGame(spec, options) : playResearchWith(new SearchPlayer(spec, system, search), options);
  return { result, name: spec.name };
}

export async function play(flags: PlayFlags, command: Command): Promise<void> {
  const rules = RULE_SETS[flags.rules];
  if (flags.target !== undefined && !rules.hasTarget) throw new InputError('--target applies only to --rules target');
  const { width, height } = flags.board ?? rules;
  if (flags.path !== undefined) checkOutputFile(flags.path, '--path', 'search-path.json'); // before the game, not after
  if (flags.replayOut !== undefined) checkOutputFile(flags.replayOut, '--replay-out', 'game.replay.json');
  const search = searchOf(flags, command);
  const agent = chosenAgent(flags.agent, flags.agentCommand);
  if (agent === undefined) throw new InputError('give the agent: --agent NAME|FILE or --agent-command COMMAND');
  // An agent's own lookahead decides its preview; a search sees at least one piece ahead, and so does an agent in code or a program.
  const lookahead = agent.outside !== null ? 1 : loadAgentSpec(agent.name).policy.lookahead;
  const options: PlayOptions = {
    rules: rules.name,
    width,
    height,
    seed: flags.seed,
    preview: flags.preview ?? (search === null ? lookahead : Math.max(1, lookahead)),
    maxPieces: flags.maxPieces ?? null,
    target: flags.target,
    recordPath: flags.path !== undefined,
    recordReplay: flags.replayOut !== undefined,
  };
  const { result, name } = await playedBy(agent, flags, search, options);
  const board = `${width}x${height}`;
  const piecesPerSecond = result.ms > 0 ? Math.round((result.pieces / result.ms) * 1000) : 0;
  if (flags.path !== undefined) {
    const target = rules.hasTarget ? (flags.target ?? DEFAULT_TARGET) : undefined;
    const file = {
      agent: agent.name,
      rules: rules.name,
      board,
      seed: flags.seed,
      target,
      outcome: result.outcome,
      score: result.score,
      path: result.path,
    };
    writeFileAtomically(flags.path, `${JSON.stringify(file, null, 1)}\n`);
  }
  if (flags.replayOut !== undefined) writeFileAtomically(flags.replayOut, `${JSON.stringify(result.replay)}\n`);
  const summary = {
    agent: agent.name,
    rules: rules.name,
    board,
    seed: flags.seed,
    lines: result.lines,
    score: result.score,
    pieces: result.pieces,
    ms: Math.round(result.ms),
    piecesPerSecond,
    outcome: result.outcome,
    name,
    ...(result.fault !== undefined && { fault: result.fault }),
    ...(search !== null && { search: { ...search, preview: options.preview } }),
  };
  if (result.fault !== undefined) process.exitCode = 1; // the game was played and is reported, but the agent failed in it
  if (flags.json) {
    print(JSON.stringify(summary));
    return;
  }
  print(
    `${name === agent.name ? name : `${name} (${agent.name})`} on ${board} (${rules.name} rules, seed ${flags.seed}): ${result.lines.toLocaleString('en-US')} lines, score ` +
      `${result.score.toLocaleString('en-US')}, ${result.pieces.toLocaleString('en-US')} pieces in ${(result.ms / 1000).toFixed(2)} s ` +
      `(${piecesPerSecond.toLocaleString('en-US')} pieces/s); ${result.outcome}` +
      (search === null
        ? ''
        : `; ${search.method} over ${options.preview + 1} known pieces, ${search.nodes.toLocaleString('en-US')} nodes a piece`),
  );
}
