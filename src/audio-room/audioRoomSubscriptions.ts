import { RemoteTrackPublication, RoomEvent, Track, type Room, type TrackPublication } from 'livekit-client';
import { manageAudio } from '../media/audioSubscriptions.js';
import { managedRooms } from '../room/connection/managedRooms.js';

const rooms = new WeakMap<Room, { count: number; stop: () => void }>();
const isVideo = (p: TrackPublication) => p.source === Track.Source.Camera || p.source === Track.Source.ScreenShare;

/**
 * @internal The subscription policy of an audio room (`AudioConference`): no video is ever subscribed, audio follows
 * the big-room audio policy (`manageAudio`: every microphone in a room of up to a dozen, else those speaking and
 * the last dozen heard; screen-share audio and agents always).
 *
 * - **Join.** While it manages a room, the session joins with `autoSubscribe: false` (see `managedRooms`), so no
 *   camera is subscribed at join.
 * - **Video.** A remote camera or screen share that is subscribed anyway (the app's own `autoSubscribe`, or
 *   subscribed before the mount) is unsubscribed at once; none is ever subscribed by this policy.
 *
 * Reference-counted per room; the returned function stops one use, and the last stop leaves subscriptions as they
 * are. Not meant to share a room with a video layout's policy (`getVideoSubscriptions`), which retains cameras.
 */
export function manageAudioRoom(room: Room): () => void {
  let entry = rooms.get(room);
  if (!entry) {
    const drop = (publication: TrackPublication) => {
      if (publication instanceof RemoteTrackPublication && isVideo(publication) && publication.isDesired) publication.setSubscribed(false);
    };
    const sweep = () => {
      for (const participant of room.remoteParticipants.values()) participant.trackPublications.forEach(drop);
    };
    const onSubscribed = (_track: Track, publication: TrackPublication) => drop(publication);
    managedRooms.add(room);
    room.on(RoomEvent.TrackPublished, drop).on(RoomEvent.TrackSubscribed, onSubscribed).on(RoomEvent.Connected, sweep);
    sweep();
    const stopAudio = manageAudio(room);
    const created = {
      count: 0,
      stop: () => {
        managedRooms.delete(room);
        room.off(RoomEvent.TrackPublished, drop).off(RoomEvent.TrackSubscribed, onSubscribed).off(RoomEvent.Connected, sweep);
        stopAudio();
      },
    };
    rooms.set(room, created);
    entry = created;
  }
  const managing = entry;
  managing.count++;
  let active = true;
  return () => {
    if (!active) return;
    active = false;
    if (--managing.count === 0) {
      rooms.delete(room);
      managing.stop();
    }
  };
}
