/**
 * The big-room e2e page: RoomKit as an app writes it, `<RoomProvider token url>` around a FocusLayout (one large
 * tile, a strip of small ones), joining the dev media server. `window.bigRoom` exposes what the test reads.
 */
import '@roomkit/react/styles.css';
import { FocusLayout, RoomProvider } from '@roomkit/react';
import { RoomEvent, Track, type Participant, type RemoteTrackPublication, type Room, type TrackPublication } from 'livekit-client';
import { createRoot } from 'react-dom/client';

let room: Room | undefined;
/**
 * What the page saw of microphones, in order: `subscribed:<identity>`, `unsubscribed:<identity>`, and for each
 * speaker the room announced, `speaks:<identity>:subscribed` or `:not subscribed`, as its microphone was then.
 */
const micEvents: string[] = [];
const isMic = (publication: TrackPublication) => publication.source === Track.Source.Microphone;

function watchMicrophones(r: Room) {
  r.on(RoomEvent.ActiveSpeakersChanged, (speakers: Participant[]) => {
    for (const s of speakers) {
      const mic = s.getTrackPublication(Track.Source.Microphone) as RemoteTrackPublication | undefined;
      if (s !== r.localParticipant) micEvents.push(`speaks:${s.identity}:${mic?.isSubscribed ? 'subscribed' : 'not subscribed'}`);
    }
  })
    .on(RoomEvent.TrackSubscribed, (_t, publication, p) => void (isMic(publication) && micEvents.push(`subscribed:${p.identity}`)))
    .on(RoomEvent.TrackUnsubscribed, (_t, publication, p) => void (isMic(publication) && micEvents.push(`unsubscribed:${p.identity}`)));
}

/** RTP packets the receiver of `identity`'s microphone has received (inbound-rtp), or null while it has no track. */
async function micPackets(identity: string): Promise<number | null> {
  const publication = room?.getParticipantByIdentity(identity)?.getTrackPublication(Track.Source.Microphone) as RemoteTrackPublication | undefined;
  const receiver = publication?.track?.receiver;
  if (!receiver) return null;
  let packets = 0;
  (await receiver.getStats()).forEach((r: { type: string; packetsReceived?: number }) => {
    if (r.type === 'inbound-rtp') packets += r.packetsReceived ?? 0;
  });
  return packets;
}

function join(options: { url: string; token: string; focus: string; strip: number }) {
  const connected = (r: Room) => {
    room = r;
    watchMicrophones(r);
  };
  createRoot(document.getElementById('root')!).render(
    <RoomProvider token={options.token} url={options.url} onConnected={connected}>
      <div className="rk-root" style={{ display: 'flex', width: 1280, height: 720 }}>
        <FocusLayout focus={{ identity: options.focus, source: Track.Source.Camera }} maxStripTiles={options.strip} />
      </div>
    </RoomProvider>,
  );
}

/** Identities whose camera video plays in a tile, and the size of each tile's video element. */
function playing(): Array<{ name: string; width: number; height: number }> {
  return [...document.querySelectorAll('.rk-tile')].flatMap((tile) => {
    const video = tile.querySelector('video');
    if (!video || video.readyState < 2 || video.videoWidth === 0) return [];
    return [{ name: tile.getAttribute('aria-label') ?? '', width: video.clientWidth, height: video.clientHeight }];
  });
}

/**
 * The codecs each receive-only section of the page's latest offer lists (read from livekit-client's publisher
 * transport, which in single peer connection mode carries every subscribed track), and the offer's length.
 */
function offer(): { length: number; receive: Array<{ kind: string; codecs: string[] }> } {
  const transport = (room?.engine as unknown as { pcManager?: { publisher: { getLocalDescription(): RTCSessionDescription | null } } })?.pcManager?.publisher;
  const sdp = transport?.getLocalDescription()?.sdp ?? '';
  const receive = sdp
    .split(/\r?\nm=/)
    .slice(1)
    .filter((section) => /^a=recvonly/m.test(section))
    .map((section) => ({
      kind: section.slice(0, section.indexOf(' ')),
      codecs: [...new Set([...section.matchAll(/^a=rtpmap:\d+ ([^/\s]+)/gm)].map((m) => m[1]!))],
    }));
  return { length: sdp.length, receive };
}

declare global {
  interface Window {
    bigRoom: {
      join: typeof join;
      playing: typeof playing;
      offer: typeof offer;
      connected: () => boolean;
      micEvents: string[];
      micPackets: typeof micPackets;
    };
  }
}
window.bigRoom = { join, playing, offer, connected: () => room?.state === 'connected', micEvents, micPackets };
