import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { addressInApp, GUIDES, guideHtml, withoutFrontMatter } from '../../web/src/guides.ts';

const guide = (name: string) => readFileSync(new URL(`../../docs/${name}.md`, import.meta.url), 'utf8');

describe('the guides in the Help page', () => {
  it('titles each guide by its own first heading or front matter', () => {
    for (const { name, title } of GUIDES) {
      const markdown = guide(name);
      const named = /^---\ntitle: (.+)\n---/.exec(markdown)?.[1] ?? /^# (.+)$/m.exec(markdown)?.[1];
      expect(named, name).toBe(title);
    }
  });

  it('lists every guide of docs/ but the table of contents (the Help page is its place) and the command reference (on the documentation site)', () => {
    const guides = readdirSync(new URL('../../docs/', import.meta.url))
      .filter((name) => name.endsWith('.md'))
      .map((name) => name.slice(0, -'.md'.length))
      .filter((name) => name !== 'index' && name !== 'commands');
    expect(GUIDES.map(({ name }) => name).sort()).toEqual(guides.sort());
  });

  it('keeps links between guides in the app and images in the build', () => {
    expect(addressInApp('python.md')).toBe('#/help/python');
    expect(addressInApp('own-agent.md#7-the-protocol')).toBe('#/help/own-agent');
    expect(addressInApp('index.md')).toBe('#/help');
    expect(addressInApp('commands.md#gridmind-play')).toBe('docs/commands.html#gridmind-play');
    expect(addressInApp('images/a.png', { '../../docs/images/a.png': '/assets/a-1234.png' })).toBe('/assets/a-1234.png');
    expect(addressInApp('https://gymnasium.farama.org/')).toBe('https://gymnasium.farama.org/');
    expect(withoutFrontMatter('---\ntitle: T\n---\n# Body')).toBe('# Body');
  });

  it('renders a guide whole, with its images and links rewritten, and none for an unknown name', async () => {
    const html = (await guideHtml('why-here'))!;
    expect(html).toContain('<h1');
    expect(html).not.toMatch(/src="images\//);
    expect(await guideHtml('nothing')).toBeNull();
    expect(await guideHtml('../README')).toBeNull();
  });
});
