import { fileURLToPath } from 'node:url';
import type { StaticFolder } from './static-files.ts';

/** Where `npm run docs` (scripts/docs-site.ts) writes the documentation site: the guides and the API reference. */
export const DOCS_DIST = fileURLToPath(new URL('../../dist/docs/', import.meta.url));

/** What /docs answers before the site is built: how to build it, and where the guides are meanwhile. */
const NOT_BUILT = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>The documentation is not built · Gridmind</title>
  </head>
  <body>
    <main>
      <h1>The documentation is not built</h1>
      <p>
        This server serves the documentation site (the guides, the command reference and the API reference) once it
        is built: run <code>npm run docs</code> in Gridmind's folder (it takes a minute or two), then reload this page.
      </p>
      <p>
        Meanwhile the guides are in <code>docs/</code> as Markdown, the app's <a href="/#/help">Help</a> page shows them,
        and <code>npx gridmind --help</code> lists the commands.
      </p>
      <p><a href="/">Open the app</a></p>
    </main>
  </body>
</html>
`;

/**
 * The documentation site, served at /docs: its pages are files, not an app's routes, and are checked each
 * time; TypeDoc's pages style elements inline.
 */
export const DOCS_SITE: StaticFolder = {
  prefix: '/docs',
  what: 'the documentation',
  appRoutes: false,
  immutable: false,
  inlineStyles: true,
  notBuilt: { status: 503, type: 'text/html; charset=utf-8', body: NOT_BUILT },
};
