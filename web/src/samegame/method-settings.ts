import { SOLVE_SETTINGS, type SolveOptions, type SolveSettingName } from '../../../src/samegame/solver.ts';
import { describeSetting, type MethodSetting, type SearchMethod } from '../../../src/search/index.ts';

/** The values chosen for the settings only some methods take (absent: the method's default). */
export type MethodSettingValues = Partial<Pick<SolveOptions, SolveSettingName>>;

/** The settings of the table that `method` takes, in the table's order. */
export function settingsOf(method: SearchMethod): readonly MethodSetting<SolveSettingName>[] {
  return SOLVE_SETTINGS.filter((setting) => setting.methods.includes(method));
}

/** The chosen values `method` takes: what the solver is given (it refuses the others). */
export function valuesFor(method: SearchMethod, values: MethodSettingValues): MethodSettingValues {
  const taken: Record<string, unknown> = {};
  for (const { name } of settingsOf(method)) if (values[name] !== undefined && values[name] !== false) taken[name] = values[name];
  return taken as MethodSettingValues;
}

/** The method and the values it is given, for the status line: "beam (heuristic h4, beam width 3)". */
export function describeMethod(method: SearchMethod, values: MethodSettingValues): string {
  const given = settingsOf(method).flatMap((setting) => {
    const value = values[setting.name];
    if (value === undefined || value === false) return [];
    return [describeSetting(setting, value)];
  });
  return given.length === 0 ? method : `${method} (${given.join(', ')})`;
}
