import { LogLevel, Room, RoomEvent, setLogLevel, Track } from 'livekit-client';

setLogLevel(LogLevel.warn);

declare global {
  interface Window {
    mover: {
      connect(url: string, token: string): Promise<void>;
      /** Turns the camera on (the browser's fake device) and publishes it. */
      publishCamera(): Promise<void>;
      /** The rooms RoomEvent.Moved named, in order. */
      moves: string[];
      /** RoomEvent.ParticipantConnected and ParticipantDisconnected in order, as `connected: identity` and `disconnected: identity`. */
      arrivals: string[];
      /** The room's name as livekit-client has it. */
      roomName(): string;
      /** The remote participants' identities, sorted. */
      others(): string[];
      /** The width of `identity`'s camera as it plays here (0 until frames arrive). */
      videoWidth(identity: string): number;
      /** Chat texts received on `lk.chat`, as `from: text`. */
      chat: string[];
      sendChat(text: string): Promise<void>;
      /** `identity`'s participant attributes as livekit-client has them (this page's own without an identity). */
      attributes(identity?: string): Record<string, string>;
      /** Each change of this page's own attributes, in order, as livekit-client announced it. */
      ownAttributeChanges: Record<string, string>[];
      /** Why the session ended (livekit-client's DisconnectReason), once it did. */
      disconnectReason: number | undefined;
    };
  }
}

let room: Room | undefined;
const videos = new Map<string, HTMLVideoElement>();
const chat: string[] = [];

window.mover = {
  moves: [],
  arrivals: [],
  chat,
  ownAttributeChanges: [],
  disconnectReason: undefined,
  attributes: (identity) => ({ ...(identity === undefined ? room?.localParticipant : room?.remoteParticipants.get(identity))?.attributes }),
  async connect(url, token) {
    room = new Room();
    room.on(RoomEvent.Moved, (name: string) => window.mover.moves.push(name));
    room.on(RoomEvent.ParticipantConnected, (participant) => window.mover.arrivals.push(`connected: ${participant.identity}`));
    room.on(RoomEvent.ParticipantDisconnected, (participant) => window.mover.arrivals.push(`disconnected: ${participant.identity}`));
    room.on(RoomEvent.ParticipantAttributesChanged, (changed, participant) => {
      if (participant === room?.localParticipant) window.mover.ownAttributeChanges.push(changed);
    });
    room.on(RoomEvent.Disconnected, (reason) => void (window.mover.disconnectReason = reason));
    room.on(RoomEvent.TrackSubscribed, (track, _publication, participant) => {
      if (track.source !== Track.Source.Camera) return;
      const element = track.attach() as HTMLVideoElement;
      element.muted = true;
      document.body.append(element);
      videos.set(participant.identity, element);
    });
    room.on(RoomEvent.TrackUnsubscribed, (track, _publication, participant) => {
      if (track.source !== Track.Source.Camera) return;
      track.detach().forEach((element) => element.remove());
      videos.delete(participant.identity);
    });
    room.registerTextStreamHandler('lk.chat', async (reader, sender) => {
      chat.push(`${sender.identity}: ${await reader.readAll()}`);
    });
    await room.connect(url, token);
  },
  async publishCamera() {
    await room!.localParticipant.setCameraEnabled(true);
  },
  roomName: () => room?.name ?? '',
  others: () => [...(room?.remoteParticipants.keys() ?? [])].sort(),
  videoWidth: (identity) => videos.get(identity)?.videoWidth ?? 0,
  async sendChat(text) {
    await room!.localParticipant.sendText(text, { topic: 'lk.chat' });
  },
};
