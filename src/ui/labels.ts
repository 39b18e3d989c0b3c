import { DisconnectReason } from 'livekit-client';
import { createContext, useContext, useMemo } from 'react';
import type { RoomKitErrorCode } from '../room/RoomKitError.js';
import type { ConnectionTestLabels } from '../connection-test/connectionTestLabels.js';
import type { AgentConversationLabels, RecordingViewLabels } from './featureLabels.js';

/**
 * Every string RoomKit's components show or announce. Pass a partial set to `<RoomProvider labels>` or to a
 * component's `labels` prop; missing keys fall back to English. The connection test's keys
 * ({@link ConnectionTestLabels}) are optional here: their English defaults ({@link defaultConnectionTestLabels})
 * live apart from `defaultLabels`, so a conference without PreJoin does not ship them; so do the agent
 * conversation's ({@link AgentConversationLabels}) and the recording template's ({@link RecordingViewLabels}).
 */
export interface RoomKitLabels extends Partial<ConnectionTestLabels>, AgentConversationLabels, RecordingViewLabels {
  microphone: string;
  camera: string;
  screenShare: string;
  speaker: string;
  leave: string;
  chat: string;
  chatLog: string;
  chatInput: string;
  chatPlaceholder: string;
  chatSend: string;
  chatEmpty: string;
  chatSendDisabled: string;
  chatSendFailed: (reason: string) => string;
  /** The note beside an edited chat message. */
  chatEdited: string;
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
  /** The lock on a tile and in the conference's header while media is end-to-end encrypted. */
  encrypted: string;
  /** A tile whose media this session cannot decrypt (a different passphrase): shown instead of a black video. */
  cannotDecrypt: string;
  disconnected: string;
  /** Shown with {@link RoomKitLabels.disconnectReason}'s words: "Disconnected: you were removed from the meeting". */
  disconnectedWithReason: (reason: string) => string;
  /** Why a session ended, in words (a fragment for `disconnectedWithReason`), from livekit-client's reason. */
  disconnectReason: (reason: DisconnectReason) => string;
  /** A failure in words for the people in the meeting, by `RoomKitError` code (the error's own message is for developers). */
  roomError: (code: RoomKitErrorCode) => string;
  recording: string;
  startRecording: string;
  stopRecording: string;
  recordingFailed: (reason: string) => string;
  working: string;
  adminMenu: (name: string) => string;
  muteParticipant: string;
  removeParticipant: string;
  allowPublishing: string;
  revokePublishing: string;
  adminActionFailed: (reason: string) => string;
  hiddenObserver: string;
  startAudio: string;
  selectDevice: (kind: string) => string;
  noDevices: string;
  displayName: string;
  join: string;
  joinAsViewer: string;
  viewerNotice: string;
  cameraPreview: string;
  previewOff: string;
  previousPage: string;
  nextPage: string;
  page: (page: number, pages: number) => string;
  /** A tile's pin toggle (its state is `aria-pressed`): "Pin Ada". */
  pin: (name: string) => string;
  /** The pinned tile's screen share variant: "Pin Ada's screen". */
  pinScreen: (name: string) => string;
  /** The control bar's speaker view toggle (pressed: speaker view, else grid). */
  speakerView: string;
  /** The speaker view's strip of the other participants. */
  otherParticipants: string;
  participantJoined: (name: string) => string;
  participantLeft: (name: string) => string;
  /** Several joins grouped into one notification (`count` is at least 2; `names` in join order): "5 people joined". */
  participantsJoined: (count: number, names: readonly string[]) => string;
  /** Several leaves grouped into one notification, as {@link RoomKitLabels.participantsJoined}: "5 people left". */
  participantsLeft: (count: number, names: readonly string[]) => string;
  /** The notification when the room starts being recorded. */
  recordingStarted: string;
  /** The notification when the room stops being recorded. */
  recordingStopped: string;
  /** The notifications region's name. */
  notifications: string;
  /** A notification's dismiss button, with the notification's text: "Dismiss: Ada joined". */
  dismissNotification: (text: string) => string;
  reconnected: string;
  newMessage: (from: string, message: string) => string;
  participants: string;
  conference: string;
  controls: string;
  showChat: string;
  /** Added to the chat toggle's name while messages arrived with the panel closed: "3 unread". */
  unreadMessages: (count: number) => string;
  /** The captions region and its toggle. */
  captions: string;
  /** The captions toggle's label. */
  showCaptions: string;
  /** What a caption line announces: the speaker and the final text. */
  captionLine: (speaker: string, text: string) => string;
  /** An agent's state on its tile (`lk.agent.state`; undefined before it says). */
  agentState: (state: string | undefined) => string;
  /** The label of an agent's tile beside its name. */
  agent: string;
  /** The control-bar toggle of the participant list, with the number of listed participants: "Participants (12)". */
  participantsToggle: (count: number) => string;
  /** The participant list's rows, named with how many it shows: "12 people". */
  participantListRows: (count: number) => string;
  /** The participant list's search box. */
  participantSearch: string;
  /** The placeholder of the participant list's search box. */
  participantSearchPlaceholder: string;
  /** Announced while searching: how many of the listed participants match (0 when none). */
  participantSearchResults: (matches: number, total: number) => string;
  /** A participant list row's microphone state when it is on. */
  microphoneOn: string;
  /** A participant list row's camera state when it is on. */
  cameraOn: string;
  /** The raise-hand toggle (pressed while the hand is up). */
  raiseHand: string;
  /** The badge on a tile whose participant has a hand raised. */
  handRaised: string;
  /** Announced when someone raises a hand. */
  handRaisedBy: (name: string) => string;
  /** Announced when someone lowers a hand. */
  handLoweredBy: (name: string) => string;
  /** Announced when an admin lowered the local participant's hand. */
  handLoweredForYou: string;
  /** The admin menu item that lowers a participant's hand. */
  lowerHand: string;
  /** The reactions menu button and its group. */
  reactions: string;
  /** A reaction's name, for its button and its badge (the emoji is one of `REACTION_EMOJIS`). */
  reactionName: (emoji: string) => string;
  /** Announced when someone reacts. */
  reacted: (name: string, emoji: string) => string;
  /** Shown while the sender's reaction limit holds sending back. */
  reactionsLimited: string;
  /** The control bar's "More" button and its panel, which hold the controls a narrow bar has no room for. */
  moreControls: string;
  /** The close button of a side panel shown full-screen on a small screen, with the panel's name: "Close chat". */
  closePanel: (panel: string) => string;
  /** The picture-in-picture toggle (pressed while open). */
  pictureInPicture: string;
  /** Why the picture-in-picture toggle is disabled with the video-only fallback: nobody's video is on. */
  pictureInPictureNoVideo: string;
  /** The picture-in-picture window's title and the name of its content. */
  pictureInPictureWindow: string;
  /** Announced when picture-in-picture opens and closes. */
  pictureInPictureOpened: string;
  pictureInPictureClosed: string;
  /** The effects control's group name (background effects and noise filter). */
  effects: string;
  /** The background choice that turns effects off. */
  backgroundNone: string;
  /** The background choice that blurs the background. */
  backgroundBlur: string;
  /** A virtual background's name when the app gave none (1-based). */
  backgroundImage: (n: number) => string;
  /** The microphone noise-filter switch. */
  noiseFilter: string;
  /** Shown while an effect loads. */
  effectLoading: string;
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
  // Audio rooms (AudioConference): optional here, as their English defaults ship with AudioConference
  // (`defaultAudioRoomLabels`), so an app without audio rooms carries none of them. A translation should give them.
  /** The audio room's region name. */
  audioConference?: string;
  /** The heading of an audio room's speakers (those who may publish), with their count: "Speakers (3)". */
  audioSpeakers?: (count: number) => string;
  /** The heading of an audio room's listeners (no `canPublish`), with their count: "Listeners (120)". */
  audioListeners?: (count: number) => string;
  /** Shown in the speakers section while no one may speak. */
  audioNoSpeakers?: string;
  /** Shown in the listeners section while everyone may speak. */
  audioNoListeners?: string;
  /** The badge a listener sees (no `canPublish`): why there is no microphone. */
  audioListening?: string;
}

