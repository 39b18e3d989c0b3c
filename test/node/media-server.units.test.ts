import { describe, expect, it } from 'vitest';
import { offerForWerift, parseMediaSections, prepareAnswerSdp, sendersOf } from '../../dev/media-server/sdp';
import { JoiningReliable, ReliableHistory } from '../../dev/media-server/reliableReplay';
import { AudioActivity, SPEAKING_HOLD_MS, speakerChanges } from '../../dev/media-server/speakers';
import { isVp8KeyframeStart } from '../../dev/media-server/vp8';

const OFFER = [
  'v=0',
  'o=- 1 2 IN IP4 127.0.0.1',
  's=-',
  't=0 0',
  'a=group:BUNDLE 0 1 3',
  'm=audio 9 UDP/TLS/RTP/SAVPF 111',
  'a=rtpmap:111 opus/48000/2',
  'a=mid:0',
  'a=recvonly',
  'm=video 9 UDP/TLS/RTP/SAVPF 96',
  'a=rtpmap:96 VP8/90000',
  'a=mid:1',
  'a=sendonly',
  'a=msid:stream-1 track-cid-1',
  'm=video 0 UDP/TLS/RTP/SAVPF 96',
  'a=rtpmap:96 VP8/90000',
  'a=mid:2',
  'a=inactive',
  // as Firefox offers every section after the first of its kind: port 0, yet not rejected
  'm=video 0 UDP/TLS/RTP/SAVPF 98 96',
  'a=rtpmap:98 H264/90000',
  'a=rtpmap:96 VP8/90000',
  'a=mid:3',
  'a=recvonly',
  'a=bundle-only',
  '',
].join('\r\n');

describe('parseMediaSections', () => {
  it('reads kind, mid, port, direction, the msid track id and the codecs of each section; port 0 rejects only without bundle-only', () => {
    const vp8 = { '96': 'VP8/90000' };
    expect(parseMediaSections(OFFER)).toEqual([
      { index: 0, kind: 'audio', mid: '0', port: 9, direction: 'recvonly', trackId: undefined, rejected: false, formats: ['111'], rtpmap: { '111': 'opus/48000/2' } },
      { index: 1, kind: 'video', mid: '1', port: 9, direction: 'sendonly', trackId: 'track-cid-1', rejected: false, formats: ['96'], rtpmap: vp8 },
      { index: 2, kind: 'video', mid: '2', port: 0, direction: 'inactive', trackId: undefined, rejected: true, formats: ['96'], rtpmap: vp8 },
      { index: 3, kind: 'video', mid: '3', port: 0, direction: 'recvonly', trackId: undefined, rejected: false, formats: ['98', '96'], rtpmap: { '98': 'H264/90000', ...vp8 } },
    ]);
  });

  it("counts a section without any of the server's codecs of its kind as rejected", () => {
    expect(parseMediaSections(OFFER, { audio: ['opus'], video: ['vp8'] }).map((s) => s.rejected)).toEqual([false, false, true, false]);
    expect(parseMediaSections(OFFER, { audio: ['opus'], video: ['H264'] }).map((s) => s.rejected)).toEqual([false, true, true, false]);
  });
});

describe('offerForWerift', () => {
  it('gives a rejected section the server codec on its first payload type, inactive, and leaves the others alone', () => {
    const firefox = ['v=0', 'a=group:BUNDLE 0', 'm=audio 9 UDP/TLS/RTP/SAVPF 109', 'a=rtpmap:109 opus/48000/2', 'a=mid:0', 'a=recvonly', 'm=audio 0 UDP/TLS/RTP/SAVPF 0', 'c=IN IP4 0.0.0.0', 'a=rtpmap:0 PCMU/8000', 'a=mid:2', 'a=inactive', ''].join('\r\n');
    const out = offerForWerift(firefox, parseMediaSections(firefox, { audio: ['opus'] }), { audio: 'opus/48000/2' });
    expect(out.split('\r\n')).toEqual([
      'v=0',
      'a=group:BUNDLE 0',
      'm=audio 9 UDP/TLS/RTP/SAVPF 109',
      'a=rtpmap:109 opus/48000/2',
      'a=mid:0',
      'a=recvonly',
      'm=audio 0 UDP/TLS/RTP/SAVPF 0',
      'c=IN IP4 0.0.0.0',
      'a=mid:2',
      'a=rtpmap:0 opus/48000/2',
      'a=inactive',
      '',
    ]);
  });
});

