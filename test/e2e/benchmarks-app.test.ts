import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../cli/run-cli.ts';
import { appInBrowser, openPage, PATIENTLY, screenshot, scrollsSideways } from './app-harness.ts';

/** The cells of a table's body, row by row, as the page shows them. */
const tableRows = (page: import('playwright-core').Page, testId: string) =>
  page.$$eval(`[data-testid=${testId}] tbody tr`, (rows) =>
    rows.map((row) => [...row.querySelectorAll('td')].map((cell) => cell.textContent ?? '')),
  );

const whole = (value: number) => value.toLocaleString('en-US');
const signed = (value: number) => (value > 0 ? `+${whole(value)}` : whole(value));

describe('the Benchmarks page in a real browser', () => {
  const { app, browser } = appInBrowser();

  it('shows SameGame runs beside the Tetris ones: each position, the totals, and two runs compared position by position', async () => {
    const env = { GRIDMIND_DB: app.dbPath };
    const boards = mkdtempSync(join(tmpdir(), 'gridmind-bench-boards-'));
    mkdirSync(join(boards, 'more'));
    for (const seed of [1, 2, 3]) {
      const board = (await runCli(['samegame', 'board', '--size', '6x6', '--colours', '3', '--seed', String(seed)])).stdout;
      writeFileSync(join(boards, `p${seed}.txt`), board);
      writeFileSync(join(boards, 'more', `p${seed}.txt`), board);
    }
    writeFileSync(
      join(boards, 'more', 'p4.txt'),
      (await runCli(['samegame', 'board', '--size', '6x6', '--colours', '3', '--seed', '4'])).stdout,
    );
    expect((await runCli(['bench', '--agent', 'bcts', '--board', '6x8', '--games', '4'], env)).code).toBe(0);
    const solve = async (args: string[]) =>
      JSON.parse((await runCli(['samegame', 'bench', ...args, '--workers', '1', '--json'], env)).stdout);
    const greedy = await solve(['--dir', boards, '--method', 'beam', '--width', '1', '--nodes', '500']);
    const searched = await solve(['--dir', join(boards, 'more'), '--method', 'nrpa', '--level', '1', '--nodes', '3000']);

    const page = await openPage(browser(), `${app.url}/#/bench`);
    await page.waitForSelector('[data-testid=runs] >> text=bcts'); // Tetris first, as before
    await page.focus('[data-testid=runs-samegame]');
    await page.keyboard.press('Enter');
    await page.waitForSelector('[data-testid=samegame-runs]');
    expect((await tableRows(page, 'samegame-runs')).map((row) => row[0])).toEqual([String(searched.runId), String(greedy.runId)]);
    // The newest run is shown: every position as stored.
    const shown = await tableRows(page, 'positions');
    expect(shown.map(([file, score, cleared, moves]) => [file, score, cleared, moves])).toEqual(
      searched.boards.map((board: { file: string; score: number; cleared: boolean; moves: unknown[] }) => [
        board.file,
        whole(board.score),
        board.cleared ? 'yes' : 'no',
        String(board.moves.length),
      ]),
    );
    expect(await page.textContent('[data-testid=samegame-run]')).toContain(`Total ${whole(searched.total)}`);
    expect(await page.textContent('[data-testid=samegame-run]')).toContain('3,000 nodes, nesting level 1, seed 1');

    // Compared with the other run, on the three positions both have.
    await page.selectOption('[data-testid=compare-with]', String(greedy.runId));
    await expect.poll(() => tableRows(page, 'positions'), PATIENTLY).toHaveLength(3);
    const compared = await tableRows(page, 'positions');
    const theirs = new Map(greedy.boards.map((board: { file: string; score: number }) => [board.file, board.score]));
    let [mine, other] = [0, 0];
    for (const [file, first, second, difference] of compared) {
      const [a, b] = [searched.boards.find((board: { file: string }) => board.file === file).score, theirs.get(file) as number];
      expect([first, second, difference]).toEqual([whole(a), whole(b), signed(a - b)]);
      [mine, other] = [mine + a, other + b];
    }
    const summary = (await page.textContent('[data-testid=comparison-summary]')) ?? '';
    expect(summary).toContain(`run ${searched.runId} ${whole(mine)}, run ${greedy.runId} ${whole(other)}`);
    expect(summary).toContain('1 position only one run has is left out');
    expect(await page.textContent('.benchmarks-page')).not.toMatch(/undefined|NaN/);
    await screenshot(page, 'benchmarks-samegame-wide');

    // The older run, chosen by keyboard.
    await page.focus('[data-testid=samegame-runs] tbody tr:nth-child(2)');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.textContent('[data-testid=samegame-run] h3'), PATIENTLY).toContain(`Run ${greedy.runId}`);
    await page.setViewportSize({ width: 420, height: 900 });
    expect(await scrollsSideways(page)).toBe(false);
    await screenshot(page, 'benchmarks-samegame-narrow');
    await page.close();
  });
});
