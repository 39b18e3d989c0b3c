/**
 * The session: everything between "here are connection details" and "the room is connected", without React.
 * Read it top to bottom, following a token:
 *   1. `setOptions()` receives the connection (a plain response, a token and URL, or a connection query; see sessionTarget.ts),
 *      validates it before any network traffic, and puts its grants into the store at once;
 *   2. `mount()` starts the session: the target is handed to the connection loop (connectionLoop.ts), which serialises
 *      connects and disconnects, treats a refreshed token as a renewal (no reconnect), follows LiveKit's moves, and
 *      publishes after connecting;
 *   3. when a joined session drops for a transient reason, `rejoin()` joins again with the freshest details, waiting for
 *      the network first and asking the connection query for a fresh token when it is about to expire.
 * What only some apps need plugs in from the feature's own folder (sessionFeatures.ts): breakout rooms, the waiting
 * room, the room switch that keeps the devices. `RoomProvider` is a thin binding over it; it also works on its own
 * (see {@link createRoomSession}).
 */
import { DisconnectReason, Room, RoomEvent, supportsAdaptiveStream, type RoomConnectOptions, type RoomOptions } from 'livekit-client';
import type { ConnectionDetails } from './connectionResponse.js';
import { type RoomEncryption, encryptionSetups } from './encryptionSetups.js';
import { RoomKitError } from '../RoomKitError.js';
import { toRoomKitError } from '../toRoomKitError.js';
import { createConnectionLoop } from './connectionLoop.js';
import { REJOIN_FRESHNESS_MS, resolve, TRANSIENT_DISCONNECTS, WAITING, type Resolved } from './sessionTarget.js';
import { sessionHooks } from './sessionFeatures.js';
import { getRoomStore, type RoomStore } from '../state/roomStore.js';
import { browserOnline, querySignals, type OnlineSignal } from './online.js';

export type { OnlineSignal } from './online.js';
export { TRANSIENT_DISCONNECTS } from './sessionTarget.js';
export type { ConnectionDetails } from './connectionResponse.js';

/**
 * The part of a react-query result that a session reads: what `useConnection()` or
 * `useQuery(connectionQueryOptions(…))` return. Any object of this shape works as a details source.
 */
export interface ConnectionQueryState {
  /** The validated connection, once loaded; the previous one while a refresh runs or after it failed. */
  data: ConnectionDetails | undefined;
  /** The last failure, a RoomKitError when it came from `connectionQueryOptions`. */
  error: unknown;
  status: 'pending' | 'error' | 'success';
  isFetching: boolean;
  /** Fetches fresh details; the session calls it before re-joining with a token that is about to expire. */
  refetch: () => Promise<unknown>;
}

/** What a session is told to do. `RoomProvider` passes its props; every field is read at each use. */
export interface RoomSessionOptions {
  /**
   * A connection query (`useConnection(…)`), or your backend's connection response passed through as is.
   * Present but `null`/`undefined` means it is loading: nothing connects and nothing errors until it arrives.
   */
  connection?: ConnectionQueryState | ConnectionDetails | null | undefined;
  /** A connection token, with `url`. */
  token?: string | undefined;
  /** The media endpoint (`wss://…`), with `token`. */
  url?: string | undefined;
  /** Connect when a token and URL are available (default true). False disconnects. */
  connect?: boolean;
  /**
   * Options for `room.connect()`. While a layout manages subscriptions (`GridLayout`, `FocusLayout`), the session
   * joins with `autoSubscribe: false` (tiles subscribe what they show, the layout all audio); yours wins.
   */
  connectOptions?: RoomConnectOptions;
  /**
   * Publish the microphone once connected, where the grants allow it. A session that joins with no rights at all (no
   * publish, subscribe or data: a waiting room's guest) publishes it when the server grants them, without joining
   * again; a later `canPublish` for a session that could already listen shows the control and leaves the microphone
   * closed.
   */
  audio?: boolean;
  /** Publish the camera once connected, where the grants allow it; after a waiting room's admission as `audio`. */
  video?: boolean;
  /**
   * Whether the network is up, for re-joining after a drop. Default: the connection query's own signal (react-query's
   * `onlineManager` for `useConnection`), else the browser's `navigator.onLine` and `online` event.
   */
  online?: OnlineSignal;
  /**
   * End-to-end encryption, made with `createEncryption({ passphrase })` (or your own key provider). Read when the
   * Room is created (the first render). The session never joins unencrypted when this is set: where encryption cannot
   * run it reports `encryption-unsupported` and stays disconnected. Media it cannot decrypt is reported as
   * `decryption-failed` to `onError` and shown on that participant's tile.
   */
  e2ee?: RoomEncryption | undefined;
  /** Called after each successful connect. */
  onConnected?: (room: Room) => void;
  /** Called when the session ends, with livekit-client's reason. */
  onDisconnected?: (reason: DisconnectReason | undefined) => void;
  /** Called with every failure, as a RoomKitError. Errors are also in the store (`useRoomError()`). */
  onError?: (error: RoomKitError) => void;
}

