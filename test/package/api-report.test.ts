import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { API_FOLDER, apiReports, entryPoints, type EntryPoint } from '../../scripts/api-report.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const entries = entryPoints();
let reports: Map<EntryPoint, string>;

beforeAll(() => {
  reports = apiReports(entries);
}, 300_000);

describe("the package's public API, as api/ records it", () => {
  it.each(entries.map((entry) => [entry.name, entry] as const))('%s exports just what its committed report lists', (name, entry) => {
    const committed = existsSync(entry.report) ? readFileSync(entry.report, 'utf8') : '(no report)';
    const report = relative(ROOT, entry.report);
    expect(reports.get(entry), `the public API of ${name} changed: run npm run api-report and review the diff of ${report}`).toBe(
      committed,
    );
  });

  it('keeps a report for each entry point of package.json and for nothing else', () => {
    const expected = entries.map((entry) => relative(API_FOLDER, entry.report)).sort();
    expect(readdirSync(API_FOLDER).sort(), `api/ holds a report of an entry point the package no longer has: delete it`).toEqual(expected);
  });

  it('lists every name by name: no entry point re-exports a whole module', () => {
    for (const entry of entries) {
      expect(readFileSync(entry.source, 'utf8'), relative(ROOT, entry.source)).not.toMatch(/^export \*/m);
    }
  });

  it('writes no path of this machine into a report, so that they read the same wherever they are made', () => {
    for (const report of reports.values()) expect(report).not.toContain(ROOT);
  });
});
