import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { TEST_SETS } from '../../src/samegame/test-sets.ts';
import { columnsOf, standardScore } from '../samegame/reference.ts';

/** A SameGame run kept for the records page: `gridmind samegame bench --set standard --json` as it printed it. */
interface KeptRun {
  set: keyof typeof TEST_SETS;
  total: number;
  boards: { file: string; score: number; moves: [number, number][] }[];
}

const KEPT = 'docs/records';

/** The database of the two-piece run the records page follows from sitting to sitting. */
const TWO_PIECE_RUN = `${KEPT}/tetris-two-piece-10x10.db`;

describe('the records page', () => {
  it('keeps the move lists of its SameGame records, and each scores, on the plain model of the rules, what the page says', () => {
    const page = readFileSync('docs/records.md', 'utf8');
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

  it('states the ended games of the two-piece run as its kept database holds them', () => {
    const page = readFileSync('docs/records.md', 'utf8');
    const db = new Database(TWO_PIECE_RUN, { readonly: true });
    const rows = db.prepare("SELECT result FROM task_results WHERE game = 'tetris'").all() as { result: string }[];
    db.close();
    const lines = rows.map((row) => (JSON.parse(row.result) as { lines: number }).lines);
    expect(lines.length).toBeGreaterThan(0);
    const mean = lines.reduce((sum, value) => sum + value, 0) / lines.length;
    expect(page).toContain(`\`${TWO_PIECE_RUN}\``);
    expect(page).toContain(`${lines.length} games have ended`);
    expect(page).toContain(`**${Math.round(mean).toLocaleString('en-US')} ±`);
  });
});
