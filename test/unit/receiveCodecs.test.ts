import { EventEmitter } from 'node:events';
import { RoomEvent, type Room } from 'livekit-client';
import { answeredCodecs, trimReceiveCodecs } from '../../src/media/receiveCodecs';

/**
 * The receive-only sections of the page's offers list only the codecs the server answered (the Chromium side is
 * proven in test/e2e/bigroom.e2e.test.ts). Here: which transceivers are touched, with what, and when.
 */

/** What Chromium's `RTCRtpReceiver.getCapabilities` lists (abridged, in its order). */
const CAPABILITIES: Record<string, RTCRtpCodec[]> = {
  video: [
    { mimeType: 'video/VP8', clockRate: 90000 },
    { mimeType: 'video/rtx', clockRate: 90000, sdpFmtpLine: 'apt=96' },
    { mimeType: 'video/VP9', clockRate: 90000, sdpFmtpLine: 'profile-id=0' },
    { mimeType: 'video/H264', clockRate: 90000, sdpFmtpLine: 'level-asymmetry-allowed=1;packetization-mode=1;profile-level-id=42e01f' },
    { mimeType: 'video/H264', clockRate: 90000, sdpFmtpLine: 'level-asymmetry-allowed=1;packetization-mode=0;profile-level-id=42e01f' },
    { mimeType: 'video/AV1', clockRate: 90000 },
    { mimeType: 'video/red', clockRate: 90000 },
    { mimeType: 'video/ulpfec', clockRate: 90000 },
  ],
  audio: [
    { mimeType: 'audio/opus', clockRate: 48000, channels: 2 },
    { mimeType: 'audio/red', clockRate: 48000, channels: 2 },
    { mimeType: 'audio/PCMU', clockRate: 8000 },
  ],
};

const answer = (video: string[], audio: string[]) =>
  [
    'v=0',
    'o=- 1 2 IN IP4 127.0.0.1',
    's=-',
    't=0 0',
    'm=application 9 UDP/DTLS/SCTP webrtc-datachannel',
    'a=mid:0',
    `m=video 9 UDP/TLS/RTP/SAVPF ${video.map((_, i) => 96 + i).join(' ')}`,
    'a=mid:1',
    ...video.map((name, i) => `a=rtpmap:${96 + i} ${name}/90000`),
    `m=audio 9 UDP/TLS/RTP/SAVPF ${audio.map((_, i) => 111 + i).join(' ')}`,
    'a=mid:2',
    ...audio.map((name, i) => `a=rtpmap:${111 + i} ${name}/48000/2`),
    '',
  ].join('\r\n');

interface FakeTransceiver {
  direction: RTCRtpTransceiverDirection;
  receiver: { track: { kind: string } };
  setCodecPreferences: ReturnType<typeof vi.fn>;
}
const transceiver = (kind: string, direction: RTCRtpTransceiverDirection = 'recvonly'): FakeTransceiver => ({
  direction,
  receiver: { track: { kind } },
  setCodecPreferences: vi.fn(),
});
const mimes = (t: FakeTransceiver) => t.setCodecPreferences.mock.calls.map(([codecs]) => (codecs as RTCRtpCodec[]).map((c) => c.mimeType));

/** A room whose engine has livekit-client's publisher transport (single peer connection mode), as far as trimming reads it. */
function fakeRoom() {
  const transceivers: FakeTransceiver[] = [];
  let remote: { sdp: string } | null = null;
  /** The peer connection as far as offers go: each offer records which sections were trimmed when it was made. */
  const offers: number[][] = [];
  class FakePeerConnection {
    createOffer() {
      offers.push(transceivers.map((t) => t.setCodecPreferences.mock.calls.length));
      return Promise.resolve({ type: 'offer' as const, sdp: '' });
    }
  }
  const pc = new FakePeerConnection();
  const publisher = { getTransceivers: () => transceivers, getRemoteDescription: () => remote, _pc: pc };
  const room = Object.assign(new EventEmitter(), { engine: { pcManager: { publisher } } });
  return {
    room: room as unknown as Room,
    pc,
    offers,
    transceivers,
    answered: (sdp: string) => void (remote = { sdp }),
    emit: (event: RoomEvent) => room.emit(event),
  };
}

beforeEach(() => {
  vi.stubGlobal('RTCRtpReceiver', { getCapabilities: (kind: string) => ({ codecs: CAPABILITIES[kind] ?? [], headerExtensions: [] }) });
});
afterEach(() => vi.unstubAllGlobals());

