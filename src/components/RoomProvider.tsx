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
import { canPublishSource } from '../core/grants.js';
import { RoomKitError, toRoomKitError } from '../core/RoomKitError.js';
import { getRoomStore } from '../core/roomStore.js';
import type { parseToken } from '../core/token.js';
import { RoomStoreContext } from '../hooks/RoomContext.js';
import { defaultLabels, LabelsContext, type RoomKitLabels } from './labels.js';

/** Props of {@link RoomProvider}. Give one of `connection`, `token` + `url`, or `room`. */
export interface RoomProviderProps {
  children?: ReactNode;
  /**
   * Your backend's connection response `{ token, url, room, identity, expiresAt }`, passed through as is.
   * `undefined` or `null` while it loads: nothing connects and nothing errors until it arrives.
   */
  connection?: ConnectionDetails | null | undefined;
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

type Resolved = { target: ConnectTarget | null; error: RoomKitError | null; claimsFromToken: ReturnType<typeof parseToken> | undefined };

function resolve(token: string | undefined, url: string | undefined, waiting: boolean, observeOnly: boolean): Resolved {
  if (waiting || (observeOnly && token === undefined && url === undefined)) {
    return { target: null, error: null, claimsFromToken: undefined };
  }
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
 * const connection = await fetch('/api/meeting-token').then((r) => r.json());
 * <RoomProvider connection={connection} audio video>
 *   <MyMeeting />
 * </RoomProvider>
 * ```
 */
export function RoomProvider(props: RoomProviderProps) {
  const { children, room: externalRoom, connect = true } = props;
  const token = props.connection?.token ?? props.token;
  const url = props.connection?.url ?? props.url;
  // `connection={query.data}` is undefined while loading: that is waiting, not a missing connection.
  const waiting = 'connection' in props && props.connection == null;
  const observeOnly = externalRoom !== undefined;

  // Validation is pure: recomputed only when the token, URL or mode change.
  const resolved = useMemo(() => resolve(token, url, waiting, observeOnly), [token, url, waiting, observeOnly]);

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
  useIsomorphicLayoutEffect(() => {
    latest.current = props;
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

  useEffect(() => {
    const manages = resolved.target !== null || !externalRoom;
    if (!manages) return;
    controller.setTarget(connect ? resolved.target : null);
    return () => controller.setTarget(null);
  }, [controller, resolved, connect, externalRoom]);

  // Keep chat history while the provider is mounted, even when no chat is on screen.
  useEffect(() => getChatStore(room).retain(), [room]);
  // A revoked grant stops the local tracks it no longer allows.
  useEffect(() => enforcePublishGrants(room), [room]);

  const labelOverrides = props.labels;
  const labels = useMemo(() => (labelOverrides ? { ...defaultLabels, ...labelOverrides } : defaultLabels), [labelOverrides]);

  useEffect(() => {
    const onConnected = () => latest.current.onConnected?.(room);
    const onDisconnected = (reason?: DisconnectReason) => {
      latest.current.onDisconnected?.(reason);
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
      room.off(RoomEvent.Connected, onConnected).off(RoomEvent.Disconnected, onDisconnected);
    };
  }, [room, store]);

  return (
    <RoomStoreContext.Provider value={store}>
      <LabelsContext.Provider value={labels}>{children}</LabelsContext.Provider>
    </RoomStoreContext.Provider>
  );
}
