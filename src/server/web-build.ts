import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The web app's sources and where its build goes (the same from src/server and from its compiled dist/server). */
export const WEB_SOURCE = fileURLToPath(new URL('../../web/', import.meta.url));
export const WEB_DIST = fileURLToPath(new URL('../../dist/web/', import.meta.url));

/** The folders the web app is built from and into. */
export interface WebBuildFolders {
  /** The app's own sources (web/). */
  readonly web: string;
  /** The library's sources the app imports (src/). */
  readonly shared: string;
  /** The guides the Help page shows: the Markdown files directly in it (docs/*.md) and its images/ folder. */
  readonly guides: string;
  /** The build (dist/web/). */
  readonly dist: string;
}

const FOLDERS: WebBuildFolders = {
  web: WEB_SOURCE,
  shared: fileURLToPath(new URL('../../src/', import.meta.url)),
  guides: fileURLToPath(new URL('../../docs/', import.meta.url)),
  dist: WEB_DIST,
};

/** The newest modification time of any file under a folder (0 for none). */
function newestChange(folder: string): number {
  if (!existsSync(folder)) return 0;
  let newest = 0;
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const path = join(folder, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestChange(path) : statSync(path).mtimeMs);
  }
  return newest;
}

/**
 * The newest modification time of the guides and their images. The rest of the folder is not built into
 * the app: the records' kept databases, which a resumed run writes to, do not make the build stale.
 */
function newestGuideChange(folder: string): number {
  if (!existsSync(folder)) return 0;
  const guides = readdirSync(folder).filter((name) => name.endsWith('.md'));
  return Math.max(newestChange(join(folder, 'images')), ...guides.map((name) => statSync(join(folder, name)).mtimeMs));
}

/**
 * Whether the built app is missing or older than a source it is built from. An installed package ships
 * the build and not the sources: its build is never stale.
 */
export function webBuildIsStale(folders: WebBuildFolders = FOLDERS): boolean {
  if (!existsSync(folders.web)) return false;
  const index = join(folders.dist, 'index.html');
  if (!existsSync(index)) return true;
  const newestSource = Math.max(newestChange(folders.web), newestChange(folders.shared), newestGuideChange(folders.guides));
  return newestSource > statSync(index).mtimeMs;
}

/** Builds the web app with Vite when it is stale; returns whether it built. */
export async function ensureWebBuild(log: (line: string) => void = () => {}): Promise<boolean> {
  if (!webBuildIsStale()) return false;
  log('building the web app…');
  const { build } = await import('vite');
  await build({ configFile: join(WEB_SOURCE, 'vite.config.ts'), logLevel: 'warn' });
  return true;
}
