import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { appInBrowser, openPage, PATIENTLY, screenshot } from './app-harness.ts';

const dir = mkdtempSync(join(tmpdir(), 'gridmind-e2e-agents-'));
/**
 * An agent that plays five pieces, then throws. It counts the boards it is shown: the page asks again for
 * a piece that gravity moved while the answer came, on the same board.
 */
const FAILING = join(dir, 'five-and-out.mjs');
writeFileSync(
  FAILING,
  `let pieces = 0;
let last = null;
const cells = (board) =>
  Array.from({ length: board.width * board.height }, (_, i) => (board.isFilled(i % board.width, Math.floor(i / board.width)) ? 1 : 0)).join('');
export default {
  name: 'five and out',
  choose({ board }) {
    if (cells(board) !== last) pieces++;
    last = cells(board);
    if (pieces > 5) throw new Error('tired');
    return 0;
  },
};
`,
);

describe('agents in code in the web app (gridmind serve --agent FILE)', () => {
  const { app, browser } = appInBrowser(['examples/javascript/lowest-column.mjs', FAILING]);
  const pieces = async (page: import('playwright-core').Page) => Number(await page.getAttribute('[data-testid=board]', 'data-pieces'));

  it('offers the served agent among the players, and it plays: watched in Play & watch, and in a duel', async () => {
    const page = await openPage(browser(), app.url);
    await page.selectOption('[data-testid=player-player]', 'code:lowest column');
    await page.click('[data-testid=start]');
    await expect.poll(() => pieces(page), PATIENTLY).toBeGreaterThanOrEqual(3);
    expect(await page.textContent('.hud')).toContain('AI: lowest column');
    await screenshot(page, 'code-agent-watch');
    await page.keyboard.press('y'); // no breakdown from an agent in code: a built-in agent explains the piece
    expect(await page.textContent('[data-testid=no-breakdown]')).toContain('lowest column is an agent in code');
    expect(await page.inputValue('[data-testid=why-agent]')).toBe('bcts');
    await page.waitForSelector('[data-testid=why-here] >> text=Why here? bcts');
    await page.goto(`${app.url}/#/duel`);
    await page.selectOption('[data-testid=player-right-player]', 'code:lowest column');
    await page.click('[data-testid=duel-start]');
    await expect
      .poll(() => page.locator('[data-testid=board]').nth(1).getAttribute('data-pieces').then(Number), PATIENTLY)
      .toBeGreaterThanOrEqual(3);
    await page.close();
  });

  it("shows an agent's fault, naming its module, and leaves the game to the human", async () => {
    const page = await openPage(browser(), app.url);
    await page.selectOption('[data-testid=player-player]', 'code:five and out');
    await page.click('[data-testid=start]');
    const fault = page.locator('[data-testid=agent-fault]');
    await fault.waitFor(PATIENTLY);
    expect(await fault.textContent()).toBe(`five and out is out of this game: ${FAILING} threw: tired`);
    expect(await pieces(page)).toBe(5);
    expect(await page.isDisabled('[data-testid=hand-back]')).toBe(true);
    await screenshot(page, 'code-agent-fault');
    await page.setViewportSize({ width: 420, height: 900 });
    await screenshot(page, 'code-agent-fault-narrow');
    await page.close();
  });
});
