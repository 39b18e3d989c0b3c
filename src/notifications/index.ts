/**
 * The face of `notifications/` to the other features: the only module they may import from it (dependency-cruiser,
 * .dependency-cruiser.cjs). The public API is the package entry's, not this.
 */
export { LiveAnnouncer } from './LiveAnnouncer.js';
export { Notifications } from './Notifications.js';
export type { NotificationsProps } from './Notifications.js';
export { NOTIFICATION_KINDS } from './notificationStore.js';
export type { NotificationKinds } from './notificationStore.js';
export { defaultNotificationLabels, type NotificationLabels } from './notificationLabels.js';
export { announce } from './announcements.js';
