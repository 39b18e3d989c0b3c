import { Track } from 'livekit-client';
import { useCallback, useEffect, useRef, useState } from 'react';
import { listDevices } from './devices/deviceStore.js';
import { DEVICE_KIND, getDeviceErrors } from './devices/deviceErrors.js';
import { enforcePublishGrants } from '../room/state/enforceGrants.js';
import { canPublishSource } from '../room/state/grants.js';
import { isRoomKitError, RoomKitError } from '../room/RoomKitError.js';
import { toDeviceError } from './devices/toDeviceError.js';
import { deviceErrorCode } from '../room/toRoomKitError.js';
import type { TrackSourceName } from '../room/connection/token.js';
import { useRoomStore } from '../room/RoomContext.js';
import type { RoomHookOptions } from '../room/useRoom.js';
import { useStoreValue } from '../room/useStoreValue.js';

/** A source the local participant can toggle. */
export type ToggleSource = Track.Source.Microphone | Track.Source.Camera | Track.Source.ScreenShare;

/** Options of {@link useTrackToggle}. */
export interface UseTrackToggleOptions extends RoomHookOptions {
  /** Called after the track was switched on or off. */
  onEnabledChange?: (enabled: boolean) => void;
  /**
   * Called when switching failed (`not-permitted`, `permission-denied`, `device-not-found`, `device-in-use`,
   * `device-error`) and when the published device stops on its own (`device-lost`). A person cancelling the
   * screen-share picker is no failure.
   */
  onError?: (error: RoomKitError) => void;
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
  /** Props for a toggle button: `aria-pressed`, `aria-busy`, `disabled`, `onClick`, `data-state`, `data-error`. */
  buttonProps: {
    type: 'button';
    'aria-pressed': boolean;
    'aria-busy': boolean | undefined;
    disabled: boolean;
    'data-state': 'on' | 'off';
    'data-pending': '' | undefined;
    /** The error's code while the source has a problem (`permission-denied`, `device-lost`…). */
    'data-error': RoomKitError['code'] | undefined;
    onClick: () => void;
  };
}

const SOURCE_NAMES: Record<ToggleSource, TrackSourceName> = {
  [Track.Source.Microphone]: 'microphone',
  [Track.Source.Camera]: 'camera',
  [Track.Source.ScreenShare]: 'screen_share',
};

/**
 * Switches the local microphone, camera or screen share on and off, refusing to publish what the grants
 * forbid.
 */
export function useTrackToggle(source: ToggleSource, options: UseTrackToggleOptions = {}): TrackToggleState {
  const store = useRoomStore('useTrackToggle', options.room);
  const name = SOURCE_NAMES[source];
  // What this toggle publishes stops at once when the server revokes the grant for it.
  useEffect(() => enforcePublishGrants(store.room), [store]);
  const enabled = useStoreValue(store.subscribe, () => {
    const track = store.getState().local.tracks.find((t) => t.source === source);
    return track !== undefined && !track.muted;
  });
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
      const state = store.getState();
      const current = state.local.tracks.some((t) => t.source === source && !t.muted);
      const next = force ?? !current;
      if (next && !canPublishSource(state.grants, name)) {
        const refused = new RoomKitError(
          'not-permitted',
          `Publishing ${name.replace('_', ' ')} is not permitted for this session: its grants lack canPublish${
            state.grants.canPublish ? ` for "${name}"` : ''
          }${state.grants.hidden ? ' (hidden observers never publish)' : ''}.`,
        );
        errors.set(source, refused);
        latest.current.onError?.(refused);
        throw refused;
      }
      const room = store.room;
      const lp = room.localParticipant;
      setPending(true);
      try {
        // Trying again after the device went away: take another device of that kind, if there is one.
        const lostId = errors.lostDeviceId(source);
        if (next && lostId !== undefined && source !== Track.Source.ScreenShare) {
          const kind = DEVICE_KIND[source] as 'audioinput' | 'videoinput';
          const devices = await listDevices(room, kind).catch(() => []);
          const other = devices.find((d) => d.deviceId && d.deviceId !== lostId && d.deviceId !== 'default');
          if (other && !devices.some((d) => d.deviceId === lostId)) await room.switchActiveDevice(kind, other.deviceId);
        }
        if (source === Track.Source.Microphone) await lp.setMicrophoneEnabled(next);
        else if (source === Track.Source.Camera) await lp.setCameraEnabled(next);
        else await lp.setScreenShareEnabled(next);
        errors.set(source, undefined);
        latest.current.onEnabledChange?.(next);
      } catch (e) {
        // Cancelling the browser's screen picker rejects with NotAllowedError: the person changed their mind.
        if (source === Track.Source.ScreenShare && deviceErrorCode(e) === 'permission-denied') {
          errors.set(source, undefined);
          return;
        }
        // livekit-client reported this failure (MediaDevicesError) before throwing it: keep that one error.
        const stored = errors.get(source);
        const failure = isRoomKitError(e) ? e : stored && stored.cause === e ? stored : toDeviceError(e, DEVICE_KIND[source]);
        errors.set(source, failure);
        latest.current.onError?.(failure);
        throw failure;
      } finally {
        setPending(false);
      }
    },
    [store, source, name, errors],
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
      disabled: pending || !allowed,
      'data-state': enabled ? 'on' : 'off',
      'data-pending': pending ? '' : undefined,
      'data-error': error?.code,
      onClick: () => {
        toggle().catch(() => {
          /* reported through `error` and onError */
        });
      },
    },
  };
}
