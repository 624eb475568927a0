import { parseAgentSpec, type AgentSpec } from '../../src/tetris-ai/agent-spec.ts';
import { AGENT_IN_PLAIN_WORDS } from './agent-words.ts';
import { AgentClient, type AgentPlayer, type PlayingSetup } from './agent-client.ts';
import { ServerAgentClient } from './server-agent-client.ts';

/** The built-in agents, bundled from src/tetris-ai/agents/*.json and checked like the CLI checks them. */
const files = import.meta.glob('../../src/tetris-ai/agents/*.json', { eager: true, import: 'default' });

export const AGENTS: readonly AgentSpec[] = Object.entries(files)
  .map(([path, json]) => parseAgentSpec(json, path.split('/').pop()!))
  .sort((a, b) => a.name.localeCompare(b.name));

export function agentNamed(name: string): AgentSpec {
  const spec = AGENTS.find((agent) => agent.name === name);
  if (spec === undefined) throw new Error(`unknown agent ${name}`);
  return spec;
}

/** A player choice that names an agent in code the server plays: `code:` and its name. */
export const CODE_AGENT = 'code:';

/** The agent of a game: its name, words on it, and how to start it for a game. */
export interface SessionAgent {
  readonly name: string;
  /** What it does, in plain words. */
  readonly summary: string;
  /** Its description with its sources, as its agent file gives it. */
  readonly description: string;
  /** Whether it is an agent in code that the server plays. */
  readonly inCode: boolean;
  start(setup: PlayingSetup): AgentPlayer;
}

/** The agent a player choice names: a built-in agent (searching in a Web Worker), or `code:NAME`. */
export function sessionAgent(player: string): SessionAgent {
  if (player.startsWith(CODE_AGENT)) {
    const name = player.slice(CODE_AGENT.length);
    return {
      name,
      summary: 'An agent written as a program, which the server plays for this page.',
      description: 'an agent in code, played by the server',
      inCode: true,
      start: (setup) => new ServerAgentClient(name, setup),
    };
  }
  const spec = agentNamed(player);
  return {
    name: spec.name,
    summary: AGENT_IN_PLAIN_WORDS[spec.name] ?? spec.description,
    description: spec.description,
    inCode: false,
    start: (setup) => new AgentClient({ spec, ...setup }),
  };
}
