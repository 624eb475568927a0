/**
 * Users' modules of code (an agent, a solver): JavaScript or TypeScript files Gridmind imports by path.
 *
 * Node reads a `.js` file as an ES module in a package of `"type": "module"` and as CommonJS in any other
 * (a project made by `npm init -y` is `"type": "commonjs"`); `.mjs` is always an ES module. TypeScript
 * is compiled by tsx (an optional package) the same way: a `.ts` file of a CommonJS package becomes
 * CommonJS, its `export default` the `default` of its exports, which is what Gridmind takes.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { InputError } from '../core/errors.ts';
import { fileProblem } from './files.ts';
import { importOptional } from './optional-packages.ts';

/** Whether a name on the command line is a module of code (.js, .mjs, .ts, .mts) rather than a name or a JSON file. */
export function isCodeModule(nameOrPath: string): boolean {
  return /\.(m?js|m?ts)$/.test(nameOrPath);
}

/** A module in TypeScript: imported through tsx, wherever Gridmind runs from (compiled, or its sources under tsx or vitest). */
async function importTypeScript(url: string): Promise<Record<string, unknown>> {
  const { tsImport } = await importOptional(() => import('tsx/esm/api'), ['tsx'], 'a module in TypeScript');
  return (await tsImport(url, import.meta.url)) as Record<string, unknown>;
}

/** The default export of an imported module, also of one in ES module syntax that was compiled to CommonJS. */
function defaultExport(module: Record<string, unknown>): unknown {
  const exported = module.default as { __esModule?: unknown; default?: unknown } | null | undefined;
  return typeof exported === 'object' && exported !== null && exported.__esModule === true ? exported.default : exported;
}

/** The package.json that says how Node reads `file` (the nearest above it), or undefined when there is none. */
function packageFileOf(file: string): string | undefined {
  for (let folder = dirname(resolve(file)); ; folder = dirname(folder)) {
    const candidate = join(folder, 'package.json');
    if (existsSync(candidate)) return candidate;
    if (dirname(folder) === folder) return undefined;
  }
}

/** Whether `file`'s package has Node read its `.js` files as ES modules. */
function isModulePackage(file: string): boolean {
  const packageFile = packageFileOf(file);
  if (packageFile === undefined) return false;
  try {
    return (JSON.parse(readFileSync(packageFile, 'utf8')) as { type?: unknown }).type === 'module';
  } catch {
    return false;
  }
}

/** ES module syntax at the start of a line: `import … from …`, `import '…'` or `export …` (not `import(…)`). */
const MODULE_SYNTAX = /^\s*(?:import\s*[\w{*'"]|export\s)/m;

/**
 * What to change when `file` is a `.js` file in ES module syntax that Node would read as CommonJS (Node
 * itself says only "Unexpected token 'export'"); undefined when it is not.
 */
function esModuleInCommonJs(file: string): string | undefined {
  if (!file.endsWith('.js') || isModulePackage(file)) return undefined;
  let source: string;
  try {
    source = readFileSync(file, 'utf8');
  } catch {
    return undefined; // Node's own error says what is wrong with the file
  }
  if (!MODULE_SYNTAX.test(source)) return undefined;
  const packageFile = packageFileOf(file) ?? 'a package.json beside it';
  return `it is written as an ES module (import, export), which Node reads only from a .mjs file or from a package of "type": "module": rename it to ${file.replace(/\.js$/, '.mjs')}, or set "type": "module" in ${packageFile}`;
}

/** A module's default export; a module that cannot be loaded is an InputError naming it as `what` (`the agent module`). */
export async function importDefault(file: string, what: string): Promise<unknown> {
  const cannotLoad = (why: string) => new InputError(`cannot load ${what} ${file}: ${why}`);
  let isFile: boolean;
  try {
    isFile = statSync(file).isFile();
  } catch (error) {
    throw cannotLoad(fileProblem(error));
  }
  if (!isFile) throw cannotLoad('it is a folder, not a file');
  const mismatch = esModuleInCommonJs(file);
  if (mismatch !== undefined) throw cannotLoad(mismatch);
  const url = pathToFileURL(resolve(file)).href;
  try {
    return defaultExport(/\.m?ts$/.test(file) ? await importTypeScript(url) : ((await import(url)) as Record<string, unknown>));
  } catch (error) {
    throw cannotLoad((error as Error).message.split('\n')[0]);
  }
}
