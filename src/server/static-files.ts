import { createReadStream, existsSync, statSync } from 'node:fs';
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
 * Serves the built web app from `root`: a file when the path names one inside the root, else
 * index.html (the app routes itself). Paths that climb out of the root are refused.
 */
export function serveStatic(root: string, request: IncomingMessage, response: ServerResponse): void {
  let path: string;
  try {
    path = decodeURIComponent(new URL(request.url ?? '/', 'http://localhost').pathname);
  } catch {
    response.writeHead(400, { 'content-type': 'text/plain' }).end('bad request: the path is not valid percent-encoding');
    return;
  }
  const file = normalize(join(root, path));
  if (!file.startsWith(normalize(root + sep)) && file !== normalize(root)) {
    response.writeHead(403, { 'content-type': 'text/plain' }).end('forbidden');
    return;
  }
  const target = existsSync(file) && statSync(file).isFile() ? file : join(root, 'index.html');
  if (!existsSync(target)) {
    response.writeHead(503, { 'content-type': 'text/plain' }).end('the web app is not built: run `npx gridmind serve` (it builds it)');
    return;
  }
  const isIndex = target.endsWith('index.html');
  response.writeHead(200, {
    'content-type': CONTENT_TYPES[extname(target)] ?? 'application/octet-stream',
    'cache-control': isIndex ? 'no-cache' : 'public, max-age=31536000, immutable',
  });
  createReadStream(target)
    .on('error', () => response.destroy()) // the file went away meanwhile (a rebuild): drop this response
    .pipe(response);
}
