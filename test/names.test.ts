import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * What a user must never meet in what Gridmind ships: the codes the project's private notes gave its
 * source reports (S1 … S9, "S4's rule", `s4Priority`), and paths into those notes (`shared/…`), which
 * the package does not have. docs/sources.md names the sources once, in words and public references.
 */
const FORBIDDEN: readonly { what: string; pattern: RegExp }[] = [
  { what: 'a report code', pattern: /\bS[0-9]\b/ },
  { what: 'an identifier named by a report code', pattern: /\b[sS][0-9][A-Z][A-Za-z]*/ },
  { what: 'a path into the private notes', pattern: /\bshared\// },
];

/** Files whose text a user reads: those package.json ships (its compiled code aside), and the sources of that code and of the web app. */
function shippedTextFiles(): string[] {
  const manifest = JSON.parse(readFileSync('package.json', 'utf8')) as { files: string[] };
  // dist/ is built from src/ and web/src/, which are read instead: a minifier's names are no one's words.
  const roots = [...manifest.files.filter((entry) => entry !== 'dist'), 'README.md', 'package.json', 'src', 'web/src'];
  const files = roots.flatMap((root) => {
    const glob = /^(.*)\/\*(\.\w+)$/.exec(root);
    if (glob)
      return readdirSync(glob[1])
        .filter((name) => name.endsWith(glob[2]))
        .map((name) => join(glob[1], name));
    if (!existsSync(root)) throw new Error(`package.json ships ${root}, which is missing`);
    if (statSync(root).isFile()) return [root];
    return readdirSync(root, { recursive: true, encoding: 'utf8' }).map((name) => join(root, name));
  });
  return files.filter((file) => statSync(file).isFile() && !/\.(png|jpe?g|gif|ico|woff2?)$/i.test(file));
}

/** Each line of `text` that holds a forbidden name, as `file:line: what: the line`. */
function forbiddenNames(file: string, text: string): string[] {
  return text
    .split('\n')
    .flatMap((line, i) =>
      FORBIDDEN.filter(({ pattern }) => pattern.test(line)).map(({ what }) => `${file}:${i + 1}: ${what}: ${line.trim()}`),
    );
}

describe('the names users read', () => {
  it('catch report codes and private paths, not words that merely look alike', () => {
    const caught = ["S4's search path", 'a text (S3)', 'S1–S5', 's4Priority(placements)', 'see shared/BENCHMARKS.md'];
    for (const line of caught) expect(forbiddenNames('x', line), line).toHaveLength(1);
    const innocent = ['this.s0 ^= this.s3;', 'costs H1..H7', "tieBreak: 's4' (its former name)", 'a shared Redis', 'S/↓ down'];
    for (const line of innocent) expect(forbiddenNames('x', line), line).toEqual([]);
  });

  it('in everything the package ships, and in the sources of its code and web app, say what a thing is, not which report it came from', () => {
    const files = shippedTextFiles();
    expect(files).toEqual(expect.arrayContaining(['README.md', 'docs/sources.md', 'src/tetris-ai/agents/target.json', 'web/src/main.tsx']));
    expect(files.flatMap((file) => forbiddenNames(file, readFileSync(file, 'utf8')))).toEqual([]);
  });
});
