import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { cruise, type ICruiseResult, type IForbiddenRuleType } from 'dependency-cruiser';
import { describe, expect, it } from 'vitest';

/** The rules ARCHITECTURE.md writes down, as dependency-cruiser reads them. */
const rules = createRequire(import.meta.url)('../.dependency-cruiser.cjs') as { forbidden: IForbiddenRuleType[] };

describe('the dependency rules of ARCHITECTURE.md', () => {
  it('hold for every module of src/ and web/src/', async () => {
    const { output } = await cruise(['src', 'web/src'], {
      validate: true,
      ruleSet: { forbidden: rules.forbidden },
      doNotFollow: { path: 'node_modules' },
      tsPreCompilationDeps: true,
    });
    const { summary } = output as ICruiseResult;
    expect(summary.totalCruised).toBeGreaterThan(150); // the whole tree was read, not an empty one
    const breaches = summary.violations.map(({ rule, from, to }) => `${rule.name}: ${from} → ${to}`);
    expect(breaches).toEqual([]);
  });

  it("export components alone from the web app's component modules, so that no page takes a helper from another's", () => {
    const components = readdirSync('web/src', { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.tsx'));
    expect(components.length).toBeGreaterThan(10);
    const others = components.flatMap((file) =>
      [...readFileSync(join('web/src', file), 'utf8').matchAll(/^export (?!function [A-Z]|type |interface ).*$/gm)].map(
        ([line]) => `${file}: ${line}`,
      ),
    );
    expect(others).toEqual([]);
  });

  it('name the layers the design fixes', () => {
    expect(rules.forbidden.map((rule) => rule.name)).toEqual(
      expect.arrayContaining([
        'rules-know-no-ai',
        'evaluators-know-no-search',
        'search-does-no-io',
        'nothing-imports-the-cli',
        'nothing-imports-the-server',
        'no-circular',
      ]),
    );
  });

  it("give every row of ARCHITECTURE.md's table of layers a rule of its own", () => {
    const table = readFileSync('ARCHITECTURE.md', 'utf8').split('## The layers, from the bottom')[1].split('\n## ')[0];
    const rows = [...table.matchAll(/^\|\s*(`[^|]+`)\s*\|[^|]*\|\s*([^|]*?)\s*\|$/gm)].map(([, folders, mayImport]) => ({
      folders: [...folders.matchAll(/`([^`]+)`/g)].map(([, folder]) => folder),
      mayImport: mayImport.trim(),
    }));
    expect(rows.length).toBeGreaterThan(15);
    // A rule of the layer's own: its modules match it, and a folder of no layer does not (no rule for all of src).
    const ruled = (folder: string) =>
      rules.forbidden.some((rule) => {
        const from = rule.from.path === undefined ? null : new RegExp(String(rule.from.path));
        return from !== null && from.test(`${folder}/module.ts`) && !from.test('src/no-such-layer/module.ts');
      });
    const unruled = rows.flatMap(({ folders, mayImport }) => (mayImport === 'anything' ? [] : folders.filter((folder) => !ruled(folder))));
    expect(unruled).toEqual([]);
    for (const folder of rows.flatMap(({ folders }) => folders)) expect(readdirSync(folder).length, folder).toBeGreaterThan(0);
  });

  it('find no rule that matches nothing: every layer a rule names is a folder of the tree', () => {
    const folders = rules.forbidden.flatMap((rule) =>
      [...String(rule.from.path ?? '').matchAll(/\^src\/([a-z-/]+?)\//g)].map(([, folder]) => `src/${folder}`),
    );
    expect(folders.length).toBeGreaterThan(10);
    for (const folder of folders) expect(readdirSync(folder).length, folder).toBeGreaterThan(0);
  });
});
