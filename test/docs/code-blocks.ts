/**
 * The code blocks of the guides (README.md and docs/*.md) as test/docs/code-blocks.test.ts reads them, and
 * the words of their command lines. A block's info string is its language, then at most one marker:
 *
 * - none: the block is code the test runs (sh, js, ts, python) or checks (json parses);
 * - `output`: the block shows what something prints, a sample answer or a listing: it is not run, but when
 *   its first line is `$ gridmind …` that command runs and every line shown (but `…`) must be a line of
 *   what it prints (spaces aside);
 * - `no-run: REASON`: code the test does not run (it needs a server, a Redis, the reader's own values, or a
 *   set-up the checkout has done); it is still checked: its `gridmind` lines against the commands'
 *   definitions, TypeScript by the compiler, JavaScript and Python by their parsers.
 *
 * A block whose first line (after a `#!` line) is a comment naming a file, `// my-agent.mjs` or
 * `# my_agent.py`, is that file: the test writes it into the guide's folder, where the guide's later
 * commands find it, and checks it.
 */
import { readFileSync } from 'node:fs';

export type Marker = 'run' | 'output' | 'no-run';

export interface CodeBlock {
  /** The guide, relative to the checkout (README.md, docs/NAME.md). */
  readonly doc: string;
  /** The line of the opening fence, from 1. */
  readonly line: number;
  /** The language, lower case ('' when none is given). */
  readonly lang: string;
  readonly marker: Marker;
  /** Why a `no-run` block is not run. */
  readonly reason: string | null;
  /** A marker the test does not know, or a `no-run` with no reason: the block is refused. */
  readonly badInfo: string | null;
  /** The file the block is, when its first line names one. */
  readonly fileName: string | null;
  readonly code: string;
}

/** A comment naming a file: `// my-agent.mjs`, `# first_placement.sh`. */
const FILE_NAME = /^(?:\/\/|#)\s*([\w-]+(?:\.[\w-]+)*\.(?:m?js|m?ts|py|sh|json|txt))\s*$/;

/** Every fenced block of a Markdown file (``` or ~~~, indented or not, in document order). */
export function codeBlocks(doc: string, text = readFileSync(doc, 'utf8')): CodeBlock[] {
  const lines = text.split('\n');
  const blocks: CodeBlock[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = /^(\s*)(`{3,}|~{3,})\s*(.*)$/.exec(lines[i]);
    if (open === null) continue;
    const [, indent, fence, info] = open;
    const body: string[] = [];
    let j = i + 1;
    for (; j < lines.length; j++) {
      const close = new RegExp(`^\\s*${fence[0] === '`' ? '`' : '~'}{${fence.length},}\\s*$`).exec(lines[j]);
      if (close) break;
      body.push(lines[j].startsWith(indent) ? lines[j].slice(indent.length) : lines[j].trimStart());
    }
    const [lang = '', ...rest] = info.trim().split(/\s+/);
    const extra = rest.join(' ');
    let marker: Marker = 'run';
    let reason: string | null = null;
    let badInfo: string | null = null;
    if (extra === 'output') marker = 'output';
    else if (/^no-run\b/.test(extra)) {
      marker = 'no-run';
      reason = /^no-run:\s*(\S.*)$/.exec(extra)?.[1] ?? null;
      if (reason === null) badInfo = 'a no-run block says why after a colon: ```sh no-run: needs a Redis server';
    } else if (extra !== '') badInfo = `"${extra}" is no marker: the markers are "output" and "no-run: REASON"`;
    const first = body[0]?.startsWith('#!') ? body[1] : body[0];
    blocks.push({
      doc,
      line: i + 1,
      lang: lang.toLowerCase(),
      marker,
      reason,
      badInfo,
      fileName: FILE_NAME.exec(first ?? '')?.[1] ?? null,
      code: `${body.join('\n')}\n`,
    });
    i = j;
  }
  return blocks;
}

/**
 * The words of a line of `sh`, as the shell would split them: quotes ('…', "…", \x) taken off, a `#`
 * comment dropped; control operators (| & ; && || > <) are words of their own.
 */
export function shellWords(line: string): string[] {
  const words: string[] = [];
  let word: string | null = null;
  const push = () => {
    if (word !== null) words.push(word);
    word = null;
  };
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (c === "'") {
      const end = line.indexOf("'", i + 1);
      word = (word ?? '') + line.slice(i + 1, end === -1 ? undefined : end);
      i = end === -1 ? line.length : end;
    } else if (c === '"') {
      let text = '';
      for (i++; i < line.length && line[i] !== '"'; i++) text += line[i] === '\\' && i + 1 < line.length ? line[++i] : line[i];
      word = (word ?? '') + text;
    } else if (c === '\\' && i + 1 < line.length) {
      word = (word ?? '') + line[++i];
    } else if (/\s/.test(c)) {
      push();
    } else if (c === '#' && word === null) {
      break;
    } else if ('|&;<>'.includes(c)) {
      push();
      const double = line[i + 1] === c && c !== ';' ? c : '';
      words.push(c + double);
      i += double.length;
    } else {
      word = (word ?? '') + c;
    }
  }
  push();
  return words;
}

/**
 * The `gridmind` command lines in a block of `sh`, as the arguments after `gridmind`: `gridmind …`,
 * `npx gridmind …` and `npm run gridmind -- …`, after any `VAR=value` words, in any part of a pipeline;
 * redirections and a trailing `&` dropped. A `[--flag VALUE]` in the text is an optional part the reader
 * may add: it is left out.
 */
export function gridmindCommands(code: string): string[][] {
  const commands: string[][] = [];
  for (const line of code.replace(/\\\n/g, ' ').split('\n')) {
    const words = shellWords(line.replace(/\[[^\]]*\]/g, ''));
    const parts: string[][] = [[]];
    for (const word of words) {
      if (['|', '||', '&&', ';', '&'].includes(word)) parts.push([]);
      else parts[parts.length - 1].push(word);
    }
    for (const part of parts) {
      const command: string[] = [];
      for (let i = 0; i < part.length; i++) {
        if (['>', '>>', '<'].includes(part[i]))
          i++; // its file
        else command.push(part[i]);
      }
      while (command.length > 0 && /^[A-Za-z_]\w*=/.test(command[0])) command.shift();
      if (command[0] === 'gridmind') commands.push(command.slice(1));
      else if (command[0] === 'npx' && command[1] === 'gridmind') commands.push(command.slice(2));
      else if (command[0] === 'npm' && command[1] === 'run' && command[2] === 'gridmind')
        commands.push(command.slice(command[3] === '--' ? 4 : 3));
    }
  }
  return commands;
}
