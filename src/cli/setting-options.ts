import type { Command } from 'commander';
import { parseName } from '../core/names.ts';
import type { MethodSetting } from '../search/index.ts';
import { integerIn, optionParser } from './options.ts';

/** A setting's flag: `--` and its name in kebab case (`minDepth`: `--min-depth`). */
export function flagOf(setting: MethodSetting): string {
  return `--${setting.name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}`;
}

/** Adds a flag for each setting of the table: a switch, a whole number (`<n>`) or a choice (`<` its initial `>`). */
export function addSettingOptions(command: Command, settings: readonly MethodSetting[]): Command {
  for (const setting of settings) {
    const { values } = setting;
    if (values.type === 'switch') command.option(flagOf(setting), setting.help);
    else if (values.type === 'whole') command.option(`${flagOf(setting)} <n>`, setting.help, integerIn(values.min, values.max));
    else {
      const parse = optionParser((text: string) => parseName(values.choices, setting.label, text));
      command.option(`${flagOf(setting)} <${setting.name[0]}>`, setting.help, parse);
    }
  }
  return command;
}

/** The values the flags give the table's settings (a switch left off, or a setting not given, is absent). */
export function settingValues<Name extends string, Flags extends Partial<Record<Name, unknown>>>(
  flags: Flags,
  settings: readonly MethodSetting<Name>[],
): Pick<Flags, Name> {
  const given: Partial<Record<Name, unknown>> = {};
  for (const { name } of settings) {
    const value = flags[name];
    if (value !== undefined && value !== false) given[name] = value;
  }
  return given as Pick<Flags, Name>;
}
