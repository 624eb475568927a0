/**
 * Docs that run: every fenced code block of README.md and docs/*.md is run or checked, by its language
 * and its marker (test/docs/code-blocks.ts says the markers: none, `output`, `no-run: REASON`):
 *
 * - sh, bash: run by /bin/sh -e in the guide's own folder (its blocks in order, so a file one block writes
 *   is there for the next), where data/, examples/, python/, src/ and docs/ are the checkout's; `gridmind`,
 *   `npx gridmind` and `npm run gridmind --` run the built command with short budgets
 *   (test/docs/short-budgets.mjs), its database a file of the folder; `python` is the project's Python
 *   environment (scripts/python-env.ts); npm, npx and pip for anything else refuse, so such a block says
 *   `no-run`. The folder starts with the files the guides name as the reader's own (test/docs/reader-files).
 *   A `no-run` block's `gridmind` lines are parsed by the commands' own definitions instead (placeholders
 *   such as HOST and PORT given sample values). What a block starts in the background ends with it.
 * - ts, typescript: type-checked together in one compiler run, then run with tsx (unless `no-run`);
 *   `gridmind` and `gridmind/*` are the package's entry points as a reader's project has them, built
 *   (dist/package: the compiler reads their declarations, tsx runs their JavaScript).
 * - js, javascript: checked by Node's parser, then run as a module (unless `no-run`).
 * - python: run by the project's Python environment (a `no-run` one is compiled); skipped, with the reason,
 *   only where Python 3 is absent.
 * - json: parsed.
 * - any block that is a file (its first line names it) is written into the guide's folder and checked, not run.
 * - any other language (text…) must be `output` or `no-run`.
 *
 * Each block is a test of its own, named by its file and line. The blocks run when the file starts (the
 * guides two at a time), so that the whole takes about as long as its slowest guide.
 */
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensurePythonEnv, VENV_PYTHON } from '../../scripts/python-env.ts';
import { createProgram } from '../../src/cli/program.ts';
import type { Command } from 'commander';
import { codeBlocks, gridmindCommands, type CodeBlock } from './code-blocks.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const DOCS = [
  'README.md',
  ...readdirSync(join(ROOT, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .sort()
    .map((name) => `docs/${name}`),
];
const BLOCKS = DOCS.flatMap((doc) => codeBlocks(doc, readFileSync(join(ROOT, doc), 'utf8')));
/** The checkout's folders a guide's commands may name, linked into each guide's folder. */
const SHARED = ['data', 'examples', 'python', 'src', 'docs', 'node_modules'];
/** How long one block may run (its commands' budgets are short: a slow one is a finding). */
const BLOCK_TIMEOUT_MS = 120_000;

const SHELL = new Set(['sh', 'bash', 'shell']);
const TYPESCRIPT = new Set(['ts', 'typescript']);
const JAVASCRIPT = new Set(['js', 'javascript', 'mjs']);
const PYTHON = new Set(['python', 'py']);
const JSON_LANGS = new Set(['json']);
const CHECKED = new Set([...SHELL, ...TYPESCRIPT, ...JAVASCRIPT, ...PYTHON, ...JSON_LANGS]);

type Outcome = { readonly ok: true; readonly note?: string } | { readonly ok: false; readonly why: string } | { readonly skip: string };

const keyOf = (block: CodeBlock) => `${block.doc}:${block.line}`;
const results = new Map<string, Outcome>();

interface Run {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

function run(program: string, args: readonly string[], options: { cwd: string; env: NodeJS.ProcessEnv }): Promise<Run> {
  return new Promise((resolve) => {
    // A group of its own, killed whole when the block ends: what a block starts in the background (a server
    // left running by `&`) goes with it.
    const child = spawn(program, args, { cwd: options.cwd, env: options.env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    const killGroup = () => {
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        // the group is gone already
      }
    };
    const timer = setTimeout(() => {
      stderr += `\n(stopped after ${BLOCK_TIMEOUT_MS / 1000} s)`;
      killGroup();
    }, BLOCK_TIMEOUT_MS);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      killGroup();
      resolve({ code: code ?? (signal ? -1 : 1), stdout, stderr });
    });
  });
}

const tail = (text: string, lines = 12) => text.trimEnd().split('\n').slice(-lines).join('\n');
/** What a program printed, without the frames of its stack traces (which Vitest would take for the test's own). */
const withoutFrames = (text: string) =>
  text
    .split('\n')
    .filter((line) => !/^\s+at\s/.test(line))
    .join('\n');
const failed = (what: string, result: Run): Outcome => ({
  ok: false,
  why: `${what} exited with ${result.code}:\n${tail(withoutFrames(`${result.stderr}\n${result.stdout}`))}`,
});

/** Sample values for the placeholders a `no-run` command shows (`redis://HOST:PORT`), so that its flags parse. */
const PLACEHOLDERS: Record<string, string> = { HOST: 'localhost', PORT: '6379', SECRET: 'secret' };

/**
 * Checks a command line against the commands' own definitions: flags, values, arguments; nothing runs.
 * Placeholders in capitals get sample values (PLACEHOLDERS).
 */
async function parseCheck(shown: string[]): Promise<string | null> {
  const args = shown.map((arg) => arg.replace(/\b[A-Z]{2,}\b/g, (word) => PLACEHOLDERS[word] ?? word));
  const program = createProgram();
  let said = '';
  const quiet = (command: Command) => {
    command.configureOutput({ writeOut: () => {}, writeErr: (text) => (said += text), outputError: (text, write) => write(text) });
    command.action(() => {});
    command.exitOverride(); // a refused line throws, instead of ending the test's process
    command.commands.forEach(quiet);
  };
  quiet(program);
  try {
    await program.parseAsync(args, { from: 'user' });
    return null;
  } catch (error) {
    const exitCode = (error as { exitCode?: number }).exitCode;
    return exitCode === 0 ? null : `gridmind ${args.join(' ')}: ${said.trim() || (error as Error).message}`;
  }
}

/** The environment the blocks run in: the folders, the commands on the PATH, the Python. */
interface Setting {
  readonly temp: string;
  readonly bin: string;
  readonly python: string | null;
  readonly pythonAbsent: string | null;
  readonly tsFolder: string;
}

function prepare(): Setting {
  const temp = mkdtempSync(join(tmpdir(), 'gridmind-doc-blocks-'));
  const bin = join(temp, 'bin');
  mkdirSync(bin);
  let python: string | null = null;
  let pythonAbsent: string | null = null;
  if (spawnSync('python3', ['--version']).status !== 0) pythonAbsent = 'Python 3 is not installed on this machine';
  else {
    ensurePythonEnv(); // as `npm run test:python` does: quick when it is there
    python = VENV_PYTHON;
  }
  const shim = (name: string, body: string) => {
    writeFileSync(join(bin, name), `#!/bin/sh\n${body}\n`);
    chmodSync(join(bin, name), 0o755);
  };
  const refuse = (what: string) =>
    `echo "docs test: ${what} is not run here: mark the block \\"no-run: REASON\\" (test/docs/code-blocks.ts)" >&2; exit 97`;
  shim('gridmind', `exec "${process.execPath}" "${join(ROOT, 'test', 'docs', 'short-budgets.mjs')}" "$@"`);
  shim('npx', `if [ "$1" = gridmind ]; then shift; exec gridmind "$@"; fi\n${refuse('npx $1')}`);
  shim(
    'npm',
    `if [ "$1" = run ] && [ "$2" = gridmind ]; then shift 2; [ "$1" = -- ] && shift; exec gridmind "$@"; fi\n${refuse('npm $1')}`,
  );
  shim('pip', refuse('pip'));
  for (const name of ['python', 'python3']) shim(name, python ? `exec "${python}" "$@"` : `echo "docs test: ${pythonAbsent}" >&2; exit 98`);
  const tsFolder = join(temp, 'ts');
  mkdirSync(tsFolder);
  return { temp, bin, python, pythonAbsent, tsFolder };
}

/** The files the guides name as the reader's own (my-board.txt, my-agent.json…), which the guide's folder starts with. */
const READER_FILES = join(ROOT, 'test', 'docs', 'reader-files');

/** The guide's own folder: the checkout's shared folders linked in, the reader's files, its own database. */
function guideFolder(setting: Setting, doc: string): string {
  const folder = join(setting.temp, doc.replace(/[/.]/g, '-'));
  cpSync(READER_FILES, folder, { recursive: true });
  for (const name of SHARED) symlinkSync(join(ROOT, name), join(folder, name));
  return folder;
}

function environment(setting: Setting, folder: string): NodeJS.ProcessEnv {
  return {
    ...process.env,
    PATH: `${setting.bin}:${process.env.PATH}`,
    GRIDMIND_DB: join(folder, 'gridmind.db'),
    GRIDMIND_BIN: join(setting.bin, 'gridmind'),
    GRIDMIND_PYTHON: setting.python ?? 'python3',
    TSX_TSCONFIG_PATH: join(setting.tsFolder, 'tsconfig.json'),
    NO_COLOR: '1',
  };
}

const tsFileOf = (block: CodeBlock) => `${block.doc.replace(/[/.]/g, '-')}-${block.line}.ts`;

/** Type-checks every TypeScript block in one compiler run; the errors of each, by block. */
async function typeCheck(setting: Setting, blocks: readonly CodeBlock[]): Promise<Map<string, string[]>> {
  const errors = new Map<string, string[]>(blocks.map((block) => [keyOf(block), []]));
  if (blocks.length === 0) return errors;
  for (const block of blocks) writeFileSync(join(setting.tsFolder, tsFileOf(block)), block.code);
  // The project's own compiler options, but for what a snippet need not be: every name it declares used.
  const tsconfig = {
    extends: join(ROOT, 'tsconfig.json'),
    compilerOptions: {
      moduleDetection: 'force',
      noUnusedLocals: false,
      noUnusedParameters: false,
      types: ['node'],
      typeRoots: [join(ROOT, 'node_modules', '@types')],
      // The built entry points (test/global-setup.ts builds them), named without an extension: the compiler
      // takes NAME.d.ts, and tsx, which runs the blocks with this file, NAME.js.
      paths: { gridmind: [join(ROOT, 'dist/package/index')], 'gridmind/*': [join(ROOT, 'dist/package/*')] },
    },
    include: [],
    files: blocks.map(tsFileOf),
  };
  writeFileSync(join(setting.tsFolder, 'tsconfig.json'), JSON.stringify(tsconfig, null, 2));
  const tsc = await run(process.execPath, [join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', setting.tsFolder, '--pretty', 'false'], {
    cwd: setting.tsFolder,
    env: process.env,
  });
  for (const line of tsc.stdout.split('\n')) {
    const match = /^(.*?)\((\d+),(\d+)\): (error .*)$/.exec(line);
    if (!match) continue;
    const block = blocks.find((candidate) => match[1].endsWith(tsFileOf(candidate)));
    const where = block ? `line ${block.line + Number(match[2])}` : match[1];
    (block ? errors.get(keyOf(block))! : errors.get(keyOf(blocks[0]))!).push(`${where}: ${match[4]}`);
  }
  if (tsc.code !== 0 && [...errors.values()].every((list) => list.length === 0))
    errors.get(keyOf(blocks[0]))!.push(tsc.stdout + tsc.stderr);
  return errors;
}

/** An `output` block that starts with `$ gridmind …`: the command runs, and each line shown must be a line it prints. */
async function checkShownOutput(block: CodeBlock, folder: string, env: NodeJS.ProcessEnv): Promise<Outcome> {
  const [first, ...shown] = block.code.trimEnd().split('\n');
  if (!/^\$ (npx )?gridmind /.test(first)) return { ok: true, note: 'output: not run' };
  const result = await run('sh', ['-e', '-c', first.slice(2)], { cwd: folder, env });
  if (result.code !== 0) return failed(first.slice(2), result);
  const squeeze = (line: string) => line.trim().replace(/\s+/g, ' ');
  const printed = new Set(result.stdout.split('\n').map(squeeze));
  const missing = shown.map(squeeze).filter((line) => line !== '' && line !== '…' && !printed.has(line));
  return missing.length === 0
    ? { ok: true }
    : { ok: false, why: `${first.slice(2)} no longer prints these lines:\n${missing.join('\n')}\nIt prints:\n${tail(result.stdout, 30)}` };
}

/** Runs or checks one block in its guide's folder. */
async function runBlock(block: CodeBlock, setting: Setting, folder: string, typeChecked: Promise<Map<string, string[]>>): Promise<Outcome> {
  if (block.badInfo) return { ok: false, why: block.badInfo };
  if (block.lang === '') return { ok: false, why: 'give the block a language: sh, ts, js, python, json, or text (with output or no-run)' };
  const env = environment(setting, folder);
  if (block.marker === 'output') return checkShownOutput(block, folder, env);
  if (!CHECKED.has(block.lang) && block.marker === 'run') {
    return { ok: false, why: `a ${block.lang} block is not code the test runs: mark it "output" or "no-run: REASON"` };
  }
  const file = block.fileName === null ? null : join(folder, block.fileName);
  if (file !== null) writeFileSync(file, block.code);

  if (TYPESCRIPT.has(block.lang)) {
    const errors = (await typeChecked).get(keyOf(block)) ?? [];
    if (errors.length > 0) return { ok: false, why: `the TypeScript compiler says:\n${errors.join('\n')}` };
    if (block.marker === 'no-run' || file !== null) return { ok: true };
    const result = await run(process.execPath, ['--import', 'tsx', join(setting.tsFolder, tsFileOf(block))], { cwd: folder, env });
    return result.code === 0 ? { ok: true } : failed('the program', result);
  }
  if (JAVASCRIPT.has(block.lang)) {
    const path = file ?? join(folder, `block-${block.line}.mjs`);
    if (file === null) writeFileSync(path, block.code);
    const check = await run(process.execPath, ['--check', path], { cwd: folder, env });
    if (check.code !== 0) return failed('node --check', check);
    if (block.marker === 'no-run' || file !== null) return { ok: true };
    const result = await run(process.execPath, [path], { cwd: folder, env });
    return result.code === 0 ? { ok: true } : failed('the program', result);
  }
  if (PYTHON.has(block.lang)) {
    if (setting.python === null) return { skip: setting.pythonAbsent! };
    const path = file ?? join(folder, `block_${block.line}.py`);
    if (file === null) writeFileSync(path, block.code);
    const check = await run(setting.python, ['-m', 'py_compile', path], { cwd: folder, env });
    if (check.code !== 0) return failed('python -m py_compile', check);
    if (block.marker === 'no-run' || file !== null) return { ok: true };
    const result = await run(setting.python, [path], { cwd: folder, env });
    return result.code === 0 ? { ok: true } : failed('python', result);
  }
  if (JSON_LANGS.has(block.lang)) {
    try {
      JSON.parse(block.code);
      return { ok: true };
    } catch (error) {
      return { ok: false, why: `not JSON: ${(error as Error).message} (a sample with "…" is marked output)` };
    }
  }
  if (SHELL.has(block.lang)) {
    if (file !== null) {
      chmodSync(file, 0o755);
      const check = await run('sh', ['-n', file], { cwd: folder, env });
      return check.code === 0 ? { ok: true } : failed('sh -n', check);
    }
    if (block.marker === 'no-run') {
      const problems = (await Promise.all(gridmindCommands(block.code).map(parseCheck))).filter((problem) => problem !== null);
      return problems.length === 0 ? { ok: true } : { ok: false, why: problems.join('\n') };
    }
    if (setting.python === null && /(^|\s)python3?\s/m.test(block.code)) return { skip: setting.pythonAbsent! };
    const result = await run('sh', ['-e', '-c', block.code], { cwd: folder, env });
    return result.code === 0 ? { ok: true } : failed('the block', result);
  }
  // Another language, marked no-run: nothing to check.
  return { ok: true };
}

/** Runs `tasks` at most `limit` at a time. */
async function inTurns(tasks: (() => Promise<void>)[], limit: number): Promise<void> {
  const queue = [...tasks];
  await Promise.all(
    Array.from({ length: limit }, async () => {
      for (let task = queue.shift(); task; task = queue.shift()) await task();
    }),
  );
}

let setting: Setting | undefined;

beforeAll(async () => {
  setting = prepare();
  // The compiler checks the TypeScript blocks while the guides' other blocks run.
  const typeChecked = typeCheck(
    setting,
    BLOCKS.filter((block) => TYPESCRIPT.has(block.lang) && block.marker !== 'output' && block.badInfo === null),
  );
  await inTurns(
    DOCS.map((doc) => async () => {
      const folder = guideFolder(setting!, doc);
      for (const block of BLOCKS.filter((candidate) => candidate.doc === doc)) {
        results.set(keyOf(block), await runBlock(block, setting!, folder, typeChecked));
      }
    }),
    2,
  );
  await typeChecked;
}, 600_000);

afterAll(() => {
  if (setting) rmSync(setting.temp, { recursive: true, force: true });
});

describe('the code blocks of the guides', () => {
  it('are there to check: README.md and every guide of docs/ are read', () => {
    expect(DOCS).toContain('README.md');
    expect(BLOCKS.length).toBeGreaterThan(30);
  });

  for (const block of BLOCKS) {
    const title = `${block.doc}:${block.line} \`\`\`${block.lang}${block.marker === 'run' ? '' : ` ${block.marker}`}${block.fileName ? ` (${basename(block.fileName)})` : ''}`;
    it(title, (context) => {
      const outcome = results.get(keyOf(block));
      expect(outcome, 'the block was not run').toBeDefined();
      if (outcome && 'skip' in outcome) return context.skip(outcome.skip);
      if (outcome && !outcome.ok) expect.fail(`${block.doc}:${block.line}: ${outcome.why}`);
    });
  }
});
