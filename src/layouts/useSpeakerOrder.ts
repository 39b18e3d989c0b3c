import { useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { createSpeakerOrder, type SpeakerViewState } from './speakerOrder.js';
import { useRoomStore } from '../room/RoomContext.js';
import type { RoomHookOptions } from '../room/useRoom.js';

export type { SpeakerViewState } from './speakerOrder.js';

/** Options of {@link useSpeakerOrder}. */
export interface UseSpeakerOrderOptions extends RoomHookOptions {
  /** How long someone must keep speaking before they move (default 1200 ms). */
  holdMs?: number;
  /** How many others the strip shows (default 8). */
  stripSize?: number;
}

/** {@link SpeakerViewState} and the function that pages the strip. */
export interface SpeakerOrderResult extends SpeakerViewState {
  setPage(page: number): void;
}

/**
 * A speaker view's order, for apps that build their own: `main` is the participant to show large (the last to
 * speak for `holdMs`), `strip` the others on screen in slots that stay put (someone starting to speak moves only
 * if they were off screen), `page`/`pages`/`setPage` page through the rest. Identities only: re-renders only when
 * someone moves, never because someone speaks or mutes.
 *
 * @example
 * ```tsx
 * const { main, strip } = useSpeakerOrder({ stripSize: 6 });
 * return (
 *   <>
 *     {main ? <ParticipantTile identity={main} /> : null}
 *     {strip.map((identity) => <ParticipantTile key={identity} identity={identity} />)}
 *   </>
 * );
 * ```
 */
export function useSpeakerOrder(options: UseSpeakerOrderOptions = {}): SpeakerOrderResult {
  const store = useRoomStore('useSpeakerOrder', options.room);
  const { holdMs, stripSize } = options;
  // The strip size it starts with; later changes go through setStripSize (the order and its hold timers stay).
  const [initialStripSize] = useState(stripSize);
  const order = useMemo(
    () => createSpeakerOrder(store, { ...(holdMs === undefined ? {} : { holdMs }), ...(initialStripSize === undefined ? {} : { stripSize: initialStripSize }) }),
    [store, holdMs, initialStripSize],
  );
  useEffect(() => {
    if (stripSize !== undefined) order.setStripSize(stripSize);
  }, [order, stripSize]);
  const state = useSyncExternalStore(order.subscribe, order.getSnapshot, order.getSnapshot);
  return useMemo(() => ({ ...state, setPage: order.setPage }), [state, order]);
}
