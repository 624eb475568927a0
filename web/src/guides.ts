/**
 * The guides in docs/, shown by the Help page at `#/help/NAME`: their Markdown, loaded when asked for,
 * turned into HTML with links between guides kept inside the app and images served from the build.
 */
import type { Token } from 'marked';

/** The guides in the order the Help page lists them, named by their file (docs/NAME.md) and titled by their first heading. */
export const GUIDES = [
  { name: 'getting-started', title: 'Getting started' },
  { name: 'why-here', title: 'Why here? A game explained, piece by piece' },
  { name: 'own-agent', title: 'Writing your own agent' },
  { name: 'python', title: 'Gridmind from Python' },
  { name: 'environments', title: 'Environments: the games and how to drive them' },
  { name: 'search', title: 'The search library' },
  { name: 'tuning', title: 'Tuning: weights learned by Gridmind' },
  { name: 'reproducing', title: "Reproducing the literature's figures" },
  { name: 'many-machines', title: 'Runs on many machines' },
  { name: 'aveiro', title: 'The Aveiro course: its network Tetris, served and played' },
  { name: 'web-app', title: 'The web app' },
  { name: 'high-scores', title: 'High scores: what a table holds, and what it can prove' },
  { name: 'http-api', title: 'The HTTP API' },
  { name: 'results', title: 'Results' },
  { name: 'records', title: 'Records' },
  { name: 'sources', title: "Where Gridmind's rules, agents and figures come from" },
] as const;

/** docs/index.md, the guides' table of contents: in the app, the Help page's list of guides is its place. */
const CONTENTS = 'index';

const SOURCES = import.meta.glob<string>('../../docs/*.md', { query: '?raw', import: 'default' });
const IMAGES = import.meta.glob<string>('../../docs/images/*.png', { query: '?url', import: 'default', eager: true });

/** A guide's Markdown without its front matter (a `---` block that names its title for the API docs). */
export const withoutFrontMatter = (markdown: string) => markdown.replace(/^---\n[\s\S]*?\n---\n/, '');

/**
 * Where a link or image of a guide leads in the app: another guide (`NAME.md#part`) to its Help
 * address, the table of contents (`index.md`) to the Help page, a page of docs/ the Help page does not show
 * (the command reference, `commands.md`) to its page on the documentation site (`docs/NAME.html`, which
 * `gridmind serve` serves), an image (`images/FILE`) to its file in the build, anything else unchanged.
 */
export function addressInApp(href: string, images: Readonly<Record<string, string>> = IMAGES): string {
  const guide = /^([\w-]+)\.md(#.*)?$/.exec(href);
  if (guide?.[1] === CONTENTS) return '#/help';
  if (guide) return GUIDES.some(({ name }) => name === guide[1]) ? `#/help/${guide[1]}` : `docs/${guide[1]}.html${guide[2] ?? ''}`;
  const image = /^images\/([\w.-]+)$/.exec(href);
  return image ? (images[`../../docs/images/${image[1]}`] ?? href) : href;
}

/** The HTML of guide `name`, or null when there is no such guide. */
export async function guideHtml(name: string): Promise<string | null> {
  const load = SOURCES[`../../docs/${name}.md`];
  if (!GUIDES.some((guide) => guide.name === name) || load === undefined) return null;
  const [{ marked }, markdown] = await Promise.all([import('marked'), load()]);
  const walkTokens = (token: Token) => {
    if (token.type === 'link' || token.type === 'image') token.href = addressInApp(token.href);
  };
  const html = marked.parse(withoutFrontMatter(markdown), { async: false, gfm: true, walkTokens });
  return html.replaceAll('<pre>', '<pre tabindex="0">'); // a code block wider than a phone scrolls, by keyboard too
}
