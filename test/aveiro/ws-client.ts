import WebSocket from 'ws';

/** A protocol client that records every message and can answer frames. */
export class Client {
  readonly messages: Record<string, unknown>[] = [];
  readonly socket: WebSocket;
  readonly closed: Promise<{ code: number; reason: string }>;
  private waiters: (() => void)[] = [];

  constructor(url: string, answer?: (message: Record<string, unknown>, client: Client) => void) {
    this.socket = new WebSocket(url);
    this.socket.on('message', (data) => {
      const message = JSON.parse(data.toString());
      this.messages.push(message);
      answer?.(message, this);
      this.waiters.splice(0).forEach((wake) => wake());
    });
    this.closed = new Promise((resolve) => this.socket.on('close', (code, reason) => resolve({ code, reason: reason.toString() })));
  }

  opened(): Promise<void> {
    return new Promise((resolve) => (this.socket.readyState === WebSocket.OPEN ? resolve() : this.socket.once('open', () => resolve())));
  }

  send(message: unknown): void {
    this.socket.send(typeof message === 'string' ? message : JSON.stringify(message));
  }

  /** Waits until `count` messages have arrived. */
  async received(count: number): Promise<Record<string, unknown>[]> {
    while (this.messages.length < count) await new Promise<void>((resolve) => this.waiters.push(resolve));
    return this.messages;
  }
}
