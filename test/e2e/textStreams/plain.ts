import { LogLevel, Room, RoomEvent, setLogLevel } from 'livekit-client';

setLogLevel(LogLevel.warn);

/** What the plain livekit-client page received: text streams by topic, and legacy chat packets. */
export interface PlainReceived {
  streams: Array<{ topic: string; id: string; from: string; text: string; attributes: Record<string, string> }>;
  legacy: Array<{ from: string; body: Record<string, unknown> }>;
  /** Data packets on RoomKit's own topics (`roomkit.hand`, `roomkit.reaction`), as livekit-client delivers them. */
  roomkit: Array<{ topic: string; from: string; body: Record<string, unknown> }>;
}

declare global {
  interface Window {
    plain: {
      received: PlainReceived;
      connect(url: string, token: string): Promise<void>;
      /**
       * Chat as LiveKit's components send it: a text stream on lk.chat, then a legacy copy, flagged ignoreLegacy
       * when the server forwards text streams (newer than 1.8.2).
       */
      sendChat(text: string, ignoreLegacy?: boolean): Promise<string>;
      setAttributes(attributes: Record<string, string>): Promise<void>;
      sendTranscription(text: string, attributes: Record<string, string>): Promise<void>;
      publishMicrophone(): Promise<void>;
      /** A data packet with livekit-client's own publishData, JSON-encoded. */
      publishJson(topic: string, body: unknown): Promise<void>;
    };
  }
}

let room: Room | undefined;
const received: PlainReceived = { streams: [], legacy: [], roomkit: [] };

window.plain = {
  received,
  async connect(url, token) {
    room = new Room();
    room.registerTextStreamHandler('lk.chat', (reader, { identity }) => {
      void reader.readAll().then((text) => {
        received.streams.push({ topic: 'lk.chat', id: reader.info.id, from: identity, text, attributes: reader.info.attributes ?? {} });
      });
    });
    room.on(RoomEvent.DataReceived, (payload, participant, _kind, topic) => {
      if (topic?.startsWith('roomkit.')) {
        received.roomkit.push({ topic, from: participant?.identity ?? '', body: JSON.parse(new TextDecoder().decode(payload)) as Record<string, unknown> });
      }
      if (topic !== 'lk-chat-topic') return;
      received.legacy.push({ from: participant?.identity ?? '', body: JSON.parse(new TextDecoder().decode(payload)) as Record<string, unknown> });
    });
    await room.connect(url, token);
  },
  async sendChat(text, ignoreLegacy = true) {
    const info = await room!.localParticipant.sendText(text, { topic: 'lk.chat' });
    const copy = { id: info.id, timestamp: Date.now(), message: text, ignoreLegacy };
    await room!.localParticipant.publishData(new TextEncoder().encode(JSON.stringify(copy)), { topic: 'lk-chat-topic', reliable: true });
    return info.id;
  },
  async setAttributes(attributes) {
    await room!.localParticipant.setAttributes(attributes);
  },
  async sendTranscription(text, attributes) {
    await room!.localParticipant.sendText(text, { topic: 'lk.transcription', attributes });
  },
  async publishMicrophone() {
    await room!.localParticipant.setMicrophoneEnabled(true);
  },
  async publishJson(topic, body) {
    await room!.localParticipant.publishData(new TextEncoder().encode(JSON.stringify(body)), { topic, reliable: true });
  },
};
