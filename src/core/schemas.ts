/** Parts of the zod schemas at Gridmind's borders, whose messages say in one line what is wrong. */
import { z } from 'zod';
import { InputError } from './errors.ts';

/** Schema parameters that give every problem of a value one message. */
export const saying = (message: string) => ({ errorMap: () => ({ message }) });

/** Schema parameters that give every problem of a value the message `message` writes of the value given. */
const sayingOf = (message: (value: unknown) => string) => ({
  errorMap: (_issue: z.ZodIssueOptionalMessage, { data }: z.ErrorMapCtx) => ({ message: message(data) }),
});

/** A whole number from `min` to `max`; any problem is the message `message` writes of the value given. */
export const wholeNumberIn = (min: number, max: number, message: (value: unknown) => string) =>
  z.number(sayingOf(message)).int().min(min).max(max);

/**
 * A value read by one of Gridmind's own checks or parsers (`read`): what it returns, and its InputError as
 * the schema's problem, in its words; so a limit the engine keeps is kept once.
 */
export const readBy =
  <In, Out>(read: (value: In) => Out) =>
  (value: In, context: z.RefinementCtx): Out => {
    try {
      return read(value);
    } catch (error) {
      if (!(error instanceof InputError)) throw error;
      context.addIssue({ code: 'custom', message: error.message });
      return z.NEVER;
    }
  };

/**
 * Schema parameters of an object that holds only its own fields: other fields are the message `extra`
 * writes of their names; with `notAnObject`, a value that is no object says that.
 */
export function extraFieldsSaying(extra: (fields: readonly string[]) => string, notAnObject?: string): { errorMap: z.ZodErrorMap } {
  return {
    errorMap: (issue, context) => {
      if (issue.code === 'unrecognized_keys') return { message: extra(issue.keys) };
      return { message: issue.code === 'invalid_type' && notAnObject !== undefined ? notAnObject : context.defaultError };
    },
  };
}

/**
 * Schema parameters of an object that holds only its own fields: another field is `what` "holds only"
 * `fields` "remove" it; with `notAnObject`, a value that is no object says that.
 */
export function onlyFields(what: string, fields: string, notAnObject?: string): { errorMap: z.ZodErrorMap } {
  return extraFieldsSaying((extra) => `${what} holds only ${fields}: remove ${extra.map((field) => `"${field}"`).join(', ')}`, notAnObject);
}

/** The value `schema` reads from `json`; its first problem, an InputError of the message `say` writes of it (default: the issue's own). */
export function readWith<T>(
  schema: z.ZodType<T, z.ZodTypeDef, unknown>,
  json: unknown,
  say: (issue: z.ZodIssue) => string = (issue) => issue.message,
): T {
  const result = schema.safeParse(json);
  if (!result.success) throw new InputError(say(result.error.issues[0]));
  return result.data;
}

/** Fields for messages: `"a", "b" and "c"`. */
export const fieldList = (fields: readonly string[]) =>
  fields.length === 1
    ? `"${fields[0]}"`
    : `${fields
        .slice(0, -1)
        .map((field) => `"${field}"`)
        .join(', ')} and "${fields.at(-1)}"`;
