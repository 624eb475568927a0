import { hostname } from 'node:os';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../../src/store/database.ts';
import { claimTuneRun, createTuneRun, loadTuneRun, releaseTuneRun } from '../../src/store/tune-runs.ts';
import { TaskPool, type TaskRunner } from '../../src/bench/task-runner.ts';
import type { TuneRunReport } from '../../src/tune/run-report.ts';
import { initialTuneState, runTuning } from '../../src/tune/tuner.ts';
import type { TuneConfig, TuneState } from '../../src/tune/tuning.ts';
import { appInBrowser, openPage, PATIENTLY, screenshot, scrollsSideways } from './app-harness.ts';
import { tinyTuneConfig } from '../tune/tiny-config.ts';

/** Five features: enough lines for the weights' chart. */
const FEATURES = ['holes', 'landingHeight', 'rowTransitions', 'columnTransitions', 'cumulativeWells'];

const SCORES = 'canvas[aria-label="score per iteration"]';
const WEIGHTS = 'canvas[aria-label="normalised weights per iteration"]';

/** The datasets a chart shows, as its canvas tells them (`data-series`); null before it is drawn. */
const series = async (page: Page, canvas: string): Promise<{ label: string; data: number[] }[] | null> => {
  const json = await page
    .locator(canvas)
    .getAttribute('data-series', { timeout: 1000 })
    .catch(() => null);
  return json === null ? null : JSON.parse(json);
};

/** How many iterations the score chart shows. */
const iterationsShown = async (page: Page) => (await series(page, SCORES))?.[0].data.length ?? 0;

