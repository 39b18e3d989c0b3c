/**
 * @internal The connection loop of a session (session.ts). Callers declare the target the session should be in; the
 * loop reconciles at the end of the current task, so a target set, cleared and set again within one task (StrictMode)
 * causes one connect, and a disconnect waits for an in-flight connect. Top to bottom, each turn of the loop:
 *   1. a re-join asked for (after a drop) forgets a room that is no longer connected;
 *   2. a renewed token for the live session (same identity, room and rights, or rights a feature says the server
 *      already gave) becomes the next join's, without reconnecting;
 *   3. another target leaves the current room (a feature may leave it in its own way and carry its devices along);
 *   4. then joins the target, and publishes once joined.
 * LiveKit's MoveParticipant (`RoomEvent.Moved`) puts the session in another room without a join: `moved()` makes that
 * room the current target, and the details that joined the room it left mean the moved-to room until new ones arrive.
 */
import { ConnectionState, type Room } from 'livekit-client';
import type { RoomStore } from '../state/roomStore.js';
import { sessionHooks, type Carried } from './sessionFeatures.js';
import { resolve, sameSession, type Target } from './sessionTarget.js';

/** What the loop does at each step it cannot do alone. */
export interface LoopSteps {
  /** Connects the room to `target`; throws when it cannot. */
  join(target: Target): Promise<void>;
  /** Joined the target wanted: publishes (what the previous room carried: {@link ConnectionLoop.takeCarried}). */
  joined(): Promise<void>;
  /** Reports a failure to join the target still wanted. */
  fail(error: unknown): void;
}

export interface ConnectionLoop {
  /** The target to be in; `null` leaves (and lets go of what a room switch carried). */
  setTarget(target: Target | null): void;
  /** Joins the current target again (a re-join after a drop, or a retry). */
  rejoin(): void;
  /** `RoomEvent.Moved`'s listener: the session is in the room the server moved it to, with the token it sent. */
  moved(roomName: string): void;
  /** What the room left last carried, handed to the caller once (it publishes it). */
  takeCarried(): Carried | undefined;
  /** Resolves when every queued connect and disconnect has finished. */
  settled(): Promise<void>;
}

/**
 * @internal The token LiveKit gave each session it moved to another room (MoveParticipant's `room_moved`), and that
 * room: a room action is for the room the person is in now (sessionConnections.ts, `actionToken`).
 */
export const movedTokens = new WeakMap<Room, { room: string; token: string }>();

const sameTarget = (a: Target | null, b: Target | null) => a === b || (a !== null && b !== null && a.url === b.url && a.token === b.token);

export function createConnectionLoop(room: Room, store: RoomStore, steps: LoopSteps): ConnectionLoop {
  let desired: Target | null = null;
  let current: Target | null = null;
  /** The connect to `current` threw: a renewal of it should connect again. */
  let currentFailed = false;
  let rejoinRequested = false;
  let carried: Carried | undefined;
  let running: Promise<void> | undefined;
  let scheduled = false;
  /** After a move: the target it left, and the one it is in. */
  let moved: { from: Target; to: Target } | undefined;
  const pending = () => rejoinRequested || !sameTarget(desired, current);
  const drop = () => {
    carried?.stop();
    carried = undefined;
  };

  async function reconcile() {
    while (pending()) {
      if (rejoinRequested) {
        rejoinRequested = false;
        if (current !== null && room.state === ConnectionState.Disconnected) current = null;
        continue;
      }
      if (current !== null && desired !== null && !currentFailed && (sameSession(current, desired) || sessionHooks.renews?.(current, desired, room))) {
        // A renewed token: remember it for the next join, and leave the live session alone.
        current = desired;
        store.setTokenClaims(desired.claims);
        continue;
      }
      if (current !== null) {
        current = null;
        const { leave } = sessionHooks;
        // For another room (a breakout room joined afresh, new details): joining it, not an ending.
        if (room.state === ConnectionState.Connected && desired !== null) {
          store.setSwitchingRooms();
          if (leave) carried = await leave(room);
        }
        if (room.state !== ConnectionState.Disconnected) await room.disconnect();
        continue;
      }
      const target = desired!;
      current = target;
      currentFailed = false;
      store.setTokenClaims(target.claims);
      try {
        await steps.join(target);
      } catch (error) {
        if (current === target) currentFailed = true;
        // A failure of a connect nobody wants any more is not news (and what it carried goes on to the next one).
        if (sameTarget(desired, target)) {
          drop();
          steps.fail(error);
        }
        continue;
      }
      if (sameTarget(desired, target)) await steps.joined();
    }
  }

  function schedule() {
    if (scheduled) return;
    scheduled = true;
    setTimeout(() => {
      scheduled = false;
      if (running) return;
      running = reconcile()
        .catch(steps.fail)
        .finally(() => {
          running = undefined;
          if (pending()) schedule();
        });
    }, 0);
  }

  return {
    setTarget(target) {
      if (moved && target && sameTarget(target, moved.from)) target = moved.to;
      else moved = undefined;
      if (!target) drop();
      desired = target;
      schedule();
    },
    rejoin() {
      rejoinRequested = true;
      schedule();
    },
    moved(roomName) {
      // livekit-client keeps the token the server sent with the move in its engine, for its own reconnects.
      const token = (room.engine as unknown as { token?: string } | undefined)?.token;
      if (token) movedTokens.set(room, { room: roomName, token });
      const to = current && resolve(token, current.url).target;
      if (current && to) [moved, current, desired] = [{ from: current, to }, to, to];
      if (to) store.setTokenClaims(to.claims);
    },
    takeCarried() {
      const taken = carried;
      carried = undefined;
      return taken;
    },
    async settled() {
      while (scheduled || running) {
        if (running) await running;
        else await new Promise((r) => setTimeout(r, 0));
      }
    },
  };
}
