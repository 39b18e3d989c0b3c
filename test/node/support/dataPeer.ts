import { DataPacket, SessionDescription, SignalTarget, TrickleRequest } from '@livekit/protocol';
import { RTCPeerConnection, type RTCDataChannel } from 'werift';
import type { RawSignalClient } from './rawClient';

/** A werift peer connection standing in for a browser: the client's `_reliable` and `_lossy` data channels. */
export interface DataPeer {
  pc: RTCPeerConnection;
  reliable: RTCDataChannel;
  lossy: RTCDataChannel;
  /** Data packets the server delivered, in order. */
  received: DataPacket[];
  close(): Promise<void>;
}

function opened(channel: RTCDataChannel): Promise<void> {
  if (channel.readyState === 'open') return Promise.resolve();
  return new Promise((resolve) => channel.stateChanged.subscribe((state) => state === 'open' && resolve()));
}

/** Negotiates data channels with the server over `client`'s signalling, as livekit-client's publisher does. */
export async function connectDataPeer(client: RawSignalClient): Promise<DataPeer> {
  const pc = new RTCPeerConnection({
    iceUseIpv4: false,
    iceUseIpv6: false,
    iceAdditionalHostAddresses: ['127.0.0.1'],
    iceInterfaceAddresses: { udp4: '127.0.0.1' },
  });
  const reliable = pc.createDataChannel('_reliable', { ordered: true });
  const lossy = pc.createDataChannel('_lossy', { ordered: false, maxRetransmits: 0 });
  const received: DataPacket[] = [];
  for (const channel of [reliable, lossy]) {
    channel.onMessage.subscribe((data) => {
      received.push(DataPacket.fromBinary(new Uint8Array(typeof data === 'string' ? Buffer.from(data) : data)));
    });
  }
  pc.onicecandidate = ({ candidate }) => {
    if (!candidate) return;
    client.send({
      case: 'trickle',
      value: new TrickleRequest({ candidateInit: JSON.stringify(candidate.toJSON()), target: SignalTarget.PUBLISHER }),
    });
  };
  const offer = await pc.createOffer();
  await pc.setLocalDescription(offer);
  client.sendOffer(new SessionDescription({ type: 'offer', sdp: pc.localDescription?.sdp ?? offer.sdp, id: 1 }));
  const answer = await client.next('answer', (a) => a.id === 1);
  await pc.setRemoteDescription({ type: 'answer', sdp: answer.sdp });
  // the server's candidates arrive by trickle, possibly before the answer
  client.consume('trickle', (trickle) => {
    pc.addIceCandidate(JSON.parse(trickle.candidateInit)).catch(() => undefined);
  });
  await Promise.all([opened(reliable), opened(lossy)]);
  return { pc, reliable, lossy, received, close: () => pc.close() };
}