describe('the Tuning page in a real browser', () => {
  const { app, browser } = appInBrowser();
  const pool = new TaskPool(2);
  let db: Db;
  const report = async (id: number): Promise<TuneRunReport> => (await (await fetch(`${app.url}/api/tune-runs/${id}`)).json()).run;
  /** Makes a run of `tuning` and plays it on `playing`; the promise of its end, and its id. */
  const start = (tuning: TuneConfig, playing: TaskRunner = pool) => {
    const id = createTuneRun(db, tuning, initialTuneState(tuning));
    return { id, played: runTuning(db, id, tuning, initialTuneState(tuning), playing) };
  };

  beforeAll(() => {
    db = openDatabase(app.dbPath); // a second connection to the server's database, as another process's tuner
  });
  afterAll(async () => {
    await pool.close();
    db.close();
  });

  it('says how to make a run while there is none', async () => {
    const page = await openPage(browser(), `${app.url}/#/tuning`);
    const empty = page.locator('[data-testid=no-tune-runs]');
    await empty.waitFor(PATIENTLY);
    expect(await empty.textContent()).toContain(
      'npx gridmind tune --features holes,landingHeight --board 10x10 --population 20 --iterations 5',
    );
    await page.close();
  });

  it("shows a finished run's curves as the API gives them, its validation and its command, chosen by keyboard, at both sizes", async () => {
    const ce = start(tinyTuneConfig('ce', 1, FEATURES));
    await ce.played;
    const ga = start(tinyTuneConfig('ga', 2, FEATURES));
    await ga.played;
    const page = await openPage(browser(), `${app.url}/#/tuning`);
    await page.waitForSelector('[data-testid=tune-run]');
    const rows = await page.$$eval('[data-testid=tune-runs] tbody tr', (found) => found.map((row) => row.textContent ?? ''));
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatch(new RegExp(`^${ga.id}Genetic algorithm, 6x8.*5 features, 3/3 iterations, finished`));
    expect(rows[1]).toMatch(new RegExp(`^${ce.id}Cross-entropy, 6x8.*5 features, 3/3 iterations, finished`));

    await page.focus('[data-testid=tune-runs] tbody tr:nth-child(2)');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.textContent('[data-testid=tune-run] h3'), PATIENTLY).toContain(`Run ${ce.id}: Cross-entropy`);
    expect(new URL(page.url()).hash).toBe(`#/tuning/${ce.id}`); // the address names the run shown
    const run = await report(ce.id);
    await expect
      .poll(() => series(page, SCORES), PATIENTLY)
      .toEqual([
        { label: 'best', data: run.history.map((point) => point.best) },
        { label: 'elite mean', data: run.history.map((point) => point.eliteMean) },
        { label: 'mean', data: run.history.map((point) => point.mean) },
      ]);
    // Each iteration's mean weights over their largest absolute value, one line per feature.
    const normalised = run.history.map(({ weights }) => weights.map((w) => w / Math.max(...weights.map(Math.abs))));
    expect(await series(page, WEIGHTS)).toEqual(run.features.map((label, f) => ({ label, data: normalised.map((weights) => weights[f]) })));
    for (const weights of normalised) expect(Math.max(...weights.map(Math.abs))).toBe(1);
    expect(await page.getAttribute(SCORES, 'data-x-ticks')).toBe('1 2 3');
    // The weights' legend is a row of buttons: one switched off by keyboard hides its feature's line, and back.
    const hidden = async () => JSON.parse((await page.getAttribute(WEIGHTS, 'data-hidden'))!);
    expect(await hidden()).toEqual([]);
    const holes = page.locator('[data-testid=feature-switches] button', { hasText: 'holes' });
    await holes.focus();
    await page.keyboard.press('Space');
    await expect.poll(hidden, PATIENTLY).toEqual(['holes']);
    expect(await holes.getAttribute('aria-pressed')).toBe('false');
    await page.keyboard.press('Enter');
    await expect.poll(hidden, PATIENTLY).toEqual([]);

    const validation = run.validation!;
    expect(await page.textContent('[data-testid=tune-validation]')).toContain(
      `The best of 3 finalists: ${validation.mean.toLocaleString('en-US', { maximumFractionDigits: 1 })} ± `,
    );
    expect(await page.textContent('[data-testid=tune-command]')).toBe(run.command);
    expect(await page.textContent('[data-testid=tune-standing]')).toMatch(/^Finished: 3 of 3 iterations played/);
    expect(await page.textContent('.tuning-page')).not.toMatch(/undefined|NaN/);
    await screenshot(page, 'tuning-page-wide');
    await page.focus('.command-line button');
    await page.keyboard.press('Enter'); // copied, or selected where the browser keeps the clipboard from the page
    await expect
      .poll(() => page.textContent('.command-line [role=status]'), PATIENTLY)
      .toMatch(/^(Copied\.|Selected: press Ctrl\+C to copy\.)$/);

    await page.setViewportSize({ width: 420, height: 900 });
    await expect.poll(() => scrollsSideways(page), PATIENTLY).toBe(false); // once the charts have followed the window
    for (const canvas of await page.locator('.chart canvas').all()) {
      const box = (await canvas.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(420);
    }
    await page.locator(WEIGHTS).scrollIntoViewIfNeeded();
    await screenshot(page, 'tuning-page-narrow');

    // A run made while the page is open joins its list; an address names a run, and a reload keeps it.
    const later = start(tinyTuneConfig('ce', 3, FEATURES));
    await later.played;
    await expect.poll(() => page.locator('[data-testid=tune-runs] tbody tr').count(), PATIENTLY).toBe(3);
    expect(await page.textContent('[data-testid=tune-run] h3')).toContain(`Run ${ce.id}:`);
    await page.reload();
    await expect.poll(() => page.textContent('[data-testid=tune-run] h3'), PATIENTLY).toContain(`Run ${ce.id}:`);
    await page.goto(`${app.url}/#/tuning/${ga.id}`);
    await expect.poll(() => page.textContent('[data-testid=tune-run] h3'), PATIENTLY).toContain(`Run ${ga.id}: Genetic algorithm`);
    await page.close();
  });

  it('follows a run in progress: its charts grow as iterations end, and it stops asking once the run is finished or the page is left', async () => {
    // The first iteration is played at once; the others wait until the test lets them go. (A seed no
    // run here has played: the games of one played before would come from the store, past the gate.)
    const tuning = tinyTuneConfig('ce', 4, FEATURES);
    let letGo!: () => void;
    const gate = new Promise<void>((resolve) => (letGo = resolve));
    let games = 0;
    const gated: TaskRunner = {
      run: async (task) => {
        if (++games > tuning.population * tuning.gamesPerEval) await gate;
        return pool.run(task);
      },
      close: () => Promise.resolve(),
    };
    const me = { host: hostname(), pid: process.pid }; // this process plays the run, as `gridmind tune` would
    const { id, played } = start(tuning, gated);
    claimTuneRun(db, id, me, () => false);
    await expect.poll(() => loadTuneRun<TuneConfig, TuneState>(db, id)!.state.iteration, PATIENTLY).toBe(1);

    /** Opens the page, which shows the run being played first, and counts its requests for the run. */
    const follow = async () => {
      const page = await openPage(browser(), `${app.url}/#/tuning`);
      const asked = { count: 0 };
      page.on('request', (request) => request.url().endsWith(`/api/tune-runs/${id}`) && asked.count++);
      await expect.poll(() => page.textContent('[data-testid=tune-run] h3'), PATIENTLY).toContain(`Run ${id}:`);
      return { page, asked };
    };
    const { page, asked } = await follow();
    expect(await page.textContent('[data-testid=tune-standing]')).toMatch(
      new RegExp(`^Running \\(process ${process.pid} on .+\\): 1 of 3 iterations played.*; now iteration 2: 0 of 8 candidates played`),
    );
    await expect.poll(() => iterationsShown(page), PATIENTLY).toBe(1);
    expect(await page.textContent(`[data-testid=tune-runs] tbody tr:first-child`)).toMatch(/1\/3 iterations, running/);
    await page.locator('[data-testid=tune-standing]').scrollIntoViewIfNeeded();
    await screenshot(page, 'tuning-page-running');

    // A page left stops asking.
    const left = await follow();
    await left.page.click('[data-testid=nav-bench]');
    await left.page.waitForSelector('.benchmarks-page');
    const askedWhenLeft = left.asked.count;

    letGo();
    await played;
    releaseTuneRun(db, id, me);
    await expect.poll(() => iterationsShown(page), PATIENTLY).toBe(3);
    await expect.poll(() => page.textContent('[data-testid=tune-standing]'), PATIENTLY).toMatch(/^Finished: 3 of 3 iterations played/);
    expect(await page.textContent(`[data-testid=tune-runs] tbody tr:first-child`)).toMatch(/3\/3 iterations, finished/);
    const final = await report(id);
    expect((await series(page, SCORES))![0].data).toEqual(final.history.map((point) => point.best));
    const askedWhenFinished = asked.count;
    await page.waitForTimeout(2800); // longer than the page's 2 s between requests
    expect([asked.count, left.asked.count]).toEqual([askedWhenFinished, askedWhenLeft]);
    await page.close();
    await left.page.close();
  });
});
