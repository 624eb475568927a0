import { describe, expect, it } from 'vitest';
import { applyLoggedInput, Game, type ReplayLog } from '../../src/tetris/game.ts';
import { loadAgentSpec } from '../../src/tetris-ai/agent-files.ts';
import { findFeature } from '../../src/tetris-ai/features/index.ts';
import { pieceCells } from '../../src/tetris/moves.ts';
import type { Explanation } from '../../src/tetris-ai/explanation.ts';
import type { Page } from 'playwright-core';
import { explainGameTurn } from '../../web/src/tetris/why-here.ts';
import { finishedGame } from '../server/finished-games.ts';
import { appInBrowser, nextFrames, openPage, PATIENTLY, screenshot, scrollsSideways } from './app-harness.ts';

const WIDE = { width: 1280, height: 800 };
const NARROW = { width: 420, height: 900 };

/** Screenshots the page as it is (`name`), and narrow with the panel scrolled into view (`name-narrow`): neither scrolls sideways. */
async function screenshotsAtBothSizes(page: Page, name: string): Promise<void> {
  await screenshot(page, name);
  expect(await scrollsSideways(page)).toBe(false);
  await page.setViewportSize(NARROW);
  await page.locator('[data-testid=why-here]').scrollIntoViewIfNeeded();
  await screenshot(page, `${name}-narrow`);
  expect(await scrollsSideways(page)).toBe(false);
}

/** The game of the log after its first `pieces` pieces locked, as the replay view holds it there. */
function gameAfter(log: ReplayLog, pieces: number): Game {
  const game = new Game(log.config);
  for (let i = 0; game.pieces < pieces; i++) applyLoggedInput(game, log.inputs[i], i);
  return game;
}