describe('sendersOf', () => {
  const sending = (mid: string, kind: string, trackId: string) => ({ ...parseMediaSections(OFFER)[1]!, mid, kind, trackId });
  const publication = (cid: string, kind: string, mid?: string, sdpTrackId?: string) => ({ cid, kind, mid, sdpTrackId });

  it("matches a sender by its cid first, then (Firefox's msid) by kind among sections nobody holds or names", () => {
    const sections = [sending('7', 'audio', '{firefox-a}'), sending('8', 'video', 'cam'), sending('9', 'video', '{firefox-b}'), sending('10', 'audio', 'held')];
    const found = sendersOf([publication('held', 'audio', '10', 'held'), publication('mic', 'audio'), publication('cam', 'video'), publication('screen', 'video')], sections);
    expect(Object.fromEntries([...found].map(([cid, s]) => [cid, s.mid]))).toEqual({ mic: '7', cam: '8', screen: '9' });
  });

  it('leaves a section another publication names to it, even before that one is negotiated', () => {
    const found = sendersOf([publication('mic', 'audio'), publication('other', 'audio')], [sending('7', 'audio', 'other')]);
    expect([...found.keys()]).toEqual(['other']);
  });
});

describe('prepareAnswerSdp', () => {
  const answer = [
    'v=0',
    'a=group:BUNDLE 0 1 2 3',
    'm=audio 0 UDP/TLS/RTP/SAVPF 111',
    'a=candidate:1 1 udp 2130706431 127.0.0.1 5000 typ host',
    'a=candidate:2 1 udp 2130706431 192.0.2.2 5001 typ host',
    'a=mid:0',
    'm=video 9 UDP/TLS/RTP/SAVPF 96',
    'a=mid:1',
    'm=video 0 UDP/TLS/RTP/SAVPF 96',
    'a=mid:2',
    'a=rtpmap:96 VP8/90000',
    'a=inactive',
    'm=video 0 UDP/TLS/RTP/SAVPF 96',
    'a=mid:3',
    'a=inactive',
    '',
  ].join('\r\n');

  it('keeps sections the offer did not reject alive (bundle-only ones too), answers rejected ones rejected out of the BUNDLE group, and drops foreign candidates', () => {
    const out = prepareAnswerSdp(answer, parseMediaSections(OFFER), ['127.0.0.1']);
    expect(out.split('\r\n')).toEqual([
      'v=0',
      'a=group:BUNDLE 0 1 3',
      'm=audio 9 UDP/TLS/RTP/SAVPF 111',
      'a=candidate:1 1 udp 2130706431 127.0.0.1 5000 typ host',
      'a=mid:0',
      'm=video 9 UDP/TLS/RTP/SAVPF 96',
      'a=mid:1',
      'm=video 0 UDP/TLS/RTP/SAVPF 96',
      'c=IN IP4 0.0.0.0',
      'a=rtpmap:96 VP8/90000',
      'a=mid:2',
      'a=inactive',
      'm=video 9 UDP/TLS/RTP/SAVPF 96',
      'a=mid:3',
      'a=inactive',
      '',
    ]);
  });
});

