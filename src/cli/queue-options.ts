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
