/**
 * The Redis queue (redis-queue.ts) is loaded, with BullMQ and ioredis, by the commands that use one
 * (`--queue`, `gridmind worker`, `gridmind queue`): the two are optional packages, and everything else
 * runs without them.
 */
import { importOptional } from '../node/optional-packages.ts';

/** The Redis queue's module; an InputError saying how to add BullMQ and ioredis where they are not installed. */
export function loadRedisQueue(): Promise<typeof import('./redis-queue.ts')> {
  return importOptional(() => import('./redis-queue.ts'), ['bullmq', 'ioredis'], 'a Redis queue');
}
