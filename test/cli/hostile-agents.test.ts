import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from './run-cli.ts';

/** Agents in code (and a Python program) that try to break the harness, as a hostile or careless student's might. */
describe('agents in code that cannot break the harness', () => {
  const modules = mkdtempSync(join(tmpdir(), 'gridmind-hostile-agent-'));
  const moduleFile = (name: string, text: string) => {
    const file = join(modules, name);
    writeFileSync(file, text);
    return file;
  };
  const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

  it.each([
    [
      'an endless loop',
      'for (;;);\nexport default { choose: () => 0 };',
      'did not finish loading within 10000 ms (an endless loop, or a wait that never ends, at its top level?)',
    ],
    [
      'a top-level await that never settles',
      'await new Promise(() => {});\nexport default { choose: () => 0 };',
      'ended its thread before it finished loading (process.exit, or a top-level await that nothing can settle)',
    ],
    [
      'process.exit()',
      'process.exit(3);\nexport default { choose: () => 0 };',
      'ended its thread before it finished loading (process.exit, or a top-level await that nothing can settle)',
    ],
  ])(
    'refuses a module with %s at its top level in one line, exit 2, naming it, by the time a thread has to start',
    async (what, text, says) => {
      const file = moduleFile(`${what.replace(/\W+/g, '-')}.mjs`, text);
      const started = performance.now();
      const play = ['play', '--agent', file];
      const bench = ['bench', '--agent', file, '--games', '2', '--board', '6x8'];
      for (const command of what === 'process.exit()' ? [play, bench] : [play]) {
        const { code, stdout, stderr } = await runCli(command);
        expect([command[0], code]).toEqual([command[0], 2]);
        expect(stdout).toBe('');
        expect(stderr.trim().split('\n')).toEqual([`gridmind: error: the agent module ${file} ${says}`]);
      }
      expect(performance.now() - started).toBeLessThan(25_000); // stopped by the 10 s a thread has to start
    },
  );

  it.each([
    ['returns a BigInt', 'export default { choose: () => 1n };', /answered 1n: not the index of one of the \d+ placements$/],
    ['is a getter that throws', 'export default { get choose() { throw new Error("no choice"); } };', null],
    ['throws a non-Error', 'export default { choose() { throw 42; } };', /threw: 42$/],
    ['throws null', 'export default { choose() { throw null; } };', /threw: null$/],
    ['calls process.exit()', 'export default { choose() { process.exit(); } };', /ended its thread with process\.exit\(0\)$/],
    [
      'throws in a timer',
      // Its timer is set at the first move, and every move takes 2 ms, so the timer is due before the second
      // move's answer whatever the machine's load (its thread runs due timers before the next request).
      'let moves = 0; export default { choose(turn) { if (++moves === 1) setTimeout(() => { throw new Error("later"); }); const until = Date.now() + 2; while (Date.now() < until); return moves % turn.placements.length; } };',
      /threw asynchronously: later$/,
    ],
    [
      'leaves a promise rejected',
      'export default { choose() { Promise.reject(new Error("nobody waits")); return 0; } };',
      /left a promise rejected: nobody waits$/,
    ],
  ])('ends the game at once with the fault it is when its choose %s', async (what, text, fault) => {
    const file = moduleFile(`${what.replace(/\W+/g, '-')}.mjs`, text);
    const started = performance.now();
    const { code, stdout, stderr } = await runCli(['play', '--agent', file, '--agent-time-limit', '20000', '--json']);
    if (fault === null) {
      // Its module exports no agent that can be asked: refused before the game, as any module that exports none.
      expect(code).toBe(2);
      expect(stderr.trim().split('\n')).toEqual([`gridmind: error: the agent module ${file} threw while loading: no choice`]);
      return;
    }
    expect(code, stderr).toBe(1);
    const result = JSON.parse(stdout);
    expect(result.outcome).toBe('agent-fault');
    expect(result.fault).toMatch(new RegExp(`^${escaped(file)} `));
    expect(result.fault).toMatch(fault);
    expect(stderr).not.toMatch(/^\s+at /m); // no stack trace
    expect(performance.now() - started).toBeLessThan(15_000); // at once, not after the 20 s limit
  });

  it('ends the game at once with a memory fault when its choose allocates without end, long before the time limit', async () => {
    const file = moduleFile('hoard.mjs', 'const kept = [];\nexport default { choose() { for (;;) kept.push({ at: kept.length }); } };');
    const started = performance.now();
    const { code, stdout, stderr } = await runCli([
      'play',
      '--agent',
      file,
      '--agent-memory',
      '64',
      '--agent-time-limit',
      '20000',
      '--json',
    ]);
    expect(code, stderr).toBe(1);
    expect(JSON.parse(stdout)).toMatchObject({
      outcome: 'agent-fault',
      fault: `${file} ran out of its 64 MB of memory: stopped (--agent-memory sets the limit)`,
    });
    expect(stderr).toBe('');
    expect(performance.now() - started).toBeLessThan(10_000); // found as it happens, not at the 20 s limit
  });

  it('refuses a module that allocates without end at its top level in one line, exit 2, naming it, long before the time limit', async () => {
    const file = moduleFile(
      'hoard-at-load.mjs',
      'const kept = [];\nfor (;;) kept.push({ at: kept.length });\nexport default { choose: () => 0 };',
    );
    const started = performance.now();
    const { code, stdout, stderr } = await runCli(['play', '--agent', file, '--agent-memory', '64', '--agent-time-limit', '20000']);
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toBe(
      `gridmind: error: the agent module ${file} ran out of its 64 MB of memory: stopped (--agent-memory sets the limit)\n`,
    );
    expect(performance.now() - started).toBeLessThan(10_000);
  });

  it.runIf(process.platform === 'linux')(
    'ends the game at once with a memory fault when a Python agent allocates without end (a MemoryError under its limit)',
    async () => {
      const file = moduleFile(
        'hoard.py',
        [
          'import json, sys',
          'kept = []',
          'for line in sys.stdin:',
          '    message = json.loads(line)',
          '    if message["type"] == "hello":',
          '        print(json.dumps({"name": "hoard"}), flush=True)',
          '    elif message["type"] == "turn":',
          '        while True:',
          '            kept.append(bytearray(1 << 20))',
        ].join('\n'),
      );
      const started = performance.now();
      const { code, stdout, stderr } = await runCli(
        ['play', '--agent', file, '--agent-memory', '64', '--agent-time-limit', '20000', '--json'],
        {
          GRIDMIND_PYTHON: 'python3',
        },
      );
      expect(code, stderr).toBe(1);
      expect(JSON.parse(stdout)).toMatchObject({
        outcome: 'agent-fault',
        fault: `${file} ran out of its 64 MB of memory during a move (--agent-memory sets the limit)`,
      });
      expect(stderr).toMatch(/^MemoryError$/m); // Python's own report, passed on
      expect(performance.now() - started).toBeLessThan(10_000);
    },
  );

  it.each(['play', 'bench', 'client', 'serve'])('%s takes --agent-memory MB, a whole number from 16 to 32768', async (command) => {
    for (const given of ['8', '1.5', '40000']) {
      const { code, stdout, stderr } = await runCli([command, '--agent-memory', given]);
      expect([given, code]).toEqual([given, 2]);
      expect(stdout).toBe('');
      expect(stderr).toBe(
        `gridmind: error: option '--agent-memory <MB>' argument '${given}' is invalid. "${given}" is not a whole number from 16 to 32768\n`,
      );
    }
  });

  it("keeps what an agent prints out of the command's JSON: it goes to stderr", async () => {
    const file = moduleFile('chatty.mjs', 'export default { choose(turn) { console.log("thinking about", turn.piece); return 0; } };');
    const { code, stdout, stderr } = await runCli(['play', '--agent', file, '--max-pieces', '5', '--json']);
    expect(code, stderr).toBe(0);
    expect(JSON.parse(stdout)).toMatchObject({ pieces: 5 });
    expect(stderr).toMatch(/^thinking about [IJLOSTZ]$/m);
  });
});
