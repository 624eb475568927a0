import type { ServerResponse } from 'node:http';

/** An answer of the API other than success: its status, and `{"error": message}` as its body. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** The whole seconds to wait before trying again (429, 503), sent as Retry-After. */
    readonly retryAfter?: number,
  ) {
    super(message);
  }
}

/** Sends an ApiError: its status, Retry-After when it has one, and `{"error": message}`. */
export function sendError(response: ServerResponse, { status, message, retryAfter }: ApiError): void {
  response.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'cache-control': 'no-store',
    ...(retryAfter !== undefined && { 'retry-after': String(retryAfter) }),
  });
  response.end(JSON.stringify({ error: message }));
}
