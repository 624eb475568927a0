import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from './run-cli.ts';

const dir = mkdtempSync(join(tmpdir(), 'gridmind-play-'));

describe('gridmind agents', () => {
  it('lists every agent with a description and its source', async () => {
    const { code, stdout } = await runCli(['agents']);
    expect(code).toBe(0);
    for (const name of ['greedy', 'skilled', 'lookahead', 'target', 'tpg', 'lee', 'dellacherie', 'eltetris', 'bcts'])
      expect(stdout).toMatch(new RegExp(`^${name} `, 'm'));
    expect(stdout).toMatch(/source: Thiery & Scherrer, "Building Controllers for Tetris", ICGA Journal 32\(1\), 2009/);
    const json = JSON.parse((await runCli(['agents', '--json'])).stdout) as { name: string; source: string }[];
    expect(json.map((agent) => agent.name)).toContain('bcts');
  });
});

describe('gridmind features', () => {
  it('lists every registered feature with its definition and source', async () => {
    const { code, stdout } = await runCli(['features']);
    expect(code).toBe(0);
    expect(stdout).toMatch(/^holes +empty cells with at least one filled cell above them/m);
    const json = JSON.parse((await runCli(['features', '--json'])).stdout) as { name: string; board: string }[];
    expect(json.map((feature) => feature.name)).toEqual(expect.arrayContaining(['landingHeight', 'rowsWithHoles', 'holesBeforeClear']));
    expect(json.find((feature) => feature.name === 'holesBeforeClear')!.board).toBe('before');
  });
});

