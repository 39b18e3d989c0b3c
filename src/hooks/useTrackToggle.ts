import { Track } from 'livekit-client';
import { useCallback, useEffect, useRef, useState } from 'react';
import { enforcePublishGrants } from '../core/enforceGrants.js';
import { canPublishSource } from '../core/grants.js';
import { RoomKitError } from '../core/RoomKitError.js';
import { toRoomKitError } from '../core/toRoomKitError.js';
import type { TrackSourceName } from '../core/token.js';
import { useRoomStore } from './RoomContext.js';
import type { RoomHookOptions } from './useRoom.js';
import { useStoreValue } from './useStoreValue.js';

/** A source the local participant can toggle. */
export type ToggleSource = Track.Source.Microphone | Track.Source.Camera | Track.Source.ScreenShare;

/** Options of {@link useTrackToggle}. */
export interface UseTrackToggleOptions extends RoomHookOptions {
  /** Called after the track was switched on or off. */
  onEnabledChange?: (enabled: boolean) => void;
  /** Called when switching failed (not permitted, device error…). */
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
  /** The last failure, cleared by the next successful switch. */
  error: RoomKitError | undefined;
  /** Switches the source on, off, or to `force`. Rejects with `not-permitted` when the grants forbid it. */
  toggle: (force?: boolean) => Promise<void>;
  /** Props for a toggle button: `aria-pressed`, `aria-busy`, `disabled`, `onClick`, `data-state`. */
  buttonProps: {
    type: 'button';
    'aria-pressed': boolean;
    'aria-busy': boolean | undefined;
    disabled: boolean;
    'data-state': 'on' | 'off';
    'data-pending': '' | undefined;
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
  const [error, setError] = useState<RoomKitError | undefined>(undefined);
  const latest = useRef(options);
  latest.current = options;

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
        setError(refused);
        latest.current.onError?.(refused);
        throw refused;
      }
      const lp = store.room.localParticipant;
      setPending(true);
      try {
        if (source === Track.Source.Microphone) await lp.setMicrophoneEnabled(next);
        else if (source === Track.Source.Camera) await lp.setCameraEnabled(next);
        else await lp.setScreenShareEnabled(next);
        setError(undefined);
        latest.current.onEnabledChange?.(next);
      } catch (e) {
        const failure = toRoomKitError(e);
        setError(failure);
        latest.current.onError?.(failure);
        throw failure;
      } finally {
        setPending(false);
      }
    },
    [store, source, name],
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
      onClick: () => {
        toggle().catch(() => {
          /* reported through `error` and onError */
        });
      },
    },
  };
}
