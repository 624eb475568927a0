/** What the browser tests of the SameGame page do on it: read its board and status, set fields, click cells, play groups. */
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { PATIENTLY } from './app-harness.ts';

/** The window sizes each view is tried at, by the names their screenshots take. */
export const WINDOW_SIZES = { wide: { width: 1280, height: 800 }, narrow: { width: 420, height: 900 } } as const;

/** The SameGame page's board. */
export const BOARD = '[data-testid=samegame-board]';
export const LONE_CELL = 'A lone cell cannot be removed: a group needs 2 or more touching cells of one colour.';

export const boardState = async (page: Page, name: string) => (await page.getAttribute(BOARD, `data-${name}`)) ?? '';
export const status = async (page: Page) => (await page.textContent('[data-testid=sg-status]')) ?? '';

export async function setField(page: Page, testId: string, value: string): Promise<void> {
  await page.fill(`[data-testid=${testId}]`, value);
  await page.press(`[data-testid=${testId}]`, 'Tab');
}

export async function newBoard(page: Page, columns: number, rows: number): Promise<void> {
  await setField(page, 'sg-columns', String(columns));
  await setField(page, 'sg-rows', String(rows));
  await page.click('[data-testid=sg-new]');
  await expect.poll(async () => (await boardState(page, 'board')).split('\n'), PATIENTLY).toHaveLength(rows);
}

/** The first cell [x, y] (x from the left, y from the bottom) whose number of same-coloured neighbours is `wanted`, read from the board drawing. */
export function findCell(drawing: string, wanted: (neighbours: number) => boolean): [number, number] | null {
  const rows = drawing.split('\n');
  const height = rows.length;
  const at = (x: number, y: number) => rows[height - 1 - y]?.[x];
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < rows[0].length; x++) {
      const colour = at(x, y);
      if (colour === '.' || colour === undefined) continue;
      const neighbours = [at(x + 1, y), at(x - 1, y), at(x, y + 1), at(x, y - 1)].filter((next) => next === colour).length;
      if (wanted(neighbours)) return [x, y];
    }
  }
  return null;
}
export const groupCell = (drawing: string) => findCell(drawing, (neighbours) => neighbours > 0);
export const loneCell = (drawing: string) => findCell(drawing, (neighbours) => neighbours === 0);

/** Where a cell [x, y] (x from the left, y from the bottom) is on the page: its centre, in the page's pixels. */
async function cellPoint(page: Page, [x, y]: [number, number]): Promise<{ x: number; y: number }> {
  const rows = (await boardState(page, 'board')).split('\n');
  await page.locator(BOARD).scrollIntoViewIfNeeded();
  const box = (await page.locator(BOARD).boundingBox())!;
  const [cellWidth, cellHeight] = [box.width / rows[0].length, box.height / rows.length];
  return { x: box.x + (x + 0.5) * cellWidth, y: box.y + (rows.length - 1 - y + 0.5) * cellHeight };
}

/** Clicks a cell with the mouse. */
export async function clickCell(page: Page, cell: [number, number]): Promise<void> {
  const { x, y } = await cellPoint(page, cell);
  await page.mouse.click(x, y);
}

/** Taps a cell with a finger (the page's browser needs a touch screen: appInBrowser's `hasTouch`). */
export async function tapCell(page: Page, cell: [number, number]): Promise<void> {
  const { x, y } = await cellPoint(page, cell);
  await page.touchscreen.tap(x, y);
}

/** Removes a group by pressing one of its cells (a click, or `press`) and waits until it is gone. */
export async function removeGroup(page: Page, press = clickCell): Promise<void> {
  const cells = await boardState(page, 'cells');
  await press(page, groupCell(await boardState(page, 'board'))!);
  await expect.poll(() => boardState(page, 'cells'), PATIENTLY).not.toBe(cells);
}

/** Removes groups until none is left. */
export async function playToTheEnd(page: Page, press = clickCell): Promise<void> {
  while (groupCell(await boardState(page, 'board')) !== null) await removeGroup(page, press);
}

/** Whether the result dialog lies in full view: inside the window and below the header. */
export const resultFits = (page: Page) =>
  page.evaluate(() => {
    const box = document.querySelector('[data-testid=sg-result]')!.getBoundingClientRect();
    const header = document.querySelector('header')!.getBoundingClientRect();
    return box.left >= 0 && box.right <= window.innerWidth && box.top >= header.bottom && box.bottom <= window.innerHeight;
  });

/** A number as the page writes it: "1,164". */
export const shown = (value: number) => value.toLocaleString('en-US');
