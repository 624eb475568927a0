import { readFileSync } from 'node:fs';
import { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { COMMAND_REFERENCE, commandReference } from '../../scripts/command-reference.ts';
import { createProgram } from '../../src/cli/program.ts';

describe('the command reference (docs/commands.md)', () => {
  it('is what the commands’ own definitions give', () => {
    const written = readFileSync(COMMAND_REFERENCE, 'utf8');
    // A message rather than a diff of 400 lines: the fix is always the same.
    expect(written === commandReference(), 'the command reference is out of date: run npm run docs:commands').toBe(true);
  });

  it('has a section for every command and every visible option of each', () => {
    const reference = commandReference();
    const walk = (command: Command, name: string): void => {
      for (const sub of command.commands.filter((sub) => sub.name() !== 'help')) {
        const full = `${name} ${sub.name()}`;
        const section = reference.split(new RegExp(`^#+ ${full}$`, 'm'))[1]?.split(/^#+ /m)[0];
        expect(section, full).toBeDefined();
        for (const option of sub.options.filter((option) => !option.hidden))
          expect(section, `${full} ${option.flags}`).toContain(option.flags);
        walk(sub, full);
      }
    };
    walk(createProgram(), 'gridmind');
  });

  it('fails when a command changes: a new option, a changed default, a changed description', () => {
    const changed = [
      (program: Command) => program.commands.find((command) => command.name() === 'play')!.option('--fresh-flag', 'a flag the file lacks'),
      (program: Command) =>
        program.commands
          .find((command) => command.name() === 'bench')!
          .options.find((option) => option.long === '--games')!
          .default(7),
      (program: Command) => program.commands.find((command) => command.name() === 'replay')!.description('plays a replay'),
    ];
    const written = readFileSync(COMMAND_REFERENCE, 'utf8');
    for (const change of changed) {
      const program = createProgram();
      change(program);
      expect(commandReference(program)).not.toBe(written);
    }
  });

  it('shows defaults that are the same on every machine (the cores are "one per core", not this machine’s count)', () => {
    expect(commandReference()).toMatch(/`--workers <k>`: .*\(default `one per core`\)/);
  });
});
