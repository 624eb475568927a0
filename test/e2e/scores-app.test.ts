import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/store/database.ts';
import { addHighScore } from '../../src/store/highscores.ts';
import { gameConfigOf, type GameOptions } from '../../src/tetris/game.ts';
import { tetrisScoreTable } from '../../src/tetris/score-table.ts';
import { runCli } from '../cli/run-cli.ts';
import { finishedGame } from '../server/finished-games.ts';
import { appInBrowser, openPage, PATIENTLY, screenshot, scrollsSideways } from './app-harness.ts';

const WIDE = { width: 1280, height: 800 };
const NARROW = { width: 420, height: 900 };
/** The app's one date format: "2026-11-24 14:05". */
const DATE_FORMAT = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/;

/**
 * An agent that plays the Aveiro network game briefly: the greedy agent's costs while its stack is low
 * (it clears a few lines), then it builds as high as it can and tops out.
 */
const SHORT_LIVED_AGENT = {
  name: 'short-lived',
  description: 'clears lines while its stack is low, then stacks up and tops out',
  source: "Gridmind's test of the High scores page",
  sense: 'minimize',
  features: ['holes', 'maxHeight'],
  weights: { holes: 60, maxHeight: 30 },
  despair: { maxHeightAbove: 7, weights: { holes: 0, maxHeight: -100 } },
  policy: { lookahead: 0 },
};

async function setField(page: Page, testId: string, value: string): Promise<void> {
  await page.fill(`[data-testid=${testId}]`, value);
  await page.press(`[data-testid=${testId}]`, 'Tab');
}

/** Whether the page scrolls sideways. */

/** The texts of table cells whose content is wider than the cell (clipped) or that stick out of the window. */
const clippedCells = (page: Page, table: string) =>
  page.$$eval(`${table} th, ${table} td`, (cells) =>
    cells
      .filter((cell) => cell.scrollWidth > cell.clientWidth + 1 || cell.getBoundingClientRect().right > window.innerWidth)
      .map((cell) => cell.textContent),
  );

/** The words in a table that a squashed column breaks across two lines. */
const brokenWords = (page: Page, table: string) =>
  page.$eval(table, (element) => {
    const broken: string[] = [];
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (const word of node.textContent!.matchAll(/\S+/g)) {
        const range = document.createRange();
        range.setStart(node, word.index);
        range.setEnd(node, word.index + word[0].length);
        const lines = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
        if (lines.size > 1) broken.push(word[0]);
      }
    }
    return broken;
  });

/** The page does not scroll sideways, and `table` fits in the window, every cell showing its words whole. */
async function expectToFit(page: Page, table: string): Promise<void> {
  expect(await scrollsSideways(page)).toBe(false);
  expect(await clippedCells(page, table)).toEqual([]);
  expect(await brokenWords(page, table)).toEqual([]);
}

/** Every date the page shows, as text, and any date-like text not written in the app's format. */
const shownDates = (page: Page) =>
  page.evaluate(() => ({
    times: [...document.querySelectorAll('time')].map((time) => time.textContent ?? ''),
    others: document.body.innerText.match(/\d{1,4}[/.]\d{1,2}[/.]\d{2,4}|\d{4}-\d{2}-\d{2}T\d{2}/g) ?? [],
  }));

async function expectDatesInOneFormat(page: Page, atLeast: number): Promise<void> {
  const { times, others } = await shownDates(page);
  expect(times.length).toBeGreaterThanOrEqual(atLeast);
  for (const time of times) expect(time).toMatch(DATE_FORMAT);
  expect(others).toEqual([]);
}

const tableNames = (page: Page) => page.locator('[data-testid=scores] td.name').allTextContents();

