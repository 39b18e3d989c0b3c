// The page scripts/captureFirefoxOffers.ts opens in Firefox (or Chromium): livekit-client joins, publishes the fake camera
// (simulcast) and microphone, and after a while reports what it receives from the others.
import { LogLevel, Room, RoomEvent, createLocalTracks, setLogLevel } from 'livekit-client';

const params = new URLSearchParams(location.search);
const report = (kind: string, body: unknown) => fetch(`/report/${kind}`, { method: 'POST', body: JSON.stringify(body) });

async function main() {
  setLogLevel(LogLevel.warn);
  const room = new Room({ adaptiveStream: false, dynacast: true });
  room.on(RoomEvent.ConnectionStateChanged, (state) => void report('state', state));
  await room.connect(params.get('url') ?? '', params.get('token') ?? '');
  const tracks = await createLocalTracks({ audio: true, video: { resolution: { width: 640, height: 360 } } });
  for (const track of tracks) await room.localParticipant.publishTrack(track, { simulcast: true });
  void report('state', 'published');
  await new Promise((resolve) => setTimeout(resolve, Number(params.get('receiveMs') ?? 8000)));
  const received = [];
  for (const participant of room.remoteParticipants.values()) {
    for (const publication of participant.trackPublications.values()) {
      let packets = 0;
      (await publication.track?.receiver?.getStats())?.forEach((s: { type: string; packetsReceived?: number }) => {
        if (s.type === 'inbound-rtp') packets += s.packetsReceived ?? 0;
      });
      received.push({ identity: participant.identity, kind: publication.kind, packets });
    }
  }
  void report('received', received);
}

main().catch((error: unknown) => void report('error', String((error as Error)?.stack ?? error)));
