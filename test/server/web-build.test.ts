import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { webBuildIsStale, type WebBuildFolders } from '../../src/server/web-build.ts';

const START = Date.UTC(2026, 0, 1);

/** Writes a file whose modification time is `seconds` after START. */
function fileAt(path: string, seconds: number): void {
  writeFileSync(path, 'x');
  const time = new Date(START + seconds * 1000);
  utimesSync(path, time, time);
}

describe('whether the web app needs building', () => {
  let root: string;
  let folders: WebBuildFolders;

  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'gridmind-web-build-'));
    folders = { web: join(root, 'web'), shared: join(root, 'src'), guides: join(root, 'docs'), dist: join(root, 'dist') };
    for (const folder of [...Object.values(folders), join(root, 'docs', 'images'), join(root, 'docs', 'records')])
      mkdirSync(folder, { recursive: true });
    fileAt(join(folders.web, 'main.ts'), 0);
    fileAt(join(folders.shared, 'engine.ts'), 0);
    fileAt(join(folders.guides, 'guide.md'), 0);
    fileAt(join(folders.guides, 'images', 'board.png'), 0);
  });

  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('builds when there is no build, and not when the build is newer than every source', () => {
    expect(webBuildIsStale(folders)).toBe(true);
    fileAt(join(folders.dist, 'index.html'), 10);
    expect(webBuildIsStale(folders)).toBe(false);
  });

  it('builds again after a change to the app, the library, a guide or a guide image', () => {
    fileAt(join(folders.dist, 'index.html'), 10);
    for (const source of [
      join(folders.web, 'main.ts'),
      join(folders.shared, 'engine.ts'),
      join(folders.guides, 'guide.md'),
      join(folders.guides, 'images', 'board.png'),
    ]) {
      fileAt(source, 20);
      expect(webBuildIsStale(folders), source).toBe(true);
      fileAt(source, 0);
    }
  });

  it('does not build for the rest of docs/, such as a kept database that a resumed run writes to', () => {
    fileAt(join(folders.dist, 'index.html'), 10);
    fileAt(join(folders.guides, 'records', 'run.db-wal'), 20);
    fileAt(join(folders.guides, 'notes.txt'), 20);
    expect(webBuildIsStale(folders)).toBe(false);
  });

  it('never builds an installed package, which ships the build without the sources', () => {
    rmSync(folders.web, { recursive: true });
    expect(webBuildIsStale(folders)).toBe(false);
  });
});
