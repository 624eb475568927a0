/**
 * `npm run docs:commands` (also the first step of `npm run docs`): writes docs/commands.md, the reference of
 * every `gridmind` command, from the commands' own definitions. It builds the program as the CLI does
 * (`createProgram` in src/cli/program.ts) without running it, and walks it: each command's usage line,
 * description, arguments, options (flags, description, default, choices) and the notes its `--help` prints
 * after the options. test/docs/commands.test.ts renders it again and fails when docs/commands.md differs, so
 * the reference cannot drift from the commands: change a flag, then run `npm run docs:commands`.
 */
import type { EventEmitter } from 'node:events';
import { writeFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Help, type Argument, type Command, type Option } from 'commander';
import { createProgram } from '../src/cli/program.ts';

/** Where the reference is written. */
export const COMMAND_REFERENCE = fileURLToPath(new URL('../docs/commands.md', import.meta.url));

const help = new Help();

/** A command's full name, `gridmind samegame solve`. */
function fullName(command: Command): string {
  const names: string[] = [];
  for (let at: Command | null = command; at !== null; at = at.parent) names.unshift(at.name());
  return names.join(' ');
}

/** The anchor marked gives the heading `## gridmind samegame solve` (GitHub's is the same). */
const anchorOf = (command: Command) => fullName(command).replaceAll(' ', '-');

/** The subcommands `--help` lists, without commander's own `help` command. */
const subcommandsOf = (command: Command) => help.visibleCommands(command).filter((sub) => sub.name() !== 'help');

/** The options `--help` lists, without `-h, --help` and `-V, --version` (said once at the top). */
const optionsOf = (command: Command) =>
  help.visibleOptions(command).filter((option) => !['--help', '--version'].includes(option.long ?? ''));

/**
 * Text from a description as Markdown: code spans kept, and outside them the characters Markdown would
 * take for markup (`<n>` for a tag, `*` for emphasis…) escaped.
 */
function prose(text: string): string {
  return text
    .split(/(`[^`]*`)/)
    .map((part, index) => (index % 2 === 1 ? part : part.replace(/[\\*<>]/g, (character) => `\\${character}`)))
    .join('');
}

/** A value as inline code, with a fence long enough for backticks inside it. */
function code(text: string): string {
  const fence = '`'.repeat(Math.max(0, ...[...text.matchAll(/`+/g)].map((run) => run[0].length)) + 1);
  return text.startsWith('`') || text.endsWith('`') ? `${fence} ${text} ${fence}` : `${fence}${text}${fence}`;
}

/** A default as the reference shows it: a word as it is typed, an empty list as none, anything else as JSON. */
const valueText = (value: unknown) =>
  typeof value === 'string' && value !== '' ? value : Array.isArray(value) && value.length === 0 ? 'none' : JSON.stringify(value);

/** What `--help` shows as an option's default (commander's own rule: not for a flag with no value, nor a `--no-` flag). */
function defaultOf(option: Option): string | null {
  if (option.defaultValue === undefined) return null;
  const shown = option.required || option.optional || (option.isBoolean() && typeof option.defaultValue === 'boolean' && !option.negate);
  if (!shown) return null;
  return option.defaultValueDescription ?? valueText(option.defaultValue);
}

/** The extras of an option or argument: its choices, default, and whether it must be given. */
function extras(item: Option | Argument, defaultValue: string | null, mandatory: boolean): string {
  const parts: string[] = [];
  if (mandatory) parts.push('required');
  if (item.argChoices) parts.push(`one of ${item.argChoices.map(code).join(', ')}`);
  if (defaultValue !== null) parts.push(`default ${code(defaultValue)}`);
  return parts.length === 0 ? '' : ` (${parts.join('; ')})`;
}

function optionLine(option: Option): string {
  return `- ${code(option.flags)}: ${prose(option.description)}${extras(option, defaultOf(option), option.mandatory)}`;
}

function argumentLine(argument: Argument): string {
  const defaultValue = argument.defaultValue === undefined ? null : (argument.defaultValueDescription ?? valueText(argument.defaultValue));
  const term = help.argumentTerm(argument);
  return `- ${code(term)}: ${prose(argument.description)}${extras(argument, defaultValue, false)}`;
}

/** The text a command's `--help` prints after its options (`addHelpText('after', …)`), trimmed. */
function notesOf(command: Command): string {
  let text = '';
  const context = { error: false, command, write: (part: string) => (text += part) };
  // commander's Command is an EventEmitter (its types do not say so): `addHelpText` listens for 'afterHelp'.
  for (const listener of (command as unknown as EventEmitter).listeners('afterHelp')) (listener as (context: unknown) => void)(context);
  return text.trim();
}

/** A command's section and then its subcommands', depth first. */
function sections(command: Command, depth: number): string[] {
  const lines = [`${'#'.repeat(Math.min(depth, 4))} ${fullName(command)}`, '', prose(command.description()), ''];
  lines.push(`Usage: ${code(help.commandUsage(command))}`, '');
  const commandArguments = help.visibleArguments(command);
  if (commandArguments.length > 0) lines.push('Arguments:', '', ...commandArguments.map(argumentLine), '');
  const options = optionsOf(command);
  if (options.length > 0) lines.push('Options:', '', ...options.map(optionLine), '');
  const subcommands = subcommandsOf(command);
  if (subcommands.length > 0) {
    lines.push('Commands:', '');
    for (const sub of subcommands)
      lines.push(`- [${code(fullName(sub))}](#${anchorOf(sub)}): ${prose(sub.summary() || sub.description())}`);
    lines.push('');
  }
  const notes = notesOf(command);
  if (notes !== '') lines.push(...notes.split('\n').map(prose), '');
  return [...lines, ...subcommands.flatMap((sub) => sections(sub, depth + 1))];
}

/** docs/commands.md as it should be: every command of `program` (by default the CLI's own). */
export function commandReference(program: Command = createProgram()): string {
  const commands = subcommandsOf(program);
  const lines = [
    '---',
    'title: Command reference',
    '---',
    '',
    '# Command reference',
    '',
    '<!-- Written by scripts/command-reference.ts from the commands\u2019 definitions in src/cli/: do not edit; run `npm run docs:commands`. -->',
    '',
    `Every command of \`${program.name()}\`, with its arguments and options, as its \`--help\` gives them. ${prose(program.description())}.`,
    'Every command also takes `-h, --help` (its help) and `gridmind --version` prints the version. A flag with a value is',
    'given as `--flag value` or `--flag=value`.',
    '',
    ...commands.map(
      (command) => `- [${code(fullName(command))}](#${anchorOf(command)}): ${prose(command.summary() || command.description())}`,
    ),
    '',
    ...commands.flatMap((command) => sections(command, 2)),
  ];
  return `${lines.join('\n').trimEnd()}\n`;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  writeFileSync(COMMAND_REFERENCE, commandReference());
  process.stdout.write(`docs:commands: wrote ${COMMAND_REFERENCE}\n`);
}
