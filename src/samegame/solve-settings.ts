/** The settings of a SameGame solve that only some methods take, as the solver, the command line and the web app name them. */
import { SEARCH_SETTINGS, SYSTEMATIC_METHODS, type MethodSetting, type SearchMethod, type SearchSettingName } from '../search/settings.ts';
import { HEURISTICS, type HeuristicName } from './heuristic-names.ts';

export type SolveSettingName = SearchSettingName | 'heuristic' | 'clearedOnly';

/** The heuristic a method uses when none is given: best-first needs one; the others go without. */
export const DEFAULT_HEURISTIC: Readonly<Partial<Record<SearchMethod, HeuristicName>>> = { bestfirst: 'h4' };

/** The settings only some methods take: the move heuristic and the goal, and the generic methods' own. */
export const SOLVE_SETTINGS: readonly MethodSetting<SolveSettingName>[] = [
  {
    name: 'heuristic',
    label: 'heuristic',
    methods: ['dfs', 'dls', 'iddfs', 'bestfirst', 'beam'],
    values: { type: 'choice', choices: HEURISTICS },
    help: 'move heuristic h1-h4: orders dfs/dls/iddfs, ranks beam, prioritises bestfirst (default: h4 for bestfirst; none for the others, beam then ranks by score)',
    defaults: DEFAULT_HEURISTIC,
  },
  ...SEARCH_SETTINGS,
  {
    name: 'clearedOnly',
    label: 'accept only cleared boards',
    methods: [...SYSTEMATIC_METHODS, 'beam'],
    values: { type: 'switch' },
    help: 'only accept games that clear the board (bfs, dfs, dls, iddfs, bestfirst, beam)',
  },
];
