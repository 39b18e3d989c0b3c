import { RoomEvent, type Room } from 'livekit-client';

/** What this module reads of livekit-client's engine: its publisher transport (single peer connection mode). */
interface Transport {
  getTransceivers(): RTCRtpTransceiver[];
  getRemoteDescription(): RTCSessionDescription | null;
  /** Its peer connection once made (read without the `pc` getter, which would make one). */
  _pc?: RTCPeerConnection | null;
}

/** The codec names (`VP8`, `rtx`, `opus`…) the server's latest answer lists, per media kind. */
export function answeredCodecs(sdp: string): Map<string, Set<string>> {
  const byKind = new Map<string, Set<string>>();
  for (const section of sdp.split(/\r?\nm=/).slice(1)) {
    const kind = section.slice(0, section.indexOf(' '));
    const names = byKind.get(kind) ?? new Set<string>();
    for (const [, name] of section.matchAll(/^a=rtpmap:\d+ ([^/\s]+)/gm)) names.add(name!.toLowerCase());
    byKind.set(kind, names);
  }
  return byKind;
}

/**
 * @internal Keeps the page's receive-only sections to the codecs the server sends.
 *
 * In single peer connection mode (livekit-client's default on `/rtc/v1`) every subscribed track needs a receive-only
 * section in the client's offer, and the browser lists every codec it could receive in each one: about 4.5 kB of
 * SDP per video section in Chromium (H.264 profiles, VP9 and AV1 profiles, H.265, FEC, each with its retransmission
 * codec). Every change of subscriptions renegotiates the whole description, so with 24 cameras on the page each
 * renegotiation created, munged, parsed and applied 110 kB (measured on the dev media server); with the codecs
 * trimmed to what the server answered, 21 kB, and the page's main-thread time with it (`bench/README.md`).
 *
 * Only receive-only transceivers are touched, only with codecs whose name the server's latest answer lists for that
 * kind (every variant of such a codec is kept), and only after a first answer: what the server can send is never
 * cut. Anything unexpected (no such transport, a browser without `setCodecPreferences`, an error) leaves the
 * offers as livekit-client makes them.
 *
 * Sections are trimmed right before each offer is made: the peer connection's `createOffer` trims first, so a
 * section livekit-client adds for a subscription (the server's `mediaSectionsRequirement`) is trimmed in the very
 * offer that adds it, whatever events came before. `Connected` and `TrackSubscribed` hook the peer connection (a new one
 * after a full reconnect too) and trim.
 *
 * Returns a function that stops trimming.
 */
export function trimReceiveCodecs(room: Room): () => void {
  const trimmed = new WeakSet<RTCRtpTransceiver>();
  const hooked = new Set<RTCPeerConnection>();
  const transportOf = () => (room.engine as { pcManager?: { publisher?: Transport } } | undefined)?.pcManager?.publisher;
  /** Makes the publisher's peer connection trim before it creates each offer. */
  const hook = () => {
    const pc = transportOf()?._pc;
    if (!pc || hooked.has(pc)) return;
    hooked.add(pc);
    const createOffer = pc.createOffer as (...args: unknown[]) => Promise<RTCSessionDescriptionInit>;
    pc.createOffer = ((...args: unknown[]) => (trim(), createOffer.apply(pc, args))) as RTCPeerConnection['createOffer'];
  };
  const trim = () => {
    try {
      const transport = transportOf();
      const untrimmed = transport?.getTransceivers().filter((t) => t.direction === 'recvonly' && !trimmed.has(t) && t.setCodecPreferences);
      const sdp = untrimmed?.length ? transport?.getRemoteDescription()?.sdp : undefined;
      if (!sdp || typeof RTCRtpReceiver === 'undefined') return;
      const answered = answeredCodecs(sdp);
      for (const transceiver of untrimmed!) {
        const kind = transceiver.receiver.track.kind;
        const names = answered.get(kind);
        const codecs = (RTCRtpReceiver.getCapabilities(kind)?.codecs ?? []).filter((c) => names?.has(c.mimeType.slice(kind.length + 1).toLowerCase()));
        // a set with nothing but retransmission or FEC would leave the section unable to receive anything
        if (!codecs.some((c) => !/^(rtx|red|ulpfec|flexfec-03)$/i.test(c.mimeType.slice(kind.length + 1)))) continue;
        transceiver.setCodecPreferences(codecs);
        trimmed.add(transceiver);
      }
    } catch {
      // the offers stay as livekit-client makes them
    }
  };
  const onEvent = () => {
    hook();
    trim();
  };
  room.on(RoomEvent.TrackSubscribed, onEvent).on(RoomEvent.Connected, onEvent);
  onEvent();
  return () => {
    room.off(RoomEvent.TrackSubscribed, onEvent).off(RoomEvent.Connected, onEvent);
    // the own property goes, and the prototype's createOffer is back
    for (const pc of hooked) delete (pc as { createOffer?: unknown }).createOffer;
  };
}
