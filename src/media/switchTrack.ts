import { Track, type ScreenShareCaptureOptions } from 'livekit-client';
import { listDevices } from './devices/deviceStore.js';
import { DEVICE_KIND, getDeviceErrors } from './devices/deviceErrors.js';
import { toDeviceError } from './devices/toDeviceError.js';
import { canPublishSource } from '../room/state/grants.js';
import { isRoomKitError, RoomKitError } from '../room/RoomKitError.js';
import { deviceErrorCode } from '../room/toRoomKitError.js';
import { screenCaptureOptions } from './screenShareOptions.js';
import type { TrackSourceName } from '../room/connection/token.js';
import type { RoomStore } from '../room/state/roomStore.js';
import { keepDevicesAcrossRooms } from './devices/keptDevices.js';

// An app whose people turn devices on and off keeps them across a room switch: what was off stays off.
keepDevicesAcrossRooms();

/** A source the local participant can toggle. */
export type ToggleSource = Track.Source.Microphone | Track.Source.Camera | Track.Source.ScreenShare;

/** @internal What {@link switchTrack} reports to its caller, and what the caller asks of a screen share. */
export interface SwitchTrackCallbacks {
  onEnabledChange?: ((enabled: boolean) => void) | undefined;
  onError?: ((error: RoomKitError) => void) | undefined;
  /** The app's screen-share capture options, merged over `DEFAULT_SCREEN_SHARE_OPTIONS`. */
  screenShareOptions?: ScreenShareCaptureOptions | undefined;
}

/** @internal The grant name of each toggleable source. */
export const SOURCE_NAMES: Record<ToggleSource, TrackSourceName> = {
  [Track.Source.Microphone]: 'microphone',
  [Track.Source.Camera]: 'camera',
  [Track.Source.ScreenShare]: 'screen_share',
};

/** @internal Whether the local participant publishes `source` unmuted. */
export function isPublishing(store: RoomStore, source: ToggleSource): boolean {
  return store.getState().local.tracks.some((t) => t.source === source && !t.muted);
}

/**
 * @internal Switches the local `source` on, off, or to `force`, for every caller alike (a toggle button, a keyboard
 * shortcut): refuses with `not-permitted` what the grants forbid, takes another device after the last one was lost,
 * and keeps the source's problem in the room's device errors (cleared by a success). `started` runs once the switch
 * really begins (after the grant check).
 */
export async function switchTrack(store: RoomStore, source: ToggleSource, force?: boolean, callbacks: SwitchTrackCallbacks = {}, started?: () => void): Promise<void> {
  const name = SOURCE_NAMES[source];
  const errors = getDeviceErrors(store.room);
  const state = store.getState();
  const next = force ?? !isPublishing(store, source);
  if (next && !canPublishSource(state.grants, name)) {
    const refused = new RoomKitError(
      'not-permitted',
      `Publishing ${name.replace('_', ' ')} is not permitted for this session: its grants lack canPublish${
        state.grants.canPublish ? ` for "${name}"` : ''
      }${state.grants.hidden ? ' (hidden observers never publish)' : ''}.`,
    );
    errors.set(source, refused);
    callbacks.onError?.(refused);
    throw refused;
  }
  const room = store.room;
  const lp = room.localParticipant;
  started?.();
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
    // A share's sound (screen_share_audio) is published with it and unpublished with it by livekit-client, also
    // when the browser ends the capture ("Stop sharing", the shared tab closed: Chromium ends both tracks).
    else if (next) await lp.setScreenShareEnabled(true, screenCaptureOptions(state.grants, callbacks.screenShareOptions));
    else await lp.setScreenShareEnabled(false);
    errors.set(source, undefined);
    callbacks.onEnabledChange?.(next);
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
    callbacks.onError?.(failure);
    throw failure;
  }
}
