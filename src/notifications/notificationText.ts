import type { RoomNotification } from './notificationStore.js';
import type { CommonLabels } from '../ui/labels.js';
import { defaultChatLabels, type ChatLabels } from '../chat/index.js';
import { defaultHandsLabels, type HandsLabels } from '../hands/index.js';
import { defaultNotificationLabels, type NotificationLabels } from './notificationLabels.js';

/** @internal The English defaults notification texts need besides the common ones. */
export const notificationTextDefaults = { ...defaultChatLabels, ...defaultHandsLabels, ...defaultNotificationLabels };

/** The strings this file shows. */
/** @internal The strings notification texts use. */
export type NotificationTextLabels = CommonLabels & ChatLabels & HandsLabels & NotificationLabels;
type Labels = NotificationTextLabels;


/**
 * A notification in words, from `labels` (pass `useLabels`-merged labels, or `defaultLabels`): what
 * `<Notifications>` shows and `LiveAnnouncer` says. For apps that render `useNotifications()` themselves.
 *
 * @example
 * ```tsx
 * notificationText(item, { ...defaultLabels, ...myLabels }); // "5 people joined"
 * ```
 */
export function notificationText(notification: RoomNotification, labels: Labels): string {
  switch (notification.kind) {
    case 'participantJoined':
    case 'participantLeft': {
      const names = notification.people.map((p) => p.name);
      const joined = notification.kind === 'participantJoined';
      if (names.length === 1) return joined ? labels.participantJoined(names[0]!) : labels.participantLeft(names[0]!);
      return joined ? labels.participantsJoined(names.length, names) : labels.participantsLeft(names.length, names);
    }
    case 'participantWaiting': {
      const names = notification.people.map((p) => p.name);
      return names.length === 1 ? labels.participantWaiting(names[0]!) : labels.participantsWaiting(names.length, names);
    }
    case 'handRaised':
      return labels.handRaisedBy(notification.person.name);
    case 'recordingStarted':
      return labels.recordingStarted;
    case 'recordingStopped':
      return labels.recordingStopped;
    case 'deviceLost':
      return labels.deviceProblem(notification.device, 'device-lost');
    case 'chatMessage':
      return labels.newMessage(notification.person.name, notification.message);
  }
}
