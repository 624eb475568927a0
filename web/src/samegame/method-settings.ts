import { SOLVE_SETTINGS, type SolveSettingName } from '../../../src/samegame/solve-settings.ts';
import type { SolveOptions } from '../../../src/samegame/solver.ts';
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

/** Whether `value` is one the setting takes: a choice of its list, a whole number in its range, or a switch's true or false. */
function fits(setting: MethodSetting, value: unknown): boolean {
  const kind = setting.values;
  if (kind.type === 'switch') return typeof value === 'boolean';
  if (kind.type === 'choice') return typeof value === 'string' && kind.choices.includes(value);
  return Number.isInteger(value) && (value as number) >= kind.min && (value as number) <= kind.max;
}

/**
 * The values of a stored set of method settings (from local storage: anything at all) that the
 * solver's table takes, each under its name; any other entry is dropped.
 */
export function restoredMethodSettings(stored: unknown): MethodSettingValues {
  if (typeof stored !== 'object' || stored === null || Array.isArray(stored)) return {};
  const entries = stored as Record<string, unknown>;
  const taken: Record<string, unknown> = {};
  for (const setting of SOLVE_SETTINGS) if (fits(setting, entries[setting.name])) taken[setting.name] = entries[setting.name];
  return taken as MethodSettingValues;
}
