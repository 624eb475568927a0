import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import WebSocket from 'ws';
import { describe, expect, it } from 'vitest';
import { runCli } from '../cli/run-cli.ts';
import { appInBrowser, nextFrames, openPage, PATIENTLY, screenshot } from './app-harness.ts';
import { fallingPiece } from './tetris-pages.ts';

interface GameChoice {
  player?: string;
  rules?: string;
  width?: number;
  height?: number;
  seed?: number;
  target?: number;
}

/** Fills the set-up panel and starts the game. */
async function startGame(page: Page, choice: GameChoice): Promise<void> {
  if (choice.player) await page.selectOption('[data-testid=player-player]', choice.player);
  if (choice.rules) await page.selectOption('[data-testid=rules]', choice.rules);
  for (const field of ['width', 'height', 'seed', 'target'] as const) {
    if (choice[field] !== undefined) {
      await page.fill(`[data-testid=${field}]`, String(choice[field]));
      await page.press(`[data-testid=${field}]`, 'Tab');
    }
  }
  await page.click('[data-testid=start]');
}

const boardState = async (page: Page, name: string) => (await page.getAttribute('[data-testid=board]', `data-${name}`)) ?? '';
/** Waits until the board's number `data-NAME` is at least `least` (no code is evaluated from text: the page's policy forbids it). */
const waitForBoard = (page: Page, name: string, least: number, timeout = 30_000) =>
  page.waitForFunction(
    ([attribute, minimum]) => Number(document.querySelector('[data-testid=board]')?.getAttribute(`data-${attribute}`) ?? NaN) >= minimum,
    [name, least] as const,
    { timeout },
  );

