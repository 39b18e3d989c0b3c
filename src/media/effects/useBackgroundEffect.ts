import { useCallback, useEffect, useRef } from 'react';
import {
  getEffectsStore,
  type BackgroundEffect,
  type BackgroundEffectsConfig,
  type EffectStatus,
} from './effects.js';
import { canPublishSource } from '../../room/state/grants.js';
import type { RoomKitError } from '../../room/RoomKitError.js';
import { loadUserChoices, rememberChoices, remembersFor } from '../devices/userChoices.js';
import { useRoomStore } from '../../room/RoomContext.js';
import type { RoomHookOptions } from '../../room/useRoom.js';
import { useStoreValue } from '../../room/useStoreValue.js';
import { useSupport } from '../../room/hooks/useBrowserSupport.js';
import { detectBackgroundEffects } from '../../room/browserSupport.js';

/** Options of {@link useBackgroundEffect}. */
export interface UseBackgroundEffectOptions extends RoomHookOptions {
  /** How effects load and where their assets live. Without it, choosing an effect fails with `effects-unavailable`. */
  config?: BackgroundEffectsConfig | undefined;
  /**
   * An effect to apply on mount when none was chosen in this room yet. Default: the effect this browser remembers
   * (`UserChoices.backgroundEffect`), unless the provider's `rememberChoices` is off.
   */
  defaultEffect?: BackgroundEffect | undefined;
  /** Called with each effect the user chooses (RoomKit also remembers it, as the other choices). */
  onEffectChange?: ((effect: BackgroundEffect) => void) | undefined;
}

/** What {@link useBackgroundEffect} returns. */
export interface BackgroundEffectState {
  /** The chosen effect (already chosen while it loads: see `status`). */
  effect: BackgroundEffect;
  /** `loading`, `applied`, `error`, or `idle` for no effect. */
  status: EffectStatus;
  /** The effect is loading or being applied. */
  pending: boolean;
  /** The browser can run background effects (checked without loading them). */
  supported: boolean;
  /** The effective grants allow publishing the camera. */
  allowed: boolean;
  /** The last failure (`effects-unavailable`), cleared by the next choice. */
  error: RoomKitError | undefined;
  /** Chooses an effect for the camera and the pre-join preview; rejects with `effects-unavailable` on failure. */
  setEffect: (effect: BackgroundEffect) => Promise<void>;
}

/**
 * The local camera's background effect: none, blur, or a virtual background image. The choice applies to
 * the pre-join preview, carries over to the camera published on join (its first frame is already processed),
 * and survives camera switches and mute. `@livekit/track-processors` loads through `config.load` the first
 * time an effect is chosen, never before.
 *
 * @example
 * ```tsx
 * const { effect, setEffect, supported } = useBackgroundEffect({ config: effects });
 * ```
 */
export function useBackgroundEffect(options: UseBackgroundEffectOptions = {}): BackgroundEffectState {
  const roomStore = useRoomStore('useBackgroundEffect', options.room);
  const store = getEffectsStore(roomStore.room);
  const effect = useStoreValue(store.subscribe, () => store.getState().background);
  const status = useStoreValue(store.subscribe, () => store.getState().status);
  const error = useStoreValue(store.subscribe, () => store.getState().error);
  const allowed = useStoreValue(roomStore.subscribe, () => canPublishSource(roomStore.getState().grants, 'camera'));
  const latest = useRef(options);
  latest.current = options;
  const supported = useSupport('backgroundEffects', detectBackgroundEffects, roomStore.room) === 'yes';

  const setEffect = useCallback(
    (next: BackgroundEffect) => {
      latest.current.onEffectChange?.(next);
      rememberChoices(roomStore.room, { backgroundEffect: next });
      return store.setBackground(next, latest.current.config);
    },
    [store, roomStore],
  );

  useEffect(() => {
    // Read here, not on every render: only the mount (or the grants first allowing it) applies a default.
    const initial = latest.current.defaultEffect ?? (remembersFor(roomStore.room) ? loadUserChoices().backgroundEffect : undefined);
    if (!initial || initial.kind === 'none' || store.getState().touched || !supported || !allowed) return;
    store.setBackground(initial, latest.current.config).catch(() => undefined);
    // Only on mount (and once the grants allow it): a later defaultEffect is not a new choice.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [store, supported, allowed]);

  return { effect, status, pending: status === 'loading', supported, allowed, error, setEffect };
}
