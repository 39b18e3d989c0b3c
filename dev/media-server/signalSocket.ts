import type { WebSocket } from 'ws';
import { encodeResponse, type ResponseMessage } from './signal';

/**
 * A participant's signalling socket, which the server may drop alone (a network blip on the signal path) and the
 * client may then resume the session on a new one. None for a synthetic participant.
 */
export class SignalSocket {
  private ws: WebSocket | null;
  /** True while the client may resume after {@link drop}. */
  private waiting = false;
  /** With a window: fires the removal when the client does not resume in time. */
  private resumeTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(ws: WebSocket | null) {
    this.ws = ws;
  }

  /** The socket the session runs on now; null for a synthetic participant. */
  get current(): WebSocket | null {
    return this.ws;
  }

  get awaitingResume(): boolean {
    return this.waiting;
  }

  send(message: ResponseMessage): void {
    if (this.ws?.readyState === this.ws?.OPEN) this.ws?.send(encodeResponse(message));
  }

  /**
   * Terminates the socket; `onExpired` runs unless the client resumes within `windowMs`. Without a window the client
   * may resume for as long as the caller keeps the session (LiveKit's way: while its peer connection lives). False
   * without a socket.
   */
  drop(windowMs: number | undefined, onExpired: () => void): boolean {
    if (!this.ws) return false;
    this.stopWaiting();
    this.waiting = true;
    if (windowMs !== undefined) {
      this.resumeTimer = setTimeout(() => {
        this.stopWaiting();
        onExpired();
      }, windowMs);
    }
    this.ws.terminate();
    return true;
  }

  /** The client resumed on `ws`. */
  resume(ws: WebSocket): void {
    this.stopWaiting();
    this.ws = ws;
  }

  /** Closes the socket: at once (`abrupt`) or with a normal close. */
  close(abrupt: boolean): void {
    this.stopWaiting();
    if (abrupt) this.ws?.terminate();
    else if (this.ws?.readyState === this.ws?.OPEN) this.ws?.close(1000);
  }

  private stopWaiting(): void {
    clearTimeout(this.resumeTimer);
    this.resumeTimer = undefined;
    this.waiting = false;
  }
}
