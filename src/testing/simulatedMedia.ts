import {
  LocalVideoTrack,
  RoomEvent,
  Track,
  TrackEvent,
  type LocalTrackPublication,
  type RemoteParticipant,
  type RemoteTrackPublication,
  type Room,
} from 'livekit-client';
import { setDeviceEnumerator, setPreviewFactory, type MediaDeviceKindName } from '../media/devices/deviceStore.js';
import type { SimContext, SimParticipant, SimTrack } from './simulatedServer.js';
import { createAudioTrack, createStream, createVideoTrack, createVoiceTrack } from './syntheticMedia.js';

/** livekit protocol's ParticipantInfo.Kind.AGENT. */
const AGENT_KIND = 4;

/**
 * Media in the simulated room: remote participants' tracks reaching this session (and stopping when it
 * unsubscribes), the camera preview, and the device list. The tracks themselves come from syntheticMedia.ts.
 */

function hueOf(identity: string) {
  let h = 0;
  for (const c of identity) h = (h * 31 + c.charCodeAt(0)) % 360;
  return h;
}

/** Media reaches this session only where the local participant may subscribe. */
export function deliverMedia(ctx: SimContext, p: SimParticipant, t: SimTrack): void {
  if (ctx.local.permission.canSubscribe === false) return;
  const participant = ctx.room.remoteParticipants.get(p.identity) as RemoteParticipant | undefined;
  if (!participant) return;
  const isVideo = t.source === 'camera' || t.source === 'screen_share';
  const label = `${p.name}${t.source === 'screen_share' ? ' (screen)' : ''}`;
  // Remote video is drawn only while a video element shows it (a page of a large grid, not all of it).
  const watched = () => {
    const track = participant.getTrackPublicationBySid(t.sid)?.track;
    return !track || track.attachedElements.length > 0;
  };
  // An agent's microphone carries a synthetic voice, so its visualizer moves; everyone else is silent.
  const media = isVideo
    ? createVideoTrack(label, hueOf(p.identity + t.source), watched)
    : p.kind === AGENT_KIND && t.source === 'microphone'
      ? createVoiceTrack(label)
      : createAudioTrack(label);
  participant.addSubscribedMediaTrack(media, t.sid, createStream(media), undefined as unknown as RTCRtpReceiver);
}

/**
 * The simulated server honours subscription changes: unsubscribing stops the media, subscribing resumes it.
 * `current` looks up the server's record of a participant (undefined once it left).
 */
export function subscriptionAnswerer(ctx: SimContext, current: (identity: string) => SimParticipant | undefined) {
  const answering = new WeakSet<RemoteTrackPublication>();
  return (p: SimParticipant) => {
    const participant = ctx.room.remoteParticipants.get(p.identity);
    if (!participant) return;
    for (const publication of participant.trackPublications.values()) {
      if (answering.has(publication)) continue;
      answering.add(publication);
      publication.on(TrackEvent.UpdateSubscription, (update: { subscribe: boolean }) => {
        if (!update.subscribe) {
          const track = publication.track;
          publication.setTrack(undefined);
          track?.stop();
        } else if (!publication.track) {
          const sim = current(p.identity)?.tracks.find((t) => t.sid === publication.trackSid);
          if (sim) deliverMedia(ctx, p, sim);
        }
        ctx.flush();
      });
    }
  };
}

/**
 * Simulated devices for `useMediaDevices` and device menus. A camera's `facingMode` is what a phone's browser says
 * of it (`getCapabilities().facingMode`): give a `user` and an `environment` one for a phone's front and back.
 */
export type SimulatedDevices = Partial<Record<MediaDeviceKindName, Array<{ deviceId: string; label: string; facingMode?: 'user' | 'environment' }>>>;

/** A device kind the simulated browser can refuse: a microphone, a camera, or the screen-share picker. */
export type SimulatedDeviceKind = 'audioinput' | 'videoinput' | 'screen';

/**
 * How the simulated browser refuses to open a device, as a real one does: `permission-denied` rejects with
 * `NotAllowedError` (for `screen`, what Chromium answers when the person cancels the picker), `device-not-found`
 * with `NotFoundError`, `device-in-use` with `NotReadableError` ("Could not start video source"), `device-error`
 * with an `UnknownError`.
 */
export type SimulatedDeviceFailure = 'permission-denied' | 'device-not-found' | 'device-in-use' | 'device-error';

const FAILURES: Record<SimulatedDeviceFailure, [string, string]> = {
  'permission-denied': ['NotAllowedError', 'Permission denied'],
  'device-not-found': ['NotFoundError', 'Requested device not found'],
  'device-in-use': ['NotReadableError', 'Could not start video source'],
  'device-error': ['UnknownError', 'The device failed'],
};

/** The DOMException a browser's getUserMedia / getDisplayMedia rejects with for `failure`. */
export function browserFailure(failure: SimulatedDeviceFailure): Error {
  const [name, message] = FAILURES[failure];
  return typeof DOMException === 'function' ? new DOMException(message, name) : Object.assign(new Error(message), { name });
}

/**
 * The camera preview (a synthetic track, or the browser's refusal while `failures` says so) and, when given, the
 * simulated device list of `room`, read afresh at each enumeration.
 */
export function installPreviewAndDevices(
  room: Room,
  devices: () => SimulatedDevices | undefined,
  failures: ReadonlyMap<SimulatedDeviceKind, SimulatedDeviceFailure>,
): void {
  setPreviewFactory(room, async () => {
    const failure = failures.get('videoinput');
    if (failure) throw browserFailure(failure);
    const track = new LocalVideoTrack(createVideoTrack('Preview', 140), undefined, true);
    track.source = Track.Source.Camera;
    return track;
  });
  if (devices()) {
    setDeviceEnumerator(room, async (kind) =>
      (devices()?.[kind] ?? []).map(
        (d) =>
          ({
            deviceId: d.deviceId,
            label: d.label,
            kind,
            groupId: 'simulated',
            toJSON: () => d,
            ...(d.facingMode ? { getCapabilities: () => ({ deviceId: d.deviceId, facingMode: [d.facingMode] }) } : {}),
          }) as MediaDeviceInfo,
      ),
    );
  }
}

/**
 * Unplugs a simulated device: it leaves the list (`devicechange`), and the local camera or microphone running on it
 * (the active device of its kind, else the first listed) ends as a browser ends it. Returns the new list.
 */
export function unplugSimulatedDevice(room: Room, devices: SimulatedDevices | undefined, deviceId: string): SimulatedDevices | undefined {
  const kind = (Object.keys(devices ?? {}) as MediaDeviceKindName[]).find((k) => devices?.[k]?.some((d) => d.deviceId === deviceId));
  if (!kind || !devices) return devices;
  const listed = devices[kind] ?? [];
  const active = room.getActiveDevice(kind);
  const inUse = (listed.some((d) => d.deviceId === active) ? active : listed[0]?.deviceId) === deviceId;
  const next = { ...devices, [kind]: listed.filter((d) => d.deviceId !== deviceId) };
  const source = kind === 'audioinput' ? Track.Source.Microphone : kind === 'videoinput' ? Track.Source.Camera : undefined;
  const track = source ? (room.localParticipant.getTrackPublication(source) as LocalTrackPublication | undefined)?.track : undefined;
  queueMicrotask(() => {
    room.emit(RoomEvent.MediaDevicesChanged);
    if (inUse && track && track.mediaStreamTrack.readyState !== 'ended') {
      track.mediaStreamTrack.stop();
      track.mediaStreamTrack.dispatchEvent(new Event('ended'));
    }
  });
  return next;
}
