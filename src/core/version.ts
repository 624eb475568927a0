import { readFileSync } from 'node:fs';

/** Gridmind's version, from package.json. */
export const GRIDMIND_VERSION: string = (
  JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }
).version;
