import { useCallback, useEffect } from 'react';
import { getEffectsStore } from './effects.js';
import { canPublishSource } from '../../room/state/grants.js';
import type { RoomKitError } from '../../room/RoomKitError.js';
import { loadUserChoices, rememberChoices, remembersFor } from '../devices/userChoices.js';
import { useRoomStore } from '../../room/RoomContext.js';
import type { RoomHookOptions } from '../../room/useRoom.js';
import { useStoreValue } from '../../room/useStoreValue.js';
import { useSupport } from '../../room/hooks/useBrowserSupport.js';
import { detectNoiseFilter } from '../../room/browserSupport.js';

/** What {@link useNoiseFilter} returns. */
export interface NoiseFilterState {
  /** The microphone's noise suppression is on (livekit-client's default). */
  enabled: boolean;
  /** A switch is in progress. */
  pending: boolean;
  /** The browser lets the page switch noise suppression. */
  supported: boolean;
  /** The effective grants allow publishing the microphone. */
  allowed: boolean;
  /** The last failure (`effects-unavailable`). */
  error: RoomKitError | undefined;
  /** Turns noise suppression on or off for the published microphone and for later captures. */
  setEnabled: (enabled: boolean) => Promise<void>;
}

/**
 * The microphone noise filter: the browser's built-in noise suppression (WebRTC's `noiseSuppression`
 * constraint), switched on the live microphone and for microphones opened later. It costs no download.
 * It starts as this browser remembers it (`UserChoices.noiseFilter`) and remembers each switch, unless the
 * provider's `rememberChoices` is off.
 */
export function useNoiseFilter(options: RoomHookOptions = {}): NoiseFilterState {
  const roomStore = useRoomStore('useNoiseFilter', options.room);
  const store = getEffectsStore(roomStore.room);
  const enabled = useStoreValue(store.subscribe, () => store.getState().noiseFilter);
  const pending = useStoreValue(store.subscribe, () => store.getState().noisePending);
  const error = useStoreValue(store.subscribe, () => store.getState().noiseError);
  const allowed = useStoreValue(roomStore.subscribe, () => canPublishSource(roomStore.getState().grants, 'microphone'));
  const supported = useSupport('noiseFilter', detectNoiseFilter, roomStore.room) === 'yes';
  const setEnabled = useCallback(
    (next: boolean) => {
      rememberChoices(roomStore.room, { noiseFilter: next });
      return store.setNoiseFilter(next);
    },
    [store, roomStore],
  );
  useEffect(() => {
    if (!supported || !allowed || !remembersFor(roomStore.room)) return;
    const remembered = loadUserChoices().noiseFilter;
    if (remembered !== undefined && remembered !== store.getState().noiseFilter) store.setNoiseFilter(remembered).catch(() => undefined);
  }, [store, roomStore, supported, allowed]);
  return { enabled, pending, supported, allowed, error, setEnabled };
}
