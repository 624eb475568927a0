/**
 * The guides in docs/, shown by the Help page at `#/help/NAME`: their Markdown, loaded when asked for,
 * turned into HTML with links between guides kept inside the app and images served from the build.
 */
import type { Token } from 'marked';

/** The guides in the order the Help page lists them, named by their file (docs/NAME.md) and titled by their first heading. */
export const GUIDES = [
  { name: 'why-here', title: 'Why here? A game explained, piece by piece' },
  { name: 'own-agent', title: 'Writing your own agent' },
  { name: 'python', title: 'Gridmind from Python' },
  { name: 'high-scores', title: 'High scores: what a table holds, and what it can prove' },
] as const;

const SOURCES = import.meta.glob<string>('../../docs/*.md', { query: '?raw', import: 'default' });
const IMAGES = import.meta.glob<string>('../../docs/images/*.png', { query: '?url', import: 'default', eager: true });

/** A guide's Markdown without its front matter (a `---` block that names its title for the API docs). */
export const withoutFrontMatter = (markdown: string) => markdown.replace(/^---\n[\s\S]*?\n---\n/, '');

/**
 * Where a link or image of a guide leads in the app: another guide (`NAME.md#part`) to its Help
 * address, an image (`images/FILE`) to its file in the build, anything else unchanged.
 */
export function addressInApp(href: string, images: Readonly<Record<string, string>> = IMAGES): string {
  const guide = /^([\w-]+)\.md(#.*)?$/.exec(href);
  if (guide) return `#/help/${guide[1]}`;
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
