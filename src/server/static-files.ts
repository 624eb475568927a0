import { createReadStream, existsSync, realpathSync, statSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.map': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.md': 'text/markdown; charset=utf-8',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
};

/**
 * What the app's pages may load: its own scripts, styles, workers and connections (the API, the Aveiro
 * WebSocket), images of its own or drawn (data:, blob:); nothing inline, no plug-in, no framing.
 */
const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data: blob:",
  "connect-src 'self'",
  "worker-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** Headers on every file served. */
const SECURITY_HEADERS = {
  'content-security-policy': CONTENT_SECURITY_POLICY,
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
};

/** A path segment that climbs (`..`, also percent-encoded or after a backslash), or a NUL. */
const PATH_TRICK = /(^|[/\\])\.\.([/\\]|$)|\0/;

/** Whether `path` is `root` or lies under it (both normalised). */
const inside = (root: string, path: string) => path === normalize(root) || path.startsWith(normalize(root + sep));

function refuse(response: ServerResponse, status: number, message: string): void {
  response.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', ...SECURITY_HEADERS }).end(message);
}

/** How a folder is served: the web app's build, or the documentation site. */
export interface StaticFolder {
  /** The address the folder is served at: '' for the root, '/docs' for the documentation. */
  readonly prefix: string;
  /** What the folder is, in the answers' words: "the app", "the documentation". */
  readonly what: string;
  /**
   * Whether a path that names no file and has no extension gets the folder's index.html (an app that routes
   * itself), rather than a 404.
   */
  readonly appRoutes: boolean;
  /** Whether its files other than index.html are named by their content (Vite's), so cached for good; else checked each time. */
  readonly immutable: boolean;
  /** The answer when the folder has no index.html yet: status, content type and body. */
  readonly notBuilt: { readonly status: number; readonly type: string; readonly body: string };
  /**
   * Whether its pages may style elements inline (TypeDoc's scripts set `style` attributes); scripts stay
   * the folder's own files either way.
   */
  readonly inlineStyles?: boolean;
}

/** The built web app, at the server's root. */
export const WEB_APP: StaticFolder = {
  prefix: '',
  what: 'the app',
  appRoutes: true,
  immutable: true,
  notBuilt: { status: 503, type: 'text/plain', body: 'the web app is not built: run `npx gridmind serve` (it builds it)' },
};

/** Whether a request's path (raw, before decoding) lies under a folder served at `prefix`: the prefix itself, or `prefix/…`. */
export function isUnder(prefix: string, url: string): boolean {
  const path = url.split(/[?#]/)[0];
  return path === prefix || path.startsWith(`${prefix}/`);
}

function redirect(response: ServerResponse, location: string): void {
  response.writeHead(301, { location, 'content-type': 'text/plain; charset=utf-8', ...SECURITY_HEADERS }).end(`moved to ${location}`);
}

/**
 * Serves a built folder `root` at `folder.prefix`: a file when the path names one inside the root, a
 * folder's index.html when it names a folder (after a redirect that adds the folder's `/`), else a 404 or,
 * for an app that routes itself, the root's index.html. A path that tries to climb out of the root or holds
 * a NUL is refused with 400, a file or folder that is a link out of the root with 403, and a method other
 * than GET and HEAD with 405. A root with no index.html gets `folder.notBuilt`.
 */
export function serveStatic(root: string, request: IncomingMessage, response: ServerResponse, folder: StaticFolder = WEB_APP): void {
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    request.resume(); // read and drop any body, so that the connection stays usable
    response.setHeader('allow', 'GET, HEAD');
    return refuse(response, 405, `method not allowed: ${folder.what}'s pages are read with GET or HEAD, not ${request.method}`);
  }
  const [rawPath, query = null] = (request.url ?? '/').split('#')[0].split(/\?(.*)/s, 2) as [string, string?];
  if (rawPath === folder.prefix && folder.prefix !== '') return redirect(response, `${folder.prefix}/${query === null ? '' : `?${query}`}`);
  let path: string;
  try {
    path = decodeURIComponent(rawPath.slice(folder.prefix.length));
  } catch {
    return refuse(response, 400, 'bad request: the path is not valid percent-encoding');
  }
  if (!path.startsWith('/') || PATH_TRICK.test(path))
    return refuse(response, 400, `bad request: the path climbs out of ${folder.what} or holds a NUL`);
  const index = join(root, 'index.html');
  if (!existsSync(index)) {
    response.writeHead(folder.notBuilt.status, { ...SECURITY_HEADERS, 'content-type': folder.notBuilt.type, 'cache-control': 'no-cache' });
    response.end(folder.notBuilt.body);
    return;
  }
  let file = normalize(join(root, path));
  if (!inside(root, file)) return refuse(response, 403, 'forbidden');
  if (existsSync(file) && !inside(realpathSync(root), realpathSync(file)))
    return refuse(response, 403, `forbidden: a link out of ${folder.what}`); // a symbolic link in the folder
  if (!folder.appRoutes && existsSync(file) && statSync(file).isDirectory()) {
    if (!path.endsWith('/')) return redirect(response, `${rawPath}/${query === null ? '' : `?${query}`}`);
    file = join(file, 'index.html');
  }
  const found = existsSync(file) && statSync(file).isFile();
  if (!found && (extname(path) !== '' || !folder.appRoutes)) return refuse(response, 404, `not found: ${folder.prefix}${path}`);
  const target = found ? file : index;
  const isIndex = target.endsWith('index.html');
  response.writeHead(200, {
    ...SECURITY_HEADERS,
    ...(folder.inlineStyles
      ? { 'content-security-policy': CONTENT_SECURITY_POLICY.replace("style-src 'self'", "style-src 'self' 'unsafe-inline'") }
      : {}),
    'content-type': CONTENT_TYPES[extname(target)] ?? 'application/octet-stream',
    'cache-control': folder.immutable && !isIndex ? 'public, max-age=31536000, immutable' : 'no-cache',
  });
  createReadStream(target)
    .on('error', () => response.destroy()) // the file went away meanwhile (a rebuild): drop this response
    .pipe(response);
}
