import {
  LocalAudioTrack,
  LocalTrackPublication,
  LocalVideoTrack,
  ParticipantEvent,
  Track,
  TrackEvent,
  type LocalParticipant,
  type ScreenShareCaptureOptions,
} from 'livekit-client';
import { RoomKitError } from '../room/RoomKitError.js';
import type { TrackSourceName } from '../room/connection/token.js';
import { browserFailure, type SimulatedDeviceFailure, type SimulatedDeviceKind } from './simulatedMedia.js';
import { PROTO_SOURCE, sid, type SimContext } from './simulatedServer.js';
import { createAudioTrack, createVideoTrack } from './syntheticMedia.js';

/**
 * The local participant's publishing, answered by the simulated server instead of WebRTC. Opening a device the
 * simulated browser refuses (`failures`) rejects the way a browser's getUserMedia does.
 */
export function installLocalPublishing(ctx: SimContext, failures: ReadonlyMap<SimulatedDeviceKind, SimulatedDeviceFailure>): void {
  const lp = ctx.room.localParticipant;
  const toggle = async (source: Track.Source, enabled: boolean) => {
    let existing = lp.getTrackPublication(source) as LocalTrackPublication | undefined;
    // A device that ended (unplugged) opens afresh, like livekit-client reacquiring it.
    if (enabled && existing?.track && existing.track.mediaStreamTrack.readyState === 'ended') {
      removeLocalPublication(lp, existing);
      existing = undefined;
    }
    const failure = enabled
      ? failures.get(source === Track.Source.Microphone ? 'audioinput' : source === Track.Source.Camera ? 'videoinput' : 'screen')
      : undefined;
    if (failure && !(existing?.track && !existing.track.isMuted)) {
      // What livekit-client does when getUserMedia rejects: tell the participant's listeners, then throw.
      const error = browserFailure(failure);
      if (source !== Track.Source.ScreenShare) lp.emit(ParticipantEvent.MediaDevicesError, error, source === Track.Source.Microphone ? 'audioinput' : 'videoinput');
      throw error;
    }
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
    // The track runs on the device livekit-client would open: the room's capture default (switchActiveDevice sets it).
    const capture = source === Track.Source.Microphone ? ctx.room.options.audioCaptureDefaults : source === Track.Source.Camera ? ctx.room.options.videoCaptureDefaults : undefined;
    let deviceId = deviceIdOf(capture?.deviceId);
    const settings = media.getSettings.bind(media);
    media.getSettings = () => ({ ...settings(), ...(deviceId && deviceId !== 'default' ? { deviceId } : {}) });
    const track =
      source === Track.Source.Microphone ? new LocalAudioTrack(media, undefined, true) : new LocalVideoTrack(media, undefined, true);
    // The simulated browser switches devices without getUserMedia (a real one would refuse the simulated ids).
    track.setDeviceId = (constraint: ConstrainDOMString) => {
      deviceId = deviceIdOf(constraint);
      return Promise.resolve(true);
    };
    track.source = source;
    // As livekit-client does: a capture default's processor is set before the track is published.
    const processor = source === Track.Source.Camera ? ctx.room.options.videoCaptureDefaults?.processor : undefined;
    if (processor && track instanceof LocalVideoTrack) await track.setProcessor(processor);
    return addLocalPublication(lp, track, name);
  };
  lp.setScreenShareEnabled = async (enabled: boolean, options?: ScreenShareCaptureOptions) => {
    const before = lp.getTrackPublication(Track.Source.ScreenShare);
    const shared = await toggle(Track.Source.ScreenShare, enabled);
    const sound = lp.getTrackPublication(Track.Source.ScreenShareAudio) as LocalTrackPublication | undefined;
    // livekit-client stops the share's sound with its picture.
    if (!enabled) {
      if (sound) removeLocalPublication(lp, sound);
      return shared;
    }
    // A new share carries sound where it was asked for and the simulated picker gives it (a tab with its sound).
    if (!shared || before || sound || !options?.audio || !ctx.screenShareAudio) return shared;
    const allowed = (ctx.local.permission.canPublishSources ?? []) as readonly number[];
    if (allowed.length > 0 && !allowed.includes(PROTO_SOURCE.screen_share_audio)) {
      // livekit-client refuses to publish a source the permissions leave out, and publishing the share's tracks
      // together, gives up the whole share.
      removeLocalPublication(lp, shared);
      throw Object.assign(new Error('failed to publish track, insufficient permissions'), { name: 'PublishTrackError', status: 403 });
    }
    addLocalPublication(lp, new LocalAudioTrack(createAudioTrack('Your screen (sound)'), undefined, true), 'screen_share_audio');
    return shared;
  };
  lp.setMicrophoneEnabled = (enabled, capture, publish) => {
    // livekit-client's pre-connect audio buffer is asked for in the microphone's options (2.23 reads the capture
    // options, its type names the publish options).
    const asked = (options: unknown) => (options as { preConnectBuffer?: boolean } | undefined)?.preConnectBuffer === true;
    if (enabled && (asked(capture) || asked(publish))) ctx.preConnectBuffer = true;
    return toggle(Track.Source.Microphone, enabled);
  };
  lp.setCameraEnabled = (enabled: boolean) => toggle(Track.Source.Camera, enabled);
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

/** Publishes `track` as the simulated server would accept it, under the source `name`. */
function addLocalPublication(lp: LocalParticipant, track: LocalAudioTrack | LocalVideoTrack, name: TrackSourceName): LocalTrackPublication {
  track.source = Track.sourceFromProto(PROTO_SOURCE[name] as Parameters<typeof Track.sourceFromProto>[0]);
  const publication = new LocalTrackPublication(
    track.kind,
    { sid: sid('TR'), name, source: PROTO_SOURCE[name], type: track.kind === Track.Kind.Video ? 1 : 0, muted: false } as never,
    track,
  );
  // What livekit-client's LocalParticipant does when a track ends on its own: a screen share's picture or sound is
  // unpublished (the person stopped sharing), a user-provided camera or microphone is muted.
  track.on(TrackEvent.Ended, () => {
    if (name !== 'screen_share' && name !== 'screen_share_audio') void track.mute();
    else if (lp.trackPublications.get(publication.trackSid) === publication) removeLocalPublication(lp, publication);
  });
  (lp as unknown as { addTrackPublication(p: LocalTrackPublication): void }).addTrackPublication(publication);
  lp.emit(ParticipantEvent.LocalTrackPublished, publication);
  return publication;
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

/** The device id a capture constraint names (`'id'`, `{ exact: 'id' }` or `{ ideal: 'id' }`). */
function deviceIdOf(constraint: ConstrainDOMString | undefined): string | undefined {
  if (typeof constraint === 'string') return constraint;
  const named = constraint && !Array.isArray(constraint) ? (constraint as ConstrainDOMStringParameters).exact ?? (constraint as ConstrainDOMStringParameters).ideal : undefined;
  return typeof named === 'string' ? named : undefined;
}

/**
 * What the browser does when the person stops sharing from its own bar ("Stop sharing"): the capture ends, its
 * picture and its sound, and livekit-client (here, the simulated one) unpublishes each track that ended.
 */
export function endLocalScreenShare(lp: LocalParticipant): void {
  for (const source of [Track.Source.ScreenShareAudio, Track.Source.ScreenShare]) {
    const track = lp.getTrackPublication(source)?.track;
    if (!track || track.mediaStreamTrack.readyState === 'ended') continue;
    track.mediaStreamTrack.stop();
    track.mediaStreamTrack.dispatchEvent(new Event('ended'));
  }
}
