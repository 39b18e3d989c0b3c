/**
 * The notifications' and announcements' strings. Part of `RoomKitLabels` (give them to `<RoomProvider labels>` or a component's `labels`); their English
 * defaults ship with the components that show them.
 */
export interface NotificationLabels {
  participantJoined: (name: string) => string;
  participantLeft: (name: string) => string;
  /** Several joins grouped into one notification (`count` is at least 2; `names` in join order): "5 people joined". */
  participantsJoined: (count: number, names: readonly string[]) => string;
  /** Several leaves grouped into one notification, as {@link RoomKitLabels.participantsJoined}: "5 people left". */
  participantsLeft: (count: number, names: readonly string[]) => string;
  /** Someone knocked at the waiting room (for hosts): "Ann is waiting to join". */
  participantWaiting: (name: string) => string;
  /** Several knocks grouped into one notification, as {@link RoomKitLabels.participantsJoined}: "3 people are waiting to join". */
  participantsWaiting: (count: number, names: readonly string[]) => string;
  /** The notification when the room starts being recorded. */
  recordingStarted: string;
  /** The notification when the room stops being recorded. */
  recordingStopped: string;
  /** The notifications region's name. */
  notifications: string;
  /** A notification's dismiss button, with the notification's text: "Dismiss: Ada joined". */
  dismissNotification: (text: string) => string;
}

declare module '../ui/labels.js' {
  interface RoomKitLabels extends NotificationLabels {}
}

/** English defaults of {@link NotificationLabels}. */
export const defaultNotificationLabels: NotificationLabels = {
  participantJoined: (name) => `${name} joined`,
  participantLeft: (name) => `${name} left`,
  participantsJoined: (count, names) => (count === 2 ? `${names[0]} and ${names[1]} joined` : `${count} people joined`),
  participantsLeft: (count, names) => (count === 2 ? `${names[0]} and ${names[1]} left` : `${count} people left`),
  participantWaiting: (name) => `${name} is waiting to join`,
  participantsWaiting: (count, names) => (count === 2 ? `${names[0]} and ${names[1]} are waiting to join` : `${count} people are waiting to join`),
  recordingStarted: 'Recording started',
  recordingStopped: 'Recording stopped',
  notifications: 'Notifications',
  dismissNotification: (text) => `Dismiss: ${text}`,
};
