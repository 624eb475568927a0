/**
 * `npm run api-report`: writes the public API of each of the package's entry points (package.json
 * `exports`) to `api/<entry>.api.md`: every name the entry point exports, in order of name, with its
 * kind and its declaration as a user's compiler sees it (the `.d.ts` TypeScript writes for it, without
 * comments, bodies or private members; inferred types written out). `test/package/api-report.test.ts`
 * makes the reports again and fails when they differ from the committed files, so that a change to what
 * the package shows is a diff someone reviews.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import ts from 'typescript';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
/** Where the reports are kept. */
export const API_FOLDER = join(ROOT, 'api');

/** An entry point: its import name (`gridmind/tetris`), its source and its report's file. */
export interface EntryPoint {
  readonly name: string;
  readonly source: string;
  readonly report: string;
}

/** The package's entry points, from package.json `exports` (`./dist/package/tetris.js` is built from `src/package/tetris.ts`). */
export function entryPoints(): EntryPoint[] {
  const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { exports: Record<string, unknown> };
  return Object.entries(manifest.exports).flatMap(([path, target]) => {
    if (typeof target !== 'object' || target === null || !('default' in target)) return [];
    const built = String(target.default);
    const base = /^\.\/dist\/package\/([\w-]+)\.js$/.exec(built)?.[1];
    if (base === undefined) throw new Error(`api-report: the entry point ${path} is not built from src/package (${built})`);
    return [
      {
        name: path === '.' ? 'gridmind' : `gridmind/${path.slice(2)}`,
        source: join(ROOT, 'src', 'package', `${base}.ts`),
        report: join(API_FOLDER, `${path === '.' ? 'gridmind' : `gridmind-${path.slice(2)}`}.api.md`),
      },
    ];
  });
}

/** The compiler's options for the package's build (tsconfig.build.json), writing declarations only, with no comments. */
function compilerOptions(): ts.CompilerOptions {
  const config = ts.getParsedCommandLineOfConfigFile(
    join(ROOT, 'tsconfig.build.json'),
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
        throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
      },
    },
  );
  if (config === undefined) throw new Error('api-report: cannot read tsconfig.build.json');
  return {
    ...config.options,
    noEmit: false,
    declaration: true,
    emitDeclarationOnly: true,
    removeComments: true,
    incremental: false,
    tsBuildInfoFile: undefined,
    sourceMap: false,
    declarationMap: false,
  };
}

/** One exported name's part of a report. */
interface Entry {
  readonly name: string;
  readonly kind: string;
  readonly text: string;
}

const KINDS: [ts.SyntaxKind, string][] = [
  [ts.SyntaxKind.ClassDeclaration, 'class'],
  [ts.SyntaxKind.InterfaceDeclaration, 'interface'],
  [ts.SyntaxKind.TypeAliasDeclaration, 'type'],
  [ts.SyntaxKind.FunctionDeclaration, 'function'],
  [ts.SyntaxKind.EnumDeclaration, 'enum'],
  [ts.SyntaxKind.ModuleDeclaration, 'namespace'],
  [ts.SyntaxKind.VariableStatement, 'const'],
];

/** A statement's declared name (the first of a variable statement, which Gridmind declares one at a time). */
function declaredName(statement: ts.Statement): string | undefined {
  if (ts.isVariableStatement(statement)) {
    const names = statement.declarationList.declarations.map((declaration) => declaration.name.getText());
    if (names.length !== 1) throw new Error(`api-report: a statement declares ${names.length} names: ${names.join(', ')}`);
    return names[0];
  }
  const name = (statement as ts.Statement & { name?: ts.Node }).name;
  return name !== undefined && ts.isIdentifier(name) ? name.text : undefined;
}

