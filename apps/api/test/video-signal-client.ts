import type { ServerMessage } from '@praxia/shared/video/protocol';
import WebSocket from 'ws';

/**
 * A real WebSocket client of the signalling endpoint for the tests: it keeps every message, waits for one of a type,
 * and tells how the server closed the connection.
 */
export class SignalClient {
  readonly messages: ServerMessage[] = [];
  readonly closed: Promise<number>;
  private readonly socket: WebSocket;
  private waiters: (() => void)[] = [];

  private constructor(socket: WebSocket) {
    this.socket = socket;
    this.closed = new Promise((resolve) => socket.on('close', (code) => resolve(code)));
    socket.on('message', (data) => {
      this.messages.push(JSON.parse(data.toString()) as ServerMessage);
      for (const wake of this.waiters.splice(0)) wake();
    });
    socket.on('close', () => {
      for (const wake of this.waiters.splice(0)) wake();
    });
  }

  static async open(baseUrl: string): Promise<SignalClient> {
    const socket = new WebSocket(`${baseUrl}/api/video/signal`);
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', reject);
    });
    return new SignalClient(socket);
  }

  send(message: unknown): void {
    this.socket.send(typeof message === 'string' ? message : JSON.stringify(message));
  }

  /** Opens, joins with the token and waits for the answer to the join (joined, or the refusal). */
  static async join(baseUrl: string, token: string): Promise<SignalClient> {
    const client = await SignalClient.open(baseUrl);
    client.send({ type: 'join', token });
    const isAnswer = (message: ServerMessage) => ['joined', 'error', 'ended'].includes(message.type);
    // Waits without taking the answer: the test reads it from `messages`.
    const answer = await client.next(isAnswer);
    client.messages.unshift(answer);
    return client;
  }

  /** The first message (not yet taken) matching the type or predicate; taken messages are not returned again. */
  async next(match: ServerMessage['type'] | ((message: ServerMessage) => boolean), timeoutMs = 5000) {
    const test = typeof match === 'string' ? (message: ServerMessage) => message.type === match : match;
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const index = this.messages.findIndex(test);
      if (index >= 0) return this.messages.splice(index, 1)[0] as ServerMessage;
      const left = deadline - Date.now();
      if (left <= 0 || this.socket.readyState === WebSocket.CLOSED) {
        throw new Error(`no ${String(match)} message; got ${JSON.stringify(this.messages.map((m) => m.type))}`);
      }
      await new Promise<void>((resolve) => {
        this.waiters.push(resolve);
        setTimeout(resolve, Math.min(left, 100));
      });
    }
  }

  /** Lets messages in flight arrive, then lists the types received and not yet taken. */
  async pendingTypes(settleMs = 200): Promise<string[]> {
    await new Promise((resolve) => setTimeout(resolve, settleMs));
    return this.messages.map((message) => message.type);
  }

  close(): void {
    this.socket.close();
  }
}
