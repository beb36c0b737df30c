/**
 * The page's WebSocket to the bot (`/.proxy/ws`): it signs in with `hello` on every connection, and when
 * the connection drops (the bot restarting) it connects again, sooner first, then every few seconds,
 * saying which game it showed: the bot answers with that game as it is now, so nothing is missed. An
 * action sent while the connection is down is refused on the spot (the page never holds a move back).
 */
import { CLOSE_UNAUTHORISED, type ClientMessage, type ServerMessage } from "../core/protocol.ts";
import { proxied } from "./sign-in.ts";

export interface ConnectionEvents {
  message(message: ServerMessage): void;
  /** Connected (true) or lost (false). */
  state(connected: boolean): void;
  /** The bot refused the sign-in: reconnecting will not help. */
  unauthorised(): void;
}

const RETRY_MS = [250, 500, 1000, 2000, 4000];

export class Connection {
  private socket: WebSocket | null = null;
  private attempts = 0;
  private stopped = false;
  /** The game shown: said again in the next `hello`. */
  gameId: string | undefined;

  constructor(
    private readonly hello: Omit<Extract<ClientMessage, { type: "hello" }>, "type" | "gameId">,
    private readonly events: ConnectionEvents,
  ) {
    this.connect();
  }

  get open(): boolean {
    return this.socket?.readyState === WebSocket.OPEN;
  }

  /** Sends `message`; false when the connection is down. */
  send(message: ClientMessage): boolean {
    if (!this.open) return false;
    this.socket!.send(JSON.stringify(message));
    return true;
  }

  private connect(): void {
    const socket = new WebSocket(proxied("ws").replace(/^http/, "ws"));
    this.socket = socket;
    socket.onopen = () => {
      this.attempts = 0;
      socket.send(JSON.stringify({ type: "hello", ...this.hello, ...(this.gameId && { gameId: this.gameId }) }));
      this.events.state(true);
    };
    socket.onmessage = (event) => this.events.message(JSON.parse(String(event.data)) as ServerMessage);
    socket.onclose = (event) => {
      if (this.socket !== socket || this.stopped) return;
      if (event.code === CLOSE_UNAUTHORISED) {
        this.stopped = true;
        this.events.unauthorised();
        return;
      }
      this.events.state(false);
      const wait = RETRY_MS[Math.min(this.attempts++, RETRY_MS.length - 1)];
      setTimeout(() => this.connect(), wait);
    };
  }
}
