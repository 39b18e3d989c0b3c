import { LocalVideoTrack, Track, TrackEvent, type RemoteParticipant, type RemoteTrackPublication, type Room } from 'livekit-client';
import { setDeviceEnumerator, setPreviewFactory, type MediaDeviceKindName } from '../core/deviceStore.js';
import type { SimContext, SimParticipant, SimTrack } from './simulatedServer.js';
import { createAudioTrack, createStream, createVideoTrack } from './syntheticMedia.js';

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
  const media = isVideo ? createVideoTrack(label, hueOf(p.identity + t.source), watched) : createAudioTrack(label);
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

/** Simulated devices for `useMediaDevices` and device menus. */
export type SimulatedDevices = Partial<Record<MediaDeviceKindName, Array<{ deviceId: string; label: string }>>>;

/** The camera preview (a synthetic track) and, when given, the simulated device list of `room`. */
export function installPreviewAndDevices(room: Room, devices: SimulatedDevices | undefined): void {
  setPreviewFactory(room, async () => {
    const track = new LocalVideoTrack(createVideoTrack('Preview', 140), undefined, true);
    track.source = Track.Source.Camera;
    return track;
  });
  if (devices) {
    setDeviceEnumerator(room, async (kind) =>
      (devices[kind] ?? []).map(
        (d) => ({ deviceId: d.deviceId, label: d.label, kind, groupId: 'simulated', toJSON: () => d }) as MediaDeviceInfo,
      ),
    );
  }
}
