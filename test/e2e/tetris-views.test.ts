import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { appInBrowser, nextFrames, openPage, PATIENTLY, screenshot, scrollsSideways } from './app-harness.ts';
import { boardData, boxOf, expectFits, startPlay, WINDOWS, type Box } from './tetris-pages.ts';

/** The width of an element's content: its box without padding and border. */
const contentWidth = (locator: Locator) =>
  locator.evaluate((node) => {
    const style = getComputedStyle(node);
    return node.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
  });

const intersects = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

const pieceY = async (page: Page) => Number((await boardData(page, 'piece')).split(' ')[3]);

/**
 * The control buttons beside the board: none lies under an open dialog (its backdrop or its panel),
 * and a click at its centre reaches it.
 */
async function expectControlsFree(page: Page): Promise<void> {
  const dialogs = page.locator('[role=dialog], [role=dialog] > .panel');
  expect(await dialogs.count()).toBeGreaterThan(0);
  const buttons = page.locator('.controls button');
  expect(await buttons.count()).toBeGreaterThanOrEqual(2);
  for (const button of await buttons.all()) {
    await button.scrollIntoViewIfNeeded();
    const box = await boxOf(button);
    for (const dialog of await dialogs.all()) expect(intersects(box, await boxOf(dialog))).toBe(false);
    const hit = await page.evaluate(
      ([x, y]) => document.elementFromPoint(x, y)?.closest('button')?.textContent ?? null,
      [box.x + box.width / 2, box.y + box.height / 2],
    );
    expect(hit).toBe(await button.textContent());
  }
}

/**
 * Watches the page for the first appearance of an effect (`clear`: the board's flashing rows; `level`:
 * the level-up banner), records what the board showed at that moment and pauses the game at once by
 * a focus loss, so the effect stays on screen.
 */
async function pauseAtEffect(page: Page, effect: 'clear' | 'level'): Promise<void> {
  await page.evaluate((wanted) => {
    const found = window as unknown as { effectSeen?: Record<string, string> | null };
    found.effectSeen = null;
    const observer = new MutationObserver(() => {
      const board = document.querySelector<HTMLElement>('[data-testid=board]');
      const shown = wanted === 'clear' ? board?.dataset.clearing : document.querySelector('[data-testid=level-up]')?.textContent;
      if (!board || !shown) return;
      observer.disconnect();
      found.effectSeen = { shown, piece: board.dataset.piece ?? '', lines: board.dataset.lines ?? '' };
      window.dispatchEvent(new Event('blur'));
    });
    observer.observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-clearing'] });
  }, effect);
}

const effectSeen = (page: Page) =>
  page.evaluate(() => (window as unknown as { effectSeen?: Record<string, string> | null }).effectSeen ?? null);