describe('gridmind play', () => {
  it('prints the game as JSON', async () => {
    const { code, stdout } = await runCli(['play', '--agent', 'dellacherie', '--board', '10x10', '--seed', '1', '--json']);
    expect(code).toBe(0);
    const result = JSON.parse(stdout);
    expect(Object.keys(result)).toEqual([
      'agent',
      'rules',
      'board',
      'seed',
      'lines',
      'score',
      'pieces',
      'ms',
      'piecesPerSecond',
      'outcome',
      'name',
    ]);
    expect(result).toMatchObject({
      agent: 'dellacherie',
      rules: 'research',
      board: '10x10',
      seed: 1,
      lines: 341,
      score: 341,
      pieces: 873,
      outcome: 'topped-out',
      name: 'dellacherie',
    });
    expect(result.piecesPerSecond).toBeGreaterThan(0);
  });

  it('writes the search path with --path', async () => {
    const path = join(dir, 'path.json');
    const { code, stdout } = await runCli(['play', '--agent', 'target', '--rules', 'target', '--target', '30', '--path', path, '--json']);
    expect(code).toBe(0);
    const result = JSON.parse(stdout);
    const file = JSON.parse(readFileSync(path, 'utf8'));
    expect(file).toMatchObject({ agent: 'target', rules: 'target', target: 30, outcome: result.outcome, score: 30 });
    expect(file.path).toHaveLength(result.pieces);
    expect(file.path[0]).toEqual({
      shape: expect.stringMatching(/^[IOTSZJL]$/),
      rotation: expect.any(Number),
      centre: [expect.any(Number), expect.any(Number)],
    });
  });

  it('refuses a --path it could not write before playing, with one line and exit 2', async () => {
    for (const [path, message] of [
      [dir, /--path .* is a folder: give a file name, such as .*search-path\.json/],
      [join(dir, 'no', 'such', 'folder', 'path.json'), /cannot write .*path\.json: .*; choose another --path/],
    ] as const) {
      // A game of hours: were it played before the check, the test would time out.
      const { code, stdout, stderr } = await runCli(['play', '--agent', 'bcts', '--board', '10x20', '--path', path]);
      expect(code).toBe(2);
      expect(stdout).toBe('');
      expect(stderr).toMatch(message);
      expect(stderr.trim().split('\n')).toHaveLength(1);
    }
  });

  it('stops at --max-pieces under the classic rules', async () => {
    const { stdout } = await runCli(['play', '--agent', 'bcts', '--rules', 'classic', '--max-pieces', '50', '--json']);
    expect(JSON.parse(stdout)).toMatchObject({ rules: 'classic', board: '10x20', pieces: 50, outcome: 'piece-limit' });
  });

  it.each([
    ['an unknown agent', ['--agent', 'hal'], /unknown agent "hal"/],
    ['unknown rules', ['--agent', 'bcts', '--rules', 'tetris'], /unknown rule set "tetris"/],
    ['a target without the target rules', ['--agent', 'bcts', '--target', '10'], /--target applies only to --rules target/],
    ['a bad board', ['--agent', 'bcts', '--board', '3x3'], /board width 3 is out of range/],
    ['an unknown search method', ['--agent', 'bcts', '--search', 'bfs'], /unknown search method "bfs": use one of beam, nmcs, nrpa/],
    ['a search setting without --search', ['--agent', 'bcts', '--level', '2'], /--level needs --search/],
    [
      'a setting the method does not take',
      ['--agent', 'bcts', '--search', 'beam', '--level', '2'],
      /--level works with nmcs, nrpa, not beam/,
    ],
    [
      "NRPA's stabilization with another method",
      ['--agent', 'bcts', '--search', 'nmcs', '--stabilization', '2'],
      /--stabilization works with nrpa, not nmcs/,
    ],
    ['a search under other rules', ['--agent', 'bcts', '--search', 'nmcs', '--rules', 'classic'], /--search plays the research rules/],
  ])('rejects %s with exit 2', async (_what, args, message) => {
    const { code, stderr } = await runCli(['play', ...args]);
    expect(code).toBe(2);
    expect(stderr).toMatch(message);
    expect(stderr.trim().split('\n')).toHaveLength(1);
  });

  it('searches the known pieces with a generic method, the same game for the same seed', async () => {
    const args = ['play', '--agent', 'dellacherie', '--board', '8x10', '--seed', '4', '--max-pieces', '60', '--json'];
    const methods = ['beam', 'nmcs', 'nrpa'];
    // Every game at once: each method's twice.
    const games = await Promise.all(
      [...methods, ...methods].map(async (method) =>
        JSON.parse((await runCli([...args, '--search', method, '--search-nodes', '600'])).stdout),
      ),
    );
    for (const [i, method] of methods.entries()) {
      const [searched, again] = [games[i], games[i + methods.length]];
      expect(searched.search).toEqual({ method, nodes: 600, seed: 4, preview: 1 });
      expect(searched.pieces).toBeGreaterThan(20);
      expect([again.lines, again.pieces]).toEqual([searched.lines, searched.pieces]);
    }
    const beam = await runCli([
      'play',
      '--agent',
      'dellacherie',
      '--board',
      '8x10',
      '--seed',
      '4',
      '--max-pieces',
      '60',
      '--search',
      'beam',
      '--width',
      '4',
    ]);
    expect(beam.stdout).toMatch(/; beam over 2 known pieces, 2,000 nodes a piece$/m);
  });

  it('gives NRPA its stabilization, a setting of the same table as samegame solve', async () => {
    const args = ['play', '--agent', 'dellacherie', '--board', '8x10', '--seed', '4', '--max-pieces', '40', '--json'];
    const played = JSON.parse((await runCli([...args, '--search', 'nrpa', '--search-nodes', '600', '--stabilization', '3'])).stdout);
    expect(played.search).toEqual({ method: 'nrpa', nodes: 600, seed: 4, stabilization: 3, preview: 1 });
    expect(played.pieces).toBeGreaterThan(20);
  });

  it("plays the first piece where the best line puts it: searching the whole preview plays the agent's own lookahead game", async () => {
    // The agent "lookahead" looks one piece ahead; two pieces on 8 columns have at most 32 × 32 lines, within 5,000 nodes.
    const args = ['play', '--agent', 'lookahead', '--board', '8x10', '--seed', '4', '--max-pieces', '300', '--json'];
    const methods = ['beam', 'nmcs'];
    const [own, ...searches] = await Promise.all(
      [args, ...methods.map((method) => [...args, '--search', method, '--search-nodes', '5000'])].map(async (played) =>
        JSON.parse((await runCli(played)).stdout),
      ),
    );
    expect(own.search).toBeUndefined();
    expect(own.pieces).toBeGreaterThan(50);
    for (const [i, searched] of searches.entries()) {
      expect([searched.lines, searched.pieces, searched.outcome], methods[i]).toEqual([own.lines, own.pieces, own.outcome]);
    }
  });

  it('places a piece as the agent alone would when the budget finishes no line', async () => {
    // Beam rates every placement of the first piece before it goes deeper: one node finishes no line.
    const args = ['play', '--agent', 'dellacherie', '--board', '8x10', '--seed', '4', '--max-pieces', '300', '--json'];
    const [greedy, starved] = await Promise.all(
      [args, [...args, '--search', 'beam', '--search-nodes', '1']].map(async (played) => JSON.parse((await runCli(played)).stdout)),
    );
    expect(greedy.pieces).toBeGreaterThan(50);
    expect([starved.lines, starved.pieces, starved.outcome]).toEqual([greedy.lines, greedy.pieces, greedy.outcome]);
  });
});

