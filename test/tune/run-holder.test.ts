import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { InputError } from '../../src/core/errors.ts';
import { openDatabase } from '../../src/store/database.ts';
import { lockedDatabaseFailure } from '../../src/store/database-file.ts';
import { claimTuneRun, createTuneRun, findOrCreateTuneRun, loadTuneRun } from '../../src/store/tune-runs.ts';
import { holdTuneRun, stillPlays } from '../../src/tune/run-holder.ts';

const now = Date.parse('2026-11-23T10:00:00Z');
const secondsAgo = (seconds: number) => new Date(now - seconds * 1000).toISOString();
const deadPid = spawnSync('true').pid; // a process that has ended
const keep = () => {}; // what a holder does when it loses its run: nothing in these tests

describe('stillPlays', () => {
  it('trusts a holder elsewhere while it is heard from, one here while its process lives too', () => {
    expect(stillPlays({ host: 'elsewhere', pid: 1, heardAt: secondsAgo(20) }, now)).toBe(true);
    expect(stillPlays({ host: 'elsewhere', pid: 1, heardAt: secondsAgo(61) }, now)).toBe(false);
    expect(stillPlays({ host: hostname(), pid: process.ppid, heardAt: secondsAgo(20) }, now)).toBe(true);
    expect(stillPlays({ host: hostname(), pid: deadPid, heardAt: secondsAgo(1) }, now)).toBe(false);
    expect(stillPlays({ host: hostname(), pid: process.ppid, heardAt: secondsAgo(61) }, now)).toBe(false);
  });
});

describe('holdTuneRun', () => {
  it('lets one process at a time play a run, and frees it when let go or when its holder has stopped', () => {
    const db = openDatabase(':memory:');
    const id = createTuneRun(db, { any: 'settings' }, {});
    const letGo = holdTuneRun(db, id, keep);
    expect(loadTuneRun(db, id)!.holder).toMatchObject({ host: hostname(), pid: process.pid });

    // Another process on this machine is refused while this one holds the run (and lives).
    const other = { host: hostname(), pid: deadPid };
    expect(claimTuneRun(db, id, other, stillPlays)).toMatchObject({ pid: process.pid });
    expect(claimTuneRun(db, id, { host: hostname(), pid: process.pid }, stillPlays)).toBeNull(); // the holder itself may

    letGo();
    expect(loadTuneRun(db, id)!.holder).toBeNull();
    expect(claimTuneRun(db, id, other, stillPlays)).toBeNull();

    // The new holder's process has ended: this one takes the run over; while it holds it, the message says who.
    const again = holdTuneRun(db, id, keep);
    expect(loadTuneRun(db, id)!.holder).toMatchObject({ pid: process.pid });
    expect(claimTuneRun(db, id, { host: 'elsewhere', pid: 7 }, stillPlays)).toMatchObject({ host: hostname(), pid: process.pid });
    again();
    expect(claimTuneRun(db, id, { host: 'elsewhere', pid: 7 }, stillPlays)).toBeNull();
    expect(() => holdTuneRun(db, id, keep)).toThrow(InputError);
    expect(() => holdTuneRun(db, id, keep)).toThrow(
      new RegExp(`run ${id} is being played by process 7 on elsewhere: let it finish, or stop it`),
    );
    expect(() => holdTuneRun(db, id, keep)).toThrow(/the run is free after 1 minute of silence/);
    db.close();
  });

  it('tells a holder that another process took its run over while it was silent', () => {
    vi.useFakeTimers();
    const db = openDatabase(':memory:');
    try {
      const id = createTuneRun(db, { any: 'settings' }, {});
      const lost = vi.fn();
      const letGo = holdTuneRun(db, id, lost);
      vi.advanceTimersByTime(60_000);
      expect(lost).not.toHaveBeenCalled(); // its heartbeats find it still holding the run
      claimTuneRun(db, id, { host: 'elsewhere', pid: 7 }, () => false); // as after a minute of silence
      vi.advanceTimersByTime(15_000);
      expect(lost).toHaveBeenCalledExactlyOnceWith(expect.objectContaining({ host: 'elsewhere', pid: 7 }));
      letGo();
      expect(loadTuneRun(db, id)!.holder).toMatchObject({ host: 'elsewhere' }); // letting go of a run it lost changes nothing
    } finally {
      db.close();
      vi.useRealTimers();
    }
  });

  it('refuses without waiting for the write lock, which a suspended holder may keep', () => {
    const path = join(mkdtempSync(join(tmpdir(), 'gridmind-holder-')), 'runs.db');
    const holderDb = openDatabase(path);
    const otherDb = openDatabase(path);
    const config = { any: 'settings' };
    try {
      const { run } = findOrCreateTuneRun(holderDb, config, {});
      const letGo = holdTuneRun(holderDb, run.id, keep);
      holderDb.exec('BEGIN IMMEDIATE'); // the holder stopped in the middle of a write
      otherDb.pragma('busy_timeout = 0');
      expect(findOrCreateTuneRun(otherDb, config, {})).toMatchObject({ run: { id: run.id }, created: false });
      expect(claimTuneRun(otherDb, run.id, { host: hostname(), pid: deadPid }, stillPlays)).toMatchObject({ pid: process.pid });
      // A write does wait for the lock, and fails with the message the CLI prints.
      let thrown: unknown = null;
      try {
        findOrCreateTuneRun(otherDb, { other: 'settings' }, {});
      } catch (error) {
        thrown = error;
      }
      expect(lockedDatabaseFailure(thrown)?.message).toMatch(/stayed locked by another process for 5 s .*: let it go on or stop it/);
      expect(lockedDatabaseFailure(new Error('no such table'))).toBeNull();
      holderDb.exec('ROLLBACK');
      letGo();
    } finally {
      holderDb.close();
      otherDb.close();
    }
  });
});
