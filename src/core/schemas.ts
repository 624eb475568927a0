/** Parts of the zod schemas at Gridmind's borders, whose messages say in one line what is wrong. */
import { z } from 'zod';

/** Schema parameters that give every problem of a value one message. */
export const saying = (message: string) => ({ errorMap: () => ({ message }) });

/** Schema parameters that give every problem of a value the message `message` writes of the value given. */
export const sayingOf = (message: (value: unknown) => string) => ({
  errorMap: (_issue: z.ZodIssueOptionalMessage, { data }: z.ErrorMapCtx) => ({ message: message(data) }),
});

/** A whole number from `min` to `max`; any problem is the message `message` writes of the value given. */
export const wholeNumberIn = (min: number, max: number, message: (value: unknown) => string) =>
  z.number(sayingOf(message)).int().min(min).max(max);
