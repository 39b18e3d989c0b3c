import { Track, type LocalTrack, type Room } from 'livekit-client';
import { canPublishSource, type Grants } from '../state/grants.js';
import type { RoomStore } from '../state/roomStore.js';

/** The camera and microphone a session had on when it left one room for another, still open. */
export interface KeptDevices {
  readonly tracks: readonly LocalTrack[];
}

const KEPT_SOURCES: readonly Track.Source[] = [Track.Source.Camera, Track.Source.Microphone];

/**
 * Leaves `room` for another room of the same session (a breakout room joined afresh, a room switch): the camera and
 * microphone it publishes stay open (`disconnect(false)`), so the next room gets the same devices with no second
 * permission prompt, and a device the person had turned off stays off. The store says the session is switching rooms
 * until the next room is joined, so the page reads "Connecting…", never "Disconnected", in between.
 */
export async function leaveKeepingDevices(room: Room, store: RoomStore): Promise<KeptDevices> {
  const tracks = [...room.localParticipant.trackPublications.values()]
    .filter((publication) => KEPT_SOURCES.includes(publication.source))
    .map((publication) => publication.track)
    .filter((track): track is LocalTrack => track !== undefined && track.mediaStreamTrack.readyState === 'live');
  store.setSwitchingRooms();
  await room.disconnect(false);
  return { tracks };
}

/**
 * Publishes in `room` the kept tracks its grants allow, muted ones muted; stops the others. Resolves once all are
 * published; rejects with the first failure (the tracks that failed are stopped).
 */
export async function publishKeptDevices(room: Room, kept: KeptDevices, grants: Grants): Promise<void> {
  const jobs = kept.tracks.map(async (track) => {
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

/**
 * Stops kept tracks nobody will publish (the session ended, or the next room refused it: no camera light outside a
 * meeting). Returns undefined, the value of no kept devices.
 */
export function stopKeptDevices(kept: KeptDevices | undefined): undefined {
  kept?.tracks.forEach((track) => track.stop());
  return undefined;
}