const REACTION_NAMES: Record<string, string> = {
  '👍': 'Thumbs up',
  '👏': 'Applause',
  '😂': 'Laughing',
  '❤️': 'Heart',
  '🎉': 'Celebrate',
  '😮': 'Surprised',
};

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
  'unsupported-livekit-version': 'This app cannot show the meeting: it is set up wrongly. Please tell its makers.',
  'connect-failed': 'Joining the meeting failed. Please try again.',
  'server-in-browser': 'This app cannot join meetings: it is set up wrongly. Please tell its makers.',
  'server-misconfigured': 'The meeting service is not set up correctly. Please try again later.',
  'encryption-unsupported': 'This meeting is end-to-end encrypted, and this browser cannot encrypt. Try a current Chrome, Edge, Firefox or Safari.',
  'decryption-failed': 'Someone’s audio and video cannot be decrypted. Check that everyone uses the same passphrase.',
  'agent-unavailable': 'The agent is not available right now. Please try again later.',
};

/** English defaults. */
export const defaultLabels: RoomKitLabels = {
  microphone: 'Microphone',
  camera: 'Camera',
  screenShare: 'Share screen',
  speaker: 'Speaker',
  leave: 'Leave',
  chat: 'Chat',
  chatLog: 'Chat messages',
  chatInput: 'Message',
  chatPlaceholder: 'Write a message…',
  chatSend: 'Send',
  chatEmpty: 'No messages yet.',
  chatSendDisabled: 'You can read the chat, but this session may not send messages.',
  chatSendFailed: (reason) => `Message not sent: ${reason}`,
  chatEdited: '(edited)',
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
  encrypted: 'End-to-end encrypted',
  cannotDecrypt: 'Can’t decrypt: a different passphrase?',
  disconnected: 'Disconnected',
  disconnectedWithReason: (reason) => `Disconnected: ${reason}`,
  disconnectReason: (reason) => DISCONNECT_REASONS[DisconnectReason[reason] ?? ''] ?? 'the connection was lost',
  roomError: (code) => ROOM_ERRORS[code],
  recording: 'Recording',
  startRecording: 'Start recording',
  stopRecording: 'Stop recording',
  recordingFailed: (reason) => `Recording change failed: ${reason}`,
  working: 'Working…',
  adminMenu: (name) => `Manage ${name}`,
  muteParticipant: 'Mute microphone',
  removeParticipant: 'Remove from room',
  allowPublishing: 'Allow publishing',
  revokePublishing: 'Revoke publishing',
  adminActionFailed: (reason) => `Action failed: ${reason}`,
  hiddenObserver: 'Watching as a hidden observer',
  startAudio: 'Allow audio',
  selectDevice: (kind) => `Choose ${kind.toLowerCase()}`,
  noDevices: 'No devices found',
  displayName: 'Display name',
  join: 'Join',
  joinAsViewer: 'Join as viewer',
  viewerNotice: 'You will join as a viewer: you can watch and listen, but not publish.',
  cameraPreview: 'Camera preview',
  previewOff: 'Camera is off',
  previousPage: 'Previous page',
  nextPage: 'Next page',
  page: (page, pages) => `Page ${page} of ${pages}`,
  pin: (name) => `Pin ${name}`,
  pinScreen: (name) => `Pin ${name}'s screen`,
  speakerView: 'Speaker view',
  otherParticipants: 'Other participants',
  participantJoined: (name) => `${name} joined`,
  participantLeft: (name) => `${name} left`,
  participantsJoined: (count, names) => (count === 2 ? `${names[0]} and ${names[1]} joined` : `${count} people joined`),
  participantsLeft: (count, names) => (count === 2 ? `${names[0]} and ${names[1]} left` : `${count} people left`),
  recordingStarted: 'Recording started',
  recordingStopped: 'Recording stopped',
  notifications: 'Notifications',
  dismissNotification: (text) => `Dismiss: ${text}`,
  reconnected: 'Reconnected',
  newMessage: (from, message) => `${from}: ${message}`,
  participants: 'Participants',
  conference: 'Meeting',
  controls: 'Meeting controls',
  showChat: 'Chat',
  unreadMessages: (count) => `${count} unread`,
  captions: 'Captions',
  showCaptions: 'Captions',
  captionLine: (speaker, text) => `${speaker}: ${text}`,
  agentState: (state) =>
    state === undefined
      ? 'Connecting…'
      : ({ initializing: 'Starting…', idle: 'Idle', listening: 'Listening', thinking: 'Thinking…', speaking: 'Speaking' } as Record<string, string>)[state] ?? state,
  agent: 'AI agent',
  participantsToggle: (count) => `Participants (${count})`,
  participantListRows: (count) => (count === 1 ? '1 person' : `${count} people`),
  participantSearch: 'Search participants',
  participantSearchPlaceholder: 'Search by name',
  participantSearchResults: (matches, total) => (matches === 0 ? 'No one matches' : `${matches} of ${total} shown`),
  microphoneOn: 'Microphone on',
  cameraOn: 'Camera on',
  raiseHand: 'Raise hand',
  handRaised: 'Hand raised',
  handRaisedBy: (name) => `${name} raised their hand`,
  handLoweredBy: (name) => `${name} lowered their hand`,
  handLoweredForYou: 'A moderator lowered your hand',
  lowerHand: 'Lower hand',
  reactions: 'Reactions',
  reactionName: (emoji) => REACTION_NAMES[emoji] ?? emoji,
  reacted: (name, emoji) => `${name} reacted ${emoji}`,
  reactionsLimited: 'Too many reactions. Wait a moment.',
  moreControls: 'More',
  closePanel: (panel) => `Close ${panel.toLowerCase()}`,
  pictureInPicture: 'Picture-in-picture',
  pictureInPictureNoVideo: 'No video to show yet',
  pictureInPictureWindow: 'Meeting (picture-in-picture)',
  pictureInPictureOpened: 'Picture-in-picture opened',
  pictureInPictureClosed: 'Picture-in-picture closed',
  effects: 'Effects',
  backgroundNone: 'No effect',
  backgroundBlur: 'Blur background',
  backgroundImage: (n) => `Background ${n}`,
  noiseFilter: 'Noise filter',
  effectLoading: 'Applying effect…',
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

/** @internal The provider's overrides (only those: apps that render no RoomKit component do not pull in the defaults). */
export const LabelsContext = createContext<Partial<RoomKitLabels> | undefined>(undefined);

/** @internal English defaults, then the provider's overrides, then a component's. */
export function useLabels(overrides?: Partial<RoomKitLabels>): RoomKitLabels {
  const fromProvider = useContext(LabelsContext);
  return useMemo(() => ({ ...defaultLabels, ...fromProvider, ...overrides }), [fromProvider, overrides]);
}
