import { onlineManager } from '@tanstack/react-query';
import {
  DisconnectReason,
  Room,
  RoomEvent,
  type RoomConnectOptions,
  type RoomOptions,
} from 'livekit-client';
import { useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { getChatStore } from '../core/chatStore.js';
import { enforcePublishGrants } from '../core/enforceGrants.js';
import { createConnectionController, type ConnectTarget } from '../core/connection.js';
import { resolveConnectTarget, type ConnectionDetails } from '../core/connectionDetails.js';
import type { ValidatedConnection } from '../core/connectionResponse.js';
import { canPublishSource } from '../core/grants.js';
import { RoomKitError, toRoomKitError } from '../core/RoomKitError.js';
import { getRoomStore } from '../core/roomStore.js';
import type { parseToken } from '../core/token.js';
import { RoomStoreContext } from '../hooks/RoomContext.js';
import { LabelsContext, type RoomKitLabels } from './labels.js';

/**
 * The part of a react-query result that {@link RoomProvider} reads: what `useConnection()` or
 * `useQuery(connectionQueryOptions(…))` return.
 */
export interface ConnectionQueryState {
  /** The validated connection, once loaded; the previous one while a refresh runs or after it failed. */
  data: ValidatedConnection | undefined;
  /** The last failure, a RoomKitError when it came from `connectionQueryOptions`. */
  error: unknown;
  status: 'pending' | 'error' | 'success';
  isFetching: boolean;
  refetch: () => Promise<unknown>;
}

/** Props of {@link RoomProvider}. Give one of `connection`, `token` + `url`, or `room`. */
export interface RoomProviderProps {
  children?: ReactNode;
  /**
   * Either the result of `useConnection(…)` (a connection query), or your backend's connection response
   * `{ token, url, room, identity, expiresAt }` passed through as is.
   *
   * With a connection query, RoomProvider
   * - waits quietly while it loads (no error, no connect), and reports a failed query to `onError` and
   *   `useRoomError()`, a failed background refresh included (the live session is left alone);
   * - treats each refreshed token as a renewal: the live session is not reconnected; the next join uses it;
   * - re-joins once, with the freshest connection, when a joined session drops for a transient reason
   *   (network loss livekit-client could not recover, media server restart or migration), fetching a new
   *   connection first when the current one is about to expire.
   *
   * `undefined` or `null` while a plain response loads: nothing connects and nothing errors until it arrives.
   *
   * To fetch with a function of your own, pass `connection={useConnection({ fetchConnection, key })}`: RoomProvider
   * itself imports no fetching code, so apps that pass a response pay nothing for it.
   */
  connection?: ConnectionQueryState | ConnectionDetails | null | undefined;
  /** A connection token, with `url`. */
  token?: string | undefined;
  /** The media endpoint (`wss://…`), with `token`. */
  url?: string | undefined;
  /**
   * An existing livekit-client Room to use instead of creating one (bring your own). With a token, RoomProvider
   * connects it; without one it only observes it, and you connect and disconnect it yourself.
   */
  room?: Room | undefined;
  /** Connect when a token and URL are available (default true). False disconnects. */
  connect?: boolean;
  /** Options for the Room RoomProvider creates; read once, on the first render. */
  options?: RoomOptions;
  /** Options for `room.connect()`. */
  connectOptions?: RoomConnectOptions;
  /** Publish the microphone once connected, where the grants allow it. */
  audio?: boolean;
  /** Publish the camera once connected, where the grants allow it. */
  video?: boolean;
  /** Called after each successful connect. */
  onConnected?: (room: Room) => void;
  /** Called when the session ends, with livekit-client's reason. */
  onDisconnected?: (reason: DisconnectReason | undefined) => void;
  /** Called with every failure, as a RoomKitError. Errors are also readable with `useRoomError()`. */
  onError?: (error: RoomKitError) => void;
  /** Strings for every RoomKit component inside; missing keys fall back to English. */
  labels?: Partial<RoomKitLabels>;
}

const useIsomorphicLayoutEffect = typeof window === 'undefined' ? useEffect : useLayoutEffect;

function isConnectionQuery(value: RoomProviderProps['connection']): value is ConnectionQueryState {
  return typeof value === 'object' && value !== null && 'status' in value && typeof (value as ConnectionQueryState).refetch === 'function';
}

/** Session ends after which a connection query's session is joined again: none the server meant. */
const TRANSIENT_DISCONNECTS: ReadonlySet<DisconnectReason | undefined> = new Set([
  undefined, // livekit-client gave up reconnecting (network lost, or the token expired meanwhile)
  DisconnectReason.UNKNOWN_REASON,
  DisconnectReason.SERVER_SHUTDOWN,
  DisconnectReason.STATE_MISMATCH,
  DisconnectReason.MIGRATION,
  DisconnectReason.SIGNAL_CLOSE,
  DisconnectReason.CONNECTION_TIMEOUT,
  DisconnectReason.MEDIA_FAILURE,
]);
/** A re-join with a token closer than this to its expiry fetches a fresh connection first. */
const REJOIN_FRESHNESS_MS = 10_000;

type Resolved = { target: ConnectTarget | null; error: RoomKitError | null; claimsFromToken: ReturnType<typeof parseToken> | undefined };
const WAITING: Resolved = { target: null, error: null, claimsFromToken: undefined };

function resolve(token: string | undefined, url: string | undefined, waiting: boolean, observeOnly: boolean): Resolved {
  if (waiting || (observeOnly && token === undefined && url === undefined)) return WAITING;
  try {
    const target = resolveConnectTarget(token, url);
    return { target, error: null, claimsFromToken: target.claims };
  } catch (error) {
    return { target: null, error: toRoomKitError(error), claimsFromToken: undefined };
  }
}

/**
 * Owns one livekit-client Room: creates it on the first render, connects it when a valid token and URL are
 * present, and disconnects it on unmount. Validates the connection first and reports problems as
 * {@link RoomKitError}s to `onError` and `useRoomError()`.
 *
 * @example
 * ```tsx
 * // The connection from your backend, fetched and refreshed with your app's QueryClient:
 * const connection = useConnection({ endpoint: '/api/meeting-token', body: { room: 'standup' } });
 * <RoomProvider connection={connection} audio video>
 *   <MyMeeting />
 * </RoomProvider>
 * ```
 */
export function RoomProvider(props: RoomProviderProps) {
  const { children, room: externalRoom, connect = true } = props;
  const query = isConnectionQuery(props.connection) ? props.connection : undefined;
  const details = query ? query.data : (props.connection as ConnectionDetails | null | undefined);
  const token = details?.token ?? props.token;
  const url = details?.url ?? props.url;
  // `connection={query.data}` is undefined while loading: that is waiting, not a missing connection.
  // A query without data (loading or failed) is waiting too; its error is reported on its own below.
  const waiting = 'connection' in props && details == null;
  const observeOnly = externalRoom !== undefined;
  const queryError = query?.status === 'error' ? query.error : null;
  const isFetching = query?.isFetching ?? false;

  // Validation is pure: recomputed only when the token, URL or mode change.
  const validated = useMemo(() => resolve(token, url, waiting, observeOnly), [token, url, waiting, observeOnly]);
  // A cached connection that expired while unused is being refetched: wait for it rather than complain.
  const resolved = query && isFetching && validated.error?.code === 'token-expired' ? WAITING : validated;
  const reportedQueryError = useMemo(() => (queryError == null ? null : toRoomKitError(queryError)), [queryError]);

  const [ownRoom] = useState(() => (externalRoom ? undefined : new Room(props.options)));
  const room = externalRoom ?? ownRoom!;
  const store = getRoomStore(room);
  const [initialised] = useState(() => {
    // Grants must be right on the first render: a viewer never sees a publish button, not even for a frame.
    if (resolved.claimsFromToken) store.setTokenClaims(resolved.claimsFromToken);
    return true;
  });
  void initialised;

  // The latest props for callbacks and options, so a new callback identity never reconnects.
  const latest = useRef(props);
  const latestQuery = useRef(query);
  useIsomorphicLayoutEffect(() => {
    latest.current = props;
    latestQuery.current = query;
  });

  const controller = useMemo(
    () =>
      createConnectionController(room, () => ({
        connectOptions: latest.current.connectOptions,
        onError: (error) => latest.current.onError?.(error),
        afterConnect: async () => {
          const { audio, video } = latest.current;
          const { grants } = getRoomStore(room).getState();
          const jobs: Promise<unknown>[] = [];
          if (audio && canPublishSource(grants, 'microphone')) jobs.push(room.localParticipant.setMicrophoneEnabled(true));
          if (video && canPublishSource(grants, 'camera')) jobs.push(room.localParticipant.setCameraEnabled(true));
          const failures = (await Promise.allSettled(jobs)).filter((r) => r.status === 'rejected');
          if (failures[0]) throw failures[0].reason;
        },
      })),
    [room],
  );

  useIsomorphicLayoutEffect(() => {
    if (resolved.claimsFromToken) store.setTokenClaims(resolved.claimsFromToken);
  }, [store, resolved]);

  // Validation failures are reported once per distinct failure.
  useEffect(() => {
    if (!resolved.error) return;
    store.setError(resolved.error);
    latest.current.onError?.(resolved.error);
  }, [store, resolved]);

  // So is a failed connection query (react-query keeps one error object per failure).
  useEffect(() => {
    if (!reportedQueryError) return;
    store.setError(reportedQueryError);
    latest.current.onError?.(reportedQueryError);
  }, [store, reportedQueryError]);

  useEffect(() => {
    const manages = resolved.target !== null || !externalRoom;
    if (!manages) return;
    controller.setTarget(connect ? resolved.target : null);
    return () => controller.setTarget(null);
  }, [controller, resolved, connect, externalRoom]);

  // Re-joining after a transient drop (connection queries only): at once with a token that is still good,
  // else after the refetch below brings a fresh one.
  const latestTarget = useRef<ConnectTarget | null>(null);
  const rejoinWhenFresh = useRef(false);
  useIsomorphicLayoutEffect(() => {
    latestTarget.current = connect ? resolved.target : null;
  });
  useEffect(() => {
    if (!rejoinWhenFresh.current || !resolved.target || !connect) return;
    rejoinWhenFresh.current = false;
    controller.rejoin();
  }, [controller, resolved, connect]);

  // Keep chat history while the provider is mounted, even when no chat is on screen.
  useEffect(() => getChatStore(room).retain(), [room]);
  // A revoked grant stops the local tracks it no longer allows.
  useEffect(() => enforcePublishGrants(room), [room]);

  const labels = props.labels;

  useEffect(() => {
    // One automatic re-join per joined session, so a re-join that fails cannot loop.
    let joined = false;
    let stopWaiting: (() => void) | undefined;
    const rejoin = () => {
      const current = latestQuery.current;
      const target = latestTarget.current;
      if (!current || !target) return;
      if (!onlineManager.isOnline()) {
        // Offline: react-query's online manager says when to try (and refetches paused queries then).
        stopWaiting ??= onlineManager.subscribe((online) => {
          if (!online) return;
          stopWaiting?.();
          stopWaiting = undefined;
          rejoin();
        });
        return;
      }
      const expiresAt = target.claims.expiresAt;
      if (expiresAt === undefined || expiresAt - Date.now() > REJOIN_FRESHNESS_MS) {
        controller.rejoin();
      } else {
        rejoinWhenFresh.current = true;
        void current.refetch();
      }
    };
    const onConnected = () => {
      joined = true;
      latest.current.onConnected?.(room);
    };
    const onDisconnected = (reason?: DisconnectReason) => {
      latest.current.onDisconnected?.(reason);
      if (joined && TRANSIENT_DISCONNECTS.has(reason)) {
        joined = false;
        rejoin();
      }
      if (reason !== undefined && reason !== DisconnectReason.CLIENT_INITIATED) {
        const error = new RoomKitError(
          'disconnected',
          `The session ended: ${DisconnectReason[reason] ?? reason}.`,
          { details: { reason } },
        );
        store.setError(error);
        latest.current.onError?.(error);
      }
    };
    room.on(RoomEvent.Connected, onConnected).on(RoomEvent.Disconnected, onDisconnected);
    return () => {
      stopWaiting?.();
      room.off(RoomEvent.Connected, onConnected).off(RoomEvent.Disconnected, onDisconnected);
    };
  }, [room, store, controller]);

  return (
    <RoomStoreContext.Provider value={store}>
      <LabelsContext.Provider value={labels}>{children}</LabelsContext.Provider>
    </RoomStoreContext.Provider>
  );
}
