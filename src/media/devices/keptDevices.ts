/**
 * The room switch that keeps the devices: a part of the session (sessionFeatures.ts) added by the modules an app
 * switches rooms or turns devices on and off with (breakout rooms' `breakoutFollow.ts`, the toggles' `switchTrack.ts`).
 * Without it a session leaving for another room disconnects as it does when it ends, and joins the next room as it
 * joined the first (`audio`, `video`).
 */
import { Track, type LocalTrack, type Room } from 'livekit-client';
import { canPublishSource, type Grants } from '../../room/state/grants.js';
import { sessionHooks, type Carried } from '../../room/connection/sessionFeatures.js';

const KEPT_SOURCES: readonly Track.Source[] = [Track.Source.Camera, Track.Source.Microphone];

/**
 * Leaves `room` for another room of the same session (a breakout room joined afresh, a room switch): the camera and
 * microphone it publishes stay open (`disconnect(false)`), so the next room gets the same devices with no second
 * permission prompt, and a device the person had turned off stays off.
 */
export async function leaveKeepingDevices(room: Room): Promise<Carried> {
  const tracks = [...room.localParticipant.trackPublications.values()]
    .filter((publication) => KEPT_SOURCES.includes(publication.source))
    .map((publication) => publication.track)
    .filter((track): track is LocalTrack => track !== undefined && track.mediaStreamTrack.readyState === 'live');
  await room.disconnect(false);
  return {
    publish: (next, grants) => publishKeptDevices(next, tracks, grants),
    // Nobody will publish them (the session ended, or the next room refused it): no camera light outside a meeting.
    stop: () => tracks.forEach((track) => track.stop()),
  };
}

/**
 * Publishes in `room` the kept tracks its grants allow, muted ones muted; stops the others. Resolves once all are
 * published; rejects with the first failure (the tracks that failed are stopped).
 */
async function publishKeptDevices(room: Room, tracks: readonly LocalTrack[], grants: Grants): Promise<void> {
  const jobs = tracks.map(async (track) => {
    if (!canPublishSource(grants, track.source === Track.Source.Camera ? 'camera' : 'microphone')) return track.stop();
    try {
      await room.localParticipant.publishTrack(track);
    } catch (error) {
      track.stop();
      throw error;
    }
  });
  const failure = (await Promise.allSettled(jobs)).find((result) => result.status === 'rejected');
  if (failure) throw failure.reason;
}

/** @internal Adds the room switch that keeps the devices to every session (once). */
export function keepDevicesAcrossRooms(): void {
  sessionHooks.leave = leaveKeepingDevices;
}
