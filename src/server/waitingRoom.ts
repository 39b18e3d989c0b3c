import { RoomKitError } from '../room/RoomKitError.js';
import type { TokenGrants } from './tokenGrants.js';

/**
 * Where one person stands in one room's waiting room, as your token route and room actions route share it.
 *
 * - `waiting`: they knocked (the token route gave them a token without rights); `grants` are the rights of their
 *   role, given by the token route's `authenticate` and applied by the room actions route's `admit`.
 * - `admitted`: a host let them in. Every later token (a renewal, a re-join after a dropped network) carries
 *   `grants`, so nothing sends them back to the waiting room.
 *
 * A denied person has no entry: their next knock comes back to the queue, never straight in.
 */
export interface WaitingRoomEntry {
  readonly state: 'waiting' | 'admitted';
  /** The rights of their role once admitted. */
  readonly grants: TokenGrants;
}

/**
 * The server-side record of who waits and who was let in, per room and identity. `createWaitingRoomStore()` keeps
 * it in memory; with several server instances (serverless, a cluster), implement these two methods on your shared
 * storage (Redis, your database) and give the same store to `createConnectionHandler` and
 * `createRoomActionsHandler`.
 */
export interface WaitingRoomStore {
  /** The entry of `identity` in `room`, or `undefined`. */
  get(room: string, identity: string): WaitingRoomEntry | undefined | Promise<WaitingRoomEntry | undefined>;
  /** Records `entry` for `identity` in `room`; `undefined` deletes it. */
  set(room: string, identity: string, entry: WaitingRoomEntry | undefined): void | Promise<void>;
}

/** Options of {@link createWaitingRoomStore}. */
export interface WaitingRoomStoreOptions {
  /** Entries kept at most (default 10 000); past it the oldest goes, so a flood of knocks cannot grow it. */
  maxEntries?: number;
}

/**
 * An in-memory {@link WaitingRoomStore}, for one server process: give the same store to your token route
 * (`createConnectionHandler({ waitingRoom })`) and your room actions route (`createRoomActionsHandler({ waitingRoom })`).
 *
 * @throws {RoomKitError} `server-misconfigured` unless `maxEntries` is a positive integer.
 * @example
 * ```ts
 * const waitingRoom = createWaitingRoomStore();
 * export const tokenRoute = createConnectionHandler({ authenticate, waitingRoom });
 * export const actionsRoute = createRoomActionsHandler({ waitingRoom });
 * ```
 */
export function createWaitingRoomStore(options: WaitingRoomStoreOptions = {}): WaitingRoomStore {
  const max = options.maxEntries ?? 10_000;
  if (!Number.isInteger(max) || max < 1) {
    throw new RoomKitError('server-misconfigured', `\`maxEntries\` must be a positive integer, got ${String(options.maxEntries)}.`);
  }
  const entries = new Map<string, WaitingRoomEntry>();
  // A slug holds no NUL, so the first one splits room from identity unambiguously.
  const key = (room: string, identity: string) => `${room}\u0000${identity}`;
  return {
    get: (room, identity) => entries.get(key(room, identity)),
    set(room, identity, entry) {
      const k = key(room, identity);
      entries.delete(k);
      if (entry === undefined) return;
      if (entries.size >= max) entries.delete(entries.keys().next().value!);
      entries.set(k, entry);
    },
  };
}

/** @internal A store given as an option: its two methods, or the fix. */
export function checkWaitingRoomStore(store: unknown, where: string): void {
  const s = store as Partial<WaitingRoomStore> | null;
  if (typeof s !== 'object' || s === null || typeof s.get !== 'function' || typeof s.set !== 'function') {
    throw new RoomKitError(
      'server-misconfigured',
      `${where}: \`waitingRoom\` must be a store with get(room, identity) and set(room, identity, entry): createWaitingRoomStore() makes one.`,
    );
  }
}

/** The grants of someone waiting to be let in: none, and visible (a host must see them to let them in). */
const WAITING_GRANTS: Readonly<Required<TokenGrants>> = Object.freeze({
  canPublish: false,
  canSubscribe: false,
  canPublishData: false,
  hidden: false,
  roomAdmin: false,
  roomRecord: false,
});

/**
 * @internal The grants a token for someone who must wait gets in `room`: their role's (as `authenticate` says them
 * now) once a host admitted them, else none, recording the knock (with the role's grants, for the admit).
 */
export async function grantsOnKnock(store: WaitingRoomStore | undefined, room: string, identity: string, grants: TokenGrants): Promise<TokenGrants> {
  if (!store) {
    throw new RoomKitError(
      'server-misconfigured',
      '`authenticate` returned `wait: true`, but the route has no `waitingRoom`: pass createWaitingRoomStore() to createConnectionHandler and to createRoomActionsHandler.',
    );
  }
  const entry = await store.get(room, identity);
  if (entry?.state === 'admitted') return grants;
  await store.set(room, identity, { state: 'waiting', grants });
  return WAITING_GRANTS;
}
