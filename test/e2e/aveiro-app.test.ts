import { spawn } from 'node:child_process';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { Client } from '../aveiro/ws-client.ts';
import { runCli } from '../cli/run-cli.ts';
import { accessibilityViolations, appInBrowser, openPage, PATIENTLY, screenshot, scrollsSideways } from './app-harness.ts';

const WIDE = { width: 1280, height: 800 };
const NARROW = { width: 420, height: 900 };
/** The window sizes every view is checked at, by the names their screenshots end with. */
const SIZES = [
  ['wide', WIDE],
  ['narrow', NARROW],
] as const;

/** At each size: the page must not scroll sideways, and a screenshot `NAME-wide.png`, `NAME-narrow.png`. */
async function screenshotsAtBothSizes(page: Page, name: string): Promise<void> {
  for (const [size, viewport] of SIZES) {
    await page.setViewportSize(viewport);
    expect(await scrollsSideways(page)).toBe(false);
    await screenshot(page, `${name}-${size}`);
  }
}

/** How long a test waits for the page or server to catch up on a busy machine. */
const board = async (page: Page, name: string) => (await page.getAttribute('[data-testid=aveiro-board]', `data-${name}`)) ?? '';

/** Presses Tab until the focus is inside the element `selector` matches (at most `most` times); whether it got there. */
async function tabInto(page: Page, selector: string, most = 60): Promise<boolean> {
  for (let presses = 0; presses < most; presses++) {
    await page.keyboard.press('Tab');
    if (await page.evaluate((inside) => document.querySelector(inside)?.contains(document.activeElement) ?? false, selector)) return true;
  }
  return false;
}

/** The focused element's outline, as drawn: "solid 2px" when the focus shows. */
const focusOutline = (page: Page) =>
  page.evaluate(() => {
    const style = getComputedStyle(document.activeElement!);
    return `${style.outlineStyle} ${style.outlineWidth}`;
  });