describe('gridmind play --agent MODULE: an agent in code', () => {
  const modules = mkdtempSync(join(tmpdir(), 'gridmind-code-agent-'));
  const moduleFile = (name: string, text: string) => {
    const file = join(modules, name);
    writeFileSync(file, text);
    return file;
  };

  it('plays a JavaScript module, the same game every time, and a TypeScript one that keeps state per game', async () => {
    const args = ['--board', '10x10', '--seed', '2', '--json'];
    const counting = moduleFile(
      'counting.mts',
      'export default (): { choose: (turn: { placements: unknown[] }) => number } => { let turns = 0; return { choose: ({ placements }) => turns++ % placements.length }; };\n',
    );
    const [firstGame, againGame, typed] = await Promise.all([
      runCli(['play', '--agent', 'examples/javascript/lowest-column.mjs', ...args]),
      runCli(['play', '--agent', 'examples/javascript/lowest-column.mjs', ...args]),
      runCli(['play', '--agent', counting, ...args, '--max-pieces', '5']),
    ]);
    const first = JSON.parse(firstGame.stdout);
    expect(first).toMatchObject({ agent: 'examples/javascript/lowest-column.mjs', rules: 'research', outcome: 'topped-out' });
    expect(first.pieces).toBeGreaterThan(10);
    const again = JSON.parse(againGame.stdout);
    expect([again.lines, again.pieces]).toEqual([first.lines, first.pieces]);
    expect(typed.code, typed.stderr).toBe(0);
    expect(JSON.parse(typed.stdout)).toMatchObject({ pieces: 5, outcome: 'piece-limit' });
  });

  it('records a throw, an answer that names no placement, or a move past the time limit as the fault that ended the game, with exit 1', async () => {
    const faults = [
      ['export default { choose() { throw new Error("boom"); } };', /threw: boom$/],
      ['export default { choose: () => 99 };', /answered 99: not the index of one of the \d+ placements$/],
      [
        'let moves = 0; export default { choose() { if (++moves === 4) for (;;); return 0; } };',
        /took longer than 200 ms over a move: stopped \(--agent-time-limit sets the limit\)$/,
      ],
    ] as const;
    await Promise.all(
      faults.map(async ([text, fault]) => {
        const file = moduleFile(`fault-${text.length}.mjs`, text);
        const { code, stdout } = await runCli(['play', '--agent', file, '--agent-time-limit', '200', '--json']);
        expect(code).toBe(1);
        const result = JSON.parse(stdout);
        expect(result.outcome).toBe('agent-fault');
        expect(result.fault).toMatch(new RegExp(`^${file.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')} `));
        expect(result.fault).toMatch(fault);
      }),
    );
  });

  it('plays under rules with keys and gravity too, among the placements the keys reach, to a game its replay confirms', async () => {
    // The three rule sets at once.
    await Promise.all(
      ['classic', 'target', 'aveiro'].map(async (rules) => {
        const replayFile = join(modules, `${rules}.replay.json`);
        const played = await runCli([
          'play',
          '--agent',
          'examples/javascript/lowest-column.mjs',
          '--rules',
          rules,
          '--replay-out',
          replayFile,
          '--json',
        ]);
        expect(played.code, played.stderr).toBe(0);
        const game = JSON.parse(played.stdout);
        expect(game).toMatchObject({ rules, outcome: rules === 'target' ? expect.stringMatching(/^target-|topped-out/) : 'topped-out' });
        expect(game.pieces).toBeGreaterThan(5);
        const replayed = JSON.parse((await runCli(['replay', replayFile, '--json'])).stdout);
        expect([replayed.score, replayed.pieces]).toEqual([game.score, game.pieces]);
      }),
    );
  });

  it('plays a .ts agent of a project made by npm init -y, which scores its placements by the boards they leave, and says how to fix a .js one in ES syntax there', async () => {
    const project = mkdtempSync(join(tmpdir(), 'gridmind-npm-init-'));
    writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'mine', version: '1.0.0', type: 'commonjs' }));
    // It weighs each afterstate's holes and column heights, and checks it against the turn's board.
    const agent = join(project, 'my-agent.ts');
    writeFileSync(
      agent,
      `import type { AgentTurn } from 'gridmind/agents';
type Board = AgentTurn['board'];
const filled = (board: Board, height: number): number => {
  let cells = 0;
  for (let y = 0; y < height; y++) for (let x = 0; x < board.width; x++) cells += board.isFilled(x, y) ? 1 : 0;
  return cells;
};
/** Four per hole (an empty cell under a filled one), plus each column's height. */
const badness = (board: Board): number => {
  let value = 0;
  for (let x = 0; x < board.width; x++) {
    let top = false;
    for (let y = board.height - 1; y >= 0; y--) {
      if (board.isFilled(x, y)) value += top ? 0 : y + 1, (top = true);
      else if (top) value += 4;
    }
  }
  return value;
};
export default {
  name: 'holes and heights',
  choose(turn: AgentTurn): number {
    const before = filled(turn.board, turn.board.height);
    const values = turn.placements.map((placement, index) => {
      const { board, lines } = turn.after(index);
      if (filled(board, board.height + 4) !== before + 4 - lines * board.width) throw new Error('an afterstate lost or made cells');
      if (lines === 0 && !placement.cells.every(([x, y]) => board.isFilled(x, y))) throw new Error('an afterstate lacks its piece');
      return badness(board) - 3 * lines;
    });
    return values.indexOf(Math.min(...values));
  },
};
`,
    );
    const esJs = join(project, 'es-agent.js');
    writeFileSync(esJs, 'export default { choose: () => 0 };\n');
    const [played, refused] = await Promise.all([
      runCli(['play', '--agent', agent, '--board', '10x10', '--max-pieces', '60', '--json']),
      runCli(['play', '--agent', esJs]),
    ]);
    expect(played.code, played.stderr).toBe(0);
    const game = JSON.parse(played.stdout);
    expect(game.outcome).toMatch(/^(topped-out|piece-limit)$/); // no fault: each afterstate was the board it should be
    expect(game.lines).toBeGreaterThan(0);
    expect(refused.code).toBe(2);
    expect(refused.stderr.trim()).toBe(
      `gridmind: error: cannot load the agent module ${esJs}: it is written as an ES module (import, export), which Node reads only from a .mjs file or from a package of "type": "module": rename it to ${esJs.replace(/\.js$/, '.mjs')}, or set "type": "module" in ${join(project, 'package.json')}`,
    );
  });

  it('refuses, naming the module, one that cannot be loaded or exports no agent', async () => {
    const none = moduleFile('none.mjs', 'export const x = 1;\n');
    const broken = moduleFile('broken.mjs', 'export default {\n');
    const folder = join(modules, 'folder.mjs');
    mkdirSync(folder, { recursive: true });
    const refused = [
      [['--agent', none], `the agent module ${none} exports no agent: export default { choose(turn) { return 0; } }`],
      [['--agent', broken], `cannot load the agent module ${broken}: `],
      [
        ['--agent', join(modules, 'missing.mjs')],
        `cannot load the agent module ${join(modules, 'missing.mjs')}: no such file or directory\n`,
      ],
      [['--agent', folder], `cannot load the agent module ${folder}: it is a folder, not a file\n`],
    ] as const;
    await Promise.all(
      refused.map(async ([args, message]) => {
        const { code, stderr } = await runCli(['play', ...args]);
        expect(code, args.join(' ')).toBe(2);
        expect(stderr).toContain(message);
        expect(stderr.trim().split('\n')).toHaveLength(1);
      }),
    );
  });
});
