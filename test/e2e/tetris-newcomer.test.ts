import type { Locator, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { appInBrowser, launchBrowser, openPage, PATIENTLY, screenshot, scrollsSideways } from './app-harness.ts';
import { boardData, boxOf, fallingPiece, startPlay, WINDOWS } from './tetris-pages.ts';

/** A game's counters as the engine keeps them (`Game`'s fields). */
interface Counters {
  score: number;
  lines: number;
  pieces: number;
  level: number;
  clock: number;
}

/**
 * Sets the counters of every Tetris game on the page (Play's one, the Duel's two), as a game far longer
 * than a test could play would leave them. The page keeps its games in `useRef`s; Preact keeps its
 * rendered tree on the root element: `__k` a node's children, `__c` a component, `__H.__` its hooks,
 * and a hook's `__` a `useRef`'s object.
 */
async function setCounters(page: Page, counters: Counters): Promise<number> {
  return page.evaluate((values) => {
    interface Node {
      __k?: (Node | null)[];
      __c?: { __H?: { __: { __?: { current?: unknown } }[] } };
    }
    const games = new Set<Record<string, number>>();
    const visit = (node: Node | null | undefined) => {
      for (const hook of node?.__c?.__H?.__ ?? []) {
        for (const held of [hook.__?.current].flat()) {
          const game = (held as { game?: Record<string, number> } | null)?.game;
          if (game && typeof game.score === 'number') games.add(game);
        }
      }
      for (const child of node?.__k ?? []) visit(child);
    };
    visit((document.getElementById('app') as unknown as { __k?: Node }).__k); // the root holds the tree's top node
    for (const game of games) Object.assign(game, values);
    return games.size;
  }, counters);
}

/** The number of lines an element's visible text takes, and whether it stays inside its box and the window. */
const lineBoxes = (locator: Locator) =>
  locator.evaluate((node) => {
    const texts = document.createTreeWalker(node, NodeFilter.SHOW_TEXT);
    const seen: DOMRect[] = [];
    for (let text = texts.nextNode(); text !== null; text = texts.nextNode()) {
      if (text.parentElement?.closest('.visually-hidden')) continue; // the screen readers' exact value
      const range = document.createRange();
      range.selectNodeContents(text);
      seen.push(...range.getClientRects());
    }
    const box = node.getBoundingClientRect();
    return {
      text: node.textContent,
      lines: new Set(seen.map((rect) => Math.round(rect.bottom))).size,
      inside: seen.every((rect) => rect.left >= box.left - 0.5 && rect.right <= box.right + 0.5 && rect.right <= window.innerWidth),
    };
  });

async function expectOneLineEach(counters: Locator): Promise<void> {
  expect(await counters.count()).toBeGreaterThan(4);
  for (const counter of await counters.all()) {
    const shown = await lineBoxes(counter);
    expect(shown, `${shown.text} takes ${shown.lines} lines or spills`).toMatchObject({ lines: 1, inside: true });
  }
}

/**
 * The on-screen controls lie under the board, never over it, whole in the window with the board, and
 * every button is big enough for a thumb (44 × 44 CSS pixels at least, WCAG 2.5.5's target size).
 */
async function expectPadUnderBoard(page: Page, board: Locator, windowHeight: number): Promise<void> {
  const pad = page.locator('[data-testid=touch-pad]');
  const boardBox = await boxOf(board);
  const padBox = await boxOf(pad);
  expect(padBox.y).toBeGreaterThanOrEqual(boardBox.y + boardBox.height);
  expect(boardBox.y).toBeGreaterThanOrEqual(0);
  expect(padBox.y + padBox.height).toBeLessThanOrEqual(windowHeight);
  const buttons = await pad.locator('button').all();
  expect(buttons.length).toBeGreaterThanOrEqual(6); // the counter-clockwise turn where the rotation system has it
  for (const button of buttons) {
    const { width, height } = await boxOf(button);
    expect(Math.min(width, height), `${await button.getAttribute('data-testid')} is too small to tap`).toBeGreaterThanOrEqual(44);
  }
}

/** What a game that ran as long as the engine allows shows. */
const HUGE: Counters = {
  score: Number.MAX_SAFE_INTEGER,
  lines: Number.MAX_SAFE_INTEGER - 1,
  pieces: 10_101_605,
  level: Number.MAX_SAFE_INTEGER - 10, // the Aveiro speed (10 + the level) reaches Number.MAX_SAFE_INTEGER
  clock: Number.MAX_SAFE_INTEGER,
};

describe('Play and Duel in their first minutes', () => {
  const { app, browser } = appInBrowser();

  for (const size of WINDOWS) {
    it(`numbers that fit (${size.name}): every counter of Play and Duel keeps to one line at the engine's largest values`, async () => {
      const page = await openPage(browser(), app.url);
      await page.setViewportSize(size);
      await startPlay(page, { player: 'human', seed: 1 });
      await page.keyboard.press('p'); // a paused game keeps the counters as set
      await page.locator('[data-testid=paused]').waitFor();
      expect(await setCounters(page, { ...HUGE, level: 20 })).toBe(1);
      await expect.poll(() => page.textContent('[data-testid=score]'), PATIENTLY).toBe('9.00 Q9,007,199,254,740,991');
      expect(await page.getAttribute('[data-testid=score]', 'title')).toBe('9,007,199,254,740,991');
      expect(await page.textContent('[data-testid=pieces] [aria-hidden=true]')).toBe('10.1 M');
      await expectOneLineEach(page.locator('.hud dd:not(.player)'));
      expect(await scrollsSideways(page)).toBe(false);
      await page.evaluate(() => window.scrollTo(0, 0));
      await screenshot(page, `counters-play-${size.name}`);
      await page.close();

      const duel = await openPage(browser(), `${app.url}/#/duel`);
      await duel.setViewportSize(size);
      await duel.selectOption('[data-testid=player-left-player]', 'human');
      await duel.selectOption('[data-testid=rules]', 'aveiro');
      await duel.click('[data-testid=duel-start]');
      await duel.waitForSelector('canvas[aria-label="right board"]');
      await duel.keyboard.press('p');
      await duel.locator('[data-testid=paused]').waitFor(); // the duel says so
      expect(await setCounters(duel, HUGE)).toBe(2);
      await expect.poll(() => duel.textContent('[data-testid=level] >> nth=1'), PATIENTLY).toBe('9.00 Q9,007,199,254,740,991');
      await expectOneLineEach(duel.locator('.duelist .hud dd:not(.player), .duelist h3 small'));
      expect(await scrollsSideways(duel)).toBe(false);
      const board = await boxOf(duel.locator('[data-testid=board]').first());
      await duel.evaluate((top) => window.scrollTo(0, top - 60), board.y + (await duel.evaluate(() => window.scrollY)));
      await screenshot(duel, `counters-duel-${size.name}`);
      await duel.close();
    });
  }

  for (const size of WINDOWS) {
    it(`memory (${size.name}): Play's set-up and speed survive a reload, and a stored agent that is gone gives way to the default`, async () => {
      const page = await openPage(browser(), app.url);
      await page.setViewportSize(size);
      const chosen = { player: 'bcts', rules: 'aveiro', width: '9', height: '24', rotation: 'srs', garbage: '3', seed: '4242' };
      await page.selectOption('[data-testid=player-player]', chosen.player);
      await page.selectOption('[data-testid=rules]', chosen.rules);
      await page.selectOption('[data-testid=rotation]', chosen.rotation);
      for (const field of ['width', 'height', 'garbage', 'seed'] as const) {
        await page.fill(`[data-testid=${field}]`, chosen[field]);
        await page.press(`[data-testid=${field}]`, 'Tab');
      }
      await page.click('[data-testid=start]');
      await page.fill('[data-testid=speed]', '5'); // 5 ms a key
      await page.reload();
      await page.waitForSelector('[data-testid=welcome]');
      const setupShown = async () =>
        Object.fromEntries(
          await Promise.all(
            Object.keys(chosen).map(async (field) => [
              field,
              await page.inputValue(`[data-testid=${field === 'player' ? 'player-player' : field}]`),
            ]),
          ),
        );
      expect(await setupShown()).toEqual(chosen);
      await page.evaluate(() => window.scrollTo(0, 0));
      await screenshot(page, `settings-play-reloaded-${size.name}`);
      await page.click('[data-testid=start]');
      await page.waitForSelector('[data-testid=board]');
      expect(await page.inputValue('[data-testid=speed]')).toBe('5');
      const board = await page
        .locator('[data-testid=board] canvas')
        .evaluate((canvas) => [(canvas as HTMLCanvasElement).width, (canvas as HTMLCanvasElement).height]);
      expect(board[0] / board[1]).toBe(9 / 24);

      await page.evaluate(() => {
        const stored = JSON.parse(localStorage.getItem('gridmind:tetris-play-setup')!);
        localStorage.setItem(
          'gridmind:tetris-play-setup',
          JSON.stringify({ ...stored, player: 'an-agent-since-removed', rules: 'tetris-99' }),
        );
      });
      await page.reload();
      await page.waitForSelector('[data-testid=welcome]');
      expect(await setupShown()).toEqual({ ...chosen, player: 'human', rules: 'classic', width: '10', height: '20' });
      await page.close();
    });
  }

  for (const size of WINDOWS) {
    it(`duels that end (${size.name}): a hint and a smaller board for two agents, a limit with a draw, Stop, and the set-up kept`, async () => {
      const page = await openPage(browser(), `${app.url}/#/duel`);
      await page.setViewportSize(size);
      const hint = page.locator('[data-testid=duel-board-hint]');
      expect(await hint.count()).toBe(0); // a human plays the left board
      expect(await page.textContent('[data-testid=duel-intro]')).toContain("A human plays the left board with Play's keys"); // before a duel
      await page.selectOption('[data-testid=player-left-player]', 'dellacherie');
      await page.selectOption('[data-testid=player-right-player]', 'dellacherie');
      await page.selectOption('[data-testid=rules]', 'research'); // drop placements, no gravity: two equal agents play equal games
      await hint.waitFor();
      await screenshot(page, `duel-agents-hint-${size.name}`);
      await page.click('[data-testid=duel-small-board]');
      expect([await page.inputValue('[data-testid=width]'), await page.inputValue('[data-testid=height]')]).toEqual(['10', '10']);
      expect(await hint.count()).toBe(0);
      await page.selectOption('[data-testid=duel-limit]', 'pieces');
      await page.fill('[data-testid=duel-limit-count]', '30');
      await page.press('[data-testid=duel-limit-count]', 'Tab');
      await page.fill('[data-testid=duel-speed]', '0');
      await page.press('[data-testid=duel-speed]', 'Tab');
      await page.click('[data-testid=duel-start]');
      await page.waitForSelector('[data-testid=draw]', PATIENTLY);
      expect(await page.textContent('[data-testid=duel-reason]')).toMatch(
        /^Both boards reached the limit of 30 pieces: [\d,]+ points each\.$/,
      );
      expect(
        await page.locator('[data-testid=board]').evaluateAll((boards) => boards.map((board) => board.getAttribute('data-pieces'))),
      ).toEqual(['30', '30']);
      expect(await page.locator('[data-testid=winner]').count()).toBe(0);
      await page.locator('[data-testid=draw]').scrollIntoViewIfNeeded();
      await screenshot(page, `duel-draw-${size.name}`);

      await page.reload(); // the set-up is kept
      await page.waitForSelector('[data-testid=duel-start]');
      const fields = [
        'player-left-player',
        'player-right-player',
        'rules',
        'width',
        'height',
        'duel-speed',
        'duel-limit',
        'duel-limit-count',
      ];
      expect(await Promise.all(fields.map((field) => page.inputValue(`[data-testid=${field}]`)))).toEqual([
        'dellacherie',
        'dellacherie',
        'research',
        '10',
        '10',
        '0',
        'pieces',
        '30',
      ]);

      // Stop: a human against an agent at a key every 100 ms, stopped at once: decided by the score.
      await page.selectOption('[data-testid=player-left-player]', 'human');
      await page.selectOption('[data-testid=duel-limit]', 'none');
      await page.fill('[data-testid=duel-speed]', '100');
      await page.press('[data-testid=duel-speed]', 'Tab');
      await page.click('[data-testid=duel-start]');
      await page.waitForSelector('[data-testid=duel-stop]');
      await page.click('[data-testid=duel-stop]');
      await page.waitForSelector('[data-testid=duel-reason]');
      expect(await page.textContent('[data-testid=duel-reason]')).toMatch(/^Stopped: [\d,]+ points (each|to [\d,]+)\.$/);
      const pieces = await page.locator('[data-testid=board]').last().getAttribute('data-pieces');
      await page.waitForTimeout(1000);
      expect(await page.locator('[data-testid=board]').last().getAttribute('data-pieces')).toBe(pieces); // the agent plays no more
      expect(await page.locator('[data-testid=duel-controls]').count()).toBe(0);
      expect(await scrollsSideways(page)).toBe(false);
      await page.close();
    });
  }
  /** A browser with a touch screen, launched by the first phone test and kept for the other. */
  let touchBrowser: ReturnType<typeof launchBrowser> | undefined;
  afterAll(async () => {
    await (await touchBrowser)?.close();
  });
  for (const size of WINDOWS) {
    it(`phones (${size.name}): on-screen controls under the board play a game by touch as the keys would`, async () => {
      const touchScreen = await (touchBrowser ??= launchBrowser({ hasTouch: true }));
      const page = await openPage(touchScreen, app.url);
      await page.setViewportSize(size);
      await page.selectOption('[data-testid=rotation]', 'srs'); // SRS turns both ways
      await startPlay(page, { player: 'human', seed: 1 });
      await expectPadUnderBoard(page, page.locator('[data-testid=board] canvas'), size.height);
      const tap = async (name: string) => {
        const { x, y, width, height } = await boxOf(page.locator(`[data-testid=touch-${name}]`));
        await page.touchscreen.tap(x + width / 2, y + height / 2);
      };
      const settled = (expected: Partial<Awaited<ReturnType<typeof fallingPiece>>>) =>
        expect.poll(() => fallingPiece(page), PATIENTLY).toMatchObject(expected);
      const start = await fallingPiece(page);
      expect(start.letter).toBe('L'); // seed 1's first piece, as the keyboard test finds it
      await tap('L');
      await settled({ x: start.x - 1 });
      await tap('R');
      await tap('R');
      await settled({ x: start.x + 1 });
      await tap('C');
      await settled({ rotation: 1 });
      await tap('A');
      await settled({ rotation: 0 });
      const high = (await fallingPiece(page)).y;
      await tap('D');
      await expect.poll(async () => (await fallingPiece(page)).y, PATIENTLY).toBeLessThan(high);
      await screenshot(page, `touch-play-${size.name}`);
      await tap('H');
      await expect.poll(() => boardData(page, 'pieces'), PATIENTLY).toBe('1');
      await settled({ letter: 'T' }); // the next piece of seed 1
      await tap('pause');
      await page.getByText('Paused — tap Resume').waitFor(); // no key to name on a touch screen
      expect(await page.isDisabled('[data-testid=touch-L]')).toBe(true);
      await tap('pause');
      await expect.poll(() => page.getByText('Paused — tap Resume').count(), PATIENTLY).toBe(0);
      expect(await scrollsSideways(page)).toBe(false);
      await page.close();

      // The Duel: the human's board has the controls, the agent's none.
      const duel = await openPage(touchScreen, `${app.url}/#/duel`);
      await duel.setViewportSize(size);
      await duel.click('[data-testid=duel-start]'); // a human against an agent
      await duel.waitForSelector('canvas[aria-label="right board"]');
      expect(await duel.locator('[data-testid=touch-pad]').count()).toBe(1);
      expect(await duel.locator('[data-testid=touch-A]').count()).toBe(0); // the classic rotation system turns one way
      await expectPadUnderBoard(duel, duel.locator('[data-testid=board] canvas').first(), size.height);
      const x = (await fallingPiece(duel)).x;
      const { x: left, y: top, width, height } = await boxOf(duel.locator('[data-testid=touch-L]'));
      await duel.touchscreen.tap(left + width / 2, top + height / 2);
      await expect.poll(async () => (await fallingPiece(duel)).x, PATIENTLY).toBe(x - 1);
      await screenshot(duel, `touch-duel-${size.name}`);
      expect(await scrollsSideways(duel)).toBe(false);
      await duel.close();
    });
  }

  it('wide, without a touch screen: no on-screen controls', async () => {
    const page = await openPage(browser(), app.url);
    await page.setViewportSize(WINDOWS[0]);
    await startPlay(page, { player: 'human', seed: 1 });
    expect(await page.locator('[data-testid=touch-pad]').count()).toBe(0);
    await page.close();
  });
});
