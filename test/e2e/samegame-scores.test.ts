import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { accessibilityViolations, appInBrowser, openPage, PATIENTLY, screenshot, scrollsSideways } from './app-harness.ts';
import { boardState, newBoard, playToTheEnd, setField, shown, WINDOW_SIZES } from './samegame-page.ts';

const WATCHED = '[data-testid=sg-watch-board]';

const watchedState = async (page: Page, name: string) => (await page.getAttribute(WATCHED, `data-${name}`)) ?? '';

/** Goes to the end of the game being watched, a move at a time at first and then at once, checking the moves shown. */
async function watchToTheEnd(page: Page, moves: number): Promise<void> {
  expect(await watchedState(page, 'moves')).toBe('0');
  await page.click('[data-testid=sg-watch-forward]');
  expect(await watchedState(page, 'moves')).toBe('1');
  await page.click('[data-testid=sg-watch-back]');
  expect(await watchedState(page, 'moves')).toBe('0');
  await page.click('[data-testid=sg-watch-play]');
  await expect.poll(() => watchedState(page, 'moves'), PATIENTLY).toBe(String(Math.min(2, moves)));
  await page.click('[data-testid=sg-watch-play]'); // pause
  await page.click('[data-testid=sg-watch-end]');
  expect(await watchedState(page, 'moves')).toBe(String(moves));
  expect(await page.textContent('[data-testid=sg-watch-status]')).toMatch(new RegExp(`^Move ${moves} of ${moves}: ${moves} moves, `));
}

/** Seeks by keyboard on the seek bar to move `move` of the game being watched, whose next group shows outlined. */
async function seekTo(page: Page, move: number): Promise<void> {
  await page.focus('[data-testid=sg-watch-seek]');
  await page.keyboard.press('Home');
  for (let step = 0; step < move; step++) await page.keyboard.press('ArrowRight');
  expect(await watchedState(page, 'moves')).toBe(String(move));
}

describe("the SameGame page's scores in a real browser", () => {
  const { app, browser } = appInBrowser();

  it('saves a finished game as a verified score, shows it in its SameGame table, and plays it again move by move', async () => {
    const page = await openPage(browser(), `${app.url}/#/samegame`);
    const saved: { name: string; points: number; moves: number }[] = [];
    for (const [label, name, seed] of [
      ['wide', 'Ana', '5'],
      ['narrow', 'Bea', '6'],
    ] as const) {
      await page.setViewportSize(WINDOW_SIZES[label]);
      await page.goto(`${app.url}/#/samegame`);
      await setField(page, 'sg-colours', '3');
      await setField(page, 'sg-seed', seed);
      await newBoard(page, 5, 5);
      await playToTheEnd(page);
      const points = Number(await boardState(page, 'score'));
      const moves = Number(await boardState(page, 'moves'));
      saved.push({ name, points, moves });
      expect(await page.inputValue('[data-testid=sg-name]')).toBe(saved.length === 1 ? 'Player' : saved[0].name); // the last name saved under
      await page.fill('[data-testid=sg-name]', name);
      await page.click('[data-testid=sg-save]');
      const rank = [...saved].sort((a, b) => b.points - a.points || saved.indexOf(a) - saved.indexOf(b)).findIndex((s) => s.name === name);
      await expect
        .poll(() => page.textContent('[data-testid=sg-saved]'), PATIENTLY)
        .toBe(
          `Saved: ${['1st', '2nd'][rank]} in the table of 5×5 boards, 3 colours, standard scoring, columns closing to the left. See the table`,
        );
      expect(await scrollsSideways(page)).toBe(false);
      await screenshot(page, `samegame-score-saved-${label}`);
      expect(await accessibilityViolations(page)).toEqual([]);

      await page.click('[data-testid=sg-saved-table]');
      await page.waitForSelector(`[data-testid=scores] >> text=${name}`);
      expect(await page.inputValue('[data-testid=scores-game]')).toBe('samegame');
      expect(await page.inputValue('[data-testid=scores-sg-board]')).toBe('5x5');
      expect(await page.inputValue('[data-testid=scores-sg-colours]')).toBe('3');
      const rows = await page.$$eval('[data-testid=scores] tbody tr', (found) =>
        found.map((row) => [...row.querySelectorAll('td')].slice(1, 4).map((cell) => cell.textContent)),
      );
      const best = [...saved].sort((a, b) => b.points - a.points || saved.indexOf(a) - saved.indexOf(b));
      expect(rows).toEqual(best.map((score) => [score.name, shown(score.points), String(score.moves)]));
      expect(await page.textContent('[data-testid=scores] thead')).toMatch(/Moves/);
      expect(await scrollsSideways(page)).toBe(false);
      await screenshot(page, `scores-samegame-${label}`);
      expect(await accessibilityViolations(page)).toEqual([]);

      await page.click(`[data-testid=scores] tr:has-text("${name}") [data-testid=watch]`);
      await page.locator(WATCHED).waitFor();
      await expect
        .poll(() => page.textContent('.samegame-watch h2'), PATIENTLY)
        .toMatch(new RegExp(`^SameGame high score \\d+ by ${name}$`)); // who played comes with the table, after the replay
      await watchToTheEnd(page, moves);
      expect(await watchedState(page, 'score')).toBe(String(points));
      expect(await scrollsSideways(page)).toBe(false);
      await seekTo(page, Math.min(2, moves));
      await screenshot(page, `samegame-watch-score-${label}`);
      expect(await accessibilityViolations(page)).toEqual([]);
      await page.click('[data-testid=sg-watch-table]');
      await page.waitForSelector(`[data-testid=scores] >> text=${name}`);
    }
    await page.close();
  });

  it("shows the computer's line of a contest on the same board, from the result box, and goes back to the game", async () => {
    const page = await openPage(browser(), `${app.url}/#/samegame`);
    for (const label of ['wide', 'narrow'] as const) {
      await page.setViewportSize(WINDOW_SIZES[label]);
      await setField(page, 'sg-seconds', '1');
      await newBoard(page, 6, 6);
      await page.click('[data-testid=sg-compete]');
      await page.waitForSelector('[data-testid=sg-status] >> text=/Your turn: the same puzzle/', { timeout: 20_000 });
      const start = await boardState(page, 'board');
      const computer = Number((await page.textContent('[data-testid=sg-computer]'))!.replace(/,/g, ''));
      await playToTheEnd(page);
      const mine = await boardState(page, 'moves');
      await page.click('[data-testid=sg-watch-computer]');
      await page.locator(WATCHED).waitFor();
      expect(await page.textContent('.samegame-watch h2')).toBe("The computer's line");
      expect(await watchedState(page, 'board')).toBe(start); // the contest's board, as the player had it
      await page.click('[data-testid=sg-watch-end]');
      const moves = Number(await watchedState(page, 'moves'));
      await page.click('[data-testid=sg-watch-start]');
      await watchToTheEnd(page, moves);
      expect(await watchedState(page, 'score')).toBe(String(computer));
      expect(await scrollsSideways(page)).toBe(false);
      await seekTo(page, Math.min(2, moves));
      await screenshot(page, `samegame-computer-line-${label}`);
      expect(await accessibilityViolations(page)).toEqual([]);
      await page.click('[data-testid=sg-watch-close]');
      await page.locator('[data-testid=sg-result]').waitFor();
      expect(await boardState(page, 'moves')).toBe(mine);
      await page.click('[data-testid=sg-result-close]');
    }
    await page.close();
  });
});
