/**
 * `npm run docs` (after `npm run docs:commands`): builds the documentation site, one static folder, into
 * dist/docs, which `gridmind serve` serves at /docs and the npm package ships (`prepack` builds it):
 *
 * - the pages: README.md as the front page (index.html), every guide in docs/*.md (docs/commands.md, the
 *   command reference, among them) and ARCHITECTURE.md, rendered from Markdown with marked, each with its
 *   title, a list of the pages, and a link back to the web app; links between the Markdown files become links
 *   between the pages, and the images of docs/images are copied beside them;
 * - the API reference, by TypeDoc (typedoc.json) into dist/docs/api, with links to the guides and the app.
 *
 * Every link between pages is checked, down to its #anchor: a link to a page or a heading that does not
 * exist, or to a file the site does not hold, stops the build. `npx tsx scripts/docs-site.ts --no-api`
 * builds the pages alone (a second, where TypeDoc takes a minute), keeping the API reference built before. `npm run build` does not build the site,
 * so that `npm start` stays quick: the server says to run `npm run docs` when it is missing.
 */
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, posix, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Marked, type Token, type Tokens } from 'marked';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
/** Where `npm run docs` writes the site (src/server/docs-site.ts serves it from there). */
export const SITE = join(ROOT, 'dist', 'docs');
/** Where TypeDoc's API reference goes inside the site. */
export const API_FOLDER = 'api';

/** The guides first in the list of pages, in this order (docs/NAME.md); the others follow by title. */
const GUIDE_ORDER = [
  'index',
  'getting-started',
  'own-agent',
  'python',
  'environments',
  'search',
  'tuning',
  'reproducing',
  'many-machines',
  'aveiro',
  'web-app',
  'why-here',
  'high-scores',
  'http-api',
  'results',
  'commands',
  'sources',
];

/** The page of a guide (docs/NAME.md): NAME.html, but the guides' table of contents, whose index.html is the README's. */
const guidePage = (name: string) => (name === 'index.md' ? 'guides.html' : name.replace(/\.md$/, '.html'));

/** A page of the site: where its Markdown is (relative to the checkout) and where its HTML goes (relative to the site). */
export interface SitePage {
  readonly source: string;
  readonly output: string;
  readonly title: string;
  readonly markdown: string;
}

/** A Markdown file's front matter (a `---` block: TypeDoc reads its title) and the rest. */
function splitFrontMatter(markdown: string): { title: string | null; body: string } {
  const match = /^---\n([\s\S]*?)\n---\n/.exec(markdown);
  if (match === null) return { title: null, body: markdown };
  const title = /^title:\s*(.+)$/m.exec(match[1])?.[1].trim() ?? null;
  return { title, body: markdown.slice(match[0].length) };
}

/** The page of a Markdown file of the checkout, titled by its front matter, else its first heading. */
function pageOf(source: string, output: string, root = ROOT): SitePage {
  const { title, body } = splitFrontMatter(readFileSync(join(root, source), 'utf8'));
  const heading = /^#\s+(.+)$/m.exec(body)?.[1].replace(/`/g, '').trim();
  return { source, output, title: title ?? heading ?? basename(source, '.md'), markdown: body };
}

