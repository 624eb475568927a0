import { execFileSync } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/store/database.ts';
import { runCli } from './run-cli.ts';

/**
 * Makes `file` one this process cannot write: its mode read-only and, for root (whom modes do not
 * stop), the file system's immutable flag; returns how to undo it.
 */
function makeReadOnly(file: string): () => void {
  chmodSync(file, 0o444);
  if (process.getuid?.() !== 0) return () => chmodSync(file, 0o644);
  execFileSync('chattr', ['+i', file]);
  return () => {
    execFileSync('chattr', ['-i', file]);
    chmodSync(file, 0o644);
  };
}

describe('a database that cannot be written', () => {
  const folder = mkdtempSync(join(tmpdir(), 'gridmind-readonly-'));
  const path = join(folder, 'gridmind.db');
  const env = { GRIDMIND_DB: path };
  let undo = () => {};
  beforeAll(() => {
    openDatabase(path).close(); // made and migrated while it could be
    undo = makeReadOnly(path);
  });
  afterAll(() => {
    undo();
    rmSync(folder, { recursive: true, force: true });
  });

  it.each([
    ['bench', ['bench', '--agent', 'greedy', '--board', '6x8', '--games', '20']],
    ['tune', ['tune', '--features', 'holes,landingHeight', '--board', '6x8', '--population', '20', '--iterations', '1']],
    ['samegame bench', ['samegame', 'bench', '--set', 'standard', '--method', 'nmcs', '--level', '1', '--nodes', '3000']],
    ['serve', ['serve', '--port', '0']],
  ])('%s says so in one line and exits 2 before any work', async (_, args) => {
    const before = statSync(path).mtimeMs;
    const result = await runCli(args, env);
    expect(result.code).toBe(2);
    expect(result.stderr.trim().split('\n')).toEqual([
      `gridmind: error: cannot save to the database ${path}: it is read-only; set GRIDMIND_DB to a writable SQLite file`,
    ]);
    expect(result.stdout).toBe(''); // no game played, no board solved, no server started
    expect(statSync(path).mtimeMs).toBe(before);
  });
});
