import { describe, expect, it } from 'vitest';
import { SameGame } from '../../src/samegame/rules/game.ts';
import { randomBoard } from '../../src/samegame/rules/random-boards.ts';
import { appInBrowser, openPage, PATIENTLY, screenshot, scrollsSideways } from './app-harness.ts';
import {
  BOARD,
  boardState,
  clickCell,
  LONE_CELL,
  loneCell,
  newBoard,
  playToTheEnd,
  removeGroup,
  resultFits,
  setField,
  shown,
  status,
} from './samegame-page.ts';

describe('the SameGame page in a real browser', () => {
  const { app, browser } = appInBrowser();

  it('removes a clicked group, explains a lone cell, keeps the status line right through undo and redo, and replays a full solution', async () => {
    const page = await openPage(browser(), `${app.url}/#/samegame`);
    await setField(page, 'sg-colours', '3');
    await setField(page, 'sg-interval', '60');
    await setField(page, 'sg-seconds', '1');
    await newBoard(page, 6, 6);
    const start = await boardState(page, 'board');
    expect(await boardState(page, 'cells')).toBe('36');

    await clickCell(page, loneCell(start)!);
    await expect.poll(() => status(page), PATIENTLY).toBe(LONE_CELL);
    expect(await boardState(page, 'cells')).toBe('36');
    await screenshot(page, 'samegame-lone-cell-wide');

    await removeGroup(page);
    const cells = Number(await boardState(page, 'cells'));
    expect(cells).toBeLessThanOrEqual(34);
    const score = await boardState(page, 'score');
    expect(await status(page)).toBe(`Removed ${36 - cells} cells (+${score}). Now 1 move, ${score} points, ${cells} cells left.`);
    await page.click('[data-testid=sg-undo]');
    await expect.poll(() => boardState(page, 'board'), PATIENTLY).toBe(start);
    expect(await status(page)).toBe('Move taken back. Now 0 moves, 0 points, 36 cells left.');
    await page.click('[data-testid=sg-redo]');
    await expect.poll(() => boardState(page, 'cells'), PATIENTLY).toBe(String(cells));
    expect(await status(page)).toBe(`Move played again. Now 1 move, ${score} points, ${cells} cells left.`);
    await page.click('[data-testid=sg-undo]');
    await screenshot(page, 'samegame-playing-wide');

    // Every move of the solution is drawn in turn: record each value the move count takes.
    await page.evaluate((selector) => {
      const board = document.querySelector(selector)!;
      const seen: string[] = [];
      Object.assign(window, { movesSeen: seen });
      new MutationObserver((records) => records.forEach((record) => seen.push(record.oldValue ?? ''))).observe(board, {
        attributeFilter: ['data-moves'],
        attributeOldValue: true,
      });
    }, BOARD);
    await page.click('[data-testid=sg-solution]');
    await page.waitForSelector('[data-testid=sg-status] >> text=/Solution replayed/', { timeout: 30_000 });
    const moves = Number(await boardState(page, 'moves'));
    expect(moves).toBeGreaterThanOrEqual(3);
    const seen = await page.evaluate(() => (window as unknown as { movesSeen: string[] }).movesSeen);
    expect([...seen, String(moves)]).toEqual(Array.from({ length: moves + 1 }, (_, i) => String(i)));

    const result = page.locator('[data-testid=sg-result]');
    await result.waitFor();
    const final = await boardState(page, 'score');
    expect(await result.textContent()).toMatch(new RegExp(`^(Game over|Board cleared!)${shown(Number(final))} points in ${moves} moves, `));
    expect(await resultFits(page)).toBe(true);
    await screenshot(page, 'samegame-game-over-wide');
    await page.click('[data-testid=sg-undo]'); // beside the board, not under the dialog
    await expect.poll(() => boardState(page, 'moves'), PATIENTLY).toBe(String(moves - 1));
    expect(await result.count()).toBe(0);
    expect(await status(page)).toBe(
      `Move taken back. Now ${moves - 1} moves, ${shown(Number(await boardState(page, 'score')))} points, ${await boardState(page, 'cells')} cells left.`,
    );

    await page.setViewportSize({ width: 420, height: 900 });
    await newBoard(page, 15, 15);
    const box = (await page.locator(BOARD).boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.width).toBeGreaterThan(0.9 * 400); // the window less the page's padding
    expect(await scrollsSideways(page)).toBe(false);
    await page.evaluate(() => window.scrollTo(0, 0)); // back up to the board from the New board button, as a player scrolls
    await removeGroup(page);
    await clickCell(page, loneCell(await boardState(page, 'board'))!);
    await expect.poll(() => status(page), PATIENTLY).toBe(LONE_CELL);
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'samegame-lone-cell-narrow');
    await page.click('[data-testid=sg-undo]');
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'samegame-playing-narrow');
    await setField(page, 'sg-interval', '10');
    await page.click('[data-testid=sg-solution]');
    await result.waitFor({ timeout: 30_000 });
    expect(await resultFits(page)).toBe(true);
    expect(await scrollsSideways(page)).toBe(false);
    await screenshot(page, 'samegame-game-over-narrow');
    await page.close();
  });

  it('competes fairly: the computer plays a random puzzle first, the player the same one without help, and the verdict shows', async () => {
    const page = await openPage(browser(), `${app.url}/#/samegame`);
    await setField(page, 'sg-seconds', '1');
    await newBoard(page, 6, 6);
    await page.click('[data-testid=sg-compete]');
    await page.waitForSelector('[data-testid=sg-status] >> text=/Your turn: the same puzzle/', { timeout: 20_000 });
    const computer = Number((await page.textContent('[data-testid=sg-computer]'))!.replace(/,/g, ''));
    expect(computer).toBeGreaterThanOrEqual(0);
    expect(await boardState(page, 'cells')).toBe('36'); // the player starts from the full puzzle
    await removeGroup(page);
    for (const help of ['sg-hint', 'sg-solution', 'sg-undo', 'sg-redo']) expect(await page.isDisabled(`[data-testid=${help}]`)).toBe(true);
    expect(await page.textContent('[data-testid=sg-contest-rules]')).toMatch(/hint, full solution and undo are off/);

    await playToTheEnd(page);
    const result = page.locator('[data-testid=sg-result]');
    await result.waitFor();
    const mine = Number(await boardState(page, 'score'));
    const verdict = mine > computer ? 'You win' : mine === computer ? 'A draw' : 'The computer wins';
    expect(await result.locator('h2').textContent()).toBe(verdict);
    expect(await result.locator('[data-testid=sg-result-player]').textContent()).toBe(shown(mine));
    expect(await result.locator('[data-testid=sg-result-computer]').textContent()).toBe(shown(computer));
    expect(await status(page)).toMatch(new RegExp(`${verdict}: you ${shown(mine)}, the computer ${shown(computer)}\\.$`));
    await screenshot(page, 'samegame-verdict-wide');

    await page.setViewportSize({ width: 420, height: 900 });
    await page.keyboard.press('Enter'); // "Compete again" has the focus
    await page.waitForSelector('[data-testid=sg-status] >> text=/Your turn: the same puzzle/', { timeout: 20_000 });
    expect(await result.count()).toBe(0);
    await playToTheEnd(page);
    await result.waitFor();
    expect(await resultFits(page)).toBe(true);
    expect(await scrollsSideways(page)).toBe(false);
    await screenshot(page, 'samegame-verdict-narrow');

    // A contest needs a move: compete passes over a drawn puzzle without a single group; a forced game ends in a draw.
    await page.click('[data-testid=sg-result-close]'); // the dialog is modal: the settings wait until it closes
    await setField(page, 'sg-colours', '9');
    await newBoard(page, 2, 2);
    const stuck = Array.from({ length: 1000 }, (_, seed) => seed).find((seed) => new SameGame(randomBoard(2, 2, 9, seed)).isOver())!;
    await page.evaluate((seed) => (Math.random = () => (seed + 0.5) / 1_000_000), stuck); // compete draws its seed from Math.random
    await page.click('[data-testid=sg-compete]');
    await page.waitForSelector('[data-testid=sg-status] >> text=/Your turn: the same puzzle/', { timeout: 20_000 });
    const seed = Number(await page.inputValue('[data-testid=sg-seed]'));
    expect(seed).toBeGreaterThan(stuck);
    expect(new SameGame(randomBoard(2, 2, 9, seed)).moves()).toHaveLength(1); // a single group on 2×2: one line of play for both sides
    await playToTheEnd(page);
    await result.waitFor();
    expect(await result.locator('h2').textContent()).toBe('A draw');
    await page.close();
  });

  it("offers the settings the chosen method takes, made from the solver's table, and gives the search those alone", async () => {
    const page = await openPage(browser(), `${app.url}/#/samegame`);
    const fields = () =>
      page.$$eval('[data-testid=sg-method-settings] [data-testid^=sg-setting-]', (found) =>
        found.map((field) => field.getAttribute('data-testid')),
      );
    const placeholder = (testId: string) => page.getAttribute(`[data-testid=${testId}]`, 'placeholder');
    const heuristics = () => page.$$eval('[data-testid=sg-setting-heuristic] option', (found) => found.map((option) => option.textContent));
    expect(await fields()).toEqual(['sg-setting-level', 'sg-setting-iterations', 'sg-setting-stabilization']); // nrpa's
    expect(await Promise.all(['sg-setting-level', 'sg-setting-iterations', 'sg-setting-stabilization'].map(placeholder))).toEqual([
      'default 3',
      'default 100',
      'default 1',
    ]);
    await page.selectOption('[data-testid=sg-method]', 'beam');
    expect(await fields()).toEqual(['sg-setting-heuristic', 'sg-setting-width', 'sg-setting-clearedOnly']);
    expect(await page.inputValue('[data-testid=sg-setting-heuristic]')).toBe('h4');
    expect(await heuristics()).toEqual(['none', 'h1', 'h2', 'h3', 'h4']); // beam may go without, as on the command line
    expect(await placeholder('sg-setting-width')).toBe('default'); // no fixed width: it widens while the time lasts
    await setField(page, 'sg-setting-width', '3');
    await page.selectOption('[data-testid=sg-setting-heuristic]', 'h2');
    await setField(page, 'sg-seconds', '1');
    await newBoard(page, 6, 6);
    await page.click('[data-testid=sg-hint]');
    await expect.poll(() => status(page), PATIENTLY).toMatch(/^Hint: /);
    // The width, which iddfs does not take, stays behind: the search is given iddfs's settings alone.
    await page.selectOption('[data-testid=sg-method]', 'iddfs');
    expect(await fields()).toEqual([
      'sg-setting-heuristic',
      'sg-setting-depth',
      'sg-setting-minDepth',
      'sg-setting-first',
      'sg-setting-clearedOnly',
    ]);
    await page.click('[data-testid=sg-setting-first]');
    await page.click('[data-testid=sg-hint]');
    expect(await status(page)).toMatch(/^(Looking for a move: iddfs \(heuristic h2, stop at the first solution\), up to 1 s…|Hint: )/);
    await expect.poll(() => status(page), PATIENTLY).toMatch(/^Hint: /);
    // No heuristic for iddfs (its moves in their own order); best-first, which needs one, shows its default.
    await page.selectOption('[data-testid=sg-setting-heuristic]', 'none');
    await page.click('[data-testid=sg-hint]');
    expect(await status(page)).toMatch(/^(Looking for a move: iddfs \(stop at the first solution\), up to 1 s…|Hint: )/);
    await expect.poll(() => status(page), PATIENTLY).toMatch(/^Hint: /);
    await page.selectOption('[data-testid=sg-method]', 'bestfirst');
    expect(await heuristics()).toEqual(['h1', 'h2', 'h3', 'h4']);
    expect(await page.inputValue('[data-testid=sg-setting-heuristic]')).toBe('h4');
    await screenshot(page, 'samegame-method-settings-wide');
    await page.setViewportSize({ width: 420, height: 900 });
    expect(await scrollsSideways(page)).toBe(false);
    await screenshot(page, 'samegame-method-settings-narrow');
    await page.close();
  });
});