/** One livekit-client Room and the policy that connects it. Create it with {@link createRoomSession}. */
export interface RoomSession {
  readonly room: Room;
  readonly store: RoomStore;
  /** Takes the latest options: validates a new connection at once (its grants reach the store synchronously). */
  setOptions(options: RoomSessionOptions): void;
  /** Starts connecting and listening; returns the function that stops (and disconnects a room it manages). */
  mount(): () => void;
  /** Resolves when every queued connect and disconnect has finished. */
  settled(): Promise<void>;
  /**
   * Joins again after a join that failed: a connection query is fetched again first (its answer decides: new
   * details connect, the same details connect again, a new failure is reported), other details connect again.
   */
  retry(): void;
}

// a connection response has no refetch; a react-query result always has one
const isConnectionQuery = (value: RoomSessionOptions['connection']): value is ConnectionQueryState =>
  typeof (value as Partial<ConnectionQueryState> | null | undefined)?.refetch === 'function';

/**
 * Creates a session over a Room of its own or over `room`, which it then only connects when it is given a token
 * (without one it observes the room and leaves connecting to you).
 *
 * A Room of its own gets meeting defaults, overridable through `roomOptions`: `adaptiveStream` (video at the layer
 * that fits its element, paused while hidden; on where ResizeObserver and IntersectionObserver exist) and `dynacast`.
 *
 * @example
 * ```ts
 * const session = createRoomSession();
 * session.setOptions({ connection: await fetch('/api/meeting-token').then((r) => r.json()), audio: true });
 * const stop = session.mount(); // connects, publishes the microphone
 * session.store.subscribe(() => console.log(session.store.getState().connectionState));
 * // later: stop() disconnects
 * ```
 */
