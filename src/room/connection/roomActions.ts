import type { Room } from 'livekit-client';
import { RoomKitError } from '../RoomKitError.js';
import type { BreakoutRoomRequest, RoomAction, RoomActionResult } from './roomAction.js';
import { actionToken, providedSessions } from './sessionConnections.js';

/** Options of {@link createRoomActions}. */
export interface RoomActionsOptions {
  /** Your room actions route (`createRoomActionsHandler` from `@roomkit/react/server`), e.g. `/api/room-actions`. */
  endpoint: string | URL;
  /** Extra headers, such as your CSRF header. RoomKit sets `Content-Type`, `Accept` and `Authorization`. */
  headers?: HeadersInit;
  /** `fetch` credentials mode; `'include'` sends your session cookie cross-origin. Default: fetch's own. */
  credentials?: RequestCredentials;
  /**
   * The connection token to send for `room`. Default: the one the room's RoomKit session holds now (a renewed token
   * included; after a move by the server, LiveKit's MoveParticipant, the token it sent for the new room). Give it
   * when you connect your own `Room` (`<RoomProvider room>`), whose token RoomKit never saw.
   */
  getToken?: (room: Room) => string | undefined | Promise<string | undefined>;
  /** The `fetch` to use (default the global one), e.g. for tests. */
  fetch?: typeof fetch;
}

/** What `details` of a failed room action holds. */
export interface RoomActionErrorDetails {
  /** The action that failed. */
  action: RoomAction['type'];
  /** The route's HTTP status. */
  status: number;
  /** The route's error code (`forbidden`, `not_found`, `already_recording` …), when it sent one. */
  code?: string;
}

/**
 * The callbacks of one room, for the components that take them: spread `admin` on `ParticipantList` or
 * `ParticipantAdminMenu`, `recording` on `RecordingControl` (`VideoConference` takes them all through its `actions`).
 * Each resolves with the route's {@link RoomActionResult} and rejects with a `RoomKitError` (see
 * {@link RoomActions.run}), which those components show as their failed state.
 */
export interface RoomActionCallbacks {
  /** The participant admin menu's actions. */
  readonly admin: {
    /** Mutes the participant's track (the microphone unless given). */
    onMuteParticipant: (identity: string, trackSid?: string) => Promise<RoomActionResult>;
    /** Removes the participant from the room. */
    onRemoveParticipant: (identity: string) => Promise<RoomActionResult>;
    /** Allows or revokes publishing; the participant's other permissions stay. */
    onUpdatePermissions: (identity: string, permissions: { canPublish: boolean }) => Promise<RoomActionResult>;
    /** Lowers the participant's raised hand (the server asks their client). */
    onLowerHand: (identity: string) => Promise<RoomActionResult>;
    /** Puts the participant in the room's spotlight for everyone (`on`), or takes them out. */
    onSpotlight: (identity: string, on: boolean) => Promise<RoomActionResult>;
    /** Lets the participant in from the waiting room, with the rights of their role. */
    onAdmit: (identity: string) => Promise<RoomActionResult>;
    /** Lets everyone waiting in. */
    onAdmitAll: () => Promise<RoomActionResult>;
    /** Turns the participant away from the waiting room (they are told, and disconnected). */
    onDeny: (identity: string) => Promise<RoomActionResult>;
  };
  /** `RecordingControl`'s actions. */
  readonly recording: {
    /** Starts recording the room. */
    onStartRecording: () => Promise<RoomActionResult>;
    /** Stops every recording of the room. */
    onStopRecording: () => Promise<RoomActionResult>;
  };
  /** Switches the running recording to `layout` (`grid`, `speaker` …). */
  setRecordingLayout: (layout: string) => Promise<RoomActionResult>;
  /** `BreakoutRooms`' actions. */
  readonly breakouts: BreakoutActions;
}

/** The breakout rooms' actions, each answering the rooms after it (`breakouts` of the result). */
export interface BreakoutActions {
  /** Opens the breakout `rooms` and moves each person named there into theirs. */
  onOpen: (rooms: readonly BreakoutRoomRequest[]) => Promise<RoomActionResult>;
  /** Moves `identity` into the breakout room `room` (a slug), or back to the main room (`null`). */
  onMove: (identity: string, room: string | null) => Promise<RoomActionResult>;
  /** Sends `message` to every room. */
  onBroadcast: (message: string) => Promise<RoomActionResult>;
  /** Closes every breakout room: everyone returns to the main room after `countdownSeconds`. */
  onClose: (countdownSeconds: number) => Promise<RoomActionResult>;
  /** The open breakout rooms. */
  onList: () => Promise<RoomActionResult>;
}

