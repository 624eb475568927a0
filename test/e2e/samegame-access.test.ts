import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { accessibilityViolations, appInBrowser, openPage, PATIENTLY, screenshot, scrollsSideways } from './app-harness.ts';
import {
  BOARD,
  boardState,
  groupCell,
  newBoard,
  playToTheEnd,
  removeGroup,
  setField,
  status,
  tapCell,
  WINDOW_SIZES,
} from './samegame-page.ts';

/** Okabe and Ito's seven colours, then light grey and white (web/src/samegame/draw.ts), as canvas pixels. */
const PALETTE = [
  [0xe6, 0x9f, 0x00],
  [0x56, 0xb4, 0xe9],
  [0x00, 0x9e, 0x73],
  [0xf0, 0xe4, 0x42],
  [0x00, 0x72, 0xb2],
  [0xd5, 0x5e, 0x00],
  [0xcc, 0x79, 0xa7],
  [0xbb, 0xbb, 0xbb],
  [0xff, 0xff, 0xff],
];

const cursor = async (page: Page) => (await boardState(page, 'cursor')).split(',').map(Number);
const focusedTestId = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute('data-testid') ?? null);

/** Presses arrows until the board's cursor is on `cell`. */
async function moveCursorTo(page: Page, [x, y]: [number, number]): Promise<void> {
  const [fromX, fromY] = await cursor(page);
  for (let step = fromX; step < x; step++) await page.keyboard.press('ArrowRight');
  for (let step = fromX; step > x; step--) await page.keyboard.press('ArrowLeft');
  for (let step = fromY; step < y; step++) await page.keyboard.press('ArrowUp');
  for (let step = fromY; step > y; step--) await page.keyboard.press('ArrowDown');
  expect(await cursor(page)).toEqual([x, y]);
}

/** Plays one move by keyboard: the cursor to a group, then `key`; waits until the group is gone. */
async function playByKeys(page: Page, key: 'Enter' | ' '): Promise<void> {
  const cells = await boardState(page, 'cells');
  await moveCursorTo(page, groupCell(await boardState(page, 'board'))!);
  await page.keyboard.press(key);
  await expect.poll(() => boardState(page, 'cells'), PATIENTLY).not.toBe(cells);
}

/** The colour [r, g, b] of the canvas pixel at the centre of cell [x, y], and of one a fifth of a cell in from its top-left corner. */
const cellPixels = (page: Page, [x, y]: [number, number]) =>
  page.$eval(
    BOARD,
    (board, [x, y]) => {
      const canvas = board as HTMLCanvasElement;
      const rows = canvas.dataset.board!.split('\n');
      const size = canvas.width / rows[0].length;
      const context = canvas.getContext('2d')!;
      const pixel = (px: number, py: number) => [...context.getImageData(Math.floor(px), Math.floor(py), 1, 1).data.slice(0, 3)];
      const [left, top] = [x * size, (rows.length - 1 - y) * size];
      return { centre: pixel(left + size / 2, top + size / 2), edge: pixel(left + size / 5, top + size / 5) };
    },
    [x, y],
  );

