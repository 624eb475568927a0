import { ensureWebBuild } from '../../src/server/web-build.ts';

/** Builds the web app once before the browser tests (skipped when the build is up to date). */
export default async function setup(): Promise<void> {
  await ensureWebBuild();
}
