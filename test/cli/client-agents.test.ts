import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useAveiroServer } from './aveiro-test-server.ts';
import { runCli } from './run-cli.ts';

describe('gridmind client --agent MODULE on a real Aveiro server', () => {
  const dir = mkdtempSync(join(tmpdir(), 'gridmind-client-agents-'));
  const { url: serverUrl } = useAveiroServer(dir);

  it('plays an agent in code among the locks the clock lets through, to the end of its game', async () => {
    // An agent that stacks every piece at its first placement: its game ends within some seconds of the
    // server's clock (a dozen pieces), where the example's lowest column plays on for half a minute.
    const firstPlacement = join(dir, 'first-placement.mjs');
    writeFileSync(firstPlacement, 'export default { choose: () => 0 };\n');
    const { code, stdout, stderr } = await runCli(['client', '--server', serverUrl(), '--agent', firstPlacement, '--json']);
    expect(code, stderr).toBe(0);
    const [game] = JSON.parse(stdout).games;
    expect(game.pieces).toBeGreaterThan(5);
    expect(game.fault).toBeUndefined();
  });

  it("leaves a game its agent's fault ended, saying so, with exit 1; refuses a module that exports no agent with exit 2", async () => {
    const faulty = join(dir, 'faulty.mjs');
    writeFileSync(faulty, 'export default { choose() { throw new Error("no idea"); } };\n');
    const faulted = await runCli(['client', '--server', serverUrl(), '--agent', faulty, '--json']);
    expect(faulted.code).toBe(1);
    expect(JSON.parse(faulted.stdout).games[0].fault).toBe(`${faulty} threw: no idea`);
    const none = join(dir, 'none.mjs');
    writeFileSync(none, 'export const nothing = 0;\n');
    const refused = await runCli(['client', '--server', serverUrl(), '--agent', none]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain(`the agent module ${none} exports no agent`);
  });
});
