import { LogLevel, Room, setLogLevel, Track } from 'livekit-client';

setLogLevel(LogLevel.warn);

/**
 * A page on plain livekit-client that behaves as LiveKit's agents do: it joins with an agent-kind token, publishes
 * its voice, says its state in the `lk.agent.state` attribute, sends transcriptions of its own speech and of the
 * person's (`lk.transcription` text streams with `lk.segment_id`, `lk.transcription_final` and
 * `lk.transcribed_track_id`) and reads and writes chat on `lk.chat`.
 */
declare global {
  interface Window {
    agent: {
      chats: Array<{ from: string; text: string }>;
      /** What livekit-client's pre-connect audio buffer delivered (`lk.agent.pre-connect-audio-buffer`), as agents read it. */
      preConnect: Array<{ from: string; bytes: number; head: number[]; mimeType: string; attributes: Record<string, string> }>;
      connect(url: string, token: string): Promise<void>;
      setState(state: string): Promise<void>;
      publishMicrophone(): Promise<void>;
      /** The agent's own speech: the transcribed track is its microphone. */
      say(text: string, segmentId: string, final: boolean): Promise<void>;
      /** The person's speech as the agent heard it: the transcribed track is the person's microphone. */
      hear(identity: string, text: string, segmentId: string, final: boolean): Promise<void>;
      chat(text: string): Promise<void>;
      /** The person's microphone track sid, once the agent sees it ('' before). */
      microphoneOf(identity: string): string;
    };
  }
}

let room: Room | undefined;
const chats: Array<{ from: string; text: string }> = [];
const preConnect: Window['agent']['preConnect'] = [];

const transcribe = async (trackSid: string, text: string, segmentId: string, final: boolean) => {
  await room!.localParticipant.sendText(text, {
    topic: 'lk.transcription',
    attributes: { 'lk.segment_id': segmentId, 'lk.transcription_final': String(final), 'lk.transcribed_track_id': trackSid },
  });
};

window.agent = {
  chats,
  preConnect,
  async connect(url, token) {
    room = new Room();
    room.registerTextStreamHandler('lk.chat', (reader, { identity }) => {
      void reader.readAll().then((text) => chats.push({ from: identity, text }));
    });
    // What LiveKit's agents do with the person's first words: read the recording made before the agent joined.
    room.registerByteStreamHandler('lk.agent.pre-connect-audio-buffer', (reader, { identity }) => {
      void reader.readAll().then((chunks) => {
        const bytes = chunks.reduce((sum, chunk) => sum + chunk.byteLength, 0);
        // Chunk boundaries are the stream's to choose (a first chunk of one byte happens): read across them.
        const head = chunks.flatMap((chunk) => [...chunk]).slice(0, 4);
        preConnect.push({ from: identity, bytes, head, mimeType: reader.info.mimeType, attributes: reader.info.attributes ?? {} });
      });
    });
    await room.connect(url, token);
  },
  async setState(state) {
    await room!.localParticipant.setAttributes({ 'lk.agent.state': state });
  },
  async publishMicrophone() {
    await room!.localParticipant.setMicrophoneEnabled(true);
  },
  async say(text, segmentId, final) {
    const sid = room!.localParticipant.getTrackPublication(Track.Source.Microphone)?.trackSid ?? '';
    await transcribe(sid, text, segmentId, final);
  },
  async hear(identity, text, segmentId, final) {
    const person = room!.remoteParticipants.get(identity);
    const sid = person?.getTrackPublication(Track.Source.Microphone)?.trackSid;
    if (!sid) throw new Error(`${identity} has no microphone yet`);
    await transcribe(sid, text, segmentId, final);
  },
  microphoneOf(identity) {
    return room?.remoteParticipants.get(identity)?.getTrackPublication(Track.Source.Microphone)?.trackSid ?? '';
  },
  async chat(text) {
    await room!.localParticipant.sendText(text, { topic: 'lk.chat' });
  },
};
