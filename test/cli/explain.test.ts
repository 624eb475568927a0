import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from './run-cli.ts';

const dir = mkdtempSync(join(tmpdir(), 'gridmind-explain-'));

interface ExplainJson {
  agent: string;
  piece: string;
  pieceNumber: number | null;
  lookahead: string[];
  count: number;
  candidates: {
    rank: number;
    chosen: boolean;
    rotation: number;
    x: number;
    y: number;
    total: number | null;
    own: number;
    features: { name: string; value: number; weight: number; contribution: number }[];
    line?: { piece: string; rotation: number; x: number; y: number; value: number }[];
    refused?: string;
  }[];
}

describe('gridmind explain', () => {
  it("explains a piece of a seed's game: its chosen candidate is the placement play made there, and the contributions add up", async () => {
    const replay = join(dir, 'game.replay.json');
    const game = ['--agent', 'lookahead', '--board', '8x12', '--seed', '4'];
    const played = await runCli(['play', ...game, '--max-pieces', '30', '--replay-out', replay]);
    expect(played.code, played.stderr).toBe(0);
    const { inputs } = JSON.parse(readFileSync(replay, 'utf8')) as { inputs: { place: [number, number, number] }[] };
    for (const piece of [1, 17, 30]) {
      const { code, stdout, stderr } = await runCli(['explain', ...game, '--piece', String(piece), '--json']);
      expect(code, stderr).toBe(0);
      const explained = JSON.parse(stdout) as ExplainJson;
      expect([explained.agent, explained.pieceNumber, explained.lookahead.length]).toEqual(['lookahead', piece, 1]);
      expect(explained.candidates).toHaveLength(explained.count);
      const [chosen] = explained.candidates;
      expect(chosen.chosen && chosen.rank === 1).toBe(true);
      expect([chosen.rotation, chosen.x, chosen.y]).toEqual(inputs[piece - 1].place);
      for (const candidate of explained.candidates) {
        const sum = candidate.features.reduce((total, term) => total + term.contribution, 0);
        expect(sum).toBeCloseTo(candidate.own, 9);
        if (candidate.refused === undefined) expect(candidate.line).toHaveLength(1);
      }
    }
  });

  it('prints the table of the best candidates feature by feature, from a board file with the next pieces given', async () => {
    const board = join(dir, 'board.txt');
    writeFileSync(board, '..........\n#.........\n##..#.####\n');
    const { code, stdout } = await runCli([
      'explain',
      '--agent',
      'lookahead',
      '--board-file',
      board,
      '--piece',
      'T',
      '--next',
      'SZ',
      '--top',
      '2',
    ]);
    expect(code).toBe(0);
    expect(stdout).toMatch(/^lookahead, the board of .*board\.txt: T, \d+ placements, looking ahead to S\./);
    expect(stdout).toMatch(/^feature +weight +#1 chosen \(r\d x\d y\d\) +#2 \(r\d x\d y\d\) +#1 - #2$/m);
    for (const row of ['holes', 'maxHeight', 'own value', 'line', 'total']) expect(stdout).toMatch(new RegExp(`^${row} `, 'm'));
    expect(stdout).not.toMatch(/#3 /);
    const json = JSON.parse(
      (await runCli(['explain', '--agent', 'lookahead', '--board-file', board, '--piece', 'T', '--next', 'SZ', '--json'])).stdout,
    ) as ExplainJson;
    expect(json.candidates.length).toBe(json.count);
    expect(json.candidates[0].line![0].piece).toBe('S');
  });

  it('says when the agent weighs the unknown piece after the known ones, and its totals are what it plays by', async () => {
    const board = join(dir, 'expecting-board.txt');
    writeFileSync(board, '..........\n#.........\n##..#.####\n');
    const agent = join(dir, 'expecting.json');
    const plain = JSON.parse(readFileSync('tuning/tuned-fit-10x10-mean.json', 'utf8'));
    writeFileSync(agent, JSON.stringify({ ...plain, name: 'expecting', policy: { ...plain.policy, unknownPieces: 1, beam: 3 } }));
    const args = ['explain', '--agent', agent, '--board-file', board, '--piece', 'T'];
    const { code, stdout } = await runCli(args);
    expect(code).toBe(0);
    expect(stdout).toMatch(
      /^expecting, the board of .*: T, \d+ placements, no lookahead, then weighing the unknown next piece by its expected best\./,
    );
    const json = JSON.parse((await runCli([...args, '--json'])).stdout) as ExplainJson & { unknownPieces: number };
    expect(json.unknownPieces).toBe(1);
    // Beyond the beam's 3 best by own value, the candidates are refused; within it, the totals differ from the own values.
    expect(json.candidates.filter((candidate) => candidate.refused === 'outside-beam').length).toBe(json.count - 3);
    const weighed = json.candidates.filter((candidate) => candidate.refused === undefined);
    expect(weighed.every((candidate) => candidate.total !== candidate.own)).toBe(true);
  });

  it("says on which side of the policy's unknownPiecesAbove the turn's board is", async () => {
    const agent = join(dir, 'gated.json');
    const plain = JSON.parse(readFileSync('tuning/tuned-fit-10x10-mean.json', 'utf8'));
    writeFileSync(agent, JSON.stringify({ ...plain, name: 'gated', policy: { ...plain.policy, unknownPieces: 1, unknownPiecesAbove: 2 } }));
    const low = join(dir, 'gated-low.txt');
    writeFileSync(low, '..........\n#.........\n##..#.####\n');
    const high = join(dir, 'gated-high.txt');
    writeFileSync(high, '#.........\n##........\n##..#.####\n');
    const below = await runCli(['explain', '--agent', agent, '--board-file', low, '--piece', 'T']);
    expect(below.code).toBe(0);
    expect(below.stdout).toMatch(
      /^gated, .*: T, \d+ placements, no lookahead; the highest column is 2 rows, not above 2, so the unknown next piece is not weighed\./,
    );
    const above = await runCli(['explain', '--agent', agent, '--board-file', high, '--piece', 'T']);
    expect(above.stdout).toMatch(
      /no lookahead, then weighing the unknown next piece by its expected best \(only when the highest column is above 2 rows\)\./,
    );
  });

  it('names refused candidates: past the target under its rules', async () => {
    const board = join(dir, 'target.txt');
    writeFileSync(board, '..........\n#########.\n#########.\n');
    const { stdout } = await runCli([
      'explain',
      '--agent',
      'target',
      '--rules',
      'target',
      '--board-file',
      board,
      '--piece',
      'I',
      '--target',
      '2',
      '--json',
    ]);
    const { candidates } = JSON.parse(stdout) as ExplainJson;
    const refused = candidates.filter((candidate) => candidate.refused === 'overshoots-target');
    expect(refused.length).toBeGreaterThan(0); // the upright I in the last column clears 2 rows: 3 points, past 2
    for (const candidate of refused) expect([candidate.chosen, candidate.total]).toEqual([false, null]);
  });

  it('refuses bad input in one line, exit 2', async () => {
    const cases: [string[], string][] = [
      [['--agent', 'bcts'], 'give the position: --seed S --piece N'],
      [['--agent', 'bcts', '--seed', '1'], 'give the piece'],
      [['--agent', 'bcts', '--seed', '1', '--piece', 'T'], '--piece with --seed is a piece number'],
      [['--agent', 'bcts', '--seed', '1', '--board-file', 'b.txt', '--piece', 'T'], 'give the position'],
      [['--agent', 'bcts', '--board-file', '/no/such/file', '--piece', 'T'], 'cannot read board file /no/such/file'],
      [['--agent', 'my-agent.mjs', '--seed', '1', '--piece', '2'], 'gives no breakdown'],
      [['--agent', 'nobody', '--seed', '1', '--piece', '2'], 'unknown agent "nobody"'],
      [['--agent', 'bcts', '--board', '6x8', '--seed', '1', '--piece', '5000'], 'the game of seed 1 ends after'],
    ];
    const results = await Promise.all(cases.map(([args]) => runCli(['explain', ...args])));
    results.forEach(({ code, stdout, stderr }, i) => {
      expect([code, stdout, stderr.trim().split('\n').length], cases[i][0].join(' ')).toEqual([2, '', 1]);
      expect(stderr).toContain(cases[i][1]);
    });
  });
});