describe('the web app in a real browser', () => {
  const { app, browser } = appInBrowser();

  it('moves and rotates the piece with the keys; a hard drop locks it', async () => {
    const page = await openPage(browser(), app.url);
    await screenshot(page, 'setup-panel');
    await startGame(page, { player: 'human', seed: 1 });
    const start = await fallingPiece(page);
    expect(start.letter).toBe('L'); // seed 1's first piece
    const settled = (expected: Partial<Awaited<ReturnType<typeof fallingPiece>>>) =>
      expect.poll(() => fallingPiece(page), PATIENTLY).toMatchObject(expected);
    await page.keyboard.press('ArrowLeft');
    await settled({ x: start.x - 1 });
    await page.keyboard.press('d');
    await page.keyboard.press('d');
    await settled({ x: start.x + 1 });
    await page.keyboard.press('ArrowUp');
    await settled({ rotation: 1 });
    await page.keyboard.press('w');
    await settled({ rotation: 2 });
    await screenshot(page, 'human-moved');
    expect(await boardState(page, 'pieces')).toBe('0');
    await page.keyboard.press('Space');
    await expect.poll(() => boardState(page, 'pieces'), PATIENTLY).toBe('1');
    await settled({ letter: 'T' }); // the next piece of seed 1
    await screenshot(page, 'human-hard-drop');
    await page.close();
  });

  it('pauses when the window loses focus', async () => {
    const page = await openPage(browser(), app.url);
    await startGame(page, { player: 'human' });
    await page.evaluate(() => window.dispatchEvent(new Event('blur')));
    await page.getByText('Paused — press P').waitFor({ timeout: 5_000 });
    const y = (await fallingPiece(page)).y;
    await page.waitForTimeout(1300); // more than one gravity step at level 0
    expect((await fallingPiece(page)).y).toBe(y);
    await page.keyboard.press('p');
    await page.waitForTimeout(1300);
    expect((await fallingPiece(page)).y).toBeLessThan(y);
    await page.close();
  });

  it('watch mode: an agent clears lines, and the human can take over and hand back', async () => {
    const page = await openPage(browser(), app.url);
    await startGame(page, { player: 'dellacherie' });
    await waitForBoard(page, 'pieces', 2); // at human pace: one key per 100 ms
    await page.fill('[data-testid=speed]', '6'); // as fast as it can
    await waitForBoard(page, 'lines', 5);
    await screenshot(page, 'agent-watch');
    await page.click('[data-testid=take-over]');
    await page.waitForSelector('[data-testid=hand-back]');
    const pieces = Number(await boardState(page, 'pieces'));
    await page.keyboard.press('Space');
    await expect.poll(async () => Number(await boardState(page, 'pieces')), PATIENTLY).toBeGreaterThanOrEqual(pieces + 1);
    await page.waitForTimeout(1000);
    // The agent has let go: only gravity locks pieces now (at most a few a second), not hundreds.
    expect(Number(await boardState(page, 'pieces'))).toBeLessThan(pieces + 6);
    await page.click('[data-testid=hand-back]');
    await waitForBoard(page, 'pieces', pieces + 10);
    await page.close();
  });

  it('duel: two boards on the same pieces, and a winner when one tops out', async () => {
    const page = await openPage(browser(), `${app.url}/#/duel`);
    await page.selectOption('[data-testid=player-left-player]', 'greedy');
    await page.selectOption('[data-testid=player-right-player]', 'bcts');
    for (const [field, value] of [
      ['width', '6'],
      ['height', '8'],
      ['duel-speed', '0'],
    ]) {
      await page.fill(`[data-testid=${field}]`, value);
      await page.press(`[data-testid=${field}]`, 'Tab');
    }
    await page.click('[data-testid=duel-start]');
    await expect.poll(() => page.locator('canvas[aria-label="left board"]').count(), PATIENTLY).toBe(1); // drawn once the duel starts
    await expect.poll(() => page.locator('canvas[aria-label="right board"]').count(), PATIENTLY).toBe(1);
    await page.waitForSelector('[data-testid=winner]', { timeout: 60_000 });
    expect(await page.textContent('[data-testid=winner]')).toMatch(/^AI (greedy|bcts) \((left|right)\) wins!$/);
    await page.focus('[data-testid=duel-start]');
    await page.keyboard.press('Space'); // a game key: it must not restart the duel through the focused button
    await nextFrames(page);
    expect(await page.locator('[data-testid=winner]').count()).toBe(1);
    // The games have stopped, but a last line clear's flash still ends.
    await expect.poll(() => page.locator('[data-testid=board][data-clearing]').count(), PATIENTLY).toBe(0);
    await screenshot(page, 'duel');
    await page.close();
  });

  it('keeps high scores across a page reload and a server restart, and shows names as text', async () => {
    const page = await openPage(browser(), app.url);
    await startGame(page, { player: 'greedy', width: 6, height: 8 });
    await page.fill('[data-testid=speed]', '6');
    await page.waitForSelector('[data-testid=game-over]', { timeout: 60_000 });
    await page.waitForSelector('[data-testid=scores] >> text=greedy');

    // A human game ends quickly by hard drops; the name tries to inject HTML.
    await page.keyboard.press('r');
    await startGame(page, { player: 'human', width: 6, height: 8 });
    // At a person's pace (a drop every 60 ms), or the server rightly credits the game to an agent.
    while ((await boardState(page, 'outcome')) === 'playing') {
      await page.keyboard.press('Space');
      await page.waitForTimeout(60);
    }
    const hostile = '<img src=x onerror="window.pwned=1">';
    await page.fill('[data-testid=name]', hostile);
    await page.click('[data-testid=save-score]');
    await page.waitForSelector('[data-testid=scores] >> text=<img src=x');
    expect(await page.evaluate(() => document.querySelector('[data-testid=scores] img'))).toBeNull();
    expect(await page.evaluate(() => (window as unknown as { pwned?: number }).pwned)).toBeUndefined();
    await screenshot(page, 'game-over-high-scores');

    const showScores = async () => {
      await page.goto(`${app.url}/#/scores`);
      await page.fill('input[pattern]', '6x8');
      await page.press('input[pattern]', 'Tab');
      await page.waitForSelector('[data-testid=scores] >> text=greedy');
      return page.locator('[data-testid=scores] td.name').allTextContents();
    };
    const before = await showScores();
    expect(before).toContain('greedy');
    expect(before).toContain(hostile.slice(0, 24)); // a person's game, under the name as typed (24 characters at most)
    await page.reload();
    expect(await showScores()).toEqual(before);
    const port = await app.stop();
    await app.start(port);
    await page.reload();
    expect(await showScores()).toEqual(before);
    await screenshot(page, 'high-scores-page');
    await page.close();
  });

  it('target rules: success or failure, and the search path downloads', async () => {
    const page = await openPage(browser(), app.url);
    await startGame(page, { player: 'target', rules: 'target', target: 12 });
    await page.fill('[data-testid=speed]', '6');
    await page.waitForSelector('[data-testid=game-over]', { timeout: 60_000 });
    expect(await page.textContent('[data-testid=game-over]')).toBe('Success: exactly 12 points!');
    const [download] = await Promise.all([page.waitForEvent('download'), page.click('[data-testid=download-path]')]);
    const file = JSON.parse(readFileSync((await download.path())!, 'utf8'));
    expect(file).toMatchObject({ rules: 'target', target: 12, outcome: 'target-reached', score: 12 });
    expect(file.path).toHaveLength(Number(await boardState(page, 'pieces')));
    await screenshot(page, 'target-success');
    await page.close();
  });

  it('keeps a number typed into a field the moment it appears, after the next frame is painted', async () => {
    const page = await openPage(browser(), app.url);
    // A CI run once started a target game at 100 instead of 12: the field had copied its value in
    // after paint, over what had been typed. Here the typing happens before that paint, on purpose.
    const target = await page.evaluate(async () => {
      const rules = document.querySelector<HTMLSelectElement>('[data-testid=rules]')!;
      rules.value = 'target';
      rules.dispatchEvent(new Event('change', { bubbles: true }));
      await Promise.resolve(); // the re-render that adds the target field
      const field = document.querySelector<HTMLInputElement>('[data-testid=target]')!;
      field.value = '12';
      field.dispatchEvent(new Event('input', { bubbles: true }));
      await new Promise((painted) => requestAnimationFrame(() => setTimeout(painted, 100)));
      field.dispatchEvent(new Event('change', { bubbles: true }));
      return field.value;
    });
    expect(target).toBe('12');
    await page.click('[data-testid=start]');
    await page.waitForSelector('[data-testid=board]');
    expect(await page.textContent('[data-testid=hud-target]')).toBe('12');
    await page.close();
  });

  it('benchmarks page: lists stored runs and plots them', async () => {
    const bench = await runCli(['bench', '--agent', 'bcts', '--vs', 'dellacherie', '--board', '6x8', '--games', '12', '--json'], {
      GRIDMIND_DB: app.dbPath,
    });
    expect(bench.code).toBe(0);
    const page = await openPage(browser(), `${app.url}/#/bench`);
    await page.waitForSelector('[data-testid=runs] >> text=bcts vs dellacherie');
    await expect(page.locator('canvas[aria-label="lines per game"]').count()).resolves.toBe(1);
    await expect(page.locator('canvas[aria-label="paired comparison"]').count()).resolves.toBe(1);
    expect(await page.textContent('.details')).toMatch(/Paired difference .* wins \d+ to \d+/);
    // Both players' means, in the list and in the details.
    const summary = JSON.parse(bench.stdout) as { meanLines: number; vs: { meanLines: number } };
    const mean = (value: number) => value.toLocaleString('en-US', { maximumFractionDigits: 1 });
    expect(await page.textContent('[data-testid=runs] td.mean')).toBe(`${mean(summary.meanLines)} vs ${mean(summary.vs.meanLines)}`);
    expect(await page.textContent('.details')).toContain(`; dellacherie: ${mean(summary.vs.meanLines)} ± `);
    await screenshot(page, 'benchmarks');

    // Any game of the run, watched again: the server plays it from the agent and seed, to the stored lines.
    const run = (await (await fetch(`${app.url}/api/runs?game=tetris`)).json()).runs[0];
    await page.click('.run-games summary');
    await page.locator('[data-testid=run-games] tbody tr').nth(2).locator('[data-testid=watch-game]').first().click();
    await page.waitForSelector('[data-testid=replay-position]');
    await page.fill('[data-testid=replay-speed]', '7');
    await page.waitForSelector('[data-testid=replay-position] >> text=the end', PATIENTLY);
    expect(Number(await page.getAttribute('[data-testid=board]', 'data-lines'))).toBe(run.perGame.lines[2]);
    await expect.poll(() => page.textContent('[data-testid=player]'), PATIENTLY).toBe('AI: bcts'); // the run's agent, not "Human"
    await screenshot(page, 'benchmark-game-replay');
    const refused = await fetch(`${app.url}/api/runs/${run.id}/games/99/replay`);
    expect([refused.status, (await refused.json()).error]).toEqual([404, `run ${run.id} has no game 99`]);
    await page.close();
  });

  it('shows live Aveiro games and lets you watch one', async () => {
    const player = new WebSocket(`${app.url.replace('http', 'ws')}/player`);
    await new Promise((resolve) => player.on('open', resolve));
    player.send(JSON.stringify({ cmd: 'join', name: 'course agent' }));
    try {
      const page = await openPage(browser(), `${app.url}/#/aveiro`);
      await page.click('[data-testid=live-games] >> text=course agent');
      await page.waitForSelector('text=/Game \\d+ — course agent/');
      await screenshot(page, 'aveiro-live');
      await page.close();
    } finally {
      player.close();
    }
  });

  it('looks right on a narrow window', async () => {
    const page = await openPage(browser(), app.url);
    await page.setViewportSize({ width: 420, height: 860 });
    await startGame(page, { player: 'bcts' });
    await page.fill('[data-testid=speed]', '5');
    await waitForBoard(page, 'pieces', 20);
    const box = await page.locator('[data-testid=board] canvas').boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(420);
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'narrow-window');
    await page.close();
  });
});
