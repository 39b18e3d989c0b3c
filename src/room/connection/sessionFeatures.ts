import type { Room } from 'livekit-client';
import type { Grants } from '../state/grants.js';
import type { RoomStore } from '../state/roomStore.js';
import type { Target } from './sessionTarget.js';

/** @internal What a session took along from the room it left for another room of the meeting (the devices kept on). */
export interface Carried {
  /** Publishes it in the room joined next, within `grants`. */
  publish(room: Room, grants: Grants): Promise<void>;
  /** Lets it go: nobody will publish it (the session ended, or the next room refused it). */
  stop(): void;
}

/**
 * @internal Where a feature plugs into every session (`createRoomSession`, and so every `RoomProvider`) while it is
 * part of the app. The session itself validates, connects, renews, re-joins, tells a failure in words and follows
 * LiveKit's moves; each hook here belongs to the one feature that fills it, from its own folder:
 * - breakout rooms (`src/breakouts/breakoutFollow.ts`): `start`;
 * - the room switch that keeps the devices (`src/media/devices/keptDevices.ts`): `leave`;
 * - the waiting room (`src/waiting-room/waitingSession.ts`): `renews` and `hold`.
 * A feature fills its hooks from the modules an app must import to use it, as they load (as the tile features add
 * themselves), so an app that renders only a `RoomProvider` carries none of them (issue 53). The mechanism and its
 * trade-offs: stories/docs/Architecture.mdx, "The session carries what every app needs".
 */
export interface SessionHooks {
  /**
   * Runs while a session is mounted: `refetch` fetches the session's connection query again (nothing without one),
   * and the session joins what it answers. Returns the function that stops. Read when a session mounts: a feature
   * loaded after that (a lazy chunk) starts with the next mount.
   */
  start?(room: Room, refetch: () => void): () => void;
  /** Leaves a connected room for another room of this session in its own way (instead of `disconnect()`). */
  leave?(room: Room): Promise<Carried>;
  /** True when `next` renews the live session of `current` although their grants differ (the server changed them live). */
  renews?(current: Target, next: Target, room: Room): boolean;
  /**
   * Just joined (or given new grants while held): returns a function that stops holding when the choices (`audio`,
   * `video`) must wait, and calls `publish` when they may go; `undefined` publishes now.
   */
  hold?(room: Room, store: RoomStore, publish: () => void): (() => void) | undefined;
}

/** @internal The hooks the app's features filled (filling one again with the same functions changes nothing). */
export const sessionHooks: SessionHooks = {};
