import { RemoteTrackPublication, RoomEvent, Track, type Room, type TrackPublication } from 'livekit-client';
import { manageAudio } from './audioSubscriptions.js';
import { managedRooms } from '../room/connection/managedRooms.js';
import { trimReceiveCodecs } from './receiveCodecs.js';

/**
 * The subscription policy of layouts that manage subscriptions (`GridLayout`, `FocusLayout`):
 *
 * - **Join.** While a layout manages a room, its session joins with `autoSubscribe: false` unless the app's
 *   `connectOptions` say otherwise (see `managedRooms`): a big room is never subscribed whole at join.
 * - **Video.** Video elements retain the publication they show. A remote camera or screen share is subscribed
 *   when a tile retains it, and unsubscribed once nobody has retained it for a short grace period (400 ms), so a
 *   page flip does not flap and an off-page camera never stays subscribed.
 * - **Audio.** Whatever page is shown, screen-share audio, agents and (in a room of up to a dozen microphones)
 *   every microphone are subscribed; in a bigger room, the microphones of those speaking and of the last dozen
 *   heard (`manageAudio`), so a room of mostly silent or muted microphones costs close to nothing per person, and
 *   a meeting's regular speakers stay subscribed between their turns.
 * - **Renegotiation.** The receive-only sections of the page's offers list only the codecs the server sends
 *   (`trimReceiveCodecs`), so each change of subscriptions renegotiates a fifth of the SDP.
 *
 * When the last layout stops managing, subscriptions are left as they are.
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
  let stopPolicies = () => {};

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
  /** Applies the policy to one remote video publication: released unless retained. */
  const apply = (publication: TrackPublication) => {
    if (publication instanceof RemoteTrackPublication && isVideo(publication)) release(publication);
  };
  const sweep = () => {
    for (const participant of room.remoteParticipants.values()) participant.trackPublications.forEach(apply);
  };
  const onSubscribed = (_track: Track, publication: TrackPublication) => apply(publication);

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
        managedRooms.add(room);
        // Connected: the publications the join brought. Joining: each arrives with TrackPublished.
        room.on(RoomEvent.TrackPublished, apply).on(RoomEvent.TrackSubscribed, onSubscribed).on(RoomEvent.Connected, sweep);
        sweep();
        const stopAudio = manageAudio(room);
        const stopTrimming = trimReceiveCodecs(room);
        stopPolicies = () => {
          stopAudio();
          stopTrimming();
        };
      }
      let active = true;
      return () => {
        if (!active) return;
        active = false;
        if (--managing === 0) {
          managedRooms.delete(room);
          room.off(RoomEvent.TrackPublished, apply).off(RoomEvent.TrackSubscribed, onSubscribed).off(RoomEvent.Connected, sweep);
          timers.forEach(clearTimeout);
          timers.clear();
          stopPolicies();
        }
      };
    },
  };
  managers.set(room, manager);
  return manager;
}
