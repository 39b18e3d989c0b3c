import { DisconnectReason } from 'livekit-client';
import { useContext, useMemo } from 'react';
import { LabelsContext } from '../room/RoomContext.js';
import type { RoomKitErrorCode } from '../room/RoomKitError.js';

/**
 * Every string RoomKit's components show or announce. Pass a partial set to `<RoomProvider labels>` or to a
 * component's `labels` prop; missing keys fall back to English. This interface holds the strings the room and its
 * media share ({@link CommonLabels}); each feature adds its own where it lives (`ChatLabels` in chat/, and so on,
 * by declaration merging), and its English defaults ship with its components, so an app carries the strings of
 * what it renders. The strings of room kinds with entries of their own (agent, recording template, audio room) and
 * of the connection test are optional.
 */
export interface RoomKitLabels extends CommonLabels {}

/** The strings of the room and its media (connection, devices, tracks, leave), which every room kind shows. */
export interface CommonLabels {
  microphone: string;
  camera: string;
  screenShare: string;
  speaker: string;
  leave: string;
  you: string;
  microphoneMuted: string;
  cameraOff: string;
  videoUnavailable: string;
  speaking: string;
  connectionQuality: (quality: 'excellent' | 'good' | 'poor' | 'lost' | 'unknown') => string;
  connecting: string;
  reconnecting: string;
  /** The quiet indicator while only the signalling connection reconnects (media keeps flowing). */
  signalReconnecting: string;
  /** The camera flip button (front and back cameras). */
  flipCamera: string;
  disconnected: string;
  /** Shown with {@link RoomKitLabels.disconnectReason}'s words: "Disconnected: you were removed from the meeting". */
  disconnectedWithReason: (reason: string) => string;
  /** Why a session ended, in words (a fragment for `disconnectedWithReason`), from livekit-client's reason. */
  disconnectReason: (reason: DisconnectReason) => string;
  /** A failure in words for the people in the meeting, by `RoomKitError` code (the error's own message is for developers). */
  roomError: (code: RoomKitErrorCode) => string;
  working: string;
  hiddenObserver: string;
  startAudio: string;
  selectDevice: (kind: string) => string;
  noDevices: string;
  reconnected: string;
  conference: string;
  controls: string;
  /** The control bar's "More" button and its panel, which hold the controls a narrow bar has no room for. */
  moreControls: string;
  /** The close button of a side panel shown full-screen on a small screen, with the panel's name: "Close chat". */
  closePanel: (panel: string) => string;
  /**
   * A device problem in words that name the fix, on the toggle (its description) and in PreJoin: "Camera blocked:
   * allow it in the address bar, then try again". `code` is the error's code (`permission-denied`,
   * `device-not-found`, `device-in-use`, `device-lost`, `device-error`, `not-permitted`).
   */
  deviceProblem: (device: 'microphone' | 'camera' | 'screen', code: RoomKitErrorCode) => string;
  /** The button that tries a failed device again. */
  tryAgain: string;
  /** A remembered device is gone: "Your saved camera is not connected; using the default camera". */
  savedDeviceMissing: (device: 'microphone' | 'camera' | 'speaker') => string;
}

/** Reasons by livekit-client's `DisconnectReason` name (names, so reasons a newer livekit-client adds may be listed). */
const DISCONNECT_REASONS: Partial<Record<string, string>> = {
  CLIENT_INITIATED: 'you left the meeting',
  DUPLICATE_IDENTITY: 'you joined the meeting from another tab or device',
  SERVER_SHUTDOWN: 'the meeting server shut down',
  PARTICIPANT_REMOVED: 'you were removed from the meeting',
  ROOM_DELETED: 'the meeting was closed',
  ROOM_CLOSED: 'the meeting was closed',
  JOIN_FAILURE: 'joining the meeting failed',
  USER_UNAVAILABLE: 'the person you called is not available',
  USER_REJECTED: 'the person you called declined',
};

