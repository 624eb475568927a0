import type { SolveSettingName } from '../../../src/samegame/solve-settings.ts';
import type { MethodSetting, SearchMethod } from '../../../src/search/index.ts';
import { settingsOf, type MethodSettingValues } from './method-settings.ts';

/** A label's words: the setting's label with a capital. */
const title = (setting: MethodSetting) => setting.label.charAt(0).toUpperCase() + setting.label.slice(1);

/**
 * The fields of the settings the chosen method takes, made from the solver's table: a choice is a
 * select (with "none" where the method may go without), a whole number a field left empty for the
 * method's default (shown when the table fixes one), a switch a checkbox.
 */
export function MethodSettingsFields({
  method,
  values,
  disabled,
  onChange,
}: {
  method: SearchMethod;
  values: MethodSettingValues;
  disabled: boolean;
  onChange: (values: MethodSettingValues) => void;
}) {
  const set = (name: SolveSettingName, value: unknown) => onChange({ ...values, [name]: value });
  return (
    <div class="row method-settings" data-testid="sg-method-settings">
      {settingsOf(method).map((setting) => {
        const { name, values: kind } = setting;
        const testId = `sg-setting-${name}`;
        const fallback = setting.defaults?.[method];
        if (kind.type === 'switch') {
          return (
            <label key={name} class="switch">
              <input
                type="checkbox"
                checked={values[name] === true}
                disabled={disabled}
                onChange={(event) => set(name, event.currentTarget.checked)}
                data-testid={testId}
              />
              {title(setting)}
            </label>
          );
        }
        if (kind.type === 'choice') {
          return (
            <label key={name}>
              {title(setting)}
              <select
                value={String(values[name] ?? fallback ?? '')}
                disabled={disabled}
                onChange={(event) => set(name, event.currentTarget.value || undefined)}
                data-testid={testId}
              >
                {fallback === undefined && <option value="">none</option>}
                {kind.choices.map((choice) => (
                  <option key={choice}>{choice}</option>
                ))}
              </select>
            </label>
          );
        }
        return (
          <label key={name}>
            {title(setting)}
            <input
              type="number"
              min={kind.min}
              max={kind.max}
              placeholder={fallback === undefined ? 'default' : `default ${fallback}`}
              value={values[name] === undefined ? '' : String(values[name])}
              disabled={disabled}
              onChange={(event) => {
                const text = event.currentTarget.value.trim();
                const typed = Math.round(Number(text));
                set(name, text === '' || !Number.isFinite(typed) ? undefined : Math.max(kind.min, Math.min(kind.max, typed)));
              }}
              data-testid={testId}
            />
          </label>
        );
      })}
    </div>
  );
}
