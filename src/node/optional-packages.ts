/**
 * The packages only some features use, which a project that installs Gridmind adds when it wants them
 * (package.json lists them as optional `peerDependencies`, which npm does not install by itself; a
 * checkout has them as development dependencies). Each feature loads its package when first used, and
 * where it is absent says which to add.
 */
import { createRequire } from 'node:module';
import { InputError, messageOf } from '../core/errors.ts';

/** Each optional package, with the version Gridmind is tested with (package.json `devDependencies`). */
export const OPTIONAL_PACKAGES = {
  /** The database: runs, high scores and tuning runs (`gridmind serve`, `bench`, `tune`, `runs`; `openDatabase`). */
  'better-sqlite3': '12.11.1',
  /** Work shared out over a Redis queue (`--queue`, `gridmind worker`, `gridmind queue`), with ioredis. */
  bullmq: '5.81.5',
  ioredis: '5.11.1',
  /** Agents and solvers written in TypeScript, loaded from their `.ts` files. */
  tsx: '4.23.15',
} as const;

export type OptionalPackage = keyof typeof OPTIONAL_PACKAGES;

/** The command that installs `packages` at their tested versions: `npm install bullmq@5.81.5 ioredis@5.11.1`. */
export function installCommand(packages: readonly OptionalPackage[]): string {
  return `npm install ${packages.map((name) => `${name}@${OPTIONAL_PACKAGES[name]}`).join(' ')}`;
}

/**
 * Which of `packages` the error of a failed `import` or `require` says is not installed, or undefined
 * for any other failure (one of their own dependencies missing, say, which is a broken install).
 */
function missingPackage(error: unknown, packages: readonly OptionalPackage[]): OptionalPackage | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  if (code !== 'ERR_MODULE_NOT_FOUND' && code !== 'MODULE_NOT_FOUND') return undefined;
  // Node says "Cannot find package 'bullmq' imported from …" (import) or "Cannot find module 'better-sqlite3'" (require).
  const named = /^Cannot find (?:package|module) '([^']+)'/.exec(messageOf(error))?.[1];
  return packages.find((name) => named === name || named?.startsWith(`${name}/`));
}

/** The error for a feature (`what`, as the subject of "needs") whose packages are not all installed. */
function notInstalled(what: string, packages: readonly OptionalPackage[]): InputError {
  const needed =
    packages.length === 1 ? `${packages[0]}, an optional package that is` : `${packages.join(' and ')}, optional packages that are`;
  return new InputError(`${what} needs ${needed} not installed: ${installCommand(packages)}`);
}

/**
 * `load()` (a dynamic import of a module that imports some of `packages`); when it fails because one of
 * them is not installed, an InputError saying that `what` needs them and how to add them.
 */
export async function importOptional<T>(load: () => Promise<T>, packages: readonly OptionalPackage[], what: string): Promise<T> {
  try {
    return await load();
  } catch (error) {
    if (missingPackage(error, packages) !== undefined) throw notInstalled(what, packages);
    throw error;
  }
}

const require = createRequire(import.meta.url);

/**
 * The CommonJS package `name`, loaded on first use (synchronously, for code that is); when it is not
 * installed, an InputError saying that `what` needs it and how to add it.
 */
export function requireOptional<T>(name: OptionalPackage, what: string): T {
  try {
    return require(name) as T;
  } catch (error) {
    if (missingPackage(error, [name]) !== undefined) throw notInstalled(what, [name]);
    throw error;
  }
}
