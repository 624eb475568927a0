/**
 * Users' modules of code (an agent, a solver): JavaScript or TypeScript files Gridmind imports by path.
 */
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { InputError } from './errors.ts';
import { importOptional } from './optional-packages.ts';

/** Whether a name on the command line is a module of code (.js, .mjs, .ts, .mts) rather than a name or a JSON file. */
export function isCodeModule(nameOrPath: string): boolean {
  return /\.(m?js|m?ts)$/.test(nameOrPath);
}

let typeScriptLoader: Promise<void> | undefined;

/**
 * Makes a module in TypeScript importable: compiled Gridmind (dist/) runs without a TypeScript loader, so
 * tsx's is registered, once per thread, for the first module in TypeScript. From the sources (under tsx
 * or vitest) a loader is already there. tsx is an optional package: where it is not installed, this
 * fails with an InputError that says how to add it.
 */
function readyForTypeScript(file: string): Promise<void> {
  if (!/\.m?ts$/.test(file) || import.meta.url.endsWith('.ts')) return Promise.resolve();
  typeScriptLoader ??= importOptional(() => import('tsx/esm/api'), ['tsx'], 'a module in TypeScript').then(
    ({ register }) => void register(),
  );
  return typeScriptLoader;
}

/** A module's default export; a module that cannot be loaded is an InputError naming it as `what` (`the agent module`). */
export async function importDefault(file: string, what: string): Promise<unknown> {
  try {
    await readyForTypeScript(file);
    return ((await import(pathToFileURL(resolve(file)).href)) as { default?: unknown }).default;
  } catch (error) {
    throw new InputError(`cannot load ${what} ${file}: ${(error as Error).message.split('\n')[0]}`);
  }
}
