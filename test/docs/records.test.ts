import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { TEST_SETS } from '../../src/samegame/test-sets.ts';
import { runCli } from '../cli/run-cli.ts';
import { columnsOf, standardScore } from '../samegame/reference.ts';

/** A SameGame run kept for the records page: `gridmind samegame bench --set standard --json` as it printed it. */
interface KeptRun {
  set: keyof typeof TEST_SETS;
  total: number;
  boards: { file: string; score: number; moves: [number, number][] }[];
}

const KEPT = 'docs/records';

/** The SameGame runs at long budgets whose best, position by position, is the record of any budget. */
const LONG_BUDGET_RUNS = ['samegame-standard-300s.json', 'samegame-standard-seeds-3-4.json', 'samegame-standard-seeds-5-6.json'];

/** The Tetris runs played over several sittings: their kept databases, and the command that sums each up from its database. */
const RUNS_IN_DATABASES = [
  {
    name: 'two-piece run',
    database: `${KEPT}/tetris-two-piece-10x10.db`,
    summary: ['bench', '--agent', 'tuned-fit-10x10', '--lookahead', '1', '--board', '10x10', '--games', '200', '--stored-only'],
  },
  {
    name: '10×10 one-piece run weighing the unknown piece',
    database: `${KEPT}/tetris-one-piece-expecting-10x10.db`,
    summary: ['bench', '--agent', 'tuning/tuned-fit-10x10-mean-expecting.json', '--board', '10x10', '--games', '10000', '--stored-only'],
  },
  {
    name: '10×20 one-piece run weighing the unknown piece near the top',
    database: `${KEPT}/tetris-one-piece-10x20-expecting.db`,
    summary: [
      'bench',
      '--agent',
      'tuning/tuned-fit-10x10-mean-expecting-above-13.json',
      '--board',
      '10x20',
      '--games',
      '20',
      '--stored-only',
    ],
    everyGame: true,
  },
];

const page = readFileSync('docs/records.md', 'utf8');

/** What `gridmind bench --stored-only --json` prints, as far as the page states it. */
interface StoredSummary {
  readonly games: number;
  readonly meanLines: number;
  readonly medianLines: number;
  readonly perGame: { readonly lines: readonly number[] };
}

describe('the records page', () => {
  it('keeps the move lists of its SameGame records, and each scores, on the plain model of the rules, what the page says', () => {
    const runs = readdirSync(KEPT).filter((name) => name.endsWith('.json'));
    expect(runs.length).toBeGreaterThan(0);
    for (const name of runs) {
      const run = JSON.parse(readFileSync(join(KEPT, name), 'utf8')) as KeptRun;
      const files = readdirSync(TEST_SETS[run.set]).filter((file) => file.endsWith('.txt'));
      expect(run.boards.map((board) => board.file).sort(), name).toEqual(files.sort());
      for (const board of run.boards) {
        const rows = readFileSync(join(TEST_SETS[run.set], board.file), 'utf8').trim().split('\n');
        expect(standardScore(columnsOf(rows), board.moves), `${name}: ${board.file}`).toBe(board.score);
      }
      expect(
        run.boards.reduce((sum, board) => sum + board.score, 0),
        name,
      ).toBe(run.total);
      expect(page, name).toContain(`\`${KEPT}/${name}\``);
      expect(page, name).toContain(run.total.toLocaleString('en-US'));
    }
  });

  it('states the best of the standard-set searches at long budgets, position by position, as the kept runs make it', () => {
    const runs = LONG_BUDGET_RUNS.map((name) => JSON.parse(readFileSync(join(KEPT, name), 'utf8')) as KeptRun);
    const best = runs[0].boards.map((board) =>
      Math.max(...runs.map((run) => run.boards.find((other) => other.file === board.file)!.score)),
    );
    expect(page).toContain(`**${best.reduce((sum, score) => sum + score, 0).toLocaleString('en-US')}**`);
  });

  for (const { name, database, summary, everyGame } of RUNS_IN_DATABASES) {
    it(`states the ended games of the ${name} as its kept database holds them`, async () => {
      expect(page).toContain(`GRIDMIND_DB=${database} npx gridmind ${summary.join(' ')}`);
      const { code, stdout } = await runCli([...summary, '--json'], { GRIDMIND_DB: database });
      expect(code).toBe(0);
      const { games, meanLines, medianLines, perGame } = JSON.parse(stdout) as StoredSummary;
      expect(games).toBeGreaterThan(0);
      expect(page).toContain(`${games.toLocaleString('en-US')} games have ended`);
      expect(page).toContain(`**${Math.round(meanLines).toLocaleString('en-US')} ±`);
      // A run of a few games reports each of them, and their median.
      if (everyGame) {
        for (const lines of [...perGame.lines, medianLines]) expect(page).toContain(lines.toLocaleString('en-US'));
      }
    });
  }
});
