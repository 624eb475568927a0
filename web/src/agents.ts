import { parseAgentSpec, type AgentSpec } from '../../src/tetris-ai/agent-spec.ts';

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
