/**
 * @internal The connection loop of a session (session.ts). Callers declare the target the session should be in; the
 * loop reconciles at the end of the current task, so a target set, cleared and set again within one task (StrictMode)
 * causes one connect, and a disconnect waits for an in-flight connect. Top to bottom, each turn of the loop:
 *   1. a re-join asked for (after a drop) forgets a room that is no longer connected;
 *   2. a renewed token for the live session (same identity, room and rights, or rights a feature says the server
 *      already gave) becomes the next join's, without reconnecting;
 *   3. another target leaves the current room (a feature may leave it in its own way and carry its devices along);
 *   4. then joins the target (in a browser that can, encrypted when asked), and publishes once joined: what `audio` and
 *      `video` ask for and the grants allow, or what the room it left carried, and nothing more; what it publishes
 *      stops when the grants revoke it. A feature may hold the choices back until it lets them go (the waiting room's
 *      guest, until let in).
 * LiveKit's MoveParticipant (`RoomEvent.Moved`) puts the session in another room without a join: `moved()` makes that
 * room the current target, and the details that joined the room it left mean the moved-to room until new ones arrive.
 */
import { ConnectionState, type Room, type RoomConnectOptions } from 'livekit-client';
import { RoomKitError } from '../RoomKitError.js';
import { enforcePublishGrants } from '../state/enforceGrants.js';
import { canPublishSource, type Grants } from '../state/grants.js';
import type { RoomStore } from '../state/roomStore.js';
import type { EncryptionSetup } from './encryptionSetups.js';
import { joinSupport } from './joinSupport.js';
import { managedRooms } from './managedRooms.js';
import { sessionHooks, type Carried } from './sessionFeatures.js';
import { resolve, sameSession, type Target } from './sessionTarget.js';

/** What the loop asks of its session. */
export interface LoopSession {
  /** The session's latest choices, read at each join and publish. */
  choices(): { connectOptions?: RoomConnectOptions | undefined; audio?: boolean | undefined; video?: boolean | undefined };
  /** The encryption to join with: its setup; `null` when the value given has none (never join unencrypted then). */
  encryption: EncryptionSetup | null | undefined;
  /** The session observes a room it was given (the encryption's setup reads it). */
  observeOnly: boolean;
  /** Reports a RoomKitError (`onlyApp`: to the app only). */
  report(error: RoomKitError, onlyApp?: boolean): void;
  /** Reports anything thrown. */
  fail(error: unknown): void;
}

export interface ConnectionLoop {
  /** The target to be in; `null` leaves (and lets go of what a room switch carried). */
  setTarget(target: Target | null): void;
  /** Joins the current target again (a re-join after a drop, or a retry). */
  rejoin(): void;
  /** `RoomEvent.Moved`'s listener: the session is in the room the server moved it to, with the token it sent. */
  moved(roomName: string): void;
  /** Leaves, and stops holding and enforcing: the session unmounts. */
  stop(): void;
  /** Resolves when every queued connect and disconnect has finished. */
  settled(): Promise<void>;
}

/**
 * @internal The token LiveKit gave each session it moved to another room (MoveParticipant's `room_moved`), and that
 * room: a room action is for the room the person is in now (sessionConnections.ts, `actionToken`).
 */
export const movedTokens = new WeakMap<Room, { room: string; token: string }>();

// Both null, or the same URL and token (a target's are always strings).
const sameTarget = (a: Target | null, b: Target | null) => a?.url === b?.url && a?.token === b?.token;

export function createConnectionLoop(room: Room, store: RoomStore, session: LoopSession): ConnectionLoop {
  const { choices, encryption, fail } = session;
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
        if (joinSupport(room) === 'no') throw new RoomKitError('browser-unsupported', 'This browser has no WebRTC.');
        // Asked to encrypt: join encrypted or not at all (a value createEncryption did not make has no setup).
        if (encryption === null) throw new RoomKitError('encryption-unsupported', 'Pass e2ee={createEncryption()}.');
        await encryption?.ready(room, session.observeOnly, session.report);
        const given = choices().connectOptions;
        await room.connect(target.url, target.token, managedRooms.has(room) ? { ...given, autoSubscribe: given?.autoSubscribe ?? false } : given);
      } catch (error) {
        if (current === target) currentFailed = true;
        // A failure of a connect nobody wants any more is not news (and what it carried goes on to the next one).
        if (sameTarget(desired, target)) {
          drop();
          fail(error);
        }
        continue;
      }
      if (sameTarget(desired, target)) await publish();
    }
  }

  let enforcing: (() => void) | undefined;
  let holding: (() => void) | undefined;
  const publish = (): Promise<void> => publishChoices().catch(fail);
  async function publishChoices() {
    holding?.();
    holding = sessionHooks.hold?.(room, store, publish);
    if (holding) return;
    const jobs = publishJobs(room, store.getState().grants, carried, choices());
    carried = undefined;
    if (jobs.length > 0) enforcing ??= enforcePublishGrants(room);
    const failure = (await Promise.allSettled(jobs)).find((r) => r.status === 'rejected');
    if (failure) throw failure.reason;
  }

  function setTarget(target: Target | null) {
    if (moved && target && sameTarget(target, moved.from)) target = moved.to;
    else moved = undefined;
    if (!target) drop();
    desired = target;
    schedule();
  }

  function schedule() {
    if (scheduled) return;
    scheduled = true;
    setTimeout(() => {
      scheduled = false;
      if (running) return;
      running = reconcile()
        .catch(fail)
        .finally(() => {
          running = undefined;
          if (pending()) schedule();
        });
    }, 0);
  }

  return {
    setTarget,
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
    stop() {
      holding?.();
      enforcing?.();
      holding = enforcing = undefined;
      setTarget(null);
    },
    async settled() {
      while (scheduled || running) {
        if (running) await running;
        else await new Promise((r) => setTimeout(r, 0));
      }
    },
  };
}

/** What a session publishes once joined: what the room it left carried (the devices on there), else its choices. */
function publishJobs(room: Room, grants: Grants, carried: Carried | undefined, { audio, video }: { audio?: boolean | undefined; video?: boolean | undefined }): Promise<unknown>[] {
  if (carried) return [carried.publish(room, grants)];
  const jobs: Promise<unknown>[] = [];
  if (audio && canPublishSource(grants, 'microphone')) jobs.push(room.localParticipant.setMicrophoneEnabled(true));
  if (video && canPublishSource(grants, 'camera')) jobs.push(room.localParticipant.setCameraEnabled(true));
  return jobs;
}
