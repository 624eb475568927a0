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
});