/** A declaration of a `.d.ts` as the report shows it: no `export`/`declare`, no private member, indented by two. */
function printed(statement: ts.Statement): string {
  return statement
    .getText()
    .split('\n')
    .filter((line) => !/^\s+(private |#private;)/.test(line))
    .map((line) => line.replace(/^(    )+/, (indent) => ' '.repeat(indent.length / 2)))
    .join('\n')
    .replace(/^(export )?(declare )?/, '');
}

/**
 * The reports of every entry point, by entry point, made from the sources: the text of each
 * `api/<entry>.api.md` as `npm run api-report` writes it.
 */
export function apiReports(entries: readonly EntryPoint[] = entryPoints()): Map<EntryPoint, string> {
  const program = ts.createProgram(
    entries.map((entry) => entry.source),
    compilerOptions(),
  );
  const problems = ts.getPreEmitDiagnostics(program);
  if (problems.length > 0) {
    const host = { getCanonicalFileName: (name: string) => name, getCurrentDirectory: () => ROOT, getNewLine: () => '\n' };
    throw new Error(`api-report: the package does not compile:\n${ts.formatDiagnostics(problems, host)}`);
  }
  const declarations = new Map<string, ts.SourceFile>();
  program.emit(undefined, (fileName, text, _bom, _onError, sources) => {
    for (const source of sources ?? [])
      declarations.set(source.fileName, ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true));
  });
  const checker = program.getTypeChecker();
  const bySource = new Map(entries.map((entry) => [entry.source, entry]));

  /** The statements of the `.d.ts` of `source` that declare `name`, in order (overloads, merged declarations). */
  function declarationsOf(source: ts.SourceFile, name: string): ts.Statement[] {
    const dts = declarations.get(source.fileName);
    if (dts === undefined) throw new Error(`api-report: no declarations were written for ${relative(ROOT, source.fileName)}`);
    return dts.statements.filter((statement) => declaredName(statement) === name);
  }

  function describe(exported: ts.Symbol): Entry {
    const name = exported.name;
    const symbol = exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
    const sources = [...new Set((symbol.declarations ?? []).map((declaration) => declaration.getSourceFile()))];
    const module = symbol.valueDeclaration;
    if (module !== undefined && ts.isSourceFile(module)) {
      const entry = bySource.get(module.fileName);
      if (entry === undefined)
        throw new Error(`api-report: ${name} is a whole module (${relative(ROOT, module.fileName)}), not an entry point`);
      return { name, kind: 'namespace', text: `export * as ${name} from '${entry.name}';` };
    }
    const statements = sources.flatMap((source) => declarationsOf(source, symbol.name));
    if (statements.length === 0) throw new Error(`api-report: found no declaration of ${name}`);
    const kinds = [...new Set(statements.map((statement) => KINDS.find(([kind]) => kind === statement.kind)?.[1] ?? 'declaration'))];
    const texts = statements.map(printed);
    const renamed = symbol.name === name ? '' : `// exported as ${name}\n`;
    return { name, kind: kinds.join(', '), text: renamed + texts.join('\n') };
  }

  const reports = new Map<EntryPoint, string>();
  for (const entry of entries) {
    const file = program.getSourceFile(entry.source);
    const module = file && checker.getSymbolAtLocation(file);
    if (module === undefined) throw new Error(`api-report: cannot read ${relative(ROOT, entry.source)}`);
    const described = checker
      .getExportsOfModule(module)
      .map(describe)
      .sort((a, b) => a.name.toLowerCase().localeCompare(b.name.toLowerCase(), 'en') || (a.name < b.name ? -1 : 1));
    const lines = [
      `# ${entry.name}`,
      '',
      `The public API of \`${entry.name}\` (${relative(ROOT, entry.source)}): ${described.length} names, each with its kind`,
      'and its declaration as a user sees it. Written by `npm run api-report`; `test/package/api-report.test.ts`',
      'fails when the code no longer matches it. Do not edit by hand.',
      '',
      ...described.flatMap((item) => [`## ${item.name} (${item.kind})`, '', '```ts', item.text, '```', '']),
    ];
    reports.set(entry, lines.join('\n'));
  }
  return reports;
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  mkdirSync(API_FOLDER, { recursive: true });
  for (const [entry, report] of apiReports()) {
    writeFileSync(entry.report, report);
    process.stdout.write(`api-report: ${relative(ROOT, entry.report)} (${entry.name})\n`);
  }
}