describe('the Aveiro page in a real browser', () => {
  const { app, browser } = appInBrowser();

  /** A player over a real WebSocket to /player; once `drop` is set it drops every piece, which ends its game soon. */
  async function player(name: string): Promise<{ client: Client; drop: () => void }> {
    let dropping = false;
    const client = new Client(`${app.url.replace('http', 'ws')}/player`, (message, self) => {
      if (dropping && 'game' in message) self.send({ cmd: 'key', key: 's' });
    });
    await client.opened();
    client.send({ cmd: 'join', name });
    await client.received(2); // the join reply and the first frame: the game runs
    return { client, drop: () => (dropping = true) };
  }

  it('shows the newest live game at once and keeps ended games listed with their final score', async () => {
    const older = await player('older agent');
    const newer = await player('newer agent');
    const games = (await (await fetch(`${app.url}/api/aveiro/games`)).json()).games as { id: number; player: string }[];
    const idOf = (name: string) => String(games.find((game) => game.player === name)!.id);

    const page = await openPage(browser(), `${app.url}/#/aveiro`);
    await expect.poll(() => board(page, 'game'), PATIENTLY).toBe(idOf('newer agent'));
    await expect.poll(async () => Number(await board(page, 'frames')), PATIENTLY).toBeGreaterThanOrEqual(3); // frames arrive without a click
    expect(await page.textContent('[data-testid=aveiro-watching]')).toMatch(/^Game \d+ — newer agent: score \d+$/);
    await screenshot(page, 'aveiro-live-wide');

    newer.drop();
    const ended = await newer.client.closed;
    expect(ended.code).toBe(1000);
    const finalScore = String(newer.client.messages.at(-1)!.score);
    const finishedRow = async (name: string) =>
      page.locator('[data-testid=finished-games] tr', { hasText: name }).locator('td').allTextContents();
    await expect
      .poll(() => finishedRow('newer agent'), PATIENTLY)
      .toEqual([idOf('newer agent'), 'newer agent', finalScore, expect.stringMatching(/^\d+$/), 'game over', 'Watch']);
    await expect.poll(() => board(page, 'game'), PATIENTLY).toBe(idOf('older agent')); // the newest live game now
    await page.setViewportSize({ width: 420, height: 900 });
    await expect.poll(async () => Number(await board(page, 'frames')), PATIENTLY).toBeGreaterThanOrEqual(3);
    expect(await scrollsSideways(page)).toBe(false);
    await screenshot(page, 'aveiro-live-narrow');

    older.client.socket.close();
    await expect
      .poll(() => finishedRow('older agent'), PATIENTLY)
      .toEqual([
        idOf('older agent'),
        'older agent',
        expect.stringMatching(/^\d+$/),
        expect.stringMatching(/^\d+$/),
        'player left',
        'not kept',
      ]);
    expect(await finishedRow('newer agent')).toContain('game over'); // still listed
    expect(await page.textContent('[data-testid=live-games]')).toContain('No game is running.');
    expect(await page.textContent('[data-testid=aveiro-watching]')).toMatch(/^Game \d+ — older agent: score \d+ \(finished\)$/);
    expect(await scrollsSideways(page)).toBe(false);
    await page.locator('[data-testid=finished-games]').scrollIntoViewIfNeeded();
    await screenshot(page, 'aveiro-finished-narrow');
    await page.setViewportSize({ width: 1280, height: 800 });
    await screenshot(page, 'aveiro-finished-wide');
    await page.close();
  });

  it('shows the command that plays here, and the command works as shown', async () => {
    const page = await openPage(browser(), `${app.url}/#/aveiro`);
    const address = `${app.url.replace('http', 'ws')}/player`;
    expect(await page.textContent('[data-testid=aveiro-player-address]')).toBe(address); // what course agents connect to
    const command = (await page.textContent('[data-testid=aveiro-command]'))!;
    expect(command).toBe(`npx gridmind client --server ${address} --agent aveiro`);

    const client = spawn(command, { shell: true, cwd: process.cwd(), detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    client.stdout.on('data', (data) => (output += data));
    client.stderr.on('data', (data) => (output += data));
    const exited = new Promise<number | null>((resolve) => client.on('exit', (code) => resolve(code)));
    try {
      const liveRow = page.locator('[data-testid=live-games] tbody tr', { hasText: 'gridmind' });
      await liveRow.waitFor({ timeout: 60_000 }); // npx starts, the agent joins: its game is live
      await expect.poll(async () => Number(await board(page, 'frames')), PATIENTLY).toBeGreaterThanOrEqual(30); // and it plays
      expect(await page.textContent('[data-testid=aveiro-watching]')).toMatch(/^Game \d+ — gridmind: score \d+$/);
      await screenshotsAtBothSizes(page, 'aveiro-command');
    } finally {
      process.kill(-client.pid!, 'SIGTERM'); // the command and everything it started
    }
    await exited;
    expect(output, output).not.toMatch(/error|ECONNREFUSED/i);
    await expect
      .poll(() => page.locator('[data-testid=finished-games] tr', { hasText: 'gridmind' }).first().textContent(), PATIENTLY)
      .toContain('player left');
    await page.setViewportSize(WIDE);
    await page.close();
  });

  it('picks a live game by keyboard: rows take the focus, show it, and Enter or Space watches the game', async () => {
    const first = await player('keyboard one');
    const second = await player('keyboard two');
    const page = await openPage(browser(), `${app.url}/#/aveiro`);
    const rows = page.locator('[data-testid=live-games] tbody tr');
    await expect.poll(() => rows.count(), PATIENTLY).toBe(2);
    const ids = (await rows.locator('td:first-child').allTextContents()).map(String);
    for (const [size, viewport] of SIZES) {
      await page.setViewportSize(viewport);
      await page.reload(); // the newest game followed, and Tab starts from the top
      await expect.poll(() => rows.count(), PATIENTLY).toBe(2);
      expect(await tabInto(page, '[data-testid=live-games] tbody')).toBe(true);
      expect(await focusOutline(page)).toBe('solid 2px');
      await page.keyboard.press('Enter');
      await expect.poll(() => board(page, 'game'), PATIENTLY).toBe(ids[0]);
      await page.waitForSelector('[data-testid=follow-newest]');
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.querySelector('td')?.textContent)).toBe(ids[1]);
      const scrolled = await page.evaluate(() => window.scrollY);
      await page.keyboard.press(' ');
      await expect.poll(() => board(page, 'game'), PATIENTLY).toBe(ids[1]);
      expect(await page.evaluate(() => window.scrollY)).toBe(scrolled); // Space picks the row; it does not scroll the page
      await page.keyboard.press('Shift+Tab');
      await page.keyboard.press('Enter');
      await expect.poll(() => board(page, 'game'), PATIENTLY).toBe(ids[0]);
      await expect.poll(async () => Number(await board(page, 'frames')), PATIENTLY).toBeGreaterThanOrEqual(2);
      expect(await scrollsSideways(page)).toBe(false);
      await screenshot(page, `aveiro-keyboard-${size}`);
    }
    expect(await accessibilityViolations(page)).toEqual([]);
    first.client.socket.close();
    second.client.socket.close();
    await Promise.all([first.client.closed, second.client.closed]);
    await page.setViewportSize(WIDE);
    await page.close();
  });

  it('keeps a game played to the end and plays it again in the replay page, with a position bar, a step back and a way back', async () => {
    // Every key, and a frame with none; a soft drop in 5 frames of 14, which ends the game in some 50 frames (5 s).
    const keys = ['a', 'w', '', 's', 'd', 'd', 's', 'w', 's', 'a', 'a', 's', 'a', 's'];
    let sent = 0;
    const played = new Client(`${app.url.replace('http', 'ws')}/player`, (message, self) => {
      if ('game' in message) self.send({ cmd: 'key', key: keys[sent++ % keys.length] });
    });
    await played.opened();
    played.send({ cmd: 'join', name: 'replayed agent' });
    await played.closed;
    const finalScore = Number(played.messages.at(-1)!.score);

    const page = await openPage(browser(), `${app.url}/#/aveiro`);
    const row = page.locator('[data-testid=finished-games] tr', { hasText: 'replayed agent' });
    await row.waitFor(PATIENTLY);
    const watch = row.locator('[data-testid=watch-aveiro]');
    const href = (await watch.getAttribute('href'))!;
    expect(href).toMatch(/^#\/replay\/aveiro\/\d+$/);
    await watch.focus();
    await page.keyboard.press('Enter'); // a link: Tab reaches it, Enter follows it
    await page.waitForSelector('[data-testid=replay-position]', PATIENTLY);
    expect(new URL(page.url()).hash).toBe(href);
    await expect.poll(() => page.textContent('[data-testid=player]'), PATIENTLY).toBe('replayed agent');
    const source = page.locator('[data-testid=replay-source]');
    expect([await source.textContent(), await source.getAttribute('href')]).toEqual(['← Aveiro games', '#/aveiro']);

    const seek = page.locator('[data-testid=replay-seek]');
    const inputs = Number(await seek.getAttribute('max'));
    expect(inputs).toBeGreaterThan(20);
    const position = () => page.textContent('[data-testid=replay-position]');
    const pieces = async () => Number(await page.getAttribute('[data-testid=board]', 'data-pieces'));
    await seek.focus();
    await page.keyboard.press('Home');
    await expect.poll(position).toBe(`Input 0 of ${inputs}`);
    expect(await pieces()).toBe(0);
    for (let press = 0; press < 3; press++) await page.keyboard.press('ArrowRight');
    await expect.poll(position).toBe(`Input 3 of ${inputs}`); // the bar moves by inputs; the arrows do not also step a piece
    await page.keyboard.press('End');
    await expect.poll(position).toBe(`Input ${inputs} of ${inputs}`);
    const atTheEnd = await pieces();
    await page.click('[data-testid=replay-back]');
    await expect.poll(pieces).toBe(atTheEnd - 1);
    expect(Number(await seek.inputValue())).toBeLessThan(inputs); // the bar follows the step back
    await page.click('[data-testid=replay-step]');
    await expect.poll(pieces).toBe(atTheEnd);
    await seek.fill(String(Math.floor(inputs / 2))); // a drag to the middle
    await expect.poll(position).toBe(`Input ${Math.floor(inputs / 2)} of ${inputs}`);
    await screenshotsAtBothSizes(page, 'replay-aveiro');
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.setViewportSize(WIDE);
    await page.fill('[data-testid=replay-speed]', '7');
    await page.click('[data-testid=replay-play]');
    await page.waitForSelector('[data-testid=replay-position] >> text=the end', PATIENTLY);
    expect(Number(await page.getAttribute('[data-testid=board]', 'data-score'))).toBe(finalScore);
    expect(await page.getAttribute('[data-testid=board]', 'data-outcome')).toBe('topped-out');

    await source.click();
    await page.waitForSelector('[data-testid=finished-games]');
    expect(new URL(page.url()).hash).toBe('#/aveiro');
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.close();
  });

  it('links a replay back to the High scores or the benchmark run it was opened from', async () => {
    const played = new Client(`${app.url.replace('http', 'ws')}/player`, (message, self) => {
      if ('game' in message) self.send({ cmd: 'key', key: 's' });
    });
    await played.opened();
    played.send({ cmd: 'join', name: 'high scorer' });
    await played.closed;
    const page = await openPage(browser(), `${app.url}/#/scores`);
    await page.selectOption('[data-testid=scores-game]', 'aveiro');
    await page.locator('[data-testid=scores] tr', { hasText: 'high scorer' }).locator('[data-testid=watch]').click();
    await expect.poll(() => page.textContent('[data-testid=player]'), PATIENTLY).toBe('high scorer'); // from the Aveiro table
    const source = page.locator('[data-testid=replay-source]');
    expect([await source.textContent(), await source.getAttribute('href')]).toEqual(['← High scores', '#/scores']);

    for (const games of ['3', '2']) {
      const benched = await runCli(['bench', '--agent', 'greedy', '--board', '6x8', '--games', games, '--json'], {
        GRIDMIND_DB: app.dbPath,
      });
      expect(benched.code, benched.stderr).toBe(0);
    }
    const runs = (await (await fetch(`${app.url}/api/runs`)).json()).runs as { id: number; games: number }[];
    const older = runs.find((run) => run.games === 3)!.id; // not the newest, which the Benchmarks page shows first
    await page.goto(`${app.url}/#/replay/run/${older}/1`);
    await page.waitForSelector('[data-testid=replay-position]', PATIENTLY);
    expect([await source.textContent(), await source.getAttribute('href')]).toEqual([`← Benchmarks run ${older}`, `#/bench/${older}`]);
    await source.click();
    await expect.poll(() => page.locator('[data-testid=runs] tr.selected td').first().textContent(), PATIENTLY).toBe(String(older));
    await page.close();
  });
});
