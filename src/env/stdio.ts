/**
 * An environment over newline-delimited JSON, for agents in any language: one request a line, one
 * answer a line.
 *
 * One environment: `{"cmd":"reset","seed":S}` (seed optional: without it a new episode, as
 * `Environment.reset`) → `{"observation","info","legal"}`; `{"cmd":"step","action":A}` →
 * `{"observation","reward","terminated","truncated","info","legal"}`.
 *
 * A batch (`gridmind env --envs N`): `{"cmd":"reset","seed":S}` (S seeds environment i with S + i; a list
 * of N seeds; or none) → `{"observation","info","mask"}`; `{"cmd":"step","actions":[A0,…]}` →
 * `{"observation","reward","terminated","truncated","info","mask"}`, each field holding every
 * environment's value (`info` a list per key, `observation` and `mask` one array per environment), with
 * Gymnasium's next-step autoreset (batch.ts).
 *
 * Both: `{"cmd":"spec"}` → `{"actionCount","observation":{NAME:{"shape","dtype","low","high"}},"envs","arrays"}`;
 * `{"cmd":"render"}` (a batch: `"index":I`) → `{"text"}`; `{"cmd":"close"}` ends the session. Arrays
 * (observations, masks) are JSON lists, or with `arrays: 'base64'` the base64 of their bytes (uint8, or
 * float32 little-endian; a batch's arrays one environment after another), where arrays of 0s and 1s (the
 * spec's uint8 arrays with low 0 and high 1, and the masks) are packed 8 cells to a byte, the first cell in
 * the lowest bit: a learner in Python reads them with `numpy.frombuffer` and `numpy.unpackbits(…,
 * bitorder="little")`. A bad request gets `{"error":"<reason>"}` and the session goes on.
 */
import { z } from 'zod';
import { InputError } from '../core/errors.ts';
import { MAX_SEED, seedMessage } from '../core/prng.ts';
import { readWith, saying, wholeNumberIn } from '../core/schemas.ts';
import { BatchEnvironment, type BatchResult } from './batch.ts';
import type { ArraySpec, Environment, Info, Observation } from './environment.ts';

/** How arrays travel: JSON lists, or base64 of their bytes. */
export type ArrayEncoding = 'json' | 'base64';

const seed = wholeNumberIn(0, MAX_SEED, seedMessage);

const USAGE =
  'send {"cmd":"reset","seed":S}, {"cmd":"step","action":A} (a batch: "actions":[…]), {"cmd":"spec"}, {"cmd":"render"} or {"cmd":"close"}';

/** The requests of one environment. */
const oneRequest = z.discriminatedUnion(
  'cmd',
  [
    z.object({
      cmd: z.literal('reset'),
      seed: z
        .unknown()
        .refine((value) => !Array.isArray(value), 'one environment takes one seed, not a list (a list is for a batch: --envs N)')
        .pipe(seed.optional()),
    }),
    z.object({
      cmd: z.literal('step'),
      action: z.number(saying('a step names its action, a whole number: {"cmd":"step","action":A}')).int(),
    }),
    z.object({ cmd: z.literal('render') }),
    z.object({ cmd: z.literal('spec') }),
    z.object({ cmd: z.literal('close') }),
  ],
  { errorMap: unknownRequest },
);

const BATCH_STEP = 'a batch steps with one whole-number action per environment: {"cmd":"step","actions":[…]}';

/** The requests of a batch of `envs` environments. */
const batchRequest = (envs: number) =>
  z.discriminatedUnion(
    'cmd',
    [
      z.object({ cmd: z.literal('reset'), seed: z.union([seed, z.array(seed)], { errorMap: seedsMessage }).optional() }),
      z.object({
        cmd: z.literal('step'),
        actions: z.array(z.number(saying(BATCH_STEP)).int(), saying(BATCH_STEP)),
      }),
      z.object({
        cmd: z.literal('render'),
        index: wholeNumberIn(0, envs - 1, (index) => `render "index" ${String(index)} is no environment's: use 0 to ${envs - 1}`).default(
          0,
        ),
      }),
      z.object({ cmd: z.literal('spec') }),
      z.object({ cmd: z.literal('close') }),
    ],
    { errorMap: unknownRequest },
  );
type OneRequest = z.infer<typeof oneRequest>;
type BatchRequest = z.infer<ReturnType<typeof batchRequest>>;

/** A request whose "cmd" is none of the known. */
function unknownRequest(issue: z.ZodIssueOptionalMessage, context: z.ErrorMapCtx): { message: string } {
  const unknown = issue.code === 'invalid_union_discriminator' || (issue.code === 'invalid_type' && issue.path.length === 0);
  return { message: unknown ? `unknown request: ${USAGE}` : context.defaultError };
}

/** A batch's seed: the message of the seed, or of the list's first bad seed. */
function seedsMessage(_issue: z.ZodIssueOptionalMessage, { data }: z.ErrorMapCtx): { message: string } {
  const bad = Array.isArray(data) ? data.find((value) => !seed.safeParse(value).success) : data;
  return { message: seedMessage(bad) };
}

type Typed = Uint8Array | Float32Array;

/** Whether an array holds only 0 and 1: under base64 it travels as bits. */
const isBinary = (array: ArraySpec) => array.dtype === 'uint8' && array.low === 0 && array.high === 1;

