import { SCORINGS, SHIFTS } from '../../../src/samegame/rules/options.ts';
import { SEARCH_METHODS } from '../../../src/search/index.ts';
import { useStoredState } from '../stored-state.ts';
import { restoredMethodSettings } from './method-settings.ts';
import { DEFAULT_SETTINGS, type SameGameSettings } from './session.ts';

/**
 * The SameGame page's settings kept across reloads (local storage, stored-state.ts): the board's and
 * the AI's as the page last had them, the shapes switch and the name scores are saved under. The method
 * settings are kept apart, as their fields depend on the method (method-settings.ts reads them back).
 */
export function useStoredSameGameSettings(): {
  /** The settings the page starts with: the stored ones, each checked, else the defaults. */
  readonly initial: SameGameSettings;
  readonly store: (settings: SameGameSettings) => void;
  readonly shapes: boolean;
  readonly setShapes: (shapes: boolean) => void;
  readonly name: string;
  readonly setName: (name: string) => void;
} {
  const [settings, storeSettings] = useStoredState('samegame-settings', DEFAULT_SETTINGS);
  const [methodSettings, storeMethodSettings] = useStoredState<unknown>('samegame-method-settings', null);
  const [shapes, setShapes] = useStoredState('samegame-shapes', false);
  const [name, setName] = useStoredState('samegame-name', 'Player');
  const { scoring, shift } = settings.rules;
  const initial: SameGameSettings = {
    ...settings,
    method: SEARCH_METHODS.includes(settings.method) ? settings.method : DEFAULT_SETTINGS.method,
    rules: { scoring: SCORINGS.includes(scoring) ? scoring : 'standard', shift: SHIFTS.includes(shift) ? shift : 'left' },
    methodSettings: methodSettings === null ? DEFAULT_SETTINGS.methodSettings : restoredMethodSettings(methodSettings),
  };
  const store = (next: SameGameSettings) => {
    storeSettings(next);
    storeMethodSettings(next.methodSettings);
  };
  return { initial, store, shapes, setShapes, name, setName };
}
