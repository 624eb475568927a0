import { request } from 'node:http';
import type { RunningServer } from '../../src/server/server.ts';

/** An answer as it came: status, headers and body. */
export interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** One request to `server`, its path sent unchanged (fetch would tidy `..` away). */
export function sendRaw(server: RunningServer, method: string, path: string): Promise<RawAnswer> {
  const { port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    const outgoing = request({ host: '127.0.0.1', port, method, path }, (answer) => {
      let body = '';
      answer.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
      answer.on('end', () => resolve({ status: answer.statusCode ?? 0, headers: answer.headers, body }));
    });
    outgoing.on('error', reject);
    outgoing.end();
  });
}
