/**
 * The settings only some search methods take, described once: which methods take each, what it is in
 * words, its values and its command-line help. The solver checks options against this table, the
 * command line makes its flags from it (`--` and the name in kebab case) and the web app its fields.
 */
import { parseName } from '../core/names.ts';

/** The search methods, by the names the command line, the solver and the web app give them. */
export const SEARCH_METHODS = ['nrpa', 'nmcs', 'beam', 'bestfirst', 'bfs', 'dfs', 'dls', 'iddfs'] as const;
export type SearchMethod = (typeof SEARCH_METHODS)[number];

export function parseSearchMethod(text: string): SearchMethod {
  return parseName(SEARCH_METHODS, 'search method', text);
}

/** The systematic methods (breadth-first, depth-first and their kin): they can take a goal and stop at the first solution. */
export const SYSTEMATIC_METHODS: readonly SearchMethod[] = ['bestfirst', 'bfs', 'dfs', 'dls', 'iddfs'];

/** What values a setting takes. */
export type SettingValues =
  | { readonly type: 'whole'; readonly min: number; readonly max: number }
  | { readonly type: 'switch' }
  | { readonly type: 'choice'; readonly choices: readonly string[] };

export interface MethodSetting<Name extends string = string> {
  /** Its name among the solver's options. */
  readonly name: Name;
  /** What it is, in words, for people: a field's label (a switch's says what it does when on), and error messages. */
  readonly label: string;
  readonly methods: readonly SearchMethod[];
  readonly values: SettingValues;
  /** What the command line's help says of it: the methods, the meaning and the default. */
  readonly help: string;
  /**
   * The value each method uses when the setting is not given, for the methods where it is a fixed one
   * (the others go without, or derive it from the problem or the budget, as `help` says).
   */
  readonly defaults?: Readonly<Partial<Record<SearchMethod, number | string>>>;
}

export type SearchSettingName = 'level' | 'iterations' | 'stabilization' | 'width' | 'depth' | 'minDepth' | 'first';

/**
 * The generic methods' fixed defaults, by setting and method; the methods take them from here. Beam's
 * width has none (it widens 1, 2, 4, … while the budget lasts), nor IDDFS's last limit (the problem's
 * longest game).
 */
export const SEARCH_DEFAULTS = {
  level: { nmcs: 2, nrpa: 3 },
  iterations: { nrpa: 100 },
  stabilization: { nrpa: 1 },
  depth: { dls: 10 },
  minDepth: { iddfs: 1 },
} as const satisfies Partial<Record<SearchSettingName, Partial<Record<SearchMethod, number>>>>;

/** The generic methods' own settings (see `MethodSettings` for their meaning). */
export const SEARCH_SETTINGS: readonly MethodSetting<SearchSettingName>[] = [
  {
    name: 'level',
    label: 'nesting level',
    methods: ['nmcs', 'nrpa'],
    values: { type: 'whole', min: 1, max: 6 },
    help: 'nmcs and nrpa: nesting level (default nmcs 2, nrpa 3)',
    defaults: SEARCH_DEFAULTS.level,
  },
  {
    name: 'iterations',
    label: 'iterations per level',
    methods: ['nrpa'],
    values: { type: 'whole', min: 1, max: 1_000_000 },
    help: 'nrpa: iterations per level (default 100)',
    defaults: SEARCH_DEFAULTS.iterations,
  },
  {
    name: 'stabilization',
    label: 'playouts per step',
    methods: ['nrpa'],
    values: { type: 'whole', min: 1, max: 1000 },
    help: 'nrpa: playouts per level-1 step under one policy, the best adapted to (Stabilized NRPA; default 1)',
    defaults: SEARCH_DEFAULTS.stabilization,
  },
  {
    name: 'width',
    label: 'beam width',
    methods: ['beam'],
    values: { type: 'whole', min: 1, max: 1_000_000 },
    help: 'beam: width (default 1, 2, 4, ... while the budget of time or nodes lasts)',
  },
  {
    name: 'depth',
    label: 'depth limit',
    methods: ['dls', 'iddfs'],
    values: { type: 'whole', min: 0, max: 2500 },
    help: 'dls: depth limit (default 10); iddfs: the last limit tried',
    defaults: SEARCH_DEFAULTS.depth,
  },
  {
    name: 'minDepth',
    label: 'first depth limit',
    methods: ['iddfs'],
    values: { type: 'whole', min: 0, max: 2500 },
    help: 'iddfs: the first limit tried (default 1)',
    defaults: SEARCH_DEFAULTS.minDepth,
  },
  {
    name: 'first',
    label: 'stop at the first solution',
    methods: SYSTEMATIC_METHODS,
    values: { type: 'switch' },
    help: 'stop at the first solution instead of searching on for the best (bfs, dfs, dls, iddfs, bestfirst)',
  },
];

/**
 * Why `method` cannot take a setting that was given (a switch given off counts as not given), in
 * words naming the setting as `name` does (default: its label, quoted), or null when it can.
 */
export function settingRefusal(
  setting: MethodSetting,
  method: SearchMethod,
  value: unknown,
  name: (setting: MethodSetting) => string = (described) => `"${described.label}"`,
): string | null {
  if (value === undefined || value === false || setting.methods.includes(method)) return null;
  return `${name(setting)} works with ${setting.methods.join(', ')}, not ${method}`;
}

/** A setting given a value, in words: "nesting level 2"; a switch on, by its label alone. */
export function describeSetting(setting: MethodSetting, value: unknown): string {
  return setting.values.type === 'switch' ? setting.label : `${setting.label} ${value}`;
}