describe('answeredCodecs', () => {
  it('names the codecs of every section per kind, lower-cased', () => {
    const sections = answeredCodecs(answer(['VP8', 'rtx'], ['opus']));
    expect(sections.get('video')).toEqual(new Set(['vp8', 'rtx']));
    expect(sections.get('audio')).toEqual(new Set(['opus']));
    expect(sections.get('application')).toEqual(new Set());
  });
});

describe('trimReceiveCodecs', () => {
  it('trims receive-only sections to the codecs of the answer, every variant of each, and leaves what the page sends alone', () => {
    const { room, transceivers, answered, emit } = fakeRoom();
    const video = transceiver('video');
    const audio = transceiver('audio');
    const sent = transceiver('video', 'sendonly');
    transceivers.push(video, audio, sent);
    const stop = trimReceiveCodecs(room);
    // before the first answer nobody knows what the server sends: the offer keeps every codec
    expect(video.setCodecPreferences).not.toHaveBeenCalled();

    answered(answer(['VP8', 'rtx', 'H264'], ['opus']));
    emit(RoomEvent.Connected);
    expect(mimes(video)).toEqual([['video/VP8', 'video/rtx', 'video/H264', 'video/H264']]);
    expect(mimes(audio)).toEqual([['audio/opus']]);
    expect(sent.setCodecPreferences).not.toHaveBeenCalled();
    stop();
  });

  it('trims sections added for later subscriptions once, and stops when told', () => {
    const { room, transceivers, answered, emit } = fakeRoom();
    const first = transceiver('video');
    transceivers.push(first);
    answered(answer(['VP8'], ['opus']));
    const stop = trimReceiveCodecs(room);
    expect(mimes(first)).toEqual([['video/VP8']]);

    const second = transceiver('video');
    transceivers.push(second);
    emit(RoomEvent.TrackSubscribed);
    emit(RoomEvent.TrackSubscribed);
    expect(first.setCodecPreferences).toHaveBeenCalledTimes(1);
    expect(mimes(second)).toEqual([['video/VP8']]);

    stop();
    const third = transceiver('video');
    transceivers.push(third);
    emit(RoomEvent.TrackSubscribed);
    expect(third.setCodecPreferences).not.toHaveBeenCalled();
  });

  it('trims a section added for a subscription in the very offer that adds it, with no event before the offer', async () => {
    const { room, pc, offers, transceivers, answered, emit } = fakeRoom();
    answered(answer(['VP8'], ['opus']));
    const stop = trimReceiveCodecs(room);
    emit(RoomEvent.Connected);
    // the server asks for one more audio section (mediaSectionsRequirement): livekit-client adds it and offers
    const added = transceiver('audio');
    transceivers.push(added);
    await pc.createOffer();
    expect(offers).toEqual([[1]]);
    expect(mimes(added)).toEqual([['audio/opus']]);

    stop();
    // stopped: the peer connection's own createOffer is back, and trims nothing
    expect(Object.hasOwn(pc, 'createOffer')).toBe(false);
    transceivers.push(transceiver('audio'));
    await pc.createOffer();
    expect(offers.at(-1)).toEqual([1, 0]);
  });

  it('never leaves a section with only retransmission or FEC, nor one of a kind the answer does not mention', () => {
    const { room, transceivers, answered } = fakeRoom();
    const video = transceiver('video');
    transceivers.push(video);
    answered(answer(['rtx', 'ulpfec'], []).replace(/m=audio[^]*$/, ''));
    trimReceiveCodecs(room)();
    expect(video.setCodecPreferences).not.toHaveBeenCalled();
  });

  it('leaves the offers as they are when the browser refuses or the engine has no such transport', () => {
    const { room, transceivers, answered, emit } = fakeRoom();
    const refusing = transceiver('video');
    refusing.setCodecPreferences.mockImplementation(() => {
      throw new DOMException('unsupported', 'InvalidModificationError');
    });
    transceivers.push(refusing);
    answered(answer(['VP8'], ['opus']));
    const stop = trimReceiveCodecs(room);
    expect(() => emit(RoomEvent.TrackSubscribed)).not.toThrow();

    const bare = Object.assign(new EventEmitter(), { engine: {} }) as unknown as Room;
    expect(() => trimReceiveCodecs(bare)()).not.toThrow();
    stop();
  });
});
