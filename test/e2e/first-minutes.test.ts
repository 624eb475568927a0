import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { runCli } from '../cli/run-cli.ts';
import { describe, expect, it } from 'vitest';
import { accessibilityViolations, appInBrowser, openPage, PATIENTLY, screenshot, scrollsSideways } from './app-harness.ts';
import { GUIDES } from '../../web/src/guides.ts';

const WIDE = { width: 1280, height: 800 };
const NARROW = { width: 420, height: 900 };

/** Whether the focused element is inside the element `selector` matches. */
const focusInside = (page: Page, selector: string) =>
  page.evaluate((inside) => document.querySelector(inside)?.contains(document.activeElement) ?? false, selector);

describe("a newcomer's first minutes in the app", () => {
  const { app, browser } = appInBrowser();

  for (const [size, viewport] of [
    ['wide', WIDE],
    ['narrow', NARROW],
  ] as const) {
    it(`explains itself on the first screen (${size}): what Gridmind is, three things to try, the keys, and Help`, async () => {
      const page = await openPage(browser(), app.url);
      await page.setViewportSize(viewport);
      const welcome = page.locator('[data-testid=welcome]');
      await welcome.waitFor(PATIENTLY);
      expect(await welcome.textContent()).toContain('Gridmind is a workbench for game-playing AI');
      for (const thing of ['try-play', 'try-watch', 'try-samegame']) expect(await page.isVisible(`[data-testid=${thing}]`)).toBe(true);
      expect(await page.textContent('[data-testid=welcome] table.keys')).toContain('rotate clockwise');
      expect(await page.textContent('[data-testid=player-summary]')).toContain('You play');
      await page.selectOption('[data-testid=player-player]', 'dellacherie');
      expect(await page.textContent('[data-testid=player-summary]')).toContain('hand-tuned'); // plain words, not the source's label
      expect(await page.textContent('.setup .hint:not([data-testid])')).toContain('Clear rows to score');
      expect(await scrollsSideways(page)).toBe(false);
      await screenshot(page, `first-screen-${size}`);

      await page.click('[data-testid=try-watch]');
      await page.waitForSelector('[data-testid=board]');
      expect(await page.textContent('.controls-column')).toContain('One of the strongest one-piece players known');
      await page.click('[data-testid=nav-samegame]');
      await page.click('[data-testid=nav-play]');
      await page.click('[data-testid=try-play]');
      await page.waitForSelector('[data-testid=board]');
      await page.close();
    });
  }

  it('has a Help page from every page, with the pages, keys, rules, agents and guides; a guide opens with its pictures', async () => {
    const page = await openPage(browser(), `${app.url}/#/tuning`);
    await page.click('[data-testid=nav-help]');
    await page.waitForSelector('.help-page');
    const help = (await page.textContent('.help-page'))!;
    for (const words of ['Play & watch', 'Aveiro games', 'Ctrl+Z', 'research', 'tuned-fit-10x10', 'Gridmind from Python'])
      expect(help).toContain(words);
    expect(await page.title()).toBe('Help · Gridmind');
    await screenshot(page, 'help-wide');
    await page.click('text=Why here? A game explained, piece by piece');
    const guide = page.locator('[data-testid=guide]');
    await guide.waitFor(PATIENTLY);
    expect(await guide.locator('h1').textContent()).toBe('Why here? A game explained, piece by piece');
    const pictures = guide.locator('img');
    expect(await pictures.count()).toBeGreaterThan(2);
    await expect
      .poll(() => pictures.evaluateAll((all) => all.every((image) => (image as HTMLImageElement).naturalWidth > 0)), PATIENTLY)
      .toBe(true);
    await page.setViewportSize(NARROW);
    expect(await scrollsSideways(page)).toBe(false);
    await screenshot(page, 'help-guide-narrow');
    await page.goto(`${app.url}/#/help/python`);
    await guide.waitFor(PATIENTLY);
    await page.click('[data-testid=guide] a[href="#/help/own-agent"]');
    await expect.poll(() => guide.locator('h1').textContent(), PATIENTLY).toBe('Writing your own agent');
    for (const { name, title } of GUIDES) {
      // Every guide, on a phone: its long commands and tables scroll or break, never the page.
      await page.goto(`${app.url}/#/help/${name}`);
      await expect.poll(() => guide.locator('h1').textContent(), PATIENTLY).toBe(title);
      expect(await scrollsSideways(page), name).toBe(false);
    }
    await page.close();
  });

  it('says so at an address that names no page', async () => {
    const page = await openPage(browser(), `${app.url}/#/nothing-here`);
    await page.waitForSelector('[data-testid=unknown-page]');
    expect(await page.textContent('[data-testid=unknown-page]')).toContain('No page at “#/nothing-here”');
    await page.goto(`${app.url}/#/help/nothing-here`);
    await expect.poll(() => page.textContent('.guide-page'), PATIENTLY).toContain('There is no guide called “nothing-here”');
    await page.close();
  });

  it('keeps the focus in a dialog and gives it back; R then Enter starts a new game', async () => {
    const page = await openPage(browser(), app.url);
    await page.click('[data-testid=try-play]');
    await page.waitForSelector('[data-testid=board]');
    await page.focus('[data-testid=pause]');
    await page.keyboard.press('r');
    const dialog = '[role=dialog][aria-label="New game"]';
    await page.waitForSelector(dialog);
    const focused = () => page.evaluate(() => document.activeElement?.getAttribute('data-testid'));
    await expect.poll(focused).toBe('start'); // the dialog takes the focus once it has drawn
    for (let press = 0; press < 15; press++) {
      await page.keyboard.press(press % 4 === 3 ? 'Shift+Tab' : 'Tab');
      expect(await focusInside(page, dialog)).toBe(true);
    }
    await page.mouse.click(4, 4); // a click on the dimmed page behind
    await expect.poll(() => focusInside(page, dialog)).toBe(true);
    await page.keyboard.press('Escape');
    await page.waitForSelector(dialog, { state: 'detached' });
    await expect.poll(focused).toBe('pause'); // where it was
    const pieces = Number(await page.getAttribute('[data-testid=board]', 'data-pieces'));
    await page.keyboard.press('Space'); // a hard drop: the game is not the one R then Enter starts
    await page.keyboard.press('r');
    await page.waitForSelector(dialog);
    await expect.poll(focused).toBe('start'); // Enter goes to the focus, which the dialog takes once drawn
    await page.keyboard.press('Enter');
    await page.waitForSelector(dialog, { state: 'detached' });
    await expect
      .poll(async () => Number(await page.getAttribute('[data-testid=board]', 'data-pieces')), PATIENTLY)
      .toBeLessThanOrEqual(pieces);
    await page.close();
  });

  it('suggests, on pages with nothing to show yet, commands that work as shown', async () => {
    const page = await openPage(browser(), `${app.url}/#/bench`);
    const suggested: string[] = [];
    const commandIn = async (where: string) => (await page.locator(`${where} code`).first().textContent(PATIENTLY))!;
    suggested.push(await commandIn('[data-testid=no-runs]'));
    await page.click('[data-testid=runs-samegame]');
    suggested.push(await commandIn('[data-testid=no-samegame-runs]'));
    await page.click('[data-testid=nav-tuning]');
    suggested.push(await commandIn('[data-testid=no-tune-runs]'));
    await page.close();
    const folder = mkdtempSync(join(tmpdir(), 'gridmind-suggested-')); // where a command writes its files (tune's agent)
    for (const command of suggested) expect(command).toMatch(/^npx gridmind /);
    // All at once (the SameGame benchmark's searches take 10 s however busy the machine), each with a database of its own.
    const runs = await Promise.all(
      suggested.map((command, i) =>
        runCli(command.replace(/^npx gridmind /, '').split(' '), { GRIDMIND_DB: join(folder, `gridmind-${i}.db`) }, folder),
      ),
    );
    suggested.forEach((command, i) => expect([command, runs[i].code], runs[i].stderr).toEqual([command, 0]));
  });

  it('passes axe-core with its default rules on every page, at both sizes', async () => {
    const page = await openPage(browser(), app.url);
    const found: string[] = [];
    for (const viewport of [WIDE, NARROW]) {
      await page.setViewportSize(viewport);
      for (const address of [
        '#/play',
        '#/duel',
        '#/samegame',
        '#/scores',
        '#/bench',
        '#/tuning',
        '#/aveiro',
        '#/help',
        '#/help/why-here',
        '#/nothing',
      ]) {
        await page.goto(`${app.url}/${address}`);
        await page.waitForSelector('main > section, main > *:not(h1)', PATIENTLY);
        await page.waitForTimeout(300); // the page's first requests answered
        found.push(...(await accessibilityViolations(page)).map((violation) => `${address} at ${viewport.width}: ${violation}`));
      }
    }
    expect(found).toEqual([]);
    await page.close();
  });
});
