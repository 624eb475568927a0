import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { describe, expect, it } from 'vitest';
import { builtInAgentNames } from '../../src/tetris-ai/agent-files.ts';
import { FEATURES } from '../../src/tetris-ai/features/index.ts';
import { SEARCH_METHODS } from '../../src/search/index.ts';
import { RULE_SET_NAMES } from '../../src/tetris/rules.ts';
import { ROTATION_SYSTEM_NAMES } from '../../src/tetris/rotation/system.ts';
import { SCORINGS } from '../../src/samegame/rules/options.ts';

/**
 * The README is the front door and docs/ holds the guides: the README stays short, every link
 * of the README and the guides leads to a page and heading that exist, docs/index.md lists every guide,
 * the package ships them, and the counts they state are the code's.
 */
const read = (file: string) => readFileSync(file, 'utf8');
const GUIDES = readdirSync('docs')
  .filter((name) => name.endsWith('.md'))
  .map((name) => `docs/${name}`);
const PAGES = ['README.md', 'ARCHITECTURE.md', ...GUIDES];

/** The text of a Markdown file outside its fenced code blocks, where links and headings are. */
const prose = (markdown: string) => markdown.replace(/^```[^\n]*\n[\s\S]*?^```$/gm, '');

/** GitHub's anchor of a heading (as the documentation site makes them too). */
const slugOf = (heading: string) =>
  heading
    .replace(/`/g, '')
    .toLowerCase()
    .trim()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');

/** The anchors of a Markdown file's headings, a repeated one numbered as GitHub numbers it. */
function anchorsOf(file: string): Set<string> {
  const anchors = new Set<string>();
  for (const [, text] of prose(read(file)).matchAll(/^#{1,6}\s+(.+)$/gm)) {
    const base = slugOf(text.replace(/\[([^\]]*)\]\([^)]*\)/g, '$1'));
    let anchor = base;
    for (let n = 1; anchors.has(anchor); n++) anchor = `${base}-${n}`;
    anchors.add(anchor);
  }
  return anchors;
}

/** The links and images of a Markdown file, `[text](href)`, outside code. */
const linksOf = (file: string) => [...prose(read(file)).matchAll(/!?\[[^\]]*\]\(([^)\s]+)\)/g)].map((match) => match[1]);

describe('the README, the front door', () => {
  it('is at most 250 lines', () => {
    expect(read('README.md').split('\n').length).toBeLessThanOrEqual(250);
  });

  it("shows the tour's agent in TypeScript as examples/typescript/holes-and-heights.ts has it, word for word", () => {
    const blocks = [...read('README.md').matchAll(/^```ts\n([\s\S]*?)^```$/gm)].map((match) => match[1]);
    expect(blocks).toContain(read('examples/typescript/holes-and-heights.ts'));
  });

  it('links docs/index.md, every guide, the command reference, the results and the sources', () => {
    const links = linksOf('README.md');
    for (const guide of GUIDES) expect(links, guide).toContain(guide);
    expect(links).toEqual(expect.arrayContaining(['docs/index.md', 'docs/commands.md', 'docs/results.md', 'docs/sources.md']));
  });
});

describe('the guides', () => {
  it('are each listed in docs/index.md', () => {
    const listed = linksOf('docs/index.md').map((href) => `docs/${href.split('#')[0]}`);
    for (const guide of GUIDES.filter((guide) => guide !== 'docs/index.md')) expect(listed, guide).toContain(guide);
  });

  it('ship in the package', () => {
    const files = (JSON.parse(read('package.json')) as { files: string[] }).files;
    expect(files).toContain('docs/*.md');
    expect(files).toContain('docs/images');
  });

  it('link only to Markdown pages and images that exist, and to headings those pages have', () => {
    const broken: string[] = [];
    for (const page of PAGES) {
      for (const href of linksOf(page)) {
        if (/^[a-z][a-z\d+.-]*:/i.test(href)) continue; // an address with a scheme: another site
        const [path, anchor] = href.split('#', 2);
        const target = path === '' ? page : normalize(join(dirname(page), decodeURI(path)));
        if (!/\.md$/.test(target) && !/^docs\/images\/[\w.-]+\.png$/.test(target))
          broken.push(`${page}: ${href} leads to no page of the docs`);
        else if (!existsSync(target)) broken.push(`${page}: ${href} leads to no file`);
        else if (anchor !== undefined && target.endsWith('.md') && !anchorsOf(target).has(anchor))
          broken.push(`${page}: ${href} names no heading of ${target}`);
      }
    }
    expect(broken).toEqual([]);
  });

  it('state the counts the code has', () => {
    const words = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve'];
    const readme = read('README.md');
    const ownAgent = read('docs/own-agent.md');
    const sections = [...prose(ownAgent).matchAll(/^## (\d+)\. /gm)].length;
    const peers = Object.keys((JSON.parse(read('package.json')) as { peerDependencies: object }).peerDependencies).length;
    const claims: [text: string, phrase: string, count: number][] = [
      [readme, 'built-in Tetris agents', builtInAgentNames().length],
      [readme, 'built-in agents', builtInAgentNames().length],
      [readme, 'ways in', sections],
      [ownAgent, 'ways', sections],
      [readme, 'rule sets', RULE_SET_NAMES.length],
      [readme, 'rotation systems', ROTATION_SYSTEM_NAMES.length],
      [readme, 'scoring rules', SCORINGS.length],
      [readme, 'packages are optional', peers],
      [read('docs/getting-started.md'), 'packages are optional', peers],
      [read('docs/index.md'), 'methods', SEARCH_METHODS.length],
    ];
    for (const [text, phrase, count] of claims) {
      const stated = [...text.matchAll(new RegExp(`\\b(${words.join('|')}|\\d+) ${phrase}`, 'gi'))].map(([, n]) =>
        /\d/.test(n) ? Number(n) : words.indexOf(n.toLowerCase()),
      );
      expect(stated.length, `"${phrase}" is counted`).toBeGreaterThan(0);
      expect(stated, phrase).toEqual(stated.map(() => count));
    }
    expect(ownAgent).toContain(`There are ${Object.keys(FEATURES).length}:`);
  });
});
