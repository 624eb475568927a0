import { availableParallelism } from 'node:os';
import { InvalidArgumentError, Option, type Command } from 'commander';
import { InputError } from '../core/errors.ts';
import { DEFAULT_THREAD_MEMORY_MB } from '../node/thread-limits.ts';
import { parseBoardSize } from '../tetris/board.ts';
import { DEFAULT_MOVE_TIME_LIMIT } from '../tetris-ai/agent-limits.ts';

/** Wraps a parser so that its InputError becomes commander's one-line "argument is invalid" report. */
export function optionParser<T>(parse: (text: string) => T): (text: string) => T {
  return (text) => {
    try {
      return parse(text);
    } catch (error) {
      if (error instanceof InputError) throw new InvalidArgumentError(error.message);
      throw error;
    }
  };
}

/** A parser for whole numbers within bounds, for numeric flags. */
export function integerIn(min: number, max: number): (text: string) => number {
  return optionParser((text) => {
    const value = Number(text);
    if (!/^\s*-?\d+\s*$/.test(text) || !Number.isSafeInteger(value) || value < min || value > max) {
      throw new InputError(`"${text}" is not a whole number from ${min} to ${max}`);
    }
    return value;
  });
}

export const boardSizeOption = optionParser(parseBoardSize);

/** `--agent-time-limit`, for the commands that play an agent in code or a program. */
export function agentTimeLimitOption(byDefault = DEFAULT_MOVE_TIME_LIMIT): Option {
  return new Option(
    '--agent-time-limit <ms>',
    `an agent in code or a program: milliseconds it may think over one move; past them its thread is stopped (a program is killed) and its game ends with the fault`,
  )
    .argParser(integerIn(1, 3_600_000))
    .default(byDefault, String(byDefault));
}

/**
 * The megabytes of memory `--agent-memory` may give: from about the least a program starts in, to 32 GB
 * (past which Node's limit of a thread's heap goes wrong: at 64 GB it is 48 MB).
 */
const AGENT_MEMORY_MB = { min: 16, max: 32_768 };

/** `--agent-memory`, for the commands that play an agent in code or a program. */
export function agentMemoryOption(): Option {
  return new Option(
    '--agent-memory <MB>',
    `an agent in code or a program: megabytes of memory it may use (the JavaScript heap of its thread; a program's data, on Linux); past them it is stopped and its game ends with the fault`,
  )
    .argParser(integerIn(AGENT_MEMORY_MB.min, AGENT_MEMORY_MB.max))
    .default(DEFAULT_THREAD_MEMORY_MB, String(DEFAULT_THREAD_MEMORY_MB));
}

/**
 * `--workers <k>`: worker threads, one per core of this machine by default (the help says so rather than
 * print this machine's number, so that the command reference is the same on every machine).
 */
export function workersOption(description: string): Option {
  return new Option('--workers <k>', description).argParser(integerIn(1, 256)).default(availableParallelism(), 'one per core');
}

/** What `--agent` takes, for the help of the commands that play one agent. */
export const AGENT_HELP =
  'a built-in agent (see `gridmind agents`), an agent JSON file, an agent in code (.js, .mjs, .ts, .mts) or a Python program (.py, run by $GRIDMIND_PYTHON, else python3): docs/own-agent.md';

/**
 * An option naming a program that plays over a pipe, run by `/bin/sh -c` (`--agent-command`,
 * `--vs-command`); `repeatable`: the option may be given again, and its value is the list (default none).
 */
export function agentCommandOption(flags: string, description: string, repeatable = false): Option {
  const command = optionParser((text) => {
    if (text.trim() === '') throw new InputError('the command is empty');
    return text;
  });
  const option = new Option(flags, `${description}: a program that plays over a pipe, run by /bin/sh -c (docs/own-agent.md)`);
  if (!repeatable) return option.argParser(command);
  return option.argParser((text: string, commands: string[]) => [...commands, command(text)]).default([], 'none');
}

/** `--board WxH` for the research protocol, 10x10 unless given. */
export function boardOption(): Option {
  return new Option('--board <WxH>', 'board size').argParser(boardSizeOption).default({ width: 10, height: 10 }, '10x10');
}

/** The flags of a command that lists stored runs. */
export interface RunsFlags {
  limit: number;
  json?: boolean;
}

/** Adds a command that lists stored runs, newest first (`list` prints them): `--limit N` (default 20) and `--json`. */
export function addRunsCommand(parent: Command, name: string, description: string, list: (flags: RunsFlags) => Promise<void>): void {
  parent
    .command(name)
    .description(description)
    .option('--limit <n>', 'how many', integerIn(1, 100_000), 20)
    .option('--json', 'print the stored runs as JSON')
    .action(list);
}

/** Writes a line of text to stdout. */
export function print(text: string): void {
  process.stdout.write(`${text}\n`);
}

/**
 * Until the returned function is called, Ctrl-C (SIGINT) or SIGTERM runs `stop` (which says what was
 * kept and closes what must be closed) and then exits with 128 + the signal's number (130 or 143).
 */
export function onInterrupt(stop: () => void): () => void {
  const handle = (signal: NodeJS.Signals) => {
    try {
      stop();
    } finally {
      process.exit(signal === 'SIGTERM' ? 143 : 130);
    }
  };
  process.on('SIGINT', handle);
  process.on('SIGTERM', handle);
  return () => {
    process.removeListener('SIGINT', handle);
    process.removeListener('SIGTERM', handle);
  };
}
