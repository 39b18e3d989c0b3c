import type { MediaKind } from './forwarding';
import type { MediaSection } from './sdp';

/** Where the last track forwarded on a section left its RTP stream, and when: the next track on it continues. */
export interface StreamPosition {
  seq: number;
  ts: number;
  /** Epoch ms of the last packet. */
  at: number;
}

/** What the control API reports of a participant's receive-only sections and the negotiations they cost. */
export interface SectionStats {
  /** Offers of the client answered (each one is a createOffer, setLocalDescription and setRemoteDescription at the client). */
  offers: number;
  /**
   * Offers the server asked the client for (MediaSectionsRequirement): on one peer connection the client is the
   * only offerer, and this request is what LiveKit sends where it would offer (`PCTransport.handleSendOffer`).
   */
  offerRequests: number;
  /** Receive-only sections in the client's latest offer, by kind. */
  receiveSections: { audio: number; video: number };
  /** Tracks put on a section that an earlier track had used and released. */
  reusedSections: number;
}

/**
 * The client's receive-only m-sections (its transceivers on livekit-client's single peer connection), as the
 * server puts the tracks it forwards on them, the way LiveKit does (livekit/livekit `pkg/rtc/transport.go`,
 * `PCTransport.AddTrack` over pion's `PeerConnection.AddTrack`):
 *
 * - A track takes the first section of its kind that carries nothing: one never used, or one whose track was
 *   removed and whose removal has been answered (pion reuses a transceiver that is no longer sending, see
 *   `RTPTransceiver.isSendAllowed`), while the client still offers it receive-only. Whether a released section may
 *   be reused is LiveKit's `SupportsTransceiverReuse`: not for Safari, not below protocol 4.
 * - With none free, the server asks for more (`sendUnmatchedMediaRequirement`), counting those asked for already.
 *
 * Every change (a track on, a track off) reaches the client only with its next offer and the answer: LiveKit
 * renegotiates for both (`SubscriptionManager.handleSubscribedTrackClose` removes the track and calls `Negotiate`;
 * a new subscription `SetNeedsNegotiation(true)`).
 */
export class ReceiveSections {
  private latest: readonly MediaSection[] | undefined;
  /** By mid: carrying a track, released but not yet answered inactive, or released and answered. */
  private readonly use = new Map<string, 'used' | 'releasing' | 'released'>();
  private readonly positions = new Map<string, StreamPosition>();
  private readonly seen = new Set<string>();
  private readonly outstanding: Record<MediaKind, number> = { audio: 0, video: 0 };
  private readonly counts = { offers: 0, offerRequests: 0, reusedSections: 0 };
  private readonly reuse: boolean;

  constructor(reuse: boolean) {
    this.reuse = reuse;
  }

  /** Whether the client has offered yet. */
  get negotiated(): boolean {
    return this.latest !== undefined;
  }

  /** The client's new offer: the sections it brings count against those asked for. */
  offered(sections: readonly MediaSection[]): void {
    this.latest = sections;
    this.counts.offers += 1;
    for (const section of sections) {
      if (section.mid === undefined || this.seen.has(section.mid)) continue;
      this.seen.add(section.mid);
      const kind = section.kind as MediaKind;
      if (section.direction === 'recvonly' && this.outstanding[kind] > 0) this.outstanding[kind] -= 1;
    }
  }

  /** The answer to the latest offer is set: the sections it turned inactive may carry another track from now on. */
  answered(): void {
    for (const [mid, use] of this.use) if (use === 'releasing') this.use.set(mid, 'released');
  }

  /** Takes a free section of `kind`: its mid, and where the last track on it left the stream; undefined if none is. */
  take(kind: MediaKind): { mid: string; from: StreamPosition | undefined } | undefined {
    for (const section of this.latest ?? []) {
      if (section.kind !== kind || section.direction !== 'recvonly' || section.rejected || section.mid === undefined) continue;
      const use = this.use.get(section.mid);
      if (use === 'used' || use === 'releasing' || (use === 'released' && !this.reuse)) continue;
      this.use.set(section.mid, 'used');
      if (use === 'released') this.counts.reusedSections += 1;
      return { mid: section.mid, from: this.positions.get(section.mid) };
    }
    return undefined;
  }

  /** A section's track is removed; the section is free once an answer has said so. */
  release(mid: string, position: StreamPosition | undefined): void {
    this.use.set(mid, 'releasing');
    if (position) this.positions.set(mid, position);
  }

  /**
   * The MediaSectionsRequirement that asks for what `missing` lacks beyond the sections asked for already, or
   * undefined when nothing needs asking and `changed` is false. Asked with nothing missing, it makes the client
   * offer again (LiveKit's `sendUnmatchedMediaRequirement(force)`), which is how a change reaches it.
   */
  request(missing: Record<MediaKind, number>, changed: boolean): { numAudios: number; numVideos: number } | undefined {
    const numAudios = Math.max(0, missing.audio - this.outstanding.audio);
    const numVideos = Math.max(0, missing.video - this.outstanding.video);
    if (numAudios === 0 && numVideos === 0 && !changed) return undefined;
    this.outstanding.audio += numAudios;
    this.outstanding.video += numVideos;
    this.counts.offerRequests += 1;
    return { numAudios, numVideos };
  }

  stats(): SectionStats {
    const receiving = (kind: MediaKind) => (this.latest ?? []).filter((s) => s.kind === kind && s.direction === 'recvonly' && !s.rejected).length;
    return { ...this.counts, receiveSections: { audio: receiving('audio'), video: receiving('video') } };
  }
}
