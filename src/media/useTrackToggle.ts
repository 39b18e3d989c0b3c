import type { ScreenShareCaptureOptions } from 'livekit-client';
import { useCallback, useEffect, useRef, useState } from 'react';
import { getDeviceErrors } from './devices/deviceErrors.js';
import { isPublishing, SOURCE_NAMES, switchTrack, type ToggleSource } from './switchTrack.js';
import { enforcePublishGrants } from '../room/state/enforceGrants.js';
import { canPublishSource } from '../room/state/grants.js';
import type { RoomKitError } from '../room/RoomKitError.js';
import { useRoomStore } from '../room/RoomContext.js';
import type { RoomHookOptions } from '../room/useRoom.js';
import { useStoreValue } from '../room/useStoreValue.js';
import { flag } from '../ui/dev.js';

export type { ToggleSource } from './switchTrack.js';

/** Options of {@link useTrackToggle}. */
export interface UseTrackToggleOptions extends RoomHookOptions {
  /** Called after the track was switched on or off. */
  onEnabledChange?: ((enabled: boolean) => void) | undefined;
  /**
   * Called when switching failed (`not-permitted`, `permission-denied`, `device-not-found`, `device-in-use`,
   * `device-error`) and when the published device stops on its own (`device-lost`). A person cancelling the
   * screen-share picker is no failure.
   */
  onError?: ((error: RoomKitError) => void) | undefined;
  /**
   * For the screen share: what to ask the browser for (livekit-client's `ScreenShareCaptureOptions`), merged over
   * `DEFAULT_SCREEN_SHARE_OPTIONS`, which ask for the shared tab's sound. `{ audio: false }` shares the picture
   * alone; `{ contentHint: 'motion' }` suits a video. The sound is published as `screen_share_audio` where the
   * browser and the person give it (and the grants allow it), and stops with the share. Ignored for the microphone
   * and camera.
   */
  screenShareOptions?: ScreenShareCaptureOptions | undefined;
}

/** What {@link useTrackToggle} returns: state, an action, and props to spread on a `<button>`. */
export interface TrackToggleState {
  /** The source is published and not muted. */
  enabled: boolean;
  /** A switch is in progress. */
  pending: boolean;
  /** The effective grants allow publishing this source. */
  allowed: boolean;
  /**
   * The source's current problem, cleared by the next successful switch: `not-permitted`, or a device code
   * (`permission-denied`, `device-not-found`, `device-in-use`, `device-lost`, `device-error`; `details.kind` names
   * the device). Shared by every toggle of this source in the room.
   */
  error: RoomKitError | undefined;
  /** Switches the source on, off, or to `force`. Rejects with `not-permitted` when the grants forbid it. */
  toggle: (force?: boolean) => Promise<void>;
  /**
   * Props for a toggle button: `aria-pressed`, `aria-busy`, `disabled`, `onClick`, `data-state`, `data-error`.
   * While it switches the button is `aria-busy` and ignores presses, but is not `disabled`: a disabled button loses
   * the keyboard focus, so Space on Camera would have sent focus to the page whenever the camera took longer than a
   * frame to start.
   */
  buttonProps: {
    type: 'button';
    'aria-pressed': boolean;
    'aria-busy': boolean | undefined;
    /** The grants forbid this source. */
    disabled: boolean;
    'data-state': 'on' | 'off';
    'data-pending': '' | undefined;
    /** The error's code while the source has a problem (`permission-denied`, `device-lost`…). */
    'data-error': RoomKitError['code'] | undefined;
    onClick: () => void;
  };
}

/**
 * Switches the local microphone, camera or screen share on and off, refusing to publish what the grants
 * forbid.
 */
export function useTrackToggle(source: ToggleSource, options: UseTrackToggleOptions = {}): TrackToggleState {
  const store = useRoomStore('useTrackToggle', options.room);
  const name = SOURCE_NAMES[source];
  // What this toggle publishes stops at once when the server revokes the grant for it.
  useEffect(() => enforcePublishGrants(store.room), [store]);
  const enabled = useStoreValue(store.subscribe, () => isPublishing(store, source));
  const allowed = useStoreValue(store.subscribe, () => canPublishSource(store.getState().grants, name));
  const [pending, setPending] = useState(false);
  const errors = getDeviceErrors(store.room);
  const error = useStoreValue(errors.subscribe, () => errors.get(source));
  const latest = useRef(options);
  latest.current = options;

  // Report problems that arrive without a press (the device stopped, the session's publish on join failed).
  const reported = useRef(error);
  useEffect(() => {
    if (error === reported.current) return;
    reported.current = error;
    if (error?.code === 'device-lost') latest.current.onError?.(error);
  }, [error]);

  const toggle = useCallback(
    async (force?: boolean) => {
      try {
        await switchTrack(store, source, force, latest.current, () => setPending(true));
      } finally {
        setPending(false);
      }
    },
    [store, source],
  );

  return {
    enabled,
    pending,
    allowed,
    error,
    toggle,
    buttonProps: {
      type: 'button',
      'aria-pressed': enabled,
      'aria-busy': pending || undefined,
      disabled: !allowed,
      'data-state': enabled ? 'on' : 'off',
      'data-pending': flag(pending),
      'data-error': error?.code,
      // Reported through `error` and onError; a press while switching does nothing.
      onClick: () => void (pending || toggle().catch(() => undefined)),
    },
  };
}
