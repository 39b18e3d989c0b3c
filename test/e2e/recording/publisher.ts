import { LogLevel, Room, setLogLevel } from 'livekit-client';

setLogLevel(LogLevel.warn);

declare global {
  interface Window {
    lkPublisher: { join(url: string, token: string): Promise<void>; leave(): Promise<void> };
  }
}

let room: Room | undefined;

/** A participant on plain livekit-client publishing Chromium's fake camera (no microphone). */
window.lkPublisher = {
  async join(url, token) {
    room = new Room();
    await room.connect(url, token);
    await room.localParticipant.setCameraEnabled(true);
  },
  async leave() {
    await room?.disconnect();
  },
};
