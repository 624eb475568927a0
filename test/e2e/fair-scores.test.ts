import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { HUMAN_PACE } from '../../src/server/human-pace.ts';
import type { ReplayLog } from '../../src/tetris/game.ts';
import { appInBrowser, openPage, PATIENTLY, screenshot, scrollsSideways } from './app-harness.ts';
import { setField } from './samegame-page.ts';

/** The most inputs a replay holds in any `ms` milliseconds of game time. */
function busiestSpan({ inputs }: ReplayLog, ms: number): number {
  let most = 0;
  let first = 0;
  inputs.forEach((input, index) => {
    while (inputs[first].t <= input.t - ms) first++;
    most = Math.max(most, index - first + 1);
  });
  return most;
}

/** Plays the Play view's game by keyboard until it ends: pieces moved or turned, then dropped, a key every `gapMs`. */
async function playByKeyboard(page: Page, gapMs: number): Promise<void> {
  const keys = ['ArrowLeft', 'ArrowUp', 'Space', 'ArrowRight', 'ArrowRight', 'Space', 'x', 'Space'];
  for (let press = 0; (await page.locator('[data-testid=name]').count()) === 0 && press < 400; press++) {
    await page.keyboard.press(keys[press % keys.length]);
    await page.waitForTimeout(gapMs);
  }
}

describe("the web app's own human games", () => {
  const { app, browser } = appInBrowser();

  it('count as a person’s when played by keys at a person’s pace, and land in the table of their settings', async () => {
    const page = await openPage(browser(), app.url);
    await setField(page, 'width', '6');
    await setField(page, 'height', '8');
    await page.click('[data-testid=start]');
    await playByKeyboard(page, 110);
    // The game's keys, still pressed as it ends, type nothing in the name box; a name typed after does.
    for (const key of ['Space', 'Space', 'x', 'ArrowLeft', 'Space']) await page.keyboard.press(key);
    expect(await page.inputValue('[data-testid=name]')).toBe('Player');
    await page.waitForTimeout(700);
    await page.keyboard.type(' Ana');
    expect(await page.inputValue('[data-testid=name]')).toBe('Ana');
    await page.click('[data-testid=save-score]');
    const row = page.locator('[data-testid=scores] td.name', { hasText: 'Ana' });
    await row.waitFor(PATIENTLY);
    expect(await row.textContent()).toBe('Ana'); // a person's game: no agent beside the name

    // The pace the app logged, measured against the rule (src/server/human-pace.ts).
    const { entries } = await (await fetch(`${app.url}/api/highscores?game=tetris&rules=classic&board=6x8`)).json();
    const replay: ReplayLog = await (await fetch(`${app.url}/api/highscores/${entries[0].id}/replay`)).json();
    const measured = HUMAN_PACE.map(({ ms, inputs }) => ({ ms, most: busiestSpan(replay, ms), allowed: inputs }));
    console.log(`the app's human game: ${replay.inputs.length} keys; busiest spans ${JSON.stringify(measured)}`);
    for (const { most, allowed } of measured) expect(most).toBeLessThanOrEqual(allowed);
    expect(replay.inputs.every((input) => 'key' in input)).toBe(true);

    // The High scores page picks the table by every setting: another rotation system is another table.
    await page.goto(`${app.url}/#/scores`);
    await setField(page, 'scores-board', '6x8');
    await page.waitForSelector('[data-testid=scores] >> text=Ana');
    await page.selectOption('[data-testid=scores-rotation]', 'srs');
    await page.getByText('No scores yet: be the first.').waitFor(PATIENTLY);
    await page.selectOption('[data-testid=scores-dealing]', 'bag7');
    await page.selectOption('[data-testid=scores-rotation]', 'classic');
    await page.getByText('No scores yet: be the first.').waitFor(PATIENTLY);
    await page.selectOption('[data-testid=scores-dealing]', 'uniform');
    await page.waitForSelector('[data-testid=scores] >> text=Ana');
    await screenshot(page, 'high-scores-settings');
    await page.setViewportSize({ width: 420, height: 900 });
    await screenshot(page, 'high-scores-settings-narrow');
    expect(await scrollsSideways(page)).toBe(false);
    await page.close();
  });

  it('count as an agent’s when the keys come faster than a person sends them, whatever the post says', async () => {
    const page = await openPage(browser(), app.url);
    await setField(page, 'width', '6');
    await setField(page, 'height', '8');
    await page.click('[data-testid=start]');
    // A program in the page: six keys at once each frame, as no keyboard sends them.
    await page.evaluate(async () => {
      for (let frame = 0; frame < 200 && document.querySelector('[data-testid=name]') === null; frame++) {
        for (const key of ['ArrowLeft', 'ArrowUp', ' ', 'ArrowRight', 'x', ' ']) {
          document.body.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true }));
        }
        await new Promise((resolve) => requestAnimationFrame(resolve));
      }
    });
    await page.locator('[data-testid=name]').waitFor(PATIENTLY);
    await page.fill('[data-testid=name]', 'Speedy');
    await page.click('[data-testid=save-score]');
    const row = page.locator('[data-testid=scores] td.name', { hasText: 'Speedy' });
    await row.waitFor(PATIENTLY);
    // Every piece the program's keys moved is an agent's. On a busy machine a piece of this short game may
    // lock with none of the program's keys among its inputs (its frames come late), and count as the person's.
    expect(await row.textContent()).toMatch(/^Speedy (\(an agent\)|\+ an agent \((8\d|9\d)%\))$/);
    await page.close();
  });
});
