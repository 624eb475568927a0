import { readdirSync, readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { InputError } from '../core/errors.ts';
import { fileProblem } from '../node/files.ts';
import { parseAgentSpec, type AgentSpec } from './agent-spec.ts';

/** Gridmind's named agents: the JSON files in `agents/`. */
const AGENTS_DIRECTORY = new URL('./agents/', import.meta.url);

/** The names of the built-in agents, sorted. */
export function builtInAgentNames(): string[] {
  return readdirSync(AGENTS_DIRECTORY)
    .filter((file) => file.endsWith('.json'))
    .map((file) => basename(file, '.json'))
    .sort();
}

/**
 * Loads an agent by built-in name (`dellacherie`) or by the path of an agent JSON file
 * (anything with a `/` or ending in `.json`).
 */
export function loadAgentSpec(nameOrPath: string): AgentSpec {
  const isPath = nameOrPath.includes('/') || nameOrPath.endsWith('.json');
  if (!isPath && !builtInAgentNames().includes(nameOrPath)) {
    throw new InputError(
      `unknown agent "${nameOrPath}": use one of ${builtInAgentNames().join(', ')}, or the path of an agent of your own: ` +
        'a JSON file, a module of code (.js, .mjs, .ts, .mts) or a Python program (.py), as docs/own-agent.md shows',
    );
  }
  const url = isPath ? nameOrPath : new URL(`${nameOrPath}.json`, AGENTS_DIRECTORY);
  let text: string;
  try {
    text = readFileSync(url, 'utf8');
  } catch (error) {
    throw new InputError(`cannot read agent file ${nameOrPath}: ${fileProblem(error)}`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new InputError(`agent ${nameOrPath}: not valid JSON (${(error as Error).message})`);
  }
  return parseAgentSpec(json, nameOrPath);
}
