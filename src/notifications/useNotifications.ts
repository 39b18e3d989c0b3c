import { useMemo } from 'react';
import { getNotificationStore, withKinds, type NotificationKinds, type RoomNotification } from './notificationStore.js';
import { useRoomStore } from '../room/RoomContext.js';
import type { RoomHookOptions } from '../room/useRoom.js';
import { shallowArrayEqual, useStoreValue } from '../room/useStoreValue.js';

/** Options of {@link useNotifications}. */
export interface UseNotificationsOptions extends RoomHookOptions {
  /** Kinds to leave out (`{ chatMessage: false }`); every kind is in by default. An inline object is fine. */
  kinds?: NotificationKinds;
}

/** What {@link useNotifications} returns. */
export interface NotificationsState {
  /** The kept notifications of the kinds asked for, oldest first (at most `NOTIFICATION_LIMIT`). */
  notifications: readonly RoomNotification[];
  /** Removes one notification, for everything that shows the room's notifications. */
  dismiss: (id: string) => void;
  /** Removes every notification. */
  dismissAll: () => void;
}

/**
 * The room's notifications, for apps that render their own: someone joined or left (grouped: several joins within
 * `NOTIFICATION_GROUP_WINDOW_MS` are one notification), a remote hand raised, recording started or stopped, a camera or
 * microphone lost, and a chat message from someone else while no `<Chat>` is on screen. Hidden participants never
 * make one, nor do the local participant's own hands and messages. Each item carries the inputs of its text; turn
 * it into words with `notificationText(item, labels)`.
 *
 * Re-renders only when the list of asked-for notifications changes (never for someone speaking).
 *
 * @example
 * ```tsx
 * const { notifications, dismiss } = useNotifications({ kinds: { chatMessage: false } });
 * ```
 */
export function useNotifications(options: UseNotificationsOptions = {}): NotificationsState {
  const store = useRoomStore('useNotifications', options.room);
  const notifications = getNotificationStore(store.room);
  const { kinds } = options;
  const items = useStoreValue(notifications.subscribe, () => withKinds(notifications.getNotifications(), kinds), shallowArrayEqual);
  return useMemo(() => ({ notifications: items, dismiss: notifications.dismiss, dismissAll: notifications.dismissAll }), [items, notifications]);
}
