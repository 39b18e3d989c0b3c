import type { Room } from 'livekit-client';

const channels = new WeakMap<Room, Set<(text: string) => void>>();

/**
 * @internal Says `text` politely through the room's `LiveAnnouncer` (what a keyboard shortcut did: "Microphone
 * off"). Said by every mounted announcer of the room, and by none when none is mounted.
 */
export function announce(room: Room, text: string): void {
  channels.get(room)?.forEach((say) => say(text));
}

/** @internal Listens for {@link announce}'s texts (a `LiveAnnouncer` does); returns the unsubscribe function. */
export function onAnnouncement(room: Room, say: (text: string) => void): () => void {
  let set = channels.get(room);
  if (!set) channels.set(room, (set = new Set()));
  set.add(say);
  return () => void set.delete(say);
}
