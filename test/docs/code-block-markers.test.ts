import { describe, expect, it } from 'vitest';
import { codeBlocks, gridmindCommands, shellWords } from './code-blocks.ts';
import { withShortBudgets } from './short-budgets.mjs';

const guide = [
  '# A guide',
  '',
  '```sh',
  'npx gridmind play --board 6x8',
  '```',
  '',
  '- a list',
  '',
  '  ```js',
  '  // my-agent.mjs',
  '  export default {};',
  '  ```',
  '',
  '```sh no-run: needs a Redis server',
  'npx gridmind worker --queue redis://HOST:PORT',
  '```',
  '',
  '```text output',
  '$ gridmind agents',
  '```',
  '',
  '````sh',
  '#!/bin/sh',
  '# first.sh',
  '```',
  '````',
  '',
  '```sh no-run',
  '```',
  '',
  '```json sample',
  '{}',
  '```',
  '',
].join('\n');

describe('how the docs test reads a guide’s code blocks', () => {
  const blocks = codeBlocks('docs/guide.md', guide);

  it('finds each fenced block with its line, language, marker and file name, indented or fenced longer', () => {
    expect(blocks.map(({ line, lang, marker, reason, fileName }) => ({ line, lang, marker, reason, fileName }))).toEqual([
      { line: 3, lang: 'sh', marker: 'run', reason: null, fileName: null },
      { line: 9, lang: 'js', marker: 'run', reason: null, fileName: 'my-agent.mjs' },
      { line: 14, lang: 'sh', marker: 'no-run', reason: 'needs a Redis server', fileName: null },
      { line: 18, lang: 'text', marker: 'output', reason: null, fileName: null },
      { line: 22, lang: 'sh', marker: 'run', reason: null, fileName: 'first.sh' },
      { line: 28, lang: 'sh', marker: 'no-run', reason: null, fileName: null },
      { line: 31, lang: 'json', marker: 'run', reason: null, fileName: null },
    ]);
    expect(blocks[1].code).toBe('// my-agent.mjs\nexport default {};\n');
    expect(blocks[4].code).toBe('#!/bin/sh\n# first.sh\n```\n');
  });

  it('refuses a no-run block that does not say why, and a marker it does not know', () => {
    expect(blocks[5].badInfo).toMatch(/says why after a colon/);
    expect(blocks[6].badInfo).toMatch(/"sample" is no marker/);
    expect(blocks.slice(0, 5).map((block) => block.badInfo)).toEqual([null, null, null, null, null]);
  });

  it('splits shell lines as sh does, and finds the gridmind commands in them', () => {
    expect(shellWords(`a "b c" 'd e' f\\ g # comment`)).toEqual(['a', 'b c', 'd e', 'f g']);
    expect(shellWords('x>y|z && w')).toEqual(['x', '>', 'y', '|', 'z', '&&', 'w']);
    expect(
      gridmindCommands(
        [
          'npx gridmind bench --agent bcts --games 10   # a comment',
          'GRIDMIND_PYTHON=python3 npx gridmind play --agent a.py --json',
          'npm run gridmind -- runs',
          'printf x | gridmind env --game tetris --stdio',
          'npx gridmind samegame board --seed 7 > random.txt',
          'npx gridmind serve --seeds 1 &',
          'npx gridmind worker --queue redis://HOST:PORT [--workers K]',
          'npm ci',
          'redis-server --save ""',
        ].join('\n'),
      ),
    ).toEqual([
      ['bench', '--agent', 'bcts', '--games', '10'],
      ['play', '--agent', 'a.py', '--json'],
      ['runs'],
      ['env', '--game', 'tetris', '--stdio'],
      ['samegame', 'board', '--seed', '7'],
      ['serve', '--seeds', '1'],
      ['worker', '--queue', 'redis://HOST:PORT'],
    ]);
  });

  it('cuts the budgets of the commands it runs, and gives long-running ones short budgets', () => {
    expect(withShortBudgets(['bench', '--agent', 'bcts', '--games', '1000', '--board', '10x10'])).toEqual([
      'bench',
      '--agent',
      'bcts',
      '--games',
      '2',
      '--board',
      '10x10',
      '--max-pieces',
      '2000',
    ]);
    expect(withShortBudgets(['samegame', 'solve', '--file', 'b.txt', '--time=60'])).toEqual([
      'samegame',
      'solve',
      '--file',
      'b.txt',
      '--time',
      '1',
      '--nodes',
      '20000',
    ]);
    expect(withShortBudgets(['play', '--agent', 'bcts', '--max-pieces', '500'])).toEqual([
      'play',
      '--agent',
      'bcts',
      '--max-pieces',
      '500',
    ]);
    expect(withShortBudgets(['agents', '--json'])).toEqual(['agents', '--json']);
  });
});
