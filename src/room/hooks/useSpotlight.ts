import { useRoomStore } from '../RoomContext.js';
import type { RoomStore } from '../state/roomStore.js';
import type { RoomHookOptions } from '../useRoom.js';
import { shallowArrayEqual, useStoreValue } from '../useStoreValue.js';

/**
 * The participant attribute that puts a participant in the room's spotlight: set (to the time it was set, epoch ms)
 * on each spotlighted participant, absent on the others. Only your server sets it (the room actions route's
 * `spotlight` action, or LiveKit's `UpdateParticipant` with this attribute; an empty value removes it), so the
 * spotlight is room state: a late joiner sees it at once, it outlives the host who set it, and it ends with the
 * spotlighted person's session. A client can set it on itself only with the `canUpdateOwnMetadata` grant, which the
 * Room API's tokens never carry.
 */
export const SPOTLIGHT_ATTRIBUTE = 'roomkit.spotlight';

const EMPTY: readonly string[] = [];

/** @internal The spotlighted visible participants, longest-spotlighted first (then by identity). */
export function spotlightOf(store: RoomStore): readonly string[] {
  const { local } = store.getState();
  const people = local.identity ? [local, ...store.getRemoteParticipants()] : store.getRemoteParticipants();
  const lit = people.filter((p) => !p.hidden && p.attributes[SPOTLIGHT_ATTRIBUTE]);
  if (lit.length === 0) return EMPTY;
  const since = (value: string | undefined) => Number(value) || 0;
  return lit
    .sort((a, b) => since(a.attributes[SPOTLIGHT_ATTRIBUTE]) - since(b.attributes[SPOTLIGHT_ATTRIBUTE]) || (a.identity < b.identity ? -1 : 1))
    .map((p) => p.identity);
}

/**
 * The identities the room's spotlight is on, longest-spotlighted first: the people a `roomAdmin` put in the
 * spotlight for everyone (see {@link SPOTLIGHT_ATTRIBUTE}). Hidden participants are never in it. `VideoConference`
 * and `RecordingView` show them large (the focus layout); a tile this user pinned wins over the spotlight for this
 * user. Re-renders only when the list changes.
 *
 * @example
 * ```tsx
 * const spotlight = useSpotlight();
 * return spotlight.length ? <FocusLayout /> : <GridLayout />;
 * ```
 */
export function useSpotlight(options: RoomHookOptions = {}): readonly string[] {
  const store = useRoomStore('useSpotlight', options.room);
  return useStoreValue(store.subscribe, () => spotlightOf(store), shallowArrayEqual);
}
