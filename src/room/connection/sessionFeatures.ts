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
 * @internal What a feature adds to every session (`createRoomSession`, and so every `RoomProvider`) while it is part
 * of the app: breakout rooms (`src/breakouts/`), the waiting room (`src/waiting-room/`), the room switch that keeps
 * the devices (`src/media/devices/`). The session itself connects, renews, re-joins and follows LiveKit's moves; a
 * feature adds itself with {@link addSessionFeature} from the modules an app must import to use it, so an app that
 * renders only a `RoomProvider` carries none of them (issue 53). The mechanism, like the tile features':
 * stories/docs/Architecture.mdx, "Session features".
 */
export interface SessionFeature {
  /** Its name; adding a name twice keeps the first. */
  readonly name: string;
  /**
   * Runs while a session is mounted (from its mount; or from when the feature is added, for a session mounted before).
   * `refetch` fetches the session's connection query again (nothing without one): the session joins what it answers.
   * Returns the function that stops.
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

/** @internal Every feature added, in the order added. */
export const sessionFeatures: SessionFeature[] = [];
const listeners = new Set<(feature: SessionFeature) => void>();

/** @internal Adds a feature to every session, present and future (a mounted session starts it at once). */
export function addSessionFeature(feature: SessionFeature): void {
  if (sessionFeatures.some((f) => f.name === feature.name)) return;
  sessionFeatures.push(feature);
  listeners.forEach((listener) => listener(feature));
}

/** @internal Calls `listener` with each feature added from now on; returns the function that stops. */
export function onSessionFeature(listener: (feature: SessionFeature) => void): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}
