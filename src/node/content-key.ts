import { createHash } from 'node:crypto';

/** The key of a JSON value: the SHA-256 (hex) of its JSON text. Equal keys for equal content, key order included. */
export function contentKey(value: unknown): string {
  return createHash('sha256').update(JSON.stringify(value)).digest('hex');
}
