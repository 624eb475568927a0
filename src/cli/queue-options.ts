import { Option, type Command } from 'commander';
import { InputError } from '../core/errors.ts';
import { optionParser } from './options.ts';

/** A `redis://[user:password@]HOST:PORT[/db]` address, checked before anything connects. */
export const redisUrlOption = optionParser((text: string) => {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new InputError(`"${text}" is not a Redis address: write redis://HOST:PORT, for example redis://localhost:6379`);
  }
  if (url.protocol !== 'redis:' || url.hostname === '' || !/^\/?\d*$/.test(url.pathname)) {
    throw new InputError(`"${text}" is not a Redis address: write redis://HOST:PORT, for example redis://localhost:6379`);
  }
  return text;
});

/** The `--queue` option of the commands whose work `gridmind worker` processes can do. */
export function queueOption(work: string): Option {
  return new Option('--queue <url>', `${work} on \`gridmind worker\` processes through BullMQ on Redis: redis://HOST:PORT`).argParser(
    redisUrlOption,
  );
}

/** Says on stderr that `--workers` given with `--queue` is not used here. */
export function warnOfIgnoredWorkers(command: Command, queue: string | undefined): void {
  if (queue !== undefined && command.getOptionValueSource('workers') === 'cli') {
    process.stderr.write('gridmind: --workers is ignored with --queue: each `gridmind worker` takes its own --workers\n');
  }
}
