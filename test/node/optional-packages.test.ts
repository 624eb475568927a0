import { readFileSync } from 'node:fs';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { InputError } from '../../src/core/errors.ts';
import { importOptional, installCommand, OPTIONAL_PACKAGES, requireOptional } from '../../src/node/optional-packages.ts';
import type { Db } from '../../src/store/database.ts';

const manifest = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
  peerDependencies: Record<string, string>;
  peerDependenciesMeta: Record<string, { optional?: boolean }>;
};

/** The error Node gives an `import` of a package that is not installed. */
function notFound(specifier: string, code = 'ERR_MODULE_NOT_FOUND'): Error {
  return Object.assign(new Error(`Cannot find package '${specifier}' imported from /project/node_modules/gridmind/dist/x.js`), { code });
}

describe('the optional packages', () => {
  it('are the optional peer dependencies of package.json, each tested at the version the checkout installs', () => {
    const names = Object.keys(OPTIONAL_PACKAGES);
    expect(Object.keys(manifest.peerDependencies)).toEqual(names);
    for (const [name, version] of Object.entries(OPTIONAL_PACKAGES)) {
      expect(manifest.peerDependencies[name]).toBe(`^${version}`);
      expect(manifest.peerDependenciesMeta[name]).toEqual({ optional: true });
      expect(manifest.devDependencies[name]).toBe(version);
      expect(manifest.dependencies[name]).toBeUndefined();
    }
  });

  it('say how to install them', () => {
    expect(installCommand(['bullmq', 'ioredis'])).toBe('npm install bullmq@5.81.5 ioredis@5.11.1');
  });

  it('load when installed', async () => {
    expect(requireOptional<typeof Database>('better-sqlite3', 'the database')).toBe(Database);
    expect(typeof (await importOptional(() => import('tsx/esm/api'), ['tsx'], 'TypeScript')).register).toBe('function');
  });

  it('are named, in one line with the command that adds them, where one is missing', async () => {
    const missing = (specifier: string) =>
      importOptional(() => Promise.reject(notFound(specifier)), ['bullmq', 'ioredis'], 'a Redis queue');
    const expected =
      'a Redis queue needs bullmq and ioredis, optional packages that are not installed: npm install bullmq@5.81.5 ioredis@5.11.1';
    await expect(missing('bullmq')).rejects.toThrow(new InputError(expected));
    await expect(missing('ioredis')).rejects.toBeInstanceOf(InputError);
    const required = Object.assign(new Error("Cannot find module 'better-sqlite3'\nRequire stack:\n- /x.js"), { code: 'MODULE_NOT_FOUND' });
    await expect(importOptional(() => Promise.reject(required), ['better-sqlite3'], 'the database')).rejects.toThrow(
      'the database needs better-sqlite3, an optional package that is not installed: npm install better-sqlite3@12.11.1',
    );
    const typeScript = importOptional(() => Promise.reject(notFound('tsx')), ['tsx'], 'a module in TypeScript');
    await expect(typeScript).rejects.toThrow(
      new InputError('a module in TypeScript needs tsx, an optional package that is not installed: npm install tsx@4.23.15'),
    );
  });

  it('leave any other failure as it is: a dependency of theirs missing, or the module failing', async () => {
    const brokenInstall = notFound('msgpackr');
    await expect(importOptional(() => Promise.reject(brokenInstall), ['bullmq', 'ioredis'], 'a Redis queue')).rejects.toBe(brokenInstall);
    const other = new Error("Cannot find package 'bullmq' in the moon"); // no module-not-found code
    await expect(importOptional(() => Promise.reject(other), ['bullmq'], 'a Redis queue')).rejects.toBe(other);
    const similar = notFound('bullmq-pro');
    await expect(importOptional(() => Promise.reject(similar), ['bullmq'], 'a Redis queue')).rejects.toBe(similar);
  });

  it("give a database that Gridmind's own type describes, with no type package of better-sqlite3 in the package's types", () => {
    const db: Db = new Database(':memory:'); // better-sqlite3's connection is a Db
    try {
      expect(db.prepare('SELECT 1 + 1').pluck().get()).toBe(2);
    } finally {
      db.close();
    }
  });
});
