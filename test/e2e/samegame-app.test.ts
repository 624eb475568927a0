import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { appInBrowser, openPage, screenshot } from './app-harness.ts';

const boardState = async (page: Page, name: string) => (await page.getAttribute('[data-testid=samegame-board]', `data-${name}`)) ?? '';

async function setField(page: Page, testId: string, value: string): Promise<void> {
  await page.fill(`[data-testid=${testId}]`, value);
  await page.press(`[data-testid=${testId}]`, 'Tab');
}

/** A cell [x, y] (x from the left, y from the bottom) with a same-coloured neighbour, read from the board drawing. */
function groupCell(drawing: string): [number, number] {
  const rows = drawing.split('\n');
  const height = rows.length;
  const at = (x: number, y: number) => rows[height - 1 - y]?.[x];
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < rows[0].length; x++) {
      const colour = at(x, y);
      if (colour !== '.' && (at(x + 1, y) === colour || at(x, y + 1) === colour)) return [x, y];
    }
  }
  throw new Error(`no group on\n${drawing}`);
}

async function clickCell(page: Page, [x, y]: [number, number], columns: number, rows: number): Promise<void> {
  const box = (await page.locator('[data-testid=samegame-board]').boundingBox())!;
  const size = box.width / columns;
  await page.mouse.click(box.x + (x + 0.5) * size, box.y + (rows - 1 - y + 0.5) * size);
}

describe('the SameGame page in a real browser', () => {
  const { app, browser } = appInBrowser();

  it('removes a clicked group, undo restores it, and a full solution plays as an animation', async () => {
    const page = await openPage(browser(), `${app.url}/#/samegame`);
    await setField(page, 'sg-columns', '6');
    await setField(page, 'sg-rows', '6');
    await setField(page, 'sg-colours', '3');
    await setField(page, 'sg-interval', '60');
    await setField(page, 'sg-seconds', '1');
    await page.click('[data-testid=sg-new]');
    const start = await boardState(page, 'board');
    expect(start.split('\n')).toHaveLength(6);
    expect(await boardState(page, 'cells')).toBe('36');

    await clickCell(page, groupCell(start), 6, 6);
    await expect.poll(() => boardState(page, 'cells')).not.toBe('36');
    expect(Number(await boardState(page, 'cells'))).toBeLessThanOrEqual(34);
    await page.click('[data-testid=sg-undo]');
    await expect.poll(() => boardState(page, 'board')).toBe(start);
    await page.click('[data-testid=sg-redo]');
    await expect.poll(() => boardState(page, 'cells')).not.toBe('36');
    await page.click('[data-testid=sg-undo]');
    await screenshot(page, 'samegame');

    await page.click('[data-testid=sg-solution]');
    await expect.poll(() => boardState(page, 'moves'), { timeout: 15_000 }).toBe('1');
    await expect.poll(async () => Number(await boardState(page, 'moves')), { timeout: 15_000 }).toBeGreaterThanOrEqual(3);
    await page.waitForSelector('[data-testid=sg-status] >> text=/Solution replayed/', { timeout: 30_000 });
    await screenshot(page, 'samegame-solution');
    await page.close();
  });

  it('competes: the computer plays a random puzzle first, then the player gets the same one', async () => {
    const page = await openPage(browser(), `${app.url}/#/samegame`);
    await setField(page, 'sg-columns', '6');
    await setField(page, 'sg-rows', '6');
    await setField(page, 'sg-seconds', '1');
    await page.click('[data-testid=sg-compete]');
    await page.waitForSelector('[data-testid=sg-status] >> text=/Your turn: the same puzzle/', { timeout: 20_000 });
    expect(Number(await page.textContent('[data-testid=sg-computer]'))).toBeGreaterThanOrEqual(0);
    expect(await boardState(page, 'cells')).toBe('36'); // the player starts from the full puzzle
    await page.close();
  });
});
