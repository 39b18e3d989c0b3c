import type { Room } from 'livekit-client';
import { useCallback, useContext, useSyncExternalStore } from 'react';
import { getRoomStore } from '../../room/state/roomStore.js';
import {
  loadUserChoices,
  patchUserChoices,
  remembersChoices,
  saveUserChoices,
  subscribeUserChoices,
  type UserChoices,
} from './userChoices.js';
import { RoomStoreContext } from '../../room/RoomContext.js';
import { useStoreValue } from '../../room/useStoreValue.js';

/** What {@link useUserChoices} returns. */
export interface UserChoicesState {
  /** What is remembered (empty when nothing is, remembering is off, or the session is a hidden observer). */
  choices: Readonly<UserChoices>;
  /** Remembers some choices; `undefined` forgets a field. Does nothing where remembering is off or for a hidden observer. */
  update: (patch: Partial<UserChoices>) => void;
  /** Forgets every remembered choice. */
  clear: () => void;
  /** Whether choices are remembered here (RoomProvider's `rememberChoices`, and never for a hidden observer). */
  remembering: boolean;
}

const NOTHING: Readonly<UserChoices> = Object.freeze({});
const noop = () => undefined;

/**
 * The choices RoomKit remembers in this browser (devices, microphone and camera on or off, display name, background
 * effect, noise filter), stored as JSON under {@link USER_CHOICES_STORAGE_KEY} in localStorage. Every component and
 * hook reading them updates together, across tabs too. Works outside `<RoomProvider>` as well (then it always
 * remembers); inside one it honours `rememberChoices={false}` and stores nothing for a hidden observer. Blocked or
 * missing storage keeps choices for the page only; corrupted JSON reads as nothing remembered.
 *
 * @example
 * ```tsx
 * const { choices, update } = useUserChoices();
 * <input type="checkbox" checked={choices.noiseFilter ?? true} onChange={(e) => update({ noiseFilter: e.target.checked })} />
 * ```
 */
export function useUserChoices(options: { room?: Room } = {}): UserChoicesState {
  const fromContext = useContext(RoomStoreContext);
  const store = options.room ? getRoomStore(options.room) : fromContext;
  const hidden = useStoreValue(store ? store.subscribe : subscribeNothing, () => (store ? store.getState().grants.hidden : false));
  const remembering = !hidden && (store ? remembersChoices(store.room) : true);
  const stored = useSyncExternalStore(subscribeUserChoices, loadUserChoices, () => NOTHING);
  const update = useCallback((patch: Partial<UserChoices>) => patchUserChoices(patch), []);
  const clear = useCallback(() => saveUserChoices({}), []);
  return remembering ? { choices: stored, update, clear, remembering } : { choices: NOTHING, update: noop, clear: noop, remembering };
}

function subscribeNothing() {
  return noop;
}
