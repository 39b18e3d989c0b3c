import type { Room, RoomOptions } from 'livekit-client';
import { useEffect, useState, type ReactNode } from 'react';
import { createRoomSession, type RoomSessionOptions } from './connection/session.js';
import { providedSessions, type ProvidedSession } from './connection/sessionConnections.js';
import { LabelsContext, MeetingNameContext, RoomStoreContext, useIsoLayoutEffect } from './RoomContext.js';
import type { RoomKitLabels } from '../ui/labels.js';

export type { ConnectionQueryState } from './connection/session.js';

/**
 * Props of {@link RoomProvider}. Give one of `connection`, `token` + `url`, or `room`.
 *
 * The connection props are the session's options ({@link RoomSessionOptions}): with a connection query
 * (`connection={useConnection(…)}`), RoomProvider
 * - waits quietly while it loads (no error, no connect), and reports a failed query to `onError` and
 *   `useRoomError()`, a failed background refresh included (the live session is left alone);
 * - treats each refreshed token as a renewal: the live session is not reconnected; the next join uses it;
 * - re-joins once, with the freshest connection, when a joined session drops for a transient reason
 *   (network loss livekit-client could not recover, media server restart or migration), fetching a new
 *   connection first when the current one is about to expire.
 *
 * `connection={undefined}` or `null` while a plain response loads: nothing connects and nothing errors until it
 * arrives. To fetch with a function of your own, pass `connection={useConnection({ fetchConnection, key })}`:
 * RoomProvider itself imports no fetching code, so apps that pass a response pay nothing for it.
 */
export interface RoomProviderProps extends RoomSessionOptions {
  children?: ReactNode;
  /**
   * An existing livekit-client Room to use instead of creating one (bring your own). With a token, RoomProvider
   * connects it; without one it only observes it, and you connect and disconnect it yourself. Read once.
   */
  room?: Room | undefined;
  /**
   * Options for the Room RoomProvider creates; read once, on the first render. Meeting defaults apply unless you
   * set them here: `adaptiveStream: true` (each remote video at the layer that fits its element and the pixel
   * ratio, paused while hidden or in a background tab; only where ResizeObserver and IntersectionObserver exist)
   * and `dynacast: true` (your camera stops encoding layers nobody watches).
   */
  options?: RoomOptions;
  /** Strings for every RoomKit component inside; missing keys fall back to English. */
  labels?: Partial<RoomKitLabels>;
  /**
   * Remember the person's choices in this browser (default true): `PreJoin` and the device selects store the
   * microphone, camera and speaker, microphone and camera on or off, and the display name under
   * `USER_CHOICES_STORAGE_KEY` in localStorage, and the next join starts with them (a remembered device that is gone
   * falls back to the default, with a notice). False neither reads nor writes them. A hidden observer never does.
   */
  rememberChoices?: boolean;
  /**
   * The meeting's name as people know it, for the words that name it: a waiting room's guest reads "Waiting for the
   * host to let you in to ‹meetingName›.". Default: the `room` your `useConnection` asked for (its `body.room`, or
   * `key.room` with `fetchConnection`). The media server's room name (the Room API's slug, such as
   * `standup-p1d1nbuz`, which a connection response's `room` carries) is never shown: with neither (or `''`), the
   * words name no room ("Waiting for the host to let you in.").
   */
  meetingName?: string | undefined;
}

/**
 * Owns one livekit-client Room through a React-free session (`src/room/connection/session.ts`): creates it on the first
 * render, connects it when a valid token and URL are present, and disconnects it on unmount. Validates the
 * connection first and reports problems as {@link RoomKitError}s to `onError` and `useRoomError()`.
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
  const [provided] = useState(() => {
    const session = createRoomSession({ room: props.room, roomOptions: props.options, e2ee: props.e2ee });
    // Validated on the first render, so the store has the token's grants before anything renders.
    session.setOptions(props);
    const shared: ProvidedSession = { session, props };
    providedSessions.set(session.room, shared);
    return shared;
  });
  const { session } = provided;
  // The latest props after each commit (never during a render that may be thrown away); the session
  // compares what matters, so a new callback identity never reconnects.
  useIsoLayoutEffect(() => {
    provided.props = props;
    session.setOptions(props);
  });
  useEffect(() => session.mount(), [session]);

  return (
    <RoomStoreContext.Provider value={session.store}>
      <MeetingNameContext.Provider value={props.meetingName}>
        <LabelsContext.Provider value={props.labels}>{props.children}</LabelsContext.Provider>
      </MeetingNameContext.Provider>
    </RoomStoreContext.Provider>
  );
}