const ROOM_ERRORS: Record<RoomKitErrorCode, string> = {
  'api-key-in-browser': 'This app cannot join meetings: it is set up wrongly. Please tell its makers.',
  'invalid-token': 'Your access to this meeting is not valid. Please join again.',
  'token-expired': 'Your access to this meeting has expired. Please join again.',
  'insecure-url': 'The meeting address is not secure, so the app did not connect.',
  'invalid-url': 'The meeting address is not valid.',
  'missing-connection': 'There is no meeting to join yet.',
  unauthorized: 'You are not allowed to join this meeting.',
  unreachable: 'The meeting server cannot be reached. Check your internet connection.',
  disconnected: 'You are no longer connected to the meeting.',
  'not-permitted': 'You are not allowed to do that in this meeting.',
  'not-connected': 'You are not connected to the meeting.',
  'invalid-message': 'Nothing to send.',
  'device-error': 'Your camera, microphone or screen could not be started.',
  'effects-unavailable': 'This effect is not available here.',
  'permission-denied': 'Your camera or microphone is blocked. Allow it in the address bar, then try again.',
  'device-not-found': 'No camera or microphone was found. Connect one, then try again.',
  'device-in-use': 'Your camera or microphone is in use by another app. Close it, then try again.',
  'device-lost': 'Your camera or microphone stopped. Reconnect it, then try again.',
  'invalid-connection-response': 'The meeting service sent an answer this app cannot read.',
  'bad-request': 'The meeting service refused the request.',
  'room-not-found': 'This meeting does not exist.',
  'rate-limited': 'Too many attempts. Please wait a moment and try again.',
  'missing-provider': 'This app cannot show the meeting: it is set up wrongly. Please tell its makers.',
  'invalid-shortcut': 'This app’s keyboard shortcuts are set up wrongly. Please tell its makers.',
  'unsupported-livekit-version': 'This app cannot show the meeting: it is set up wrongly. Please tell its makers.',
  'connect-failed': 'Joining the meeting failed. Please try again.',
  'browser-unsupported': 'This browser cannot join calls. Open this page in a current Chrome, Edge, Firefox or Safari.',
  'room-action-failed': 'That did not work. Please try again.',
  'server-in-browser': 'This app cannot join meetings: it is set up wrongly. Please tell its makers.',
  'server-misconfigured': 'The meeting service is not set up correctly. Please try again later.',
  'encryption-unsupported': 'This meeting is end-to-end encrypted, and this browser cannot encrypt. Try a current Chrome, Edge, Firefox or Safari.',
  'decryption-failed': 'Someone’s audio and video cannot be decrypted. Check that everyone uses the same passphrase.',
  'agent-unavailable': 'The agent is not available right now. Please try again later.',
};

/** English defaults of {@link CommonLabels}. */
export const defaultCommonLabels: CommonLabels = {
  microphone: 'Microphone',
  camera: 'Camera',
  screenShare: 'Share screen',
  speaker: 'Speaker',
  leave: 'Leave',
  you: '(you)',
  microphoneMuted: 'Microphone muted',
  cameraOff: 'Camera off',
  videoUnavailable: 'Video unavailable: this session may not receive media',
  speaking: 'Speaking',
  connectionQuality: (q) => `Connection: ${q}`,
  connecting: 'Connecting…',
  reconnecting: 'Connection lost. Reconnecting…',
  signalReconnecting: 'Reconnecting…',
  flipCamera: 'Flip camera',
  disconnected: 'Disconnected',
  disconnectedWithReason: (reason) => `Disconnected: ${reason}`,
  disconnectReason: (reason) => DISCONNECT_REASONS[DisconnectReason[reason] ?? ''] ?? 'the connection was lost',
  roomError: (code) => ROOM_ERRORS[code],
  working: 'Working…',
  hiddenObserver: 'Watching as a hidden observer',
  startAudio: 'Allow audio',
  selectDevice: (kind) => `Choose ${kind.toLowerCase()}`,
  noDevices: 'No devices found',
  reconnected: 'Reconnected',
  conference: 'Meeting',
  controls: 'Meeting controls',
  moreControls: 'More',
  closePanel: (panel) => `Close ${panel.toLowerCase()}`,
  deviceProblem: (device, code) => {
    const Name = device === 'microphone' ? 'Microphone' : device === 'camera' ? 'Camera' : 'Screen sharing';
    switch (code) {
      case 'permission-denied':
        return `${Name} blocked: allow it in the address bar, then try again`;
      case 'device-not-found':
        return `No ${device} found: connect one, then try again`;
      case 'device-in-use':
        return `${Name} in use by another app: close that app, then try again`;
      case 'device-lost':
        return `${Name} disconnected: reconnect it or choose another, then try again`;
      case 'not-permitted':
        return `You may not share your ${device} in this meeting`;
      default:
        return `${Name} could not start: try again`;
    }
  },
  tryAgain: 'Try again',
  savedDeviceMissing: (device) => `Your saved ${device} is not connected; using the default ${device}`,
};

export { LabelsContext } from '../room/RoomContext.js';

/**
 * @internal The strings a component shows: English defaults (the common ones and `defaults`, the component's own:
 * a module-level object, so it is stable), then the provider's overrides, then the component's.
 */
export function useLabels<T extends object = object>(overrides?: Partial<RoomKitLabels>, defaults?: T): CommonLabels & T {
  const fromProvider = useContext(LabelsContext) as Partial<RoomKitLabels> | undefined;
  return useMemo(() => ({ ...defaultCommonLabels, ...defaults, ...fromProvider, ...overrides }) as CommonLabels & T, [defaults, fromProvider, overrides]);
}
