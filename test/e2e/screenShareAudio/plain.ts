import { LogLevel, Room, RoomEvent, setLogLevel, Track, type RemoteTrack } from 'livekit-client';

setLogLevel(LogLevel.warn);

/** What the plain livekit-client page saw of one remote track source. */
export interface ListenerEvent {
  event: 'subscribed' | 'unpublished';
  source: string;
  from: string;
  at: number;
}

declare global {
  interface Window {
    listener: {
      connect(url: string, token: string): Promise<void>;
      /** Track subscriptions and unpublications as livekit-client reported them, oldest first. */
      events: ListenerEvent[];
      /** The sources `identity` publishes now, as this page sees them. */
      sources(identity: string): string[];
      /** The RMS of the last 2048 samples of the subscribed screen_share_audio (undefined while none is). */
      level(): number | undefined;
      /** The RMS over `ms` of the screen_share_audio, read every animation frame's worth of samples. */
      measure(ms: number): Promise<{ rms: number; peakRms: number; reads: number }>;
    };
  }
}

let room: Room | undefined;
let analyser: AnalyserNode | undefined;
const events: ListenerEvent[] = [];

/** Feeds a remote track to an analyser (Chromium plays remote WebRTC audio into Web Audio only while a media element holds it). */
function listen(track: RemoteTrack) {
  const element = track.attach() as HTMLAudioElement;
  element.muted = true;
  document.body.append(element);
  const context = new AudioContext();
  analyser = new AnalyserNode(context, { fftSize: 2048 });
  context.createMediaStreamSource(new MediaStream([track.mediaStreamTrack])).connect(analyser);
  void context.resume();
}

function rms(): number | undefined {
  if (!analyser) return undefined;
  const samples = new Float32Array(analyser.fftSize);
  analyser.getFloatTimeDomainData(samples);
  let sum = 0;
  for (const s of samples) sum += s * s;
  return Math.sqrt(sum / samples.length);
}

window.listener = {
  events,
  async connect(url, token) {
    room = new Room();
    room.on(RoomEvent.TrackSubscribed, (track, publication, participant) => {
      events.push({ event: 'subscribed', source: publication.source, from: participant.identity, at: performance.now() });
      if (publication.source === Track.Source.ScreenShareAudio) listen(track);
    });
    room.on(RoomEvent.TrackUnpublished, (publication, participant) => {
      events.push({ event: 'unpublished', source: publication.source, from: participant.identity, at: performance.now() });
      if (publication.source === Track.Source.ScreenShareAudio) analyser = undefined;
    });
    await room.connect(url, token);
  },
  sources: (identity) => [...(room?.remoteParticipants.get(identity)?.trackPublications.values() ?? [])].map((p) => p.source).sort(),
  level: rms,
  async measure(ms) {
    // The analyser holds 2048 samples (43 ms at 48 kHz): one read every 40 ms covers the span without gaps.
    let sumSquares = 0;
    let reads = 0;
    let peakRms = 0;
    const end = performance.now() + ms;
    while (performance.now() < end) {
      const value = rms() ?? 0;
      sumSquares += value * value;
      peakRms = Math.max(peakRms, value);
      reads++;
      await new Promise((r) => setTimeout(r, 40));
    }
    return { rms: Math.sqrt(sumSquares / Math.max(1, reads)), peakRms, reads };
  },
};
