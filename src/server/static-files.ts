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

/**
 * Serves the built web app from `root`: a file when the path names one inside the root, a 404 for a
 * missing file (a name with an extension), else index.html (the app routes itself). A path that tries
 * to climb out of the root or holds a NUL is refused with 400, a file that is a link out of the root
 * with 403, and a method other than GET and HEAD with 405.
 */
export function serveStatic(root: string, request: IncomingMessage, response: ServerResponse): void {
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    request.resume(); // read and drop any body, so that the connection stays usable
    response.setHeader('allow', 'GET, HEAD');
    return refuse(response, 405, `method not allowed: the app's pages are read with GET or HEAD, not ${request.method}`);
  }
  let path: string;
  try {
    path = decodeURIComponent((request.url ?? '/').split(/[?#]/)[0]);
  } catch {
    return refuse(response, 400, 'bad request: the path is not valid percent-encoding');
  }
  if (!path.startsWith('/') || PATH_TRICK.test(path))
    return refuse(response, 400, 'bad request: the path climbs out of the app or holds a NUL');
  const file = normalize(join(root, path));
  if (!inside(root, file)) return refuse(response, 403, 'forbidden');
  const found = existsSync(file) && statSync(file).isFile();
  if (found && !inside(realpathSync(root), realpathSync(file))) return refuse(response, 403, 'forbidden: a link out of the app'); // a symbolic link in the app's folder
  if (!found && extname(path) !== '') return refuse(response, 404, `not found: ${path}`);
  const target = found ? file : join(root, 'index.html');
  if (!existsSync(target)) {
    response.writeHead(503, { 'content-type': 'text/plain' }).end('the web app is not built: run `npx gridmind serve` (it builds it)');
    return;
  }
  const isIndex = target.endsWith('index.html');
  response.writeHead(200, {
    ...SECURITY_HEADERS,
    'content-type': CONTENT_TYPES[extname(target)] ?? 'application/octet-stream',
    'cache-control': isIndex ? 'no-cache' : 'public, max-age=31536000, immutable',
  });
  createReadStream(target)
    .on('error', () => response.destroy()) // the file went away meanwhile (a rebuild): drop this response
    .pipe(response);
}
