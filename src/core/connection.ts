import { ConnectionState, type Room, type RoomConnectOptions } from 'livekit-client';
import type { RoomKitError} from './RoomKitError.js';
import { toRoomKitError } from './RoomKitError.js';
import { getRoomStore } from './roomStore.js';
import type { TokenClaims } from './token.js';

/** Where to connect: a validated URL and token. */
export interface ConnectTarget {
  readonly url: string;
  readonly token: string;
  readonly claims: TokenClaims;
}

/** Callbacks and options of a {@link ConnectionController}. Read at every use, so they may change. */
export interface ConnectionControllerOptions {
  connectOptions?: RoomConnectOptions | undefined;
  /** Runs after each successful connect (initial publishing). */
  afterConnect?: () => Promise<void>;
  /** Receives every failure as a RoomKitError. */
  onError?: (error: RoomKitError) => void;
}

/**
 * Serialises a room's connects and disconnects. Callers declare the target (or `null`); the controller
 * reconciles at the end of the current task, so a target that is set, cleared and set again within one
 * task (React's StrictMode effects) causes one connect, and a disconnect waits for an in-flight connect.
 */
export interface ConnectionController {
  setTarget(target: ConnectTarget | null): void;
  /** Resolves when every queued operation has finished. */
  settled(): Promise<void>;
}

const sameTarget = (a: ConnectTarget | null, b: ConnectTarget | null) =>
  a === b || (a !== null && b !== null && a.url === b.url && a.token === b.token);

export function createConnectionController(room: Room, options: () => ConnectionControllerOptions): ConnectionController {
  let desired: ConnectTarget | null = null;
  let current: ConnectTarget | null = null;
  let running: Promise<void> | undefined;
  let scheduled = false;

  const report = (error: RoomKitError) => {
    getRoomStore(room).setError(error);
    options().onError?.(error);
  };

  async function reconcile() {
    while (!sameTarget(desired, current)) {
      if (current !== null) {
        current = null;
        if (room.state !== ConnectionState.Disconnected) await room.disconnect();
        continue;
      }
      const target = desired!;
      current = target;
      getRoomStore(room).setTokenClaims(target.claims);
      try {
        await room.connect(target.url, target.token, options().connectOptions);
      } catch (error) {
        // A failure of a connect nobody wants any more is not news.
        if (sameTarget(desired, target)) report(toRoomKitError(error));
        continue;
      }
      if (sameTarget(desired, target)) {
        try {
          await options().afterConnect?.();
        } catch (error) {
          report(toRoomKitError(error));
        }
      }
    }
  }

  function run() {
    scheduled = false;
    if (running) return;
    running = reconcile()
      .catch((error: unknown) => report(toRoomKitError(error)))
      .finally(() => {
        running = undefined;
        if (!sameTarget(desired, current)) schedule();
      });
  }

  function schedule() {
    if (scheduled) return;
    scheduled = true;
    setTimeout(run, 0);
  }

  return {
    setTarget(target) {
      desired = target;
      schedule();
    },
    async settled() {
      while (scheduled || running) {
        if (running) await running;
        else await new Promise((r) => setTimeout(r, 0));
      }
    },
  };
}
