import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPages } from '../../scripts/docs-site.ts';
import { startServer, type RunningServer } from '../../src/server/server.ts';
import { WEB_DIST } from '../../src/server/web-build.ts';
import { openDatabase, type Db } from '../../src/store/database.ts';
import { accessibilityViolations, launchBrowser, openPage, screenshot, scrollsSideways } from './app-harness.ts';

const WIDE = { width: 1280, height: 800 };
const NARROW = { width: 420, height: 900 };

describe('the documentation beside the app, in a real browser', () => {
  const site = mkdtempSync(join(tmpdir(), 'gridmind-docs-e2e-'));
  let db: Db;
  let server: RunningServer;
  let browser: BrowserContext;
  beforeAll(async () => {
    buildPages(site); // the pages as `npm run docs` writes them (TypeDoc's API reference aside: it takes a minute)
    db = openDatabase(':memory:');
    server = await startServer({ port: 0, host: '127.0.0.1', db, webRoot: WEB_DIST, docsRoot: site });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    db?.close();
    rmSync(site, { recursive: true, force: true });
  });

  /** Clicks the app's Docs link (screenshot `shot` first) and waits for the documentation's front page. */
  async function followDocsLink(page: Page, shot: string): Promise<void> {
    const link = page.locator('[data-testid=nav-docs]');
    await screenshot(page, shot);
    expect(await link.isVisible()).toBe(true);
    const box = (await link.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(page.viewportSize()!.width); // in the window, not scrolled off
    await link.click();
    await page.waitForURL(`${server.url}/docs/`);
    expect(await page.title()).toBe('Overview · Gridmind documentation');
  }

  it('at 1280 × 800: the app’s Docs link opens the documentation, whose pages link to each other and back to the app', async () => {
    const page = await openPage(browser, `${server.url}/#/play`);
    await page.setViewportSize(WIDE);
    await page.waitForSelector('[data-testid=nav-play]');
    await followDocsLink(page, 'docs-link-in-app');
    expect(await page.locator('nav.pages [aria-current=page]').textContent()).toBe('Overview');
    expect(await page.locator('nav.pages a').allTextContents()).toEqual(
      expect.arrayContaining(['Overview', 'Writing your own agent', 'Command reference', 'API reference']),
    );
    await screenshot(page, 'docs-front');
    expect(await scrollsSideways(page)).toBe(false);

    await page.click('nav.pages >> text=Command reference');
    await page.waitForURL(`${server.url}/docs/commands.html`);
    await page.click('article a[href="#gridmind-samegame-solve"]');
    expect(await page.evaluate(() => location.hash)).toBe('#gridmind-samegame-solve');
    await screenshot(page, 'docs-commands');
    expect(await accessibilityViolations(page)).toEqual([]);

    await page.click('[data-testid=back-to-app]');
    await page.waitForURL(`${server.url}/`);
    await page.waitForSelector('[data-testid=nav-play]');
    await page.close();
  });

  it('at 420 × 900: the Docs link is in the header, and the pages fit the window with the list of pages above the text', async () => {
    const page = await openPage(browser, `${server.url}/#/help`);
    await page.setViewportSize(NARROW);
    await page.waitForSelector('.help-page');
    expect(await page.getAttribute('.help-page a:text("documentation")', 'href')).toBe('docs/'); // the Help page says where the docs are
    await followDocsLink(page, 'docs-link-in-app-narrow');
    await screenshot(page, 'docs-front-narrow');
    expect(await scrollsSideways(page)).toBe(false);
    const list = (await page.locator('nav.pages').boundingBox())!;
    const text = (await page.locator('article').boundingBox())!;
    expect(list.y + list.height).toBeLessThanOrEqual(text.y); // above the text, not beside it
    expect(await accessibilityViolations(page)).toEqual([]);

    for (const guide of ['why-here.html', 'commands.html', 'high-scores.html']) {
      await page.goto(`${server.url}/docs/${guide}`);
      expect([guide, await scrollsSideways(page)]).toEqual([guide, false]); // wide code and tables scroll inside their boxes
    }
    await screenshot(page, 'docs-high-scores-narrow');
    await page.close();
  });
});