describe('the SameGame page by keyboard, by touch, across reloads and in colours for everyone', () => {
  const { app, browser } = appInBrowser([], { hasTouch: true });

  it('plays by arrows and Enter or Space on a visible cursor, undoes with Ctrl+Z, redoes with Ctrl+Y or Ctrl+Shift+Z, and after R starts a board on Enter', async () => {
    const page = await openPage(browser(), `${app.url}/#/samegame`);
    for (const name of ['wide', 'narrow'] as const) {
      await page.setViewportSize(WINDOW_SIZES[name]);
      await setField(page, 'sg-colours', '3');
      await newBoard(page, 8, 8);
      expect(await focusedTestId(page)).toBe('samegame-board'); // New board gives the board the focus
      await page.keyboard.press('Tab');
      await page.keyboard.press('Shift+Tab'); // back onto the board, as a keyboard user comes to it
      expect(await focusedTestId(page)).toBe('samegame-board');
      expect(await page.$eval(BOARD, (board) => getComputedStyle(board).outlineStyle)).toBe('solid');
      expect(await cursor(page)).toEqual([0, 7]);
      const start = await boardState(page, 'board');

      await playByKeys(page, 'Enter');
      expect(await status(page)).toMatch(/^Removed \d+ cells \(\+\d+\)\. Now 1 move, /);
      const afterOne = await boardState(page, 'board');
      await playByKeys(page, ' ');
      expect(await boardState(page, 'moves')).toBe('2');
      await moveCursorTo(page, groupCell(await boardState(page, 'board'))!);
      expect(await page.textContent('[data-testid=sg-hover]')).toMatch(/^This group: \d+ cells, \+\d+ points\./); // the cursor's group
      await screenshot(page, `samegame-keyboard-${name}`);
      expect(await accessibilityViolations(page)).toEqual([]);

      await page.keyboard.press('Control+z');
      await expect.poll(() => boardState(page, 'board'), PATIENTLY).toBe(afterOne);
      await page.keyboard.press('Control+z');
      await expect.poll(() => boardState(page, 'board'), PATIENTLY).toBe(start);
      expect(await status(page)).toBe('Move taken back. Now 0 moves, 0 points, 64 cells left.');
      await page.keyboard.press('Control+y');
      await expect.poll(() => boardState(page, 'board'), PATIENTLY).toBe(afterOne);
      await page.keyboard.press('Control+Shift+Z');
      await expect.poll(() => boardState(page, 'moves'), PATIENTLY).toBe('2');

      await page.keyboard.press('r');
      expect(await focusedTestId(page)).toBe('sg-new');
      expect(await page.locator('[data-testid=sg-new]').boundingBox()).not.toBeNull();
      await screenshot(page, `samegame-key-r-${name}`);
      await page.keyboard.press('Enter');
      await expect.poll(() => boardState(page, 'moves'), PATIENTLY).toBe('0');
      expect(await boardState(page, 'board')).toBe(start); // the same seed deals the same board
      expect(await focusedTestId(page)).toBe('samegame-board');
      expect(await scrollsSideways(page)).toBe(false);
    }
    await page.close();
  });

  it("takes the keyboard past the bar of pages with the first Tab's Skip to the page", async () => {
    const page = await openPage(browser(), `${app.url}/#/samegame`);
    await page.setViewportSize(WINDOW_SIZES.wide);
    /** Tabs until the board has the focus. */
    const tabsToBoard = async () => {
      let presses = 0;
      while ((await focusedTestId(page)) !== 'samegame-board' && presses < 60) {
        await page.keyboard.press('Tab');
        presses++;
      }
      expect(await focusedTestId(page)).toBe('samegame-board');
      return presses;
    };
    const throughTheBar = await tabsToBoard();
    await page.reload();
    await page.keyboard.press('Tab');
    expect(await focusedTestId(page)).toBe('skip-link');
    expect(await page.isVisible('[data-testid=skip-link]')).toBe(true); // shown while it has the focus
    await screenshot(page, 'skip-link');
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('MAIN');
    const links = await page.locator('header nav a').count();
    expect(1 + (await tabsToBoard())).toBeLessThanOrEqual(throughTheBar - links); // none of the pages' links on the way
    await page.close();
  });

  it('removes groups tapped with a finger at 420×900 and at 1280×800, without scrolling sideways', async () => {
    const page = await openPage(browser(), `${app.url}/#/samegame`);
    for (const name of ['narrow', 'wide'] as const) {
      await page.setViewportSize(WINDOW_SIZES[name]);
      await setField(page, 'sg-colours', '3');
      await newBoard(page, 10, 10);
      await removeGroup(page, tapCell);
      expect(await status(page)).toMatch(/^Removed \d+ cells/);
      await removeGroup(page, tapCell);
      expect(await boardState(page, 'moves')).toBe('2');
      expect(await scrollsSideways(page)).toBe(false);
      await page.evaluate(() => window.scrollTo(0, 0));
      await screenshot(page, `samegame-touch-${name}`);
      await playToTheEnd(page, tapCell);
      await page.locator('[data-testid=sg-result]').waitFor();
      expect(await scrollsSideways(page)).toBe(false);
      await screenshot(page, `samegame-touch-over-${name}`);
      await page.tap('[data-testid=sg-result-close]');
    }
    await page.close();
  });

  it('keeps its settings through a reload: board, colours, rules, method and its settings, seconds, interval and shapes', async () => {
    const page = await openPage(browser(), `${app.url}/#/samegame`);
    await setField(page, 'sg-columns', '7');
    await setField(page, 'sg-rows', '8');
    await setField(page, 'sg-colours', '4');
    await setField(page, 'sg-seed', '42');
    await page.selectOption('[data-testid=sg-scoring]', 'penalty');
    await page.selectOption('[data-testid=sg-shift]', 'right');
    await page.selectOption('[data-testid=sg-method]', 'beam');
    await page.selectOption('[data-testid=sg-setting-heuristic]', 'h2');
    await setField(page, 'sg-setting-width', '3');
    await setField(page, 'sg-seconds', '3');
    await setField(page, 'sg-interval', '120');
    await page.check('[data-testid=sg-shapes]');
    const fields = () =>
      Promise.all(
        [
          'sg-columns',
          'sg-rows',
          'sg-colours',
          'sg-seed',
          'sg-scoring',
          'sg-shift',
          'sg-method',
          'sg-setting-heuristic',
          'sg-setting-width',
        ]
          .concat(['sg-seconds', 'sg-interval'])
          .map((testId) => page.inputValue(`[data-testid=${testId}]`)),
      );
    const chosen = ['7', '8', '4', '42', 'penalty', 'right', 'beam', 'h2', '3', '3', '120'];
    expect(await fields()).toEqual(chosen);
    for (const name of ['wide', 'narrow'] as const) {
      await page.setViewportSize(WINDOW_SIZES[name]);
      await page.reload();
      await page.locator(BOARD).waitFor();
      expect(await fields()).toEqual(chosen);
      expect(await page.isChecked('[data-testid=sg-shapes]')).toBe(true);
      expect((await boardState(page, 'board')).split('\n').map((row) => row.length)).toEqual(Array(8).fill(7)); // the board they deal
      await screenshot(page, `samegame-settings-kept-${name}`);
    }
    await page.evaluate(() => localStorage.setItem('gridmind:samegame-method-settings', '{"heuristic":"h9","width":-4,"level":2}'));
    await page.reload();
    await page.locator(BOARD).waitFor();
    expect(await page.inputValue('[data-testid=sg-setting-heuristic]')).toBe(''); // a value the table does not take is dropped: beam's "none"
    expect(await page.inputValue('[data-testid=sg-setting-width]')).toBe('');
    await page.close();
  });

  it('draws the colour-blind-safe palette, and shapes on the cells when asked', async () => {
    const page = await openPage(browser(), `${app.url}/#/samegame`);
    for (const name of ['wide', 'narrow'] as const) {
      await page.setViewportSize(WINDOW_SIZES[name]);
      await setField(page, 'sg-colours', '9');
      await newBoard(page, 9, 9);
      if (await page.isChecked('[data-testid=sg-shapes]')) await page.uncheck('[data-testid=sg-shapes]');
      const rows = (await boardState(page, 'board')).split('\n');
      const cells = rows.flatMap((row, top) =>
        [...row].map((digit, x) => ({ digit: Number(digit), cell: [x, rows.length - 1 - top] as [number, number] })),
      );
      // Unchecked just now (at the wide size's end), the shapes may still be drawn until the next frame.
      const centres = () => Promise.all(cells.slice(0, 20).map(async ({ cell }) => (await cellPixels(page, cell)).centre));
      await expect.poll(centres, PATIENTLY).toEqual(cells.slice(0, 20).map(({ digit }) => PALETTE[digit]));
      const plain = await page.$eval(BOARD, (board) => (board as HTMLCanvasElement).toDataURL());
      await page.evaluate(() => window.scrollTo(0, 0));
      await screenshot(page, `samegame-palette-${name}`);

      await page.check('[data-testid=sg-shapes]');
      await expect.poll(() => page.$eval(BOARD, (board) => (board as HTMLCanvasElement).toDataURL()), PATIENTLY).not.toBe(plain);
      for (const { digit, cell } of cells.slice(0, 20)) expect((await cellPixels(page, cell)).edge).toEqual(PALETTE[digit]); // the colour around the shape
      await page.evaluate(() => window.scrollTo(0, 0));
      await screenshot(page, `samegame-shapes-${name}`);
      expect(await accessibilityViolations(page)).toEqual([]);
      expect(await scrollsSideways(page)).toBe(false);
    }
    await page.close();
  });
});
