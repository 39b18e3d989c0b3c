/**
 * The big room's floor: what a page costs that shows exactly what RoomKit's conference shows, with no library over
 * livekit-client and no React. A plain `Room` (adaptive stream and dynacast, as RoomKit's), joined without
 * auto-subscribing; the first `cameras` remote participants in join order (the order of RoomKit's grid page) each
 * get a tile with a `<video>` laid out as RoomKit's grid lays out that many; their cameras are subscribed and
 * attached. Microphones follow RoomKit's policy: the last 12 participants the server announced as speaking are
 * subscribed and play. Speaking indicators are set by hand on each announcement. RoomKit's page against this one
 * is the bench's `bigRoomMainThreadRatio`.
 */
import { Room, RoomEvent, Track, type Participant, type RemoteParticipant, type RemoteTrack, type RemoteTrackPublication } from 'livekit-client';

/** Microphones kept subscribed: the last ones heard (RoomKit's `src/media/audioSubscriptions.ts` keeps 12). */
const HEARD = 12;

export interface Floor {
  room: Room;
  stop(): void;
}

export async function startFloor(container: HTMLElement, url: string, token: string, cameras: number): Promise<Floor> {
  const room = new Room({ adaptiveStream: true, dynacast: true });
  const columns = Math.ceil(Math.sqrt(cameras));
  const grid = document.createElement('div');
  grid.style.cssText = `display:grid;height:100vh;gap:8px;padding:8px;box-sizing:border-box;grid-template-columns:repeat(${columns},1fr);grid-auto-rows:1fr`;
  container.append(grid);
  const tiles = new Map<string, { tile: HTMLElement; video: HTMLVideoElement }>();
  const audios = new Map<string, HTMLAudioElement>();
  let heard: string[] = [];

  const place = () => {
    for (const participant of room.remoteParticipants.values()) {
      if (tiles.size >= cameras) break;
      if (tiles.has(participant.identity)) continue;
      const tile = document.createElement('div');
      tile.className = 'floor-tile';
      tile.style.cssText = 'position:relative;min-width:0;min-height:0;background:#222';
      const video = document.createElement('video');
      video.muted = true;
      video.playsInline = true;
      video.style.cssText = 'width:100%;height:100%;object-fit:cover';
      const name = document.createElement('span');
      name.textContent = participant.name || participant.identity;
      name.style.cssText = 'position:absolute;left:4px;bottom:4px;color:#fff;font:12px sans-serif';
      tile.append(video, name);
      grid.append(tile);
      tiles.set(participant.identity, { tile, video });
      participant.getTrackPublication(Track.Source.Camera)?.setSubscribed(true);
    }
  };
  const onPublished = (publication: RemoteTrackPublication, participant: RemoteParticipant) => {
    if (publication.source === Track.Source.Camera && tiles.has(participant.identity)) publication.setSubscribed(true);
  };
  const onSubscribed = (track: RemoteTrack, _publication: RemoteTrackPublication, participant: RemoteParticipant) => {
    if (track.source === Track.Source.Camera) {
      const tile = tiles.get(participant.identity);
      if (tile) track.attach(tile.video);
    } else if (track.source === Track.Source.Microphone) {
      const audio = track.attach() as HTMLAudioElement;
      audios.set(participant.identity, audio);
      document.body.append(audio);
    }
  };
  const onUnsubscribed = (track: RemoteTrack, _publication: RemoteTrackPublication, participant: RemoteParticipant) => {
    if (track.source !== Track.Source.Microphone) return;
    track.detach().forEach((element) => element.remove());
    audios.delete(participant.identity);
  };
  const onSpeakers = (speakers: Participant[]) => {
    const speaking = new Set(speakers.map((s) => s.identity));
    for (const [identity, { tile }] of tiles) tile.toggleAttribute('data-speaking', speaking.has(identity));
    for (const speaker of speakers) {
      if (speaker === room.localParticipant) continue;
      heard = [speaker.identity, ...heard.filter((identity) => identity !== speaker.identity)];
      (speaker as RemoteParticipant).getTrackPublication(Track.Source.Microphone)?.setSubscribed(true);
    }
    for (const identity of heard.splice(HEARD)) room.remoteParticipants.get(identity)?.getTrackPublication(Track.Source.Microphone)?.setSubscribed(false);
  };
  room
    .on(RoomEvent.ParticipantConnected, place)
    .on(RoomEvent.TrackPublished, onPublished)
    .on(RoomEvent.TrackSubscribed, onSubscribed)
    .on(RoomEvent.TrackUnsubscribed, onUnsubscribed)
    .on(RoomEvent.ActiveSpeakersChanged, onSpeakers);
  await room.connect(url, token, { autoSubscribe: false });
  place();
  return {
    room,
    stop: () => {
      room.removeAllListeners();
      grid.remove();
      for (const audio of audios.values()) audio.remove();
    },
  };
}
