/**
 * An environment over newline-delimited JSON, for agents in any language: one request a line, one
 * answer a line. `{"cmd":"reset","seed":S}` → `{"observation","info","legal"}`; `{"cmd":"step","action":A}`
 * → `{"observation","reward","terminated","truncated","info","legal"}`; `{"cmd":"render"}` →
 * `{"text"}`; `{"cmd":"close"}` ends the session. Observations' typed arrays are JSON arrays. A bad
 * request gets `{"error":"<reason>"}` and the session goes on.
 */
import { createInterface } from 'node:readline';
import { z } from 'zod';
import { InputError } from '../core/errors.ts';
import type { Environment, Observation } from './environment.ts';

const request = z.discriminatedUnion('cmd', [
  z.object({ cmd: z.literal('reset'), seed: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional() }),
  z.object({ cmd: z.literal('step'), action: z.number().int() }),
  z.object({ cmd: z.literal('render') }),
  z.object({ cmd: z.literal('close') }),
]);

const plain = (observation: Observation) => Object.fromEntries(Object.entries(observation).map(([name, values]) => [name, [...values]]));

/** The answer to one request line, or null for `close`. */
export function answer(env: Environment, line: string): unknown {
  let parsed: unknown;
  try {
    parsed = JSON.parse(line);
  } catch {
    return { error: 'a request is one JSON object a line, such as {"cmd":"reset","seed":1}' };
  }
  const checked = request.safeParse(parsed);
  if (!checked.success) {
    return { error: 'unknown request: send {"cmd":"reset","seed":S}, {"cmd":"step","action":A}, {"cmd":"render"} or {"cmd":"close"}' };
  }
  const message = checked.data;
  try {
    if (message.cmd === 'close') return null;
    if (message.cmd === 'render') return { text: env.render() };
    if (message.cmd === 'reset') {
      const { observation, info } = env.reset({ seed: message.seed });
      return { observation: plain(observation), info, legal: env.legalActions() };
    }
    const result = env.step(message.action);
    return { ...result, observation: plain(result.observation), legal: env.legalActions() };
  } catch (error) {
    if (error instanceof InputError) return { error: error.message };
    throw error;
  }
}

/** Serves the environment on stdin and stdout until `close` or the end of the input. */
export async function serveOverStdio(env: Environment): Promise<void> {
  const lines = createInterface({ input: process.stdin, crlfDelay: Infinity });
  for await (const line of lines) {
    if (line.trim() === '') continue;
    const reply = answer(env, line);
    if (reply === null) break;
    process.stdout.write(`${JSON.stringify(reply)}\n`);
  }
  lines.close();
}
