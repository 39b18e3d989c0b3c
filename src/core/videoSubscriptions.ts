import { RemoteTrackPublication, RoomEvent, Track, type Room, type TrackPublication } from 'livekit-client';

/**
 * Keeps remote video subscribed only while a tile shows it. Video elements retain the publication they show;
 * while management is on, a remote camera or screen share nobody retains is unsubscribed (after a short grace
 * period, so flipping a page does not flap), and subscribed again when a tile retains it.
 */
interface Manager {
  retain(publication: TrackPublication): () => void;
  manage(): () => void;
}

const GRACE_MS = 400;
const managers = new WeakMap<Room, Manager>();
const isVideo = (p: TrackPublication) => p.source === Track.Source.Camera || p.source === Track.Source.ScreenShare;

/** @internal */
export function getVideoSubscriptions(room: Room): Manager {
  let manager = managers.get(room);
  if (manager) return manager;
  const counts = new Map<RemoteTrackPublication, number>();
  const timers = new Map<RemoteTrackPublication, ReturnType<typeof setTimeout>>();
  let managing = 0;

  const release = (publication: RemoteTrackPublication) => {
    if (managing === 0 || (counts.get(publication) ?? 0) > 0 || timers.has(publication)) return;
    timers.set(
      publication,
      setTimeout(() => {
        timers.delete(publication);
        if (managing > 0 && (counts.get(publication) ?? 0) === 0 && publication.isDesired) publication.setSubscribed(false);
      }, GRACE_MS),
    );
  };
  const sweep = () => {
    for (const participant of room.remoteParticipants.values()) {
      for (const publication of participant.trackPublications.values()) if (isVideo(publication)) release(publication);
    }
  };
  const onPublished = (publication: TrackPublication) => {
    if (publication instanceof RemoteTrackPublication && isVideo(publication)) release(publication);
  };
  const onSubscribed = (_track: Track, publication: TrackPublication) => onPublished(publication);

  manager = {
    retain(publication) {
      if (!(publication instanceof RemoteTrackPublication)) return () => {};
      counts.set(publication, (counts.get(publication) ?? 0) + 1);
      const timer = timers.get(publication);
      if (timer) {
        clearTimeout(timer);
        timers.delete(publication);
      }
      if (!publication.isDesired) publication.setSubscribed(true);
      let active = true;
      return () => {
        if (!active) return;
        active = false;
        const left = (counts.get(publication) ?? 1) - 1;
        if (left > 0) counts.set(publication, left);
        else {
          counts.delete(publication);
          release(publication);
        }
      };
    },
    manage() {
      if (managing++ === 0) {
        room.on(RoomEvent.TrackPublished, onPublished).on(RoomEvent.TrackSubscribed, onSubscribed);
        sweep();
      }
      let active = true;
      return () => {
        if (!active) return;
        active = false;
        if (--managing === 0) {
          room.off(RoomEvent.TrackPublished, onPublished).off(RoomEvent.TrackSubscribed, onSubscribed);
          timers.forEach(clearTimeout);
          timers.clear();
        }
      };
    },
  };
  managers.set(room, manager);
  return manager;
}