/** What {@link createRoomActions} returns: the room actions client, for any number of rooms. */
export interface RoomActions {
  /**
   * Posts `action` to the route with `room`'s current connection token (`Authorization: Bearer`).
   *
   * @throws {RoomKitError} (rejects with) `not-connected` without a token, `unreachable` when the route cannot be
   * reached, `unauthorized` for a 401, `not-permitted` for a 403, `room-action-failed` for any other error answer;
   * the message is the route's own, `details` a {@link RoomActionErrorDetails}.
   */
  run(room: Room, action: RoomAction): Promise<RoomActionResult>;
  /** The callbacks for `room`: the same object for the same room, so passing them re-renders nothing. */
  forRoom(room: Room): RoomActionCallbacks;
}

/**
 * The browser's side of your room actions route, in one line: give it to `VideoConference` (`actions`) or, for your
 * own layout, read the callbacks with `useRoomActions`. Each call posts a {@link RoomAction} with the session's
 * current connection token; the route checks it, acts in that token's room and answers.
 *
 * @example
 * ```tsx
 * const roomActions = createRoomActions({ endpoint: '/api/room-actions' }); // once, at module level
 *
 * <RoomProvider connection={connection}>
 *   <VideoConference actions={roomActions} />
 * </RoomProvider>
 * ```
 */
export function createRoomActions(options: RoomActionsOptions): RoomActions {
  const bound = new WeakMap<Room, RoomActionCallbacks>();

  async function run(room: Room, action: RoomAction): Promise<RoomActionResult> {
    // The latest connection the room's <RoomProvider> gave (a renewed token replaces it without a reconnect), or the
    // token of the room the server moved the session to.
    const token = await (options.getToken ? options.getToken(room) : actionToken(room, providedSessions.get(room)?.props));
    if (!token) {
      throw new RoomKitError(
        'not-connected',
        'No connection token for this room yet, so no room action was sent. Join first; with your own Room, pass `getToken` to createRoomActions.',
      );
    }
    const headers = new Headers(options.headers);
    headers.set('Content-Type', 'application/json');
    headers.set('Accept', 'application/json');
    headers.set('Authorization', `Bearer ${token}`);
    let response: Response;
    try {
      response = await (options.fetch ?? fetch)(options.endpoint, {
        method: 'POST',
        headers,
        body: JSON.stringify(action),
        ...(options.credentials && { credentials: options.credentials }),
      });
    } catch (cause) {
      throw new RoomKitError('unreachable', 'Your room actions route could not be reached. Check the network and that your backend is up.', { cause });
    }
    const body = (await response.json().catch(() => undefined)) as (RoomActionResult & { error?: { code?: unknown; message?: unknown } }) | undefined;
    if (response.ok && body) return body;
    const { status } = response;
    const code = typeof body?.error?.code === 'string' ? body.error.code : undefined;
    const message = typeof body?.error?.message === 'string' ? body.error.message : `Your room actions route answered HTTP ${status}.`;
    const details: RoomActionErrorDetails = { action: action.type, status, ...(code !== undefined && { code }) };
    throw new RoomKitError(status === 401 ? 'unauthorized' : status === 403 ? 'not-permitted' : 'room-action-failed', message, { details });
  }

  return {
    run,
    forRoom(room) {
      let callbacks = bound.get(room);
      if (!callbacks) {
        const act = (action: RoomAction) => run(room, action);
        callbacks = {
          admin: {
            onMuteParticipant: (identity, trackSid) => act(trackSid ? { type: 'mute', identity, trackSid } : { type: 'mute', identity }),
            onRemoveParticipant: (identity) => act({ type: 'remove', identity }),
            onUpdatePermissions: (identity, permissions) => act({ type: 'update-permissions', identity, permissions: { canPublish: permissions.canPublish } }),
            onLowerHand: (identity) => act({ type: 'lower-hand', identity }),
            onSpotlight: (identity, on) => act({ type: 'spotlight', identity, on }),
            onAdmit: (identity) => act({ type: 'admit', identity }),
            onAdmitAll: () => act({ type: 'admit-all' }),
            onDeny: (identity) => act({ type: 'deny', identity }),
          },
          recording: {
            onStartRecording: () => act({ type: 'start-recording' }),
            onStopRecording: () => act({ type: 'stop-recording' }),
          },
          setRecordingLayout: (layout) => act({ type: 'set-recording-layout', layout }),
          breakouts: {
            onOpen: (rooms) => act({ type: 'open-breakouts', rooms }),
            onMove: (identity, to) => act({ type: 'move', identity, room: to }),
            onBroadcast: (message) => act({ type: 'broadcast', message }),
            onClose: (countdownSeconds) => act({ type: 'close-breakouts', countdownSeconds }),
            onList: () => act({ type: 'list-breakouts' }),
          },
        };
        bound.set(room, callbacks);
      }
      return callbacks;
    },
  };
}