describe('isVp8KeyframeStart', () => {
  it('recognises the first packet of a key frame, with and without extended descriptors', () => {
    // S=1, PID=0, then a payload header with P=0
    expect(isVp8KeyframeStart(Uint8Array.of(0x10, 0x00))).toBe(true);
    // X=1, I=1 with a two-byte PictureID, S=1
    expect(isVp8KeyframeStart(Uint8Array.of(0x90, 0x80, 0x81, 0x23, 0x00))).toBe(true);
  });

  it('rejects inter frames and packets that do not start partition 0', () => {
    expect(isVp8KeyframeStart(Uint8Array.of(0x10, 0x01))).toBe(false);
    expect(isVp8KeyframeStart(Uint8Array.of(0x00, 0x00))).toBe(false);
    expect(isVp8KeyframeStart(Uint8Array.of(0x11, 0x00))).toBe(false);
    expect(isVp8KeyframeStart(Uint8Array.of())).toBe(false);
  });
});

describe('speaker detection', () => {
  it('treats loud packets as speech for a short hold, and silence as none', () => {
    const activity = new AudioActivity();
    activity.record(127, 0);
    expect(activity.level(0)).toBe(0);
    activity.record(20, 1000);
    expect(activity.level(1000)).toBeCloseTo(0.1, 5);
    expect(activity.level(1000 + SPEAKING_HOLD_MS)).toBeGreaterThan(0);
    expect(activity.level(1001 + SPEAKING_HOLD_MS)).toBe(0);
  });

  it('dates a spell of speech from its first loud packet, across short pauses, and starts a new one after the hold', () => {
    const activity = new AudioActivity();
    expect(activity.speakingSince(0)).toBeNull();
    activity.record(127, 500);
    expect(activity.speakingSince(500)).toBeNull(); // silence is no speech
    activity.record(20, 1000);
    activity.record(20, 1000 + SPEAKING_HOLD_MS); // a pause within the hold: the same spell
    expect(activity.speakingSince(1000 + SPEAKING_HOLD_MS)).toBe(1000);
    const quiet = 1001 + 2 * SPEAKING_HOLD_MS;
    expect(activity.speakingSince(quiet)).toBeNull();
    activity.record(20, quiet);
    expect(activity.speakingSince(quiet)).toBe(quiet);
  });

  it('reports who started, stopped or changed level noticeably', () => {
    const changes = speakerChanges(
      new Map([
        ['A', 0.5],
        ['B', 0.5],
      ]),
      new Map([
        ['A', 0.55],
        ['C', 0.3],
      ]),
    );
    expect(changes).toEqual([
      { sid: 'C', level: 0.3, active: true },
      { sid: 'B', level: 0, active: false },
    ]);
  });
});

describe('ReliableHistory and JoiningReliable', () => {
  const bytes = (n: number) => new Uint8Array([n]);
  it('replays to a joiner what each sender sent from the first packet it missed, for it or everyone, within the limit', () => {
    const history = new ReliableHistory(3);
    const carol = new JoiningReliable();
    history.record({ sender: 'A', seq: 1, destinations: [], bytes: bytes(1) }); // before Carol was a member: not missed
    for (const [sender, seq, destinations] of [
      ['A', 2, []],
      ['B', 7, ['bob']],
      ['A', 3, ['carol']],
    ] as const) {
      history.record({ sender, seq, destinations, bytes: bytes(seq) });
      expect(carol.canSend(sender, seq)).toBe(false);
    }
    expect(carol.opened(history, 'carol').map((e) => [e.sender, e.seq])).toEqual([['A', 2], ['A', 3]]);
    expect(carol.canSend('A', 4)).toBe(true);
    expect(carol.opened(history, 'carol')).toEqual([]);
    // Only the newest `limit` packets are kept: a joiner that missed older ones gets what is left.
    const late = new JoiningReliable();
    expect(late.canSend('A', 4)).toBe(false);
    for (const seq of [4, 5, 6, 7]) history.record({ sender: 'A', seq, destinations: [], bytes: bytes(seq) });
    expect(late.opened(history, 'dan').map((e) => e.seq)).toEqual([5, 6, 7]);
  });
});