/** The site's pages in the order its list shows them: the README, the guides, the architecture. */
export function sitePages(root = ROOT): SitePage[] {
  const guides = readdirSync(join(root, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => pageOf(`docs/${name}`, guidePage(name), root));
  const rank = (page: SitePage) => {
    const at = GUIDE_ORDER.indexOf(basename(page.source, '.md'));
    return at === -1 ? GUIDE_ORDER.length : at;
  };
  guides.sort((a, b) => rank(a) - rank(b) || a.title.localeCompare(b.title));
  const front = { ...pageOf('README.md', 'index.html', root), title: 'Overview' };
  const extra = existsSync(join(root, 'ARCHITECTURE.md')) ? [pageOf('ARCHITECTURE.md', 'architecture.html', root)] : [];
  return [front, ...guides, ...extra];
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (character) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[character]!);

/** The text of rendered inline HTML, as a reader sees it. */
const textOf = (html: string) =>
  html
    .replace(/<[^>]*>/g, '')
    .replace(/&(amp|lt|gt|quot|#39);/g, (_, name: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" })[name]!);

/** GitHub's anchor for a heading's text, so that `#gridmind-bench` works on GitHub and on the site alike. */
export const slugOf = (text: string) =>
  text
    .toLowerCase()
    .trim()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');

/** A link of a page that leads inside the site, for the build's check. */
interface SiteLink {
  readonly from: string;
  readonly href: string;
  /** The page or file it leads to (relative to the site) and its #anchor, or null for a file the site does not hold. */
  readonly target: { readonly file: string; readonly anchor: string | null } | null;
}

/**
 * Where a link of a page leads in the site: another Markdown file of the checkout to its page, an image of
 * docs/images to its copy in images/, an anchor to itself; an address with a scheme is left as it is.
 */
function siteTarget(href: string, page: SitePage, pages: readonly SitePage[]): SiteLink['target'] | 'outside' {
  if (/^[a-z][a-z0-9+.-]*:/i.test(href) || href.startsWith('//')) return 'outside';
  const [path, anchor = null] = href.split('#', 2) as [string, string?];
  if (path === '') return { file: page.output, anchor };
  const inCheckout = posix.normalize(posix.join(posix.dirname(page.source), decodeURI(path)));
  const target = pages.find((other) => other.source === inCheckout);
  if (target) return { file: target.output, anchor };
  if (inCheckout.startsWith('docs/images/')) return { file: `images/${inCheckout.slice('docs/images/'.length)}`, anchor: null };
  return null;
}

/** The HTML of a page's Markdown, its headings' anchors, and its links inside the site. */
function renderMarkdown(page: SitePage, pages: readonly SitePage[]): { html: string; anchors: Set<string>; links: SiteLink[] } {
  const anchors = new Set<string>();
  const links: SiteLink[] = [];
  const marked = new Marked({ gfm: true, async: false });
  marked.use({
    walkTokens(token: Token) {
      if (token.type !== 'link' && token.type !== 'image') return;
      const target = siteTarget(token.href, page, pages);
      if (target === 'outside') return;
      links.push({ from: page.output, href: token.href, target });
      if (target !== null)
        token.href = `${target.file === page.output ? '' : target.file}${target.anchor === null ? '' : `#${target.anchor}`}`;
    },
    renderer: {
      heading(this: { parser: { parseInline(tokens: Token[]): string } }, { tokens, depth }: Tokens.Heading) {
        const inner = this.parser.parseInline(tokens);
        const base = slugOf(textOf(inner));
        let id = base;
        for (let n = 1; anchors.has(id); n += 1) id = `${base}-${n}`;
        anchors.add(id);
        return `<h${depth} id="${escapeHtml(id)}">${inner}</h${depth}>\n`;
      },
    },
  });
  const html = (marked.parse(page.markdown) as string)
    .replaceAll('<pre>', '<pre tabindex="0">') // a code block wider than a phone scrolls, by keyboard too
    .replaceAll('<table>', '<div class="table-wrap" tabindex="0"><table>')
    .replaceAll('</table>', '</table></div>');
  return { html, anchors, links };
}

/** A page's whole HTML document: its title, the list of pages (this one marked), its content. */
function document(page: SitePage, pages: readonly SitePage[], content: string): string {
  const up = '../'.repeat(page.output.split('/').length - 1);
  const item = (href: string, title: string, current: boolean) =>
    `<li><a href="${up}${href}"${current ? ' aria-current="page"' : ''}>${escapeHtml(title)}</a></li>`;
  const list = [
    ...pages.map((other) => item(other.output, other.title, other === page)),
    item(`${API_FOLDER}/index.html`, 'API reference', false),
  ].join('\n          ');
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>${escapeHtml(page.title)} · Gridmind documentation</title>
    <link rel="icon" href="data:," />
    <link rel="stylesheet" href="${up}site.css" />
  </head>
  <body>
    <a class="skip" href="#content">Skip to the text</a>
    <header class="top">
      <a class="brand" href="${up}index.html"><span class="logo" aria-hidden="true"></span>Gridmind documentation</a>
      <a class="app-link" href="${up}../" data-testid="back-to-app">Open the app</a>
    </header>
    <div class="layout">
      <nav class="pages" aria-label="Documentation pages">
        <ul>
          ${list}
        </ul>
      </nav>
      <main id="content">
        <article class="prose">
${content}
        </article>
        <footer class="source">From <code>${escapeHtml(page.source)}</code> in Gridmind’s repository.</footer>
      </main>
    </div>
  </body>
</html>
`;
}

/** What the page build wrote: its pages and any link that leads nowhere in the site. */
export interface PagesBuilt {
  readonly pages: readonly SitePage[];
  readonly brokenLinks: readonly string[];
}

/**
 * Writes the pages, the style sheet and the images into `site` (the API reference aside) from the checkout
 * at `root`, and checks every link between them (the API reference's index counts as a page).
 */
export function buildPages(site = SITE, root = ROOT): PagesBuilt {
  const pages = sitePages(root);
  const rendered = pages.map((page) => ({ page, ...renderMarkdown(page, pages) }));
  const images = existsSync(join(root, 'docs', 'images')) ? readdirSync(join(root, 'docs', 'images')) : [];
  const files = new Map<string, Set<string> | null>([
    ...rendered.map(({ page, anchors }) => [page.output, anchors] as const),
    ...images.map((name) => [`images/${name}`, null] as const),
    [`${API_FOLDER}/index.html`, null],
  ]);
  const brokenLinks = rendered.flatMap(({ links }) =>
    links.flatMap(({ from, href, target }) => {
      if (target === null) return [`${from}: ${href} leads to a file the site does not hold`];
      if (!files.has(target.file)) return [`${from}: ${href} leads to no page`];
      const anchors = files.get(target.file);
      if (target.anchor !== null && anchors && !anchors.has(target.anchor)) return [`${from}: ${href} names no heading of ${target.file}`];
      return [];
    }),
  );
  mkdirSync(site, { recursive: true });
  for (const { page, html } of rendered) {
    mkdirSync(dirname(join(site, page.output)), { recursive: true });
    writeFileSync(join(site, page.output), document(page, pages, html));
  }
  copyFileSync(fileURLToPath(new URL('docs-site.css', import.meta.url)), join(site, 'site.css'));
  mkdirSync(join(site, 'images'), { recursive: true });
  for (const name of images) copyFileSync(join(root, 'docs', 'images', name), join(site, 'images', name));
  return { pages, brokenLinks };
}

/** A placeholder for the site's root in TypeDoc's links, made relative to each of its pages afterwards. */
const SITE_ROOT = 'https://gridmind-docs.invalid/';

/** Every HTML file under a folder, relative to it. */
const htmlFiles = (folder: string): string[] =>
  readdirSync(folder, { recursive: true, encoding: 'utf8' }).filter((name) => name.endsWith('.html'));

/** Runs TypeDoc (typedoc.json) into the site's api/ folder, with links to the guides and to the app in its header. */
async function buildApi(site: string): Promise<void> {
  const { Application, TSConfigReader, TypeDocReader } = await import('typedoc');
  const out = join(site, API_FOLDER);
  const app = await Application.bootstrapWithPlugins(
    { out, navigationLinks: { Guides: `${SITE_ROOT}guides.html`, 'Open the app': `${SITE_ROOT}../` } },
    [new TypeDocReader(), new TSConfigReader()],
  );
  const project = await app.convert();
  if (project === undefined || app.logger.hasErrors() || app.logger.hasWarnings()) throw new Error('TypeDoc failed (above)');
  rmSync(out, { recursive: true, force: true });
  await app.generateOutputs(project);
  if (app.logger.hasErrors() || app.logger.hasWarnings()) throw new Error('TypeDoc failed (above)');
  // The placeholder becomes the way up to the site's root, the pages get an empty icon as the guides have, and
  // TypeDoc's inline scripts move to files of their own: the server's pages may run no inline script
  // (src/server/static-files.ts, its CSP).
  const scripts = new Map<string, string>();
  for (const file of htmlFiles(out)) {
    const path = join(out, file);
    const toSite = '../'.repeat(relative(site, path).split(/[\\/]/).length - 1);
    const toApi = '../'.repeat(file.split(/[\\/]/).length - 1);
    const html = readFileSync(path, 'utf8')
      .replaceAll(SITE_ROOT, toSite)
      .replace('</head>', '<link rel="icon" href="data:,"/></head>') // no request for the app's /favicon.ico
      .replace(/<script>([\s\S]*?)<\/script>/g, (_, code: string) => {
        const name = `assets/inline-${createHash('sha256').update(code).digest('hex').slice(0, 12)}.js`;
        scripts.set(name, code);
        return `<script src="${toApi}${name}"></script>`;
      });
    writeFileSync(path, html);
  }
  for (const [name, code] of scripts) writeFileSync(join(out, name), code);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const withApi = !process.argv.includes('--no-api');
  if (withApi) rmSync(SITE, { recursive: true, force: true }); // else the API reference built before stays
  const { pages, brokenLinks } = buildPages();
  if (brokenLinks.length > 0) {
    process.stderr.write(`docs: links that lead nowhere:\n${brokenLinks.map((line) => `  ${line}\n`).join('')}`);
    process.exit(1);
  }
  process.stdout.write(`docs: ${pages.length} pages written to ${relative(ROOT, SITE)}\n`);
  if (withApi) {
    await buildApi(SITE);
    process.stdout.write(`docs: the API reference written to ${relative(ROOT, join(SITE, API_FOLDER))}\n`);
  }
  process.stdout.write(`docs: open ${relative(ROOT, join(SITE, 'index.html'))}, or run \`npx gridmind serve\` and open /docs\n`);
}
