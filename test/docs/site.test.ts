import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { API_FOLDER, buildPages, SITE, sitePages, slugOf } from '../../scripts/docs-site.ts';

const folders: string[] = [];
const temporary = (name: string) => {
  const folder = mkdtempSync(join(tmpdir(), `gridmind-${name}-`));
  folders.push(folder);
  return folder;
};
afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

describe('the documentation site (npm run docs)', () => {
  const site = temporary('site');
  const { pages, brokenLinks } = buildPages(site);
  const html = (file: string) => readFileSync(join(site, file), 'utf8');

  it('has a page for the README, every guide of docs/ and the architecture, each with its title', () => {
    const guides = readdirSync('docs').filter((name) => name.endsWith('.md'));
    const guidePages = guides.map((name) => (name === 'index.md' ? 'guides.html' : name.replace(/\.md$/, '.html')));
    expect(pages.map((page) => page.output).sort()).toEqual(['index.html', 'architecture.html', ...guidePages].sort());
    expect(pages[0]).toMatchObject({ source: 'README.md', output: 'index.html', title: 'Overview' });
    expect(pages[1]).toMatchObject({ source: 'docs/index.md', output: 'guides.html' }); // the guides' table of contents, next
    expect(pages.find((page) => page.output === 'commands.html')?.title).toBe('Command reference');
    for (const page of pages) {
      expect(html(page.output)).toContain(
        `<title>${page.title.replaceAll('&', '&amp;').replaceAll("'", '&#39;')} · Gridmind documentation</title>`,
      );
      expect(html(page.output), page.output).toMatch(/<h1 id="[^"]+">/);
    }
  });

  it('lists every page and the API reference on every page, marks the current one, and links back to the app', () => {
    for (const page of pages) {
      const text = html(page.output);
      for (const other of pages) expect(text, `${page.output} → ${other.output}`).toContain(`href="${other.output}"`);
      expect(text).toContain(`href="${API_FOLDER}/index.html"`);
      expect(text).toContain(`<a href="${page.output}" aria-current="page">`);
      expect(text).toMatch(/<a class="app-link" href="\.\.\/"[^>]*>Open the app<\/a>/);
    }
  });

  it('turns links between the Markdown files into links between the pages, anchors kept, and finds none broken', () => {
    expect(brokenLinks).toEqual([]);
    expect(html('index.html')).toContain('href="own-agent.html"'); // README: docs/own-agent.md
    expect(html('commands.html')).toContain('href="#gridmind-samegame-solve"');
    expect(html('commands.html')).toContain('<h3 id="gridmind-samegame-solve">');
    expect(html('why-here.html')).toMatch(/<img src="images\/why-here-play\.png"/);
    for (const image of readdirSync('docs/images')) expect(existsSync(join(site, 'images', image)), image).toBe(true);
    expect(html('index.html')).not.toMatch(/href="[^"]*\.md(#[^"]*)?"/);
  });

  it('reports a link to a missing page, a missing heading or a file outside the site', () => {
    const root = temporary('checkout');
    mkdirSync(join(root, 'docs'));
    writeFileSync(
      join(root, 'README.md'),
      '# Front\n\n[a](docs/a.md#no-such-part) [b](docs/gone.md) [c](src/cli/main.ts) [d](https://example.org/x.md)\n',
    );
    writeFileSync(
      join(root, 'docs', 'a.md'),
      '---\ntitle: Page A\n---\n\n# A\n\n## A part\n\n[front](../README.md#front) [self](#a-part)\n',
    );
    const built = buildPages(temporary('site'), root);
    expect(built.pages.map((page) => page.title)).toEqual(['Overview', 'Page A']);
    expect(built.brokenLinks).toEqual([
      'index.html: docs/a.md#no-such-part names no heading of a.html',
      'index.html: docs/gone.md leads to a file the site does not hold',
      'index.html: src/cli/main.ts leads to a file the site does not hold',
    ]);
  });

  it('gives headings GitHub’s anchors', () => {
    expect(slugOf('gridmind samegame solve')).toBe('gridmind-samegame-solve');
    expect(slugOf('7. The protocol: JSON lines')).toBe('7-the-protocol-json-lines');
    expect(slugOf('Tuned by Gridmind: tuned-fit-10x10, 5,600 lines on 10×10')).toBe('tuned-by-gridmind-tuned-fit-10x10-5600-lines-on-1010');
  });

  it('loads nothing from elsewhere: no font, script or style sheet from another site', () => {
    const css = readFileSync('scripts/docs-site.css', 'utf8');
    expect(css).not.toMatch(/@import|url\(|@font-face/);
    for (const page of pages) expect(html(page.output)).not.toMatch(/<(script|link)[^>]+(src|href)="(https?:)?\/\//);
  });

  it('is one folder with the API reference inside it, in dist/ (which the package ships)', () => {
    const typedoc = JSON.parse(readFileSync('typedoc.json', 'utf8')) as { out: string };
    expect(join(process.cwd(), typedoc.out)).toBe(join(SITE, API_FOLDER));
    const manifest = JSON.parse(readFileSync('package.json', 'utf8')) as { files: string[]; scripts: Record<string, string> };
    expect(manifest.files).toContain('dist');
    expect(manifest.scripts.docs).toMatch(/command-reference\.ts && .*docs-site\.ts/);
    expect(manifest.scripts.prepack).toContain('npm run docs');
    expect(sitePages().length).toBe(pages.length);
  });
});
