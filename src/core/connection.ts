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
 *
 * A target for the same session (see {@link sameSession}) with only a new token is a renewal: it replaces the
 * current target without reconnecting, and the next connect (a re-join) uses it. Only when the current connect
 * failed does a renewal connect again.
 */
export interface ConnectionController {
  setTarget(target: ConnectTarget | null): void;
  /** Joins the desired target again if the room has disconnected since the last connect (no-op otherwise). */
  rejoin(): void;
  /** Resolves when every queued operation has finished. */
  settled(): Promise<void>;
}

const sameTarget = (a: ConnectTarget | null, b: ConnectTarget | null) =>
  a === b || (a !== null && b !== null && a.url === b.url && a.token === b.token);

function sameValue(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  return ka.length === kb.length && ka.every((k) => sameValue((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
}

/**
 * True when two targets join the same session with the same rights: same URL, identity, name, metadata and
 * video grant, whatever their tokens' validity windows. A refreshed token is such a target.
 */
export function sameSession(a: ConnectTarget, b: ConnectTarget): boolean {
  const { expiresAt: _ea, notBefore: _na, ...claimsA } = a.claims;
  const { expiresAt: _eb, notBefore: _nb, ...claimsB } = b.claims;
  return a.url === b.url && sameValue(claimsA, claimsB);
}

export function createConnectionController(room: Room, options: () => ConnectionControllerOptions): ConnectionController {
  let desired: ConnectTarget | null = null;
  let current: ConnectTarget | null = null;
  /** The connect to `current` threw: a renewal of it should connect again. */
  let currentFailed = false;
  let rejoinRequested = false;
  let running: Promise<void> | undefined;
  let scheduled = false;
  const pending = () => rejoinRequested || !sameTarget(desired, current);

  const report = (error: RoomKitError) => {
    getRoomStore(room).setError(error);
    options().onError?.(error);
  };

  async function reconcile() {
    while (pending()) {
      if (rejoinRequested) {
        rejoinRequested = false;
        if (current !== null && room.state === ConnectionState.Disconnected) current = null;
        continue;
      }
      if (current !== null && desired !== null && !currentFailed && sameSession(current, desired)) {
        // A renewed token: remember it for the next join, and leave the live session alone.
        current = desired;
        getRoomStore(room).setTokenClaims(desired.claims);
        continue;
      }
      if (current !== null) {
        current = null;
        if (room.state !== ConnectionState.Disconnected) await room.disconnect();
        continue;
      }
      const target = desired!;
      current = target;
      currentFailed = false;
      getRoomStore(room).setTokenClaims(target.claims);
      try {
        await room.connect(target.url, target.token, options().connectOptions);
      } catch (error) {
        if (current === target) currentFailed = true;
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
        if (pending()) schedule();
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
    rejoin() {
      rejoinRequested = true;
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
