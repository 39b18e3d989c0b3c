import type { WebSocket } from 'ws';
import { encodeResponse, type ResponseMessage } from './signal';

/**
 * A participant's signalling socket, which the server may drop alone (a network blip on the signal path) and the
 * client may then resume the session on a new one. None for a synthetic participant.
 */
export class SignalSocket {
  private ws: WebSocket | null;
  /** Set while the client may resume after {@link drop}; fires its removal when it does not. */
  private resumeTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(ws: WebSocket | null) {
    this.ws = ws;
  }

  /** The socket the session runs on now; null for a synthetic participant. */
  get current(): WebSocket | null {
    return this.ws;
  }

  get awaitingResume(): boolean {
    return this.resumeTimer !== undefined;
  }

  send(message: ResponseMessage): void {
    if (this.ws?.readyState === this.ws?.OPEN) this.ws?.send(encodeResponse(message));
  }

  /** Terminates the socket; `onExpired` runs unless the client resumes within `windowMs`. False without a socket. */
  drop(windowMs: number, onExpired: () => void): boolean {
    if (!this.ws) return false;
    clearTimeout(this.resumeTimer);
    this.resumeTimer = setTimeout(() => {
      this.resumeTimer = undefined;
      onExpired();
    }, windowMs);
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
  }
}
