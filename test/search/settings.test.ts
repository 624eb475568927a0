import { describe, expect, it } from 'vitest';
import { SameGameBoard } from '../../src/samegame/rules/board.ts';
import { randomBoard } from '../../src/samegame/rules/random-boards.ts';
import { SOLVE_SETTINGS } from '../../src/samegame/solve-settings.ts';
import { checkSolveOptions, solve, type SolveOptions } from '../../src/samegame/solver.ts';
import { SEARCH_METHODS, SEARCH_SETTINGS, type SearchMethod } from '../../src/search/index.ts';
import { flagOf } from '../../src/cli/setting-options.ts';

const rules = { scoring: 'standard', shift: 'left' } as const;

describe('the table of the settings only some methods take', () => {
  it('names only known methods, and each setting once', () => {
    for (const setting of SOLVE_SETTINGS) for (const method of setting.methods) expect(SEARCH_METHODS).toContain(method);
    expect(new Set(SOLVE_SETTINGS.map((setting) => setting.name)).size).toBe(SOLVE_SETTINGS.length);
    expect(SEARCH_SETTINGS.every((setting) => SOLVE_SETTINGS.includes(setting))).toBe(true);
  });

  it('refuses a setting the method does not take, in words unless the command line names its flag', () => {
    expect(() => checkSolveOptions({ method: 'bfs', rules, level: 2 })).toThrow('"nesting level" works with nmcs, nrpa, not bfs');
    expect(() => checkSolveOptions({ method: 'nrpa', rules, clearedOnly: true })).toThrow(/^"accept only cleared boards" works with/);
    expect(() => checkSolveOptions({ method: 'bfs', rules, level: 2 }, flagOf)).toThrow('--level works with nmcs, nrpa, not bfs');
    expect(() => checkSolveOptions({ method: 'nrpa', rules, clearedOnly: false, first: false })).not.toThrow(); // switches off
    for (const setting of SOLVE_SETTINGS) {
      const method = SEARCH_METHODS.find((name) => !setting.methods.includes(name));
      if (method === undefined) continue;
      const value =
        setting.values.type === 'whole' ? setting.values.min : setting.values.type === 'switch' ? true : setting.values.choices[0];
      expect(() => solve(SameGameBoard.fromColumns([[0, 0]], 2, 2), { method, rules, [setting.name]: value, maxNodes: 10 })).toThrow(
        /^"[a-z ]+" works with/,
      );
    }
  });

  it('fixes the defaults the methods use, which the help states', () => {
    const fixed = SOLVE_SETTINGS.flatMap((setting) =>
      Object.entries(setting.defaults ?? {}).map(([method, value]) => ({ setting, method: method as SearchMethod, value })),
    );
    expect(fixed.map(({ setting, method, value }) => `${setting.name} ${method} ${value}`)).toEqual([
      'heuristic bestfirst h4',
      'level nmcs 2',
      'level nrpa 3',
      'iterations nrpa 100',
      'stabilization nrpa 1',
      'depth dls 10',
      'minDepth iddfs 1',
    ]);
    // Each method searches a small board to the end with the default given and not given; NRPA's
    // other setting is kept small, so that the search ends at once.
    const board = randomBoard(4, 3, 3, 1);
    const others: Partial<Record<string, Partial<SolveOptions>>> = {
      'level nrpa': { iterations: 3 },
      'iterations nrpa': { level: 1 },
      'stabilization nrpa': { level: 1, iterations: 3 },
    };
    const played = (options: Omit<SolveOptions, 'rules'>) => {
      const { score, moves, nodes } = solve(board, { ...options, rules });
      return { score, moves, nodes };
    };
    for (const { setting, method, value } of fixed) {
      expect(setting.help).toContain(String(value));
      const other = others[`${setting.name} ${method}`];
      expect(played({ method, ...other, [setting.name]: value })).toEqual(played({ method, ...other }));
    }
  });

  it('gives the command line its flags: -- and the name in kebab case', () => {
    expect(SOLVE_SETTINGS.map(flagOf)).toEqual([
      '--heuristic',
      '--level',
      '--iterations',
      '--stabilization',
      '--width',
      '--depth',
      '--min-depth',
      '--first',
      '--cleared-only',
    ]);
  });
});