/** The base64 of an array's bytes, or with `bits` of its cells packed 8 to a byte, the first in the lowest bit. */
function toBase64(values: Typed, bits: boolean): string {
  if (!bits) return Buffer.from(values.buffer, values.byteOffset, values.byteLength).toString('base64');
  const packed = Buffer.alloc((values.length + 7) >> 3);
  for (let i = 0; i < values.length; i++) packed[i >> 3] |= values[i] << (i & 7);
  return packed.toString('base64');
}

/** An array of one environment in the session's encoding. */
function encode(values: Typed, bits: boolean, arrays: ArrayEncoding): string | number[] {
  return arrays === 'json' ? Array.from(values) : toBase64(values, bits);
}

/** An array of a batch (`count` environments' values one after another): one base64 string, or a list per environment. */
function encodeBatch(values: Typed, count: number, bits: boolean, arrays: ArrayEncoding): string | number[][] {
  if (arrays === 'base64') return toBase64(values, bits);
  const size = values.length / count;
  return Array.from({ length: count }, (_, i) => Array.from(values.subarray(i * size, (i + 1) * size)));
}

/** A session: one environment, or a batch, and how its arrays travel. */
export class PipeSession {
  private readonly answerTo: (line: unknown) => unknown;
  /** Per observation array, whether it travels as bits under base64. */
  private readonly bits: Readonly<Record<string, boolean>>;

  constructor(
    env: Environment | BatchEnvironment,
    private readonly arrays: ArrayEncoding = 'json',
  ) {
    this.bits = Object.fromEntries(Object.entries(env.spec.observation).map(([name, array]) => [name, isBinary(array)]));
    if (env instanceof BatchEnvironment) {
      const requests = batchRequest(env.envs.length);
      this.answerTo = (json) => this.answerBatch(env, readWith(requests, json));
    } else {
      this.answerTo = (json) => this.answerOne(env, readWith(oneRequest, json));
    }
  }

  /** The answer to one request line, or null for `close`. */
  answer(line: string): unknown {
    let parsed: unknown;
    try {
      parsed = JSON.parse(line);
    } catch {
      return { error: 'a request is one JSON object a line, such as {"cmd":"reset","seed":1}' };
    }
    try {
      return this.answerTo(parsed);
    } catch (error) {
      if (error instanceof InputError) return { error: error.message };
      throw error;
    }
  }

  private answerOne(env: Environment, message: OneRequest): unknown {
    if (message.cmd === 'close') return null;
    if (message.cmd === 'spec') return { ...env.spec, envs: null, arrays: this.arrays };
    if (message.cmd === 'render') return { text: env.render() };
    if (message.cmd === 'reset') {
      const { observation, info } = env.reset({ seed: message.seed });
      return { observation: this.encodeObservation(observation), info, legal: env.legalActions() };
    }
    const result = env.step(message.action);
    return { ...result, observation: this.encodeObservation(result.observation), legal: env.legalActions() };
  }

  private answerBatch(batch: BatchEnvironment, message: BatchRequest): unknown {
    if (message.cmd === 'close') return null;
    if (message.cmd === 'spec') return { ...batch.spec, envs: batch.envs.length, arrays: this.arrays };
    if (message.cmd === 'render') return { text: batch.render(message.index) };
    if (message.cmd === 'reset') {
      const { observation, info, mask } = this.encodeBatchResult(batch.reset(message.seed));
      return { observation, info, mask };
    }
    return this.encodeBatchResult(batch.step(message.actions));
  }

  private encodeObservation(observation: Observation) {
    return Object.fromEntries(Object.entries(observation).map(([name, values]) => [name, encode(values, this.bits[name], this.arrays)]));
  }

  /** A batch's answer field by field: each observation array, the masks and each info key as one value of every environment. */
  private encodeBatchResult(result: BatchResult) {
    const count = result.info.length;
    const observation: Record<string, string | number[][]> = {};
    for (const [name, values] of Object.entries(result.observation))
      observation[name] = encodeBatch(values, count, this.bits[name], this.arrays);
    const info: Record<string, Info[string][]> = {};
    for (const key of Object.keys(result.info[0])) {
      const column = new Array<Info[string]>(count);
      for (let i = 0; i < count; i++) column[i] = result.info[i][key];
      info[key] = column;
    }
    const { reward, terminated, truncated } = result;
    return { observation, info, reward, terminated, truncated, mask: encodeBatch(result.masks, count, true, this.arrays) };
  }
}

/**
 * Serves the environment (or batch) on stdin and stdout until `close` or the end of the input. Lines are
 * split from stdin's chunks directly: a learner waits for each answer, so the time an answer takes is the
 * time of its steps.
 */
export function serveOverStdio(env: Environment | BatchEnvironment, arrays: ArrayEncoding = 'json'): Promise<void> {
  const session = new PipeSession(env, arrays);
  return new Promise((resolve) => {
    let pending = '';
    const finish = () => {
      process.stdin.off('data', take).off('end', last);
      process.stdin.pause();
      resolve();
    };
    /** Answers one line; false after `close`. */
    const serve = (line: string): boolean => {
      if (line.trim() === '') return true;
      const reply = session.answer(line);
      if (reply === null) return false;
      process.stdout.write(`${JSON.stringify(reply)}\n`);
      return true;
    };
    const take = (chunk: string) => {
      pending += chunk;
      for (let newline = pending.indexOf('\n'); newline >= 0; newline = pending.indexOf('\n')) {
        const line = pending.slice(0, newline);
        pending = pending.slice(newline + 1);
        if (!serve(line)) return finish();
      }
    };
    const last = () => {
      serve(pending);
      finish();
    };
    process.stdin.setEncoding('utf8');
    process.stdin.on('data', take).on('end', last);
  });
}