describe('explanations in the web app', () => {
  const { app, browser } = appInBrowser(); // one server and browser for the file's tests

  describe('"Why here?" in the replay viewer', () => {
    it("shows the agent's candidates on a paused piece with the library's numbers, steps a piece back and forward, and compares by key and click", async () => {
      const game = finishedGame('classic', 11, { width: 8, height: 10, agent: 'dellacherie' });
      const posted = await fetch(`${app.url}/api/highscores`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Rita', replay: game.replay, agents: [{ name: 'dellacherie', pieces: game.pieces }] }),
      });
      const { id } = (await posted.json()) as { id: number };
      const page = await openPage(browser(), `${app.url}/#/replay/${id}`);
      await page.setViewportSize(WIDE);
      await page.waitForSelector('[data-testid=replay-position]');
      await page.click('[data-testid=replay-play]'); // pause
      const start = Number(await page.getAttribute('[data-testid=board]', 'data-pieces'));
      for (let i = 0; i < 6; i++) await page.keyboard.press('ArrowRight');
      await page.keyboard.press('ArrowLeft'); // a piece back
      const at = start + 5;
      await expect.poll(() => page.getAttribute('[data-testid=board]', 'data-pieces'), PATIENTLY).toBe(String(at));
      await page.keyboard.press('y');
      await page.waitForSelector('[data-testid=why-here]');
      expect(await page.inputValue('[data-testid=why-agent]')).toBe('dellacherie'); // the game's own agent explains it

      const expected: Explanation = explainGameTurn(gameAfter(game.replay, at), loadAgentSpec('dellacherie'));
      const [chosen] = expected.candidates;
      expect(await page.getAttribute('[data-testid=why-here]', 'data-chosen')).toBe(`${chosen.rotation} ${chosen.x} ${chosen.y}`);
      const next = game.replay.inputs[at] as { place: number[] };
      expect(next.place).toEqual([chosen.rotation, chosen.x, chosen.y]); // the agent played what it explains
      await expect.poll(() => page.textContent('[data-testid=candidate-1]')).toContain('(played)');

      const compare = async (rank: number) => {
        expect(await page.getAttribute('[data-testid=why-here]', 'data-compared')).toBe(String(rank));
        const other = expected.candidates[rank - 1];
        for (const [f, term] of chosen.features.entries()) {
          const row = `[data-testid=term-${term.name}]`;
          expect(Number(await page.getAttribute(row, 'data-chosen'))).toBeCloseTo(term.contribution, 9);
          expect(Number(await page.getAttribute(row, 'data-compared'))).toBeCloseTo(other.features[f].contribution, 9);
        }
        expect(Number(await page.getAttribute(`[data-testid=candidate-${rank}]`, 'data-total'))).toBeCloseTo(other.total, 9);
      };
      await compare(2);
      await page.keyboard.press('4');
      await compare(4);
      await page.click('[data-testid=candidate-3]');
      await compare(3);
      for (let i = 0; i < 3; i++) await page.keyboard.press(']'); // any candidate, past the five listed
      await compare(Math.min(6, expected.candidates.length));

      // What each feature measures, in words, for a learner (opened by click or tap).
      await page.click('[data-testid=feature-definitions] summary');
      const definitions = await page.$$eval('[data-testid=feature-definitions] dl > div', (rows) =>
        rows.map((row) => [row.querySelector('dt')!.textContent, row.querySelector('dd')!.textContent]),
      );
      expect(definitions).toEqual(chosen.features.map((term) => [term.name, findFeature(term.name).definition]));

      // A click on a ghost on the board compares that candidate: a cell of #5 that no candidate from #2 to #4 covers.
      const system = gameAfter(game.replay, at).system;
      const cellsOf = (rank: number) => pieceCells(system, { piece: expected.piece, ...expected.candidates[rank - 1] }).map(String);
      const canvas = (await page.locator('[data-testid=board] canvas').boundingBox())!;
      const size = canvas.width / 8;
      for (const target of [5, 4, 3]) {
        const earlier = new Set([2, 3, 4].filter((rank) => rank < target).flatMap(cellsOf));
        const cell = cellsOf(target).find((candidate) => !earlier.has(candidate));
        if (cell === undefined) continue;
        const [x, y] = cell.split(',').map(Number);
        await page.mouse.click(canvas.x + (x + 0.5) * size, canvas.y + (10 - y - 0.5) * size);
        await compare(target);
        break;
      }
      await screenshotsAtBothSizes(page, 'why-here-replay');

      await page.selectOption('[data-testid=why-agent]', 'bcts'); // another agent explains the same piece
      const bcts = explainGameTurn(gameAfter(game.replay, at), loadAgentSpec('bcts')).candidates[0];
      await expect.poll(() => page.getAttribute('[data-testid=why-here]', 'data-chosen')).toBe(`${bcts.rotation} ${bcts.x} ${bcts.y}`);
      await page.close();
    });
  });

  describe('"Why here?" in Play & watch', () => {
    it("explains the agent's next piece on a pause, plays that one piece with N and explains the next; for a human it asks what an agent would do", async () => {
      const page = await openPage(browser(), app.url);
      await page.setViewportSize(WIDE);
      await page.selectOption('[data-testid=player-player]', 'lookahead');
      await page.selectOption('[data-testid=rules]', 'research');
      for (const [field, value] of [
        ['width', '8'],
        ['height', '12'],
      ]) {
        await page.fill(`[data-testid=${field}]`, value);
        await page.press(`[data-testid=${field}]`, 'Tab');
      }
      await page.click('[data-testid=start]');
      await expect
        .poll(async () => Number(await page.getAttribute('[data-testid=board]', 'data-pieces')), PATIENTLY)
        .toBeGreaterThanOrEqual(2);
      await page.keyboard.press('y'); // pauses and explains
      await page.waitForSelector('[data-testid=why-here]');
      expect(await page.inputValue('[data-testid=why-agent]')).toBe('lookahead');
      await expect
        .poll(() => page.textContent('[data-testid=why-here]'))
        .toMatch(/ranked by its value with the best line of the next [IOTSZJL]/);
      const chosenAt = new Map<number, string | null>();
      for (let step = 0; step < 3; step++) {
        const pieces = Number(await page.getAttribute('[data-testid=board]', 'data-pieces'));
        const chosen = await page.getAttribute('[data-testid=why-here]', 'data-chosen');
        chosenAt.set(pieces, chosen);
        await page.keyboard.press('n'); // the agent plays one piece, then the game pauses again
        await expect.poll(async () => Number(await page.getAttribute('[data-testid=board]', 'data-pieces')), PATIENTLY).toBe(pieces + 1);
        expect(await page.getAttribute('[data-testid=board]', 'data-last-lock')).toBe(chosen); // it played the explained choice
        await page.waitForSelector('[data-testid=why-here]');
      }
      // B goes back a piece: the same position, explained the same, and N plays the same placement again.
      const last = Number(await page.getAttribute('[data-testid=board]', 'data-pieces'));
      await page.keyboard.press('b');
      await expect.poll(async () => Number(await page.getAttribute('[data-testid=board]', 'data-pieces')), PATIENTLY).toBe(last - 1);
      await expect.poll(() => page.getAttribute('[data-testid=why-here]', 'data-chosen'), PATIENTLY).toBe(chosenAt.get(last - 1)!);
      await page.keyboard.press('n');
      await expect.poll(async () => Number(await page.getAttribute('[data-testid=board]', 'data-pieces')), PATIENTLY).toBe(last);
      expect(await page.getAttribute('[data-testid=board]', 'data-last-lock')).toBe(chosenAt.get(last - 1));
      await screenshot(page, 'why-here-play');
      expect(await scrollsSideways(page)).toBe(false);
      await page.keyboard.press('Escape'); // closes the panel; the game stays paused
      await expect.poll(() => page.locator('[data-testid=why-here]').count(), PATIENTLY).toBe(0);
      await page.locator('[data-testid=paused]').waitFor();
      await page.keyboard.press('y');
      await page.waitForSelector('[data-testid=why-here]');
      // Paused, Space presses the control that has the focus (it is also the drop key): here, the list of definitions.
      await page.focus('[data-testid=feature-definitions] summary');
      await page.keyboard.press('Space');
      await expect.poll(() => page.getAttribute('[data-testid=feature-definitions]', 'open'), PATIENTLY).toBe('');

      await page.click('[data-testid=take-over]'); // now a human's piece: what would an agent do?
      await expect.poll(() => page.textContent('.controls-column')).toContain('What would this agent do here?');
      await page.selectOption('[data-testid=why-agent]', 'bcts');
      await expect.poll(() => page.textContent('[data-testid=why-here] h3')).toContain('bcts');
      await page.setViewportSize(NARROW);
      await page.locator('[data-testid=why-here]').scrollIntoViewIfNeeded();
      await screenshot(page, 'why-here-play-narrow');
      expect(await scrollsSideways(page)).toBe(false); // a human's piece, at a phone's width
      await page.close();
    });
  });

  describe('"Why here?" in a duel', () => {
    it("pauses both boards, explains either side's piece by its agent, and plays one piece a board with N", async () => {
      const page = await openPage(browser(), `${app.url}/#/duel`);
      await page.setViewportSize(WIDE);
      await page.selectOption('[data-testid=player-left-player]', 'greedy');
      await page.selectOption('[data-testid=player-right-player]', 'bcts');
      await page.click('[data-testid=duel-start]');
      await expect
        .poll(async () => Number(await page.locator('[data-testid=board]').nth(1).getAttribute('data-pieces')), PATIENTLY)
        .toBeGreaterThanOrEqual(2);
      await page.keyboard.press('y');
      await page.waitForSelector('[data-testid=why-here]');
      expect(await page.textContent('[data-testid=why-here] h3')).toContain('bcts'); // the right board's own agent
      // Under the two boards, the panel is scrolled into a laptop's window as it opens.
      await expect
        .poll(() => page.locator('[data-testid=why-here] h3').evaluate((title) => title.getBoundingClientRect().bottom <= innerHeight))
        .toBe(true);
      const right = page.locator('[data-testid=board]').nth(1);
      const pieces = Number(await right.getAttribute('data-pieces'));
      const chosen = await page.getAttribute('[data-testid=why-here]', 'data-chosen');
      await page.keyboard.press('n');
      await expect.poll(async () => Number(await right.getAttribute('data-pieces')), PATIENTLY).toBe(pieces + 1);
      expect(await right.getAttribute('data-last-lock')).toBe(chosen);
      await page.keyboard.press('b'); // both boards a piece back: the right one where it was explained
      await expect.poll(async () => Number(await right.getAttribute('data-pieces')), PATIENTLY).toBe(pieces);
      await expect.poll(() => page.getAttribute('[data-testid=why-here]', 'data-chosen'), PATIENTLY).toBe(chosen);
      await page.selectOption('[data-testid=why-side]', '0');
      await expect.poll(() => page.textContent('[data-testid=why-here] h3')).toContain('greedy');
      await screenshotsAtBothSizes(page, 'why-here-duel');
      await page.close();
    });
  });

  describe('the SameGame hint explained', () => {
    it("shows, for a hovered group, the hint search's games through its move and their best, and the best score over time", async () => {
      const page = await openPage(browser(), `${app.url}/#/samegame`);
      await page.setViewportSize(WIDE);
      await page.fill('[data-testid=sg-seconds]', '1');
      await page.press('[data-testid=sg-seconds]', 'Tab');
      await page.click('[data-testid=sg-hint]');
      await page.waitForSelector('[data-testid=sg-status] >> text=Hint:', PATIENTLY);
      const line = Number(
        /the AI's line scores ([\d,]+)/.exec((await page.textContent('[data-testid=sg-status]'))!)![1].replaceAll(',', ''),
      );
      const scores = (await page.getAttribute('[data-testid=sg-best-over-time]', 'data-scores'))!.split(' ').map(Number);
      expect(scores.at(-1)).toBe(line);
      expect(scores).toEqual([...scores].sort((a, b) => a - b));
      const board = page.locator('[data-testid=samegame-board]');
      const [x, y] = (await board.getAttribute('data-highlight'))!.split(' ')[0].split(',').map(Number);
      const box = (await board.boundingBox())!;
      const { width, height } = {
        width: Number(await page.inputValue('[data-testid=sg-columns]')),
        height: Number(await page.inputValue('[data-testid=sg-rows]')),
      };
      await page.mouse.move(box.x + ((x + 0.5) * box.width) / width, box.y + ((height - y - 0.5) * box.height) / height);
      await expect
        .poll(() => page.textContent('[data-testid=sg-hover]'))
        .toMatch(new RegExp(`The hint\\. [\\d,]+ games of the search began with it, the best scoring ${line.toLocaleString('en-US')}\\.`));
      await screenshot(page, 'samegame-hint-explained');

      // Another group under the mouse is outlined in place of the hint's, and the hint's again once the mouse leaves it.
      const hint = (await board.getAttribute('data-highlight'))!;
      const groupAt = async (cx: number, cy: number) => {
        await page.mouse.move(box.x + ((cx + 0.5) * box.width) / width, box.y + ((height - cy - 0.5) * box.height) / height);
        await nextFrames(page);
        return (await board.getAttribute('data-outlined'))!;
      };
      let other: string | null = null;
      for (let cx = 0; cx < width && other === null; cx++) {
        const outlined = await groupAt(cx, 0);
        if (outlined !== hint && outlined.split(' ').length > 1) other = outlined;
      }
      expect(other).not.toBeNull();
      expect(other!.split(' ')).not.toContain(hint.split(' ')[0]);
      await page.mouse.move(0, 0);
      await expect.poll(() => board.getAttribute('data-outlined'), PATIENTLY).toBe(hint);
      await page.close();
    });
  });
});