describe('the Tetris views at both window sizes', () => {
  const { app, browser } = appInBrowser();

  for (const size of WINDOWS) {
    it(`play (${size.name}): the game-over dialog fits beside the controls, its name box has focus and takes letters, not shortcuts`, async () => {
      const page = await openPage(browser(), app.url);
      await page.setViewportSize(size);
      await startPlay(page, { player: 'dellacherie', seed: 3 });
      await page.waitForFunction(() => Number(document.querySelector('[data-testid=board]')?.getAttribute('data-pieces')) >= 2);
      await page.evaluate(() => window.scrollTo(0, 0));
      await screenshot(page, `play-running-${size.name}`);
      expect(await scrollsSideways(page)).toBe(false);

      await page.click('[data-testid=take-over]');
      while ((await boardData(page, 'outcome')) === 'playing') await page.keyboard.press('Space');
      await page.waitForSelector('[data-testid=game-over]');
      await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid')), PATIENTLY).toBe('name');
      await page.waitForTimeout(700); // the box takes no key at first: the game's keys may still be pressed
      await page.keyboard.type('rh');
      await nextFrames(page);
      expect(await page.inputValue('[data-testid=name]')).toBe('rh');
      expect(
        await page.locator('[role=dialog]').evaluateAll((dialogs) => dialogs.map((dialog) => dialog.getAttribute('aria-label'))),
      ).toEqual(['Game over']);

      await page.fill('[data-testid=name]', 'Wolfeschlegelsteinhausen'); // as long as a name may be
      await page.click('[data-testid=save-score]');
      await page.waitForSelector('[data-testid=scores] >> text=Wolfeschlegelsteinhausen');
      const dialog = page.locator('[role=dialog][aria-label="Game over"]');
      await dialog.scrollIntoViewIfNeeded();
      await screenshot(page, `play-game-over-${size.name}`);
      const panel = await boxOf(dialog.locator('.panel'));
      expect(panel.x).toBeGreaterThanOrEqual(0);
      expect(panel.x + panel.width).toBeLessThanOrEqual(size.width);
      await expectFits(dialog.locator('.panel'));
      await expectControlsFree(page);
      expect(await scrollsSideways(page)).toBe(false);

      expect(await page.isDisabled('[data-testid=pause]')).toBe(true); // a finished game has nothing to pause
      await page.keyboard.press('Escape');
      await page.keyboard.press('p');
      await page.keyboard.press('h'); // the game-over dialog shows the high scores already
      await nextFrames(page);
      expect(await page.textContent('[data-testid=pause]')).toBe('Pause (P)');
      expect(await page.locator('[role=dialog]').count()).toBe(1);
      await page.click('[data-testid=new-game]');
      await page.waitForSelector('[role=dialog][aria-label="New game"]');
      await page.close();
    });
  }

  it('H shows the high scores over the board, not the controls, and closing them leaves the game running or paused as it was', async () => {
    const page = await openPage(browser(), app.url);
    await startPlay(page, { player: 'human', seed: 1 });
    const falls = async () => {
      const y = await pieceY(page);
      await expect.poll(() => pieceY(page), { timeout: 10_000 }).toBeLessThan(y);
    };
    const standsStill = async () => {
      const y = await pieceY(page);
      await page.waitForTimeout(1500); // more than one gravity step at level 0
      expect(await pieceY(page)).toBe(y);
    };
    const pausedBanner = page.locator('[data-testid=paused]');
    await falls();

    await page.keyboard.press('h');
    await page.waitForSelector('[role=dialog][aria-label="High scores"]');
    await standsStill(); // held under the dialog
    await page.keyboard.press('h');
    await expect.poll(() => page.locator('[role=dialog]').count(), PATIENTLY).toBe(0);
    expect(await pausedBanner.count()).toBe(0);
    await falls();
    await page.keyboard.press('h');
    await expectControlsFree(page);
    await screenshot(page, 'play-high-scores-wide');
    await page.keyboard.press('Escape');
    await falls();

    await page.keyboard.press('p');
    await pausedBanner.waitFor();
    await page.keyboard.press('h');
    await page.setViewportSize(WINDOWS[1]);
    await expectControlsFree(page);
    expect(await scrollsSideways(page)).toBe(false);
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'play-high-scores-narrow');
    await page.click('[data-testid=close-scores]');
    await pausedBanner.waitFor();
    await standsStill();
    await page.keyboard.press('p');
    await falls();
    await page.close();
  });

  it('the next pieces lie flat, apart, and drawn with cells no larger than the board’s', async () => {
    const page = await openPage(browser(), app.url);
    const cells = async (columns: number) => ({
      board: (await contentWidth(page.locator('[data-testid=board] canvas'))) / columns,
      preview: (await contentWidth(page.locator('canvas.preview'))) / 4,
    });
    // The Aveiro rotation system's I piece stands upright at spawn: it must lie flat in the preview.
    await startPlay(page, { player: 'human', rules: 'aveiro', seed: 2 });
    // Seed 2 shows an I within a few pieces. Each drop waits for its piece to land: a loaded machine's
    // slow frames would otherwise swallow presses.
    const landed = async () => Number(await page.getAttribute('[data-testid=board]', 'data-pieces'));
    for (let drops = 0; !(await page.getAttribute('canvas.preview', 'aria-label'))!.split(' ').includes('I'); drops++) {
      expect(drops).toBeLessThan(10);
      const before = await landed();
      await page.keyboard.press('Space');
      await page.waitForFunction(
        (count) => Number(document.querySelector('[data-testid=board]')?.getAttribute('data-pieces')) > count,
        before,
      );
    }
    // Pieces apart: the preview's painted rows form three runs, split by gaps of at least half a cell.
    const pieces = await page.evaluate(() => {
      const canvas = document.querySelector<HTMLCanvasElement>('canvas.preview')!;
      const { data } = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height);
      const halfCell = canvas.width / 8;
      let runs = 0;
      let gap = Infinity;
      for (let y = 0; y < canvas.height; y++) {
        let painted = false;
        for (let x = 0; x < canvas.width && !painted; x++) painted = data[(y * canvas.width + x) * 4 + 3] > 0;
        if (painted && gap >= halfCell) runs++;
        gap = painted ? 0 : gap + 1;
      }
      return runs;
    });
    expect(pieces).toBe(3);
    const aveiro = await cells(8);
    expect(aveiro.preview).toBeLessThanOrEqual(aveiro.board);
    expect(aveiro.preview).toBeGreaterThanOrEqual(aveiro.board / 2);
    await screenshot(page, 'preview-aveiro-8-wide');

    await page.keyboard.press('r');
    await startPlay(page, { player: 'human', rules: 'classic', width: 16, height: 64 });
    const tall = await cells(16);
    expect(tall.preview).toBeLessThanOrEqual(tall.board);
    await screenshot(page, 'preview-16x64');
    await page.close();
  });

  for (const size of WINDOWS) {
    it(`play (${size.name}): cleared rows flash and a new level shows a banner, while the game goes on`, async () => {
      const page = await openPage(browser(), app.url);
      await page.setViewportSize(size);
      await startPlay(page, { player: 'dellacherie', seed: 5 });
      const asFastAsItCan = () => page.fill('[data-testid=speed]', '6');
      const slowest = () => page.fill('[data-testid=speed]', '0');
      const pausedBanner = page.locator('[data-testid=paused]');

      await pauseAtEffect(page, 'clear');
      await asFastAsItCan();
      await expect.poll(() => effectSeen(page), { timeout: 30_000 }).not.toBeNull();
      const clear = (await effectSeen(page))!;
      expect(clear.shown).toMatch(/^\d+( \d+)*$/);
      expect(Number(clear.lines)).toBeGreaterThan(0); // the rows are gone from the game already
      expect(clear.piece).not.toBe(''); // and the next piece falls: the game did not wait for the flash
      await pausedBanner.waitFor();
      await page.evaluate(() => window.scrollTo(0, 0));
      await screenshot(page, `line-clear-${size.name}`);
      await page.waitForTimeout(600);
      expect(await boardData(page, 'clearing')).toBe(clear.shown); // a pause freezes the effect
      await slowest();
      await page.keyboard.press('p');
      await page.waitForFunction(() => !document.querySelector('[data-testid=board]')?.hasAttribute('data-clearing'));

      await pauseAtEffect(page, 'level');
      await asFastAsItCan();
      await expect.poll(() => effectSeen(page), { timeout: 60_000 }).not.toBeNull();
      const levelUp = (await effectSeen(page))!;
      expect(levelUp.shown).toMatch(/^Level [1-9]\d*$/);
      expect(Number(levelUp.lines)).toBeGreaterThanOrEqual(10);
      await pausedBanner.waitFor();
      expect(await page.getAttribute('[data-testid=level]', 'class')).toBe('flash');
      await page.evaluate(() => window.scrollTo(0, 0));
      await screenshot(page, `level-up-${size.name}`);
      await slowest();
      await page.keyboard.press('p');
      await page.waitForSelector('[data-testid=level-up]', { state: 'detached', timeout: 10_000 });
      await page.close();
    });
  }

  it('duel (wide): both boards and their stats show without scrolling, and names stay in their boxes', async () => {
    const page = await openPage(browser(), `${app.url}/#/duel`);
    await page.setViewportSize(WINDOWS[0]);
    // The longest built-in agent names, against each other.
    const names = await page
      .locator('[data-testid=player-right-player] option')
      .evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value).sort((a, b) => b.length - a.length));
    await page.selectOption('[data-testid=player-left-player]', names[0]);
    await page.selectOption('[data-testid=player-right-player]', names[1]);
    await page.click('[data-testid=duel-start]');
    await page.waitForSelector('canvas[aria-label="right board"]');
    for (const part of ['[data-testid=board]', '.duelist .hud', '.duelist h3', 'canvas.preview']) {
      const boxes = page.locator(part);
      expect(await boxes.count()).toBe(2);
      for (const box of await boxes.all()) {
        const { x, y, width, height } = await boxOf(box);
        expect(x).toBeGreaterThanOrEqual(0);
        expect(y).toBeGreaterThanOrEqual(0);
        expect(x + width).toBeLessThanOrEqual(WINDOWS[0].width);
        expect(y + height).toBeLessThanOrEqual(WINDOWS[0].height);
      }
    }
    expect(await page.evaluate(() => document.documentElement.scrollHeight <= window.innerHeight)).toBe(true);
    await expectFits(page.locator('.duelist h3 .name, .duelist .hud dd'));
    // The app offers only its built-in agents; an agent file may have a name of any length.
    await page.evaluate(() => {
      for (const box of document.querySelectorAll('.duelist h3 .name, .duelist .hud dd.player'))
        box.textContent = 'AI: atunedagentwhosefilenamehasnobreaksandgoesonandon';
    });
    await expectFits(page.locator('.duelist h3 .name, .duelist .hud dd'));
    expect(await scrollsSideways(page)).toBe(false);
    await screenshot(page, 'duel-wide');
    await page.close();
  });

  it('duel (narrow): the boards stack, each with a compact preview, and the human plays the left one', async () => {
    const page = await openPage(browser(), `${app.url}/#/duel`);
    await page.setViewportSize(WINDOWS[1]);
    await page.selectOption('[data-testid=player-left-player]', 'human');
    await page.click('[data-testid=duel-start]');
    await page.waitForSelector('canvas[aria-label="right board"]');
    const left = await boxOf(page.locator('[data-testid=board]').first());
    const right = await boxOf(page.locator('[data-testid=board]').last());
    expect(right.y).toBeGreaterThanOrEqual(left.y + left.height);
    expect(left.y).toBeGreaterThanOrEqual(0); // the left board is scrolled into view, whole
    expect(left.y + left.height).toBeLessThanOrEqual(WINDOWS[1].height);
    for (const duelist of await page.locator('.duelist').all()) {
      const board = await boxOf(duelist.locator('[data-testid=board] canvas'));
      const preview = await boxOf(duelist.locator('canvas.preview'));
      const cells = {
        board: (await contentWidth(duelist.locator('[data-testid=board] canvas'))) / 10,
        preview: (await contentWidth(duelist.locator('canvas.preview'))) / 4,
      };
      expect(cells.preview).toBeLessThan(cells.board); // compact: smaller cells than the board's
      expect(preview.x).toBeGreaterThanOrEqual(board.x + board.width);
      expect(preview.x + preview.width).toBeLessThanOrEqual(WINDOWS[1].width);
    }
    await expectFits(page.locator('.duelist h3 .name, .duelist .hud dd'));
    expect(await scrollsSideways(page)).toBe(false);
    const x = (await page.locator('[data-testid=board]').first().getAttribute('data-piece'))!.split(' ')[2];
    await page.keyboard.press('ArrowLeft');
    await expect
      .poll(async () => (await page.locator('[data-testid=board]').first().getAttribute('data-piece'))!.split(' ')[2], PATIENTLY)
      .toBe(String(Number(x) - 1));
    await screenshot(page, 'duel-narrow');
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await screenshot(page, 'duel-narrow-right-board');
    await page.setViewportSize({ width: 360, height: 740 }); // a small phone's window
    await expect.poll(() => scrollsSideways(page), PATIENTLY).toBe(false);
    await page.close();
  });
});
