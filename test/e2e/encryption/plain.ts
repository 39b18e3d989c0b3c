import { ExternalE2EEKeyProvider, LogLevel, Room, RoomEvent, setLogLevel, Track, type RemoteTrack } from 'livekit-client';

setLogLevel(LogLevel.warn);

/**
 * A page on plain livekit-client with encryption set up as LiveKit documents it (ExternalE2EEKeyProvider, its
 * e2ee worker, `encryption` room option, setE2EEEnabled): what LiveKit's own apps do in a RoomKit room.
 */
declare global {
  interface Window {
    lkPlain: {
      chat: Array<{ from: string; text: string }>;
      encrypted: Record<string, boolean>;
      connect(url: string, token: string, passphrase: string, options?: { camera?: boolean }): Promise<void>;
      /** Re-keys as LiveKit documents it: `ExternalE2EEKeyProvider.setKey` on the live session. */
      setKey(passphrase: string): Promise<void>;
      sendChat(text: string): Promise<void>;
      /** Frames decoded so far by the video element showing `identity`'s camera. */
      framesOf(identity: string): number;
    };
  }
}

let room: Room | undefined;
let keys: ExternalE2EEKeyProvider | undefined;
const chat: Array<{ from: string; text: string }> = [];
const encrypted: Record<string, boolean> = {};
const videos = new Map<string, HTMLVideoElement>();

window.lkPlain = {
  chat,
  encrypted,
  async connect(url, token, passphrase, options = {}) {
    const keyProvider = new ExternalE2EEKeyProvider();
    keys = keyProvider;
    const worker = new Worker(new URL('livekit-client/e2ee-worker', import.meta.url), { type: 'module' });
    room = new Room({ encryption: { keyProvider, worker } });
    room.registerTextStreamHandler('lk.chat', (reader, { identity }) => {
      void reader.readAll().then((text) => chat.push({ from: identity, text }));
    });
    room.on(RoomEvent.ParticipantEncryptionStatusChanged, (enabled, participant) => {
      if (participant) encrypted[participant.identity] = enabled;
    });
    room.on(RoomEvent.TrackSubscribed, (track: RemoteTrack, _publication, participant) => {
      if (track.source !== Track.Source.Camera) return;
      const video = document.createElement('video');
      video.muted = true;
      video.autoplay = true;
      video.playsInline = true;
      document.body.append(video);
      track.attach(video);
      videos.set(participant.identity, video);
    });
    await keyProvider.setKey(passphrase);
    await room.setE2EEEnabled(true);
    await room.connect(url, token);
    if (options.camera) await room.localParticipant.setCameraEnabled(true);
  },
  async setKey(passphrase) {
    await keys!.setKey(passphrase);
  },
  async sendChat(text) {
    await room!.localParticipant.sendText(text, { topic: 'lk.chat' });
  },
  framesOf(identity) {
    return videos.get(identity)?.getVideoPlaybackQuality().totalVideoFrames ?? 0;
  },
};
