#!/usr/bin/env node
// The `gridmind` command: runs the compiled CLI in dist/, which `npm run build` writes (`npm ci` runs it).
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const main = new URL('../dist/cli/main.js', import.meta.url);
if (!existsSync(main)) {
  const root = fileURLToPath(new URL('..', import.meta.url));
  process.stderr.write(`gridmind: the compiled program (dist/cli/main.js) is missing: run \`npm run build\` in ${root}\n`);
  process.exit(1);
}
await import(main.href);
