import { type ClientMessage, type ServerMessage, VIDEO_SIGNAL_PATH } from '@praxia/shared/video/protocol';
import { reconnectDelayMs } from './call-state';

/*
 * The WebSocket to our API that carries only the signalling (descriptions, candidates, admission, hang-up); the media
 * never pass through it. It joins with the token as its first message (never in the URL), and after a drop it
 * reconnects with a growing delay and joins again, until the server ends the call or refuses the token.
 */

const PING_INTERVAL_MS = 20_000;

export type SocketHandlers = {
  onMessage: (message: ServerMessage) => void;
  /** Closed without an end or a refusal: a reconnection is on its way. */
  onLost: () => void;
};

/** ws(s)://host/api/video/signal on the page's own origin. */
export const signalUrl = (location: Pick<Location, 'protocol' | 'host'>) =>
  `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}${VIDEO_SIGNAL_PATH}`;

function parse(data: unknown): ServerMessage | null {
  if (typeof data !== 'string') return null;
  try {
    const message: unknown = JSON.parse(data);
    return typeof message === 'object' && message !== null && 'type' in message ? (message as ServerMessage) : null;
  } catch {
    return null;
  }
}

export class SignallingSocket {
  private socket: WebSocket | null = null;
  private attempt = 0;
  private isFinished = false;
  private reconnectTimer: ReturnType<typeof setTimeout> | undefined;
  private pingTimer: ReturnType<typeof setInterval> | undefined;

  constructor(
    private readonly url: string,
    private readonly token: string,
    private readonly handlers: SocketHandlers,
  ) {}

  open(): void {
    this.isFinished = false;
    const socket = new WebSocket(this.url);
    this.socket = socket;
    socket.onopen = () => socket.send(JSON.stringify({ type: 'join', token: this.token } satisfies ClientMessage));
    socket.onmessage = (event) => {
      const message = parse(event.data);
      if (!message) return;
      // A refusal or the end closes for good; reconnecting would only be refused again.
      if (message.type === 'error' || message.type === 'ended') this.isFinished = true;
      // Accepted again: the next drop starts with a short delay.
      if (message.type === 'joined') this.attempt = 0;
      this.handlers.onMessage(message);
    };
    socket.onclose = () => {
      if (this.socket !== socket) return;
      this.socket = null;
      clearInterval(this.pingTimer);
      if (this.isFinished) return;
      this.handlers.onLost();
      this.reconnectTimer = setTimeout(() => this.open(), reconnectDelayMs(this.attempt++));
    };
    // Keeps proxies from closing an idle connection while both only talk through the media path.
    clearInterval(this.pingTimer);
    this.pingTimer = setInterval(() => this.send({ type: 'ping' }), PING_INTERVAL_MS);
  }

  /** Sends when connected; a message during a drop is lost, and the rejoin's fresh start makes up for it. */
  send(message: ClientMessage): void {
    if (this.socket?.readyState === WebSocket.OPEN) this.socket.send(JSON.stringify(message));
  }

  /** Closes without reconnecting (hang-up, end, leaving the page). Queued messages (a hang-up) still go out. */
  close(): void {
    this.isFinished = true;
    clearTimeout(this.reconnectTimer);
    clearInterval(this.pingTimer);
    const socket = this.socket;
    this.socket = null;
    socket?.close(1000);
  }
}
