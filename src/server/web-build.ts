import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The web app's sources and where its build goes (the same from src/server and from its compiled dist/server). */
export const WEB_SOURCE = fileURLToPath(new URL('../../web/', import.meta.url));
export const WEB_DIST = fileURLToPath(new URL('../../dist/web/', import.meta.url));
const SHARED_SOURCE = fileURLToPath(new URL('../../src/', import.meta.url));
/** The guides, which the app's Help page shows. */
const GUIDES_SOURCE = fileURLToPath(new URL('../../docs/', import.meta.url));

/** The newest modification time of any file under a folder. */
function newestChange(folder: string): number {
  let newest = 0;
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const path = join(folder, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestChange(path) : statSync(path).mtimeMs);
  }
  return newest;
}

/**
 * Whether the built app is missing or older than a source it is built from (web/, src/ and docs/). An installed
 * package ships the build and not the sources: its build is never stale.
 */
export function webBuildIsStale(): boolean {
  if (!existsSync(WEB_SOURCE)) return false;
  const index = join(WEB_DIST, 'index.html');
  if (!existsSync(index)) return true;
  const sources = [WEB_SOURCE, SHARED_SOURCE, GUIDES_SOURCE].filter(existsSync);
  return Math.max(...sources.map((folder) => newestChange(folder))) > statSync(index).mtimeMs;
}

/** Builds the web app with Vite when it is stale; returns whether it built. */
export async function ensureWebBuild(log: (line: string) => void = () => {}): Promise<boolean> {
  if (!webBuildIsStale()) return false;
  log('building the web app…');
  const { build } = await import('vite');
  await build({ configFile: join(WEB_SOURCE, 'vite.config.ts'), logLevel: 'warn' });
  return true;
}
