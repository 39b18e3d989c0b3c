import type { Room } from 'livekit-client';

/**
 * @internal Rooms whose remote subscriptions a layout manages now (`getVideoSubscriptions(room).manage()`).
 * The subscriptions module adds and removes them; the session reads the set at each join (and joins without
 * auto-subscribing), so the session never imports the policy itself.
 */
export const managedRooms = new WeakSet<Room>();
