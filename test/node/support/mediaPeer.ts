import { SessionDescription, SignalTarget, TrickleRequest } from '@livekit/protocol';
import {
  RTCPeerConnection,
  RTCRtpCodecParameters,
  // werift names its parameter factories like React hooks; renamed so nobody mistakes them for one
  usePLI as pliFeedback,
  useSdesMid as midExtension,
  type RTCRtpTransceiver,
} from 'werift';
import type { RawSignalClient } from './rawClient';

/** What arrived for one track: packets, payload bytes, VP8 key frames, and sequence numbers that did not follow the last. */
export interface Received {
  packets: number;
  bytes: number;
  keyframes: number;
  seqGaps: number;
}

/** A werift peer connection receiving media the way livekit-client's single peer connection does on /rtc/v1. */
export interface MediaPeer {
  pc: RTCPeerConnection;
  /** RTP packets and payload bytes received, by track sid (from the answers' midToTrackId). */
  received(trackSid: string): Received;
  close(): Promise<void>;
}

/**
 * Negotiates with the server over `client`'s signalling: a first offer with a data channel, then a new offer with
 * as many more receive-only sections as each MediaSectionsRequirement asks for (the server's way to add tracks).
 */
export async function connectMediaPeer(client: RawSignalClient): Promise<MediaPeer> {
  const pc = new RTCPeerConnection({
    iceUseIpv4: false,
    iceUseIpv6: false,
    iceAdditionalHostAddresses: ['127.0.0.1'],
    iceInterfaceAddresses: { udp4: '127.0.0.1' },
    codecs: {
      audio: [new RTCRtpCodecParameters({ mimeType: 'audio/opus', clockRate: 48000, channels: 2 })],
      video: [new RTCRtpCodecParameters({ mimeType: 'video/VP8', clockRate: 90000, rtcpFeedback: [pliFeedback()] })],
    },
    headerExtensions: { audio: [midExtension()], video: [midExtension()] },
  });
  pc.createDataChannel('_reliable', { ordered: true });
  const trackByMid = new Map<string, string>();
  const counts = new Map<string, Received>();
  const lastSeq = new Map<string, number>();
  const watch = (transceiver: RTCRtpTransceiver) => {
    transceiver.onTrack.subscribe((track) => {
      track.onReceiveRtp.subscribe((rtp) => {
        const sid = trackByMid.get(transceiver.mid ?? '');
        if (!sid) return;
        const count = counts.get(sid) ?? { packets: 0, bytes: 0, keyframes: 0, seqGaps: 0 };
        const last = lastSeq.get(sid);
        if (last !== undefined && rtp.header.sequenceNumber !== ((last + 1) & 0xffff)) count.seqGaps += 1;
        lastSeq.set(sid, rtp.header.sequenceNumber);
        count.packets += 1;
        count.bytes += rtp.payload.length;
        // VP8 descriptor of 4 bytes (as the server's synthetic camera sends), S bit, then the frame tag's key bit
        if (rtp.payload.length > 4 && (rtp.payload[0]! & 0x10) !== 0 && (rtp.payload[4]! & 0x01) === 0) count.keyframes += 1;
        counts.set(sid, count);
      });
    });
  };
  pc.onicecandidate = ({ candidate }) => {
    if (!candidate) return;
    client.send({
      case: 'trickle',
      value: new TrickleRequest({ candidateInit: JSON.stringify(candidate.toJSON()), target: SignalTarget.PUBLISHER }),
    });
  };
  client.consume('trickle', (trickle) => {
    pc.addIceCandidate(JSON.parse(trickle.candidateInit)).catch(() => undefined);
  });

  let id = 0;
  let queue = Promise.resolve();
  const negotiate = (audios: number, videos: number) => {
    queue = queue.then(async () => {
      for (let i = 0; i < audios; i++) watch(pc.addTransceiver('audio', { direction: 'recvonly' }));
      for (let i = 0; i < videos; i++) watch(pc.addTransceiver('video', { direction: 'recvonly' }));
      id += 1;
      const offerId = id;
      const offer = await pc.createOffer();
      await pc.setLocalDescription(offer);
      client.sendOffer(new SessionDescription({ type: 'offer', sdp: pc.localDescription?.sdp ?? offer.sdp, id: offerId }));
      const answer = await client.next('answer', (a) => a.id === offerId, 10_000);
      for (const [mid, sid] of Object.entries(answer.midToTrackId)) trackByMid.set(mid, sid);
      await pc.setRemoteDescription({ type: 'answer', sdp: answer.sdp });
    });
    return queue;
  };
  let closed = false;
  // A requirement can arrive as the test closes this peer; a negotiation cut short by that is no failure.
  client.consume('mediaSectionsRequirement', (requirement) => {
    negotiate(requirement.numAudios, requirement.numVideos).catch((error: unknown) => {
      if (!closed) throw error;
    });
  });
  await negotiate(0, 0);
  await new Promise<void>((resolve) => {
    if (pc.connectionState === 'connected') resolve();
    else pc.connectionStateChange.subscribe((state) => state === 'connected' && resolve());
  });
  return {
    pc,
    received: (trackSid) => ({ ...(counts.get(trackSid) ?? { packets: 0, bytes: 0, keyframes: 0, seqGaps: 0 }) }),
    close: () => {
      closed = true;
      return pc.close();
    },
  };
}
