import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

/** The two window sizes a player judges the app at. */
export const WINDOWS = [
  { name: 'wide', width: 1280, height: 800 },
  { name: 'narrow', width: 420, height: 900 },
] as const;

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

export async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox();
  expect(box).not.toBeNull();
  return box!;
}

/** Fills Play's set-up panel and starts the game. */
export async function startPlay(page: Page, choice: { player: string; rules?: string; width?: number; height?: number; seed?: number }) {
  await page.selectOption('[data-testid=player-player]', choice.player);
  if (choice.rules) await page.selectOption('[data-testid=rules]', choice.rules);
  for (const field of ['width', 'height', 'seed'] as const) {
    if (choice[field] === undefined) continue;
    await page.fill(`[data-testid=${field}]`, String(choice[field]));
    await page.press(`[data-testid=${field}]`, 'Tab');
  }
  await page.click('[data-testid=start]');
  await page.waitForSelector('[data-testid=board]');
}

/** The board's `data-NAME` attribute (the first board's, in a duel). */
export const boardData = async (page: Page, name: string) =>
  (await page.locator('[data-testid=board]').first().getAttribute(`data-${name}`)) ?? '';

/** The first board's falling piece: its letter, rotation and cell. */
export async function fallingPiece(page: Page) {
  const [letter, rotation, x, y] = (await boardData(page, 'piece')).split(' ');
  return { letter, rotation: Number(rotation), x: Number(x), y: Number(y) };
}

/** Text that fits its box: no wider than the box, or cut short with an ellipsis. */
export async function expectFits(locator: Locator): Promise<void> {
  for (const element of await locator.all()) {
    const fits = await element.evaluate(
      (node) =>
        node.scrollWidth <= node.clientWidth ||
        (getComputedStyle(node).textOverflow === 'ellipsis' && getComputedStyle(node).overflow === 'hidden'),
    );
    expect(fits, `${await element.textContent()} spills out of its box`).toBe(true);
  }
}
