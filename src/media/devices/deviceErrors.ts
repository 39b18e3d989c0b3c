import { ParticipantEvent, TrackEvent, type LocalTrack, type LocalTrackPublication, type Room } from 'livekit-client';
import { listenWhileHeld, refCounted } from '../../room/refCounted.js';
import type { RoomKitError } from '../../room/RoomKitError.js';
import { toDeviceError, type DeviceKind } from './toDeviceError.js';

/** @internal The local sources a device backs. */
export type DeviceSource = 'microphone' | 'camera' | 'screen_share';

/** @internal Which device kind backs a source. */
export const DEVICE_KIND: Record<DeviceSource, DeviceKind> = { microphone: 'audioinput', camera: 'videoinput', screen_share: 'screen' };

/**
 * @internal One room's device failures by source: a toggle that could not open its device, the session's publish
 * on join, and a published camera or microphone that ended on its own (`device-lost`). Every toggle of a source
 * reads the same value, so the pre-join screen, the control bar and your own toggles agree.
 */
export interface DeviceErrors {
  get(source: DeviceSource): RoomKitError | undefined;
  /** The device id a `device-lost` source used, if known. */
  lostDeviceId(source: DeviceSource): string | undefined;
  set(source: DeviceSource, error: RoomKitError | undefined): void;
  subscribe(listener: () => void): () => void;
}

const stores = new WeakMap<Room, DeviceErrors>();

/**
 * @internal The room's device failures, created on first use. It watches livekit-client (the local participant's
 * device errors and publications, each published camera and microphone for `ended`) while anything subscribes,
 * and takes every listener off when the last subscriber leaves: a Room that outlives its UI keeps none of ours.
 */
export function getDeviceErrors(room: Room): DeviceErrors {
  let store = stores.get(room);
  if (store) return store;
  const errors = new Map<DeviceSource, RoomKitError>();
  const lost = new Map<DeviceSource, string | undefined>();
  const listeners = new Set<() => void>();
  const set = (source: DeviceSource, error: RoomKitError | undefined) => {
    if (errors.get(source) === error) return;
    if (error) errors.set(source, error);
    else errors.delete(source);
    if (error?.code !== 'device-lost') lost.delete(source);
    listeners.forEach((l) => l());
  };
  // A camera or microphone whose MediaStreamTrack ends while published was not stopped by us (stop() fires no
  // `ended`): the device went away, was switched off, or lost its permission. livekit-client then tries to
  // restart it (the microphone on the default device); when that works, the problem is gone.
  const hold = refCounted(() => {
    const watched = new Map<LocalTrack, () => void>();
    const watch = (publication: LocalTrackPublication) => {
      const track = publication.track;
      const source = publication.source as string;
      if (!track || watched.has(track) || (source !== 'microphone' && source !== 'camera')) return;
      const onEnded = () => {
        const deviceId = track.mediaStreamTrack?.getSettings?.().deviceId;
        lost.set(source, deviceId && deviceId !== 'synthetic' ? deviceId : room.getActiveDevice(DEVICE_KIND[source] as MediaDeviceKind));
        set(source, toDeviceError(undefined, DEVICE_KIND[source], 'device-lost'));
      };
      const onRestarted = () => {
        if (errors.get(source)?.code === 'device-lost') set(source, undefined);
      };
      track.on(TrackEvent.Ended, onEnded).on(TrackEvent.Restarted, onRestarted);
      watched.set(track, () => void track.off(TrackEvent.Ended, onEnded).off(TrackEvent.Restarted, onRestarted));
    };
    // livekit-client reports a camera or microphone it could not open (the session's publish on join, your own
    // setCameraEnabled…); a screen share has no device kind, and its picker's cancel is no problem.
    const onDeviceError = (error: Error, kind?: MediaDeviceKind) => {
      const source = kind === 'audioinput' ? 'microphone' : kind === 'videoinput' ? 'camera' : undefined;
      if (source) set(source, toDeviceError(error, kind as DeviceKind));
    };
    const onPublished = (publication: LocalTrackPublication) => {
      if (errors.get(publication.source as DeviceSource)?.code !== 'not-permitted') set(publication.source as DeviceSource, undefined);
      watch(publication);
    };
    const local = room.localParticipant;
    local.on(ParticipantEvent.MediaDevicesError, onDeviceError).on(ParticipantEvent.LocalTrackPublished, onPublished);
    local.trackPublications.forEach((p) => watch(p as LocalTrackPublication));
    return () => {
      local.off(ParticipantEvent.MediaDevicesError, onDeviceError).off(ParticipantEvent.LocalTrackPublished, onPublished);
      watched.forEach((off) => off());
    };
  });
  store = {
    get: (source) => errors.get(source),
    lostDeviceId: (source) => lost.get(source),
    set,
    subscribe: (listener) => listenWhileHeld(listeners, listener, hold),
  };
  stores.set(room, store);
  return store;
}