describe('the High scores and Benchmarks pages in a real browser', () => {
  const { app, browser } = appInBrowser();
  /** Puts a score in the app's database as a finished game would leave it (the API takes only replays: see test/server). */
  const storeScore = ({ name, points, lines, ...options }: GameOptions & { name: string; points: number; lines: number }) => {
    const db = openDatabase(app.dbPath);
    try {
      addHighScore(db, tetrisScoreTable(gameConfigOf(options)), { name, points, lines });
    } finally {
      db.close();
    }
  };

  it('keeps target games in one table per target: the Play view stores the target, the High scores page picks it', async () => {
    const page = await openPage(browser(), app.url);
    await page.selectOption('[data-testid=player-player]', 'target');
    await page.selectOption('[data-testid=rules]', 'target');
    await setField(page, 'target', '12');
    await page.click('[data-testid=start]');
    await page.keyboard.press('h'); // the Play view's high scores name the target's table
    await page.getByRole('dialog', { name: 'High scores' }).getByText('High scores — target 12, 10x20').waitFor({ timeout: 15_000 });
    await page.keyboard.press('h');
    await page.fill('[data-testid=speed]', '6');
    await page.waitForSelector('[data-testid=game-over] >> text=Success: exactly 12 points!', { timeout: 60_000 });
    await page.waitForSelector('[data-testid=scores] >> text=target');
    await expectDatesInOneFormat(page, 1); // the game-over dialog's table

    for (const [name, points] of [
      ['Ana', 5],
      ['Bruno', 4],
      ['Carla', 7], // past the target of 5: a failed game
    ] as const) {
      storeScore({ rules: 'target', target: 5, name, points, lines: points });
    }
    storeScore({ rules: 'target', target: 100, name: 'Duarte', points: 100, lines: 60 });
    storeScore({ rules: 'classic', name: 'Eva', points: 2300, lines: 12 });
    const longName = 'Bartolomeu Dias de Novais'.slice(0, 24); // as long as a name is kept
    storeScore({ rules: 'classic', name: longName, points: 12_345_678, lines: 98_765 });

    await page.goto(`${app.url}/#/scores`);
    await page.waitForSelector('[data-testid=scores] >> text=Eva');
    await expectDatesInOneFormat(page, 1);
    await page.selectOption('[data-testid=scores-rules]', 'target');
    await page.waitForSelector('[data-testid=scores] >> text=Duarte'); // the default target, 100
    expect(await tableNames(page)).toEqual(['Duarte']);
    await setField(page, 'scores-target', '12');
    await page.waitForSelector('[data-testid=scores] >> text=target');
    expect(await tableNames(page)).toEqual(['target']);
    await setField(page, 'scores-target', '5');
    await page.waitForSelector('[data-testid=scores] >> text=Ana');
    expect(await tableNames(page)).toEqual(['Ana', 'Bruno', 'Carla']);
    await expectDatesInOneFormat(page, 3);
    await screenshot(page, 'high-scores-target');
    await page.setViewportSize(NARROW);
    await screenshot(page, 'high-scores-target-narrow');
    await expectToFit(page, '[data-testid=scores]');
    await page.selectOption('[data-testid=scores-rules]', 'classic');
    await page.waitForSelector(`[data-testid=scores] >> text=${longName}`);
    await screenshot(page, 'high-scores-narrow');
    await expectToFit(page, '[data-testid=scores]'); // long names and large numbers too
    await page.close();
  });

  it("lists the Aveiro network game's high scores", async () => {
    const agentFile = join(mkdtempSync(join(tmpdir(), 'gridmind-agent-')), 'short-lived.json');
    writeFileSync(agentFile, JSON.stringify(SHORT_LIVED_AGENT));
    const played = await runCli([
      'client',
      '--server',
      app.url.replace('http', 'ws'),
      '--agent',
      agentFile,
      '--name',
      'net player',
      '--json',
    ]);
    expect(played.code).toBe(0);
    const [game] = JSON.parse(played.stdout).games;

    const page = await openPage(browser(), `${app.url}/#/scores`);
    await page.selectOption('[data-testid=scores-game]', 'aveiro');
    await page.waitForSelector('[data-testid=scores] >> text=net player');
    expect(await page.locator('[data-testid=scores] tbody tr >> nth=0').locator('td').allTextContents()).toEqual([
      '1',
      'net player',
      String(game.score),
      String(game.lines),
      expect.stringMatching(DATE_FORMAT),
      expect.stringMatching(/^watch/), // the replay the Aveiro server keeps with a game played to the end
    ]);
    await screenshot(page, 'high-scores-aveiro');
    await page.setViewportSize(NARROW);
    await screenshot(page, 'high-scores-aveiro-narrow');
    await expectToFit(page, '[data-testid=scores]');

    // The app's pages (the Docs link leads out of the app, to the documentation).
    for (const href of await page.$$eval('nav a[href^="#"]', (links) => links.map((link) => link.getAttribute('href')!))) {
      await page.goto(`${app.url}/${href}`);
      await page.waitForSelector('main > *', { state: 'attached' });
      await expectDatesInOneFormat(page, 0); // on every page of the app
    }
    await page.close();
  });

  it('benchmarks: counts on whole numbers, a table that fits, at both window sizes', async () => {
    for (const args of [
      ['--agent', 'bcts', '--vs', 'dellacherie', '--board', '6x8', '--games', '12'],
      ['--agent', 'greedy', '--board', '6x8', '--games', '6'],
    ]) {
      expect((await runCli(['bench', ...args, '--json'], { GRIDMIND_DB: app.dbPath })).code).toBe(0);
    }
    const page = await openPage(browser(), `${app.url}/#/bench`);
    await page.waitForSelector('[data-testid=runs] >> text=bcts vs dellacherie');
    for (const size of [WIDE, NARROW]) {
      await page.setViewportSize(size);
      await page.click('[data-testid=runs] >> text=bcts vs dellacherie');
      const counts = page.locator('canvas[aria-label="lines per game"]');
      await page.evaluate(() => window.scrollTo(0, 0));
      await screenshot(page, size === WIDE ? 'benchmarks-page' : 'benchmarks-page-narrow');
      await expect.poll(() => counts.getAttribute('data-y-ticks'), PATIENTLY).toBeTruthy();
      const ticks = (await counts.getAttribute('data-y-ticks'))!.split(' ');
      expect(ticks.length).toBeGreaterThan(1);
      for (const tick of ticks) expect(tick).toMatch(/^[\d,]+$/);
      await expectDatesInOneFormat(page, 2);
      await expectToFit(page, '[data-testid=runs]');
      for (const canvas of await page.locator('.chart canvas').all()) {
        const box = (await canvas.boundingBox())!;
        expect(box.x).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width).toBeLessThanOrEqual(size.width);
      }
    }
    await page.close();
  });
});

