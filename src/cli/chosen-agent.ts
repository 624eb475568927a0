import { InputError } from '../core/errors.ts';
import { outsideAgentOf, type OutsideAgent } from '../tetris-ai/process-agent.ts';

/** An agent given on the command line: its name in results (the name, file or command given), and how it runs if it is not data. */
export interface ChosenAgent {
  readonly name: string;
  /** An agent in code or a program; null for a built-in agent or an agent file. */
  readonly outside: OutsideAgent | null;
}

/**
 * The agent of `--agent NAME|FILE` or of `--agent-command CMD` (`flags`: the two flags, for another
 * pair such as `--vs`, `--vs-command`); undefined when neither is given, an InputError when both are.
 */
export function chosenAgent(
  agent: string | undefined,
  command: string | undefined,
  flags: readonly [string, string] = ['--agent', '--agent-command'],
): ChosenAgent | undefined {
  if (agent !== undefined && command !== undefined) throw new InputError(`give ${flags[0]} or ${flags[1]}, not both`);
  if (command !== undefined) return { name: command, outside: { program: { command } } };
  return agent === undefined ? undefined : { name: agent, outside: outsideAgentOf(agent) };
}