export function createRoomSession(
  init: { room?: Room | undefined; roomOptions?: RoomOptions | undefined; e2ee?: RoomEncryption | undefined } = {},
): RoomSession {
  // Asked to encrypt: its setup, or null for a value createEncryption did not make (never join unencrypted then).
  const encryption = init.e2ee && (encryptionSetups.get(init.e2ee) ?? null);
  const room =
    init.room ?? new Room({ adaptiveStream: supportsAdaptiveStream(), dynacast: true, ...init.roomOptions, ...encryption?.roomOptions() });
  const observeOnly = init.room !== undefined;
  const store = getRoomStore(room);

  let options: RoomSessionOptions = {};
  let query: ConnectionQueryState | undefined;
  /** The token, URL and waiting flag last validated. */
  let lastInput: string | undefined;
  let validated: Resolved = WAITING;
  let resolved: Resolved = WAITING;
  let mounted = 0;
  let reportedResolved: Resolved = WAITING;
  let reportedQueryError: unknown = null;
  /** A drop asked for a re-join that waits for the query's fresh details. */
  let rejoinWhenFresh = false;
  /** Tells the app (`onError`) and, unless `onlyApp` (a participant's trouble, not the session's), the store. */
  const report = (error: RoomKitError, onlyApp?: boolean) => {
    if (!onlyApp) store.setError(error);
    options.onError?.(error);
  };
  /** Reports anything thrown, as a RoomKitError. */
  const fail = (error: unknown) => report(toRoomKitError(error));

  // 1. The options: validated at once, so the grants are right before the first render (a viewer never sees a
  // publish button, not even for a frame).
  function setOptions(next: RoomSessionOptions) {
    options = next;
    query = isConnectionQuery(next.connection) ? next.connection : undefined;
    const details = query ? query.data : (next.connection as ConnectionDetails | null | undefined);
    const token = details?.token ?? next.token;
    const url = details?.url ?? next.url;
    // `connection={query.data}` is undefined while loading: that is waiting, not a missing connection.
    const waiting = ('connection' in next && details == null) || (observeOnly && token === undefined && url === undefined);
    const input = JSON.stringify([token, url, waiting]);
    if (input !== lastInput) {
      lastInput = input;
      validated = waiting ? WAITING : resolve(token, url);
    }
    // A cached connection that expired while unused is being refetched: wait for it rather than complain.
    resolved = query?.isFetching && validated.error?.code === 'token-expired' ? WAITING : validated;
    if (resolved.target) store.setTokenClaims(resolved.target.claims);
    if (mounted) apply();
  }

  /** Acts on the latest options: reports new failures once, and hands the target to the connection loop. */
  function apply() {
    if (resolved !== reportedResolved) {
      reportedResolved = resolved;
      if (resolved.error) report(resolved.error);
    }
    const queryError = query?.status === 'error' ? query.error : null;
    if (queryError !== reportedQueryError) {
      reportedQueryError = queryError;
      if (queryError != null) fail(queryError);
    }
    const connect = options.connect ?? true;
    loop.setTarget(connect ? resolved.target : null);
    if (rejoinWhenFresh && resolved.target && connect) {
      rejoinWhenFresh = false;
      loop.rejoin();
    }
  }

  // 2. The connection loop (connectionLoop.ts) joins, publishes, renews, leaves and follows moves.
  const loop = createConnectionLoop(room, store, { choices: () => options, encryption, observeOnly, report, fail });

  // 3. Re-joining after a transient drop (connection queries only): at once with a token that is still good,
  // after the query's refetch with one about to expire, and only once the network is back.
  let joined = false;
  let stopWaiting: (() => void) | undefined;
  function rejoin() {
    const target = options.connect ?? true ? resolved.target : null;
    if (!query || !target) return;
    const online = options.online ?? querySignals.get(query.refetch) ?? browserOnline;
    if (!online.isOnline()) {
      stopWaiting ??= online.subscribe((isOnline) => {
        if (!isOnline) return;
        stopWaiting?.();
        stopWaiting = undefined;
        rejoin();
      });
      return;
    }
    const expiresAt = target.claims.expiresAt;
    if (expiresAt === undefined || expiresAt - Date.now() > REJOIN_FRESHNESS_MS) {
      loop.rejoin();
    } else {
      rejoinWhenFresh = true;
      void query.refetch();
    }
  }

  const onConnected = () => {
    joined = true;
    options.onConnected?.(room);
  };

  const onDisconnected = (reason?: DisconnectReason) => {
    options.onDisconnected?.(reason);
    // One automatic re-join per joined session, so a re-join that fails cannot loop.
    if (joined && TRANSIENT_DISCONNECTS.has(reason)) {
      joined = false;
      rejoin();
    }
    if (reason !== undefined && reason !== DisconnectReason.CLIENT_INITIATED) {
      report(new RoomKitError('disconnected', `The session ended: ${DisconnectReason[reason] ?? reason}.`, { details: { reason } }));
    }
  };

  return {
    room,
    store,
    setOptions,
    mount() {
      mounted++;
      room.on(RoomEvent.Connected, onConnected).on(RoomEvent.Disconnected, onDisconnected);
      if (RoomEvent.Moved) room.on(RoomEvent.Moved, loop.moved);
      // What the app's features add to the session while it is mounted (sessionFeatures.ts).
      const stopFeatures = sessionHooks.start?.(room, () => void query?.refetch());
      apply();
      return () => {
        mounted--;
        stopFeatures?.();
        if (RoomEvent.Moved) room.off(RoomEvent.Moved, loop.moved);
        room.off(RoomEvent.Connected, onConnected).off(RoomEvent.Disconnected, onDisconnected);
        stopWaiting?.();
        stopWaiting = undefined;
        loop.stop();
      };
    },
    retry() {
      if (!mounted) return;
      if (query) {
        rejoinWhenFresh = true;
        void query.refetch();
      } else loop.rejoin();
    },
    settled: () => loop.settled(),
  };
}