describe('a high score watched again', () => {
  const { app, browser } = appInBrowser();

  it('opens from the High scores page and plays the stored game to its end, with pause, step and speed', async () => {
    // 499 pieces: about 50 s at 1×, so the replay is still playing when the test pauses it
    const game = finishedGame('classic', 11, { width: 8, height: 10, agent: 'dellacherie' });
    const human = finishedGame('classic', 12, { width: 8, height: 10, agent: 'lee' });
    for (const [name, played] of [
      ['Rita', game],
      ['Sam', human],
    ] as const) {
      const posted = await fetch(`${app.url}/api/highscores`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name, replay: played.replay, agents: name === 'Rita' ? [{ name: 'dellacherie', pieces: 5 }] : [] }),
      });
      expect(posted.status).toBe(201);
    }
    const page = await openPage(browser(), `${app.url}/#/scores`);
    await setField(page, 'scores-board', '8x10');
    await setField(page, 'scores-preview', '0'); // the games were played with no preview: a table of their own
    // Placements, not keys: an agent played all of Rita's game, though she credited dellacherie with 5 pieces alone.
    await page.waitForSelector('[data-testid=scores] >> text=dellacherie + an agent');
    const row = page.locator('[data-testid=scores] tbody tr', { hasText: 'dellacherie + an agent' });
    await row.locator('[data-testid=watch]').click();
    await page.waitForSelector('[data-testid=replay-position]');
    await page.click('[data-testid=replay-play]'); // pause
    await expect.poll(() => page.textContent('[data-testid=player]'), PATIENTLY).toBe('dellacherie + an agent'); // as the table names the game
    const before = Number(await page.getAttribute('[data-testid=board]', 'data-pieces'));
    await page.click('[data-testid=replay-step]');
    await page.click('[data-testid=replay-step]');
    await expect.poll(async () => Number(await page.getAttribute('[data-testid=board]', 'data-pieces')), PATIENTLY).toBeGreaterThan(before);
    await screenshot(page, 'replay-watch');
    await page.fill('[data-testid=replay-speed]', '7');
    await page.click('[data-testid=replay-play]');
    await page.waitForSelector('[data-testid=replay-position] >> text=the end', PATIENTLY);
    expect(Number(await page.getAttribute('[data-testid=board]', 'data-score'))).toBe(game.score);
    expect(await page.getAttribute('[data-testid=board]', 'data-outcome')).toBe('topped-out');
    await page.setViewportSize(NARROW);
    await screenshot(page, 'replay-watch-narrow');
    expect(await scrollsSideways(page)).toBe(false);
    await page.close();
  });
});

describe('a game an agent helped with', () => {
  const { app, browser } = appInBrowser();

  it('is saved under the player and the agent, with the share of the pieces the agent placed', async () => {
    const page = await openPage(browser(), app.url);
    await page.selectOption('[data-testid=player-player]', 'greedy');
    await setField(page, 'width', '6');
    await setField(page, 'height', '8');
    await page.click('[data-testid=start]');
    await expect
      .poll(async () => Number(await page.getAttribute('[data-testid=board]', 'data-pieces')), PATIENTLY)
      .toBeGreaterThanOrEqual(2);
    await page.click('[data-testid=take-over]');
    await page.keyboard.press('Space'); // the human drops one piece
    await page.click('[data-testid=hand-back]');
    await page.fill('[data-testid=speed]', '6');
    await page.waitForSelector('[data-testid=name]', { timeout: 60_000 });
    await page.fill('[data-testid=name]', 'Bob');
    await page.click('[data-testid=save-score]');
    const name = page.locator('[data-testid=scores] td.name', { hasText: 'Bob' });
    await name.waitFor(PATIENTLY);
    expect(await name.textContent()).toMatch(/^Bob \+ greedy \((\d+)%\)$/);
    const share = Number(/\((\d+)%\)/.exec((await name.textContent())!)![1]);
    expect(share).toBeGreaterThan(0);
    expect(share).toBeLessThan(100);
    await page.close();
  });
});
