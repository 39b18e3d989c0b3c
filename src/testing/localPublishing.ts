import {
  LocalAudioTrack,
  LocalTrackPublication,
  LocalVideoTrack,
  ParticipantEvent,
  Track,
  type LocalParticipant,
} from 'livekit-client';
import { RoomKitError } from '../core/RoomKitError.js';
import { PROTO_SOURCE, sid, type SimContext } from './simulatedServer.js';
import { createAudioTrack, createVideoTrack } from './syntheticMedia.js';

/** The local participant's publishing, answered by the simulated server instead of WebRTC. */
export function installLocalPublishing(ctx: SimContext): void {
  const lp = ctx.room.localParticipant;
  const toggle = async (source: Track.Source, enabled: boolean) => {
    const existing = lp.getTrackPublication(source) as LocalTrackPublication | undefined;
    if (existing?.track) {
      if (source === Track.Source.ScreenShare && !enabled) {
        removeLocalPublication(lp, existing);
        return undefined;
      }
      if (enabled) await existing.track.unmute();
      else await existing.track.mute();
      return existing;
    }
    if (!enabled) return undefined;
    const name = source === Track.Source.Microphone ? 'microphone' : source === Track.Source.Camera ? 'camera' : 'screen_share';
    if (ctx.local.permission.canPublish === false || ctx.local.hidden) {
      throw new RoomKitError('not-permitted', `The simulated server refused to publish ${name}: the session lacks canPublish.`);
    }
    const media =
      source === Track.Source.Microphone
        ? createAudioTrack('microphone')
        : createVideoTrack(source === Track.Source.Camera ? 'You' : 'Your screen', 140);
    const track =
      source === Track.Source.Microphone ? new LocalAudioTrack(media, undefined, true) : new LocalVideoTrack(media, undefined, true);
    track.source = source;
    // As livekit-client does: a capture default's processor is set before the track is published.
    const processor = source === Track.Source.Camera ? ctx.room.options.videoCaptureDefaults?.processor : undefined;
    if (processor && track instanceof LocalVideoTrack) await track.setProcessor(processor);
    const publication = new LocalTrackPublication(
      track.kind,
      { sid: sid('TR'), name, source: PROTO_SOURCE[name], type: track.kind === Track.Kind.Video ? 1 : 0, muted: false } as never,
      track,
    );
    (lp as unknown as { addTrackPublication(p: LocalTrackPublication): void }).addTrackPublication(publication);
    lp.emit(ParticipantEvent.LocalTrackPublished, publication);
    return publication;
  };
  lp.setMicrophoneEnabled = (enabled: boolean) => toggle(Track.Source.Microphone, enabled);
  lp.setCameraEnabled = (enabled: boolean) => toggle(Track.Source.Camera, enabled);
  lp.setScreenShareEnabled = (enabled: boolean) => toggle(Track.Source.ScreenShare, enabled);
  lp.unpublishTrack = async (track) => {
    const publication = [...lp.trackPublications.values()].find((p) => p.track === track || p.track?.mediaStreamTrack === track);
    if (publication) removeLocalPublication(lp, publication);
    return publication;
  };
  // The server unpublishes a participant's tracks when it loses canPublish.
  lp.on(ParticipantEvent.ParticipantPermissionsChanged, () => {
    if (lp.permissions?.canPublish !== false && !lp.permissions?.hidden) return;
    for (const publication of [...lp.trackPublications.values()]) removeLocalPublication(lp, publication);
  });
}

function removeLocalPublication(lp: LocalParticipant, publication: LocalTrackPublication) {
  const maps = lp as unknown as {
    trackPublications: Map<string, unknown>;
    audioTrackPublications: Map<string, unknown>;
    videoTrackPublications: Map<string, unknown>;
  };
  maps.trackPublications.delete(publication.trackSid);
  maps.audioTrackPublications.delete(publication.trackSid);
  maps.videoTrackPublications.delete(publication.trackSid);
  publication.track?.stop();
  lp.emit(ParticipantEvent.LocalTrackUnpublished, publication);
}
