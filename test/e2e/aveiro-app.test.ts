import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { Client } from '../aveiro/ws-client.ts';
import { appInBrowser, openPage, PATIENTLY, screenshot, scrollsSideways } from './app-harness.ts';

/** How long a test waits for the page or server to catch up on a busy machine. */
const board = async (page: Page, name: string) => (await page.getAttribute('[data-testid=aveiro-board]', `data-${name}`)) ?? '';

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
      .toEqual([idOf('newer agent'), 'newer agent', finalScore, expect.stringMatching(/^\d+$/), 'game over']);
    await expect.poll(() => board(page, 'game'), PATIENTLY).toBe(idOf('older agent')); // the newest live game now
    await page.setViewportSize({ width: 420, height: 900 });
    await expect.poll(async () => Number(await board(page, 'frames')), PATIENTLY).toBeGreaterThanOrEqual(3);
    expect(await scrollsSideways(page)).toBe(false);
    await screenshot(page, 'aveiro-live-narrow');

    older.client.socket.close();
    await expect
      .poll(() => finishedRow('older agent'), PATIENTLY)
      .toEqual([idOf('older agent'), 'older agent', expect.stringMatching(/^\d+$/), expect.stringMatching(/^\d+$/), 'player left']);
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
});
