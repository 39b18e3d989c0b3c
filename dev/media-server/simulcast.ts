/**
 * Simulcast decisions, without media: which layer a subscriber's track settings ask for, and how RTP sequence
 * numbers and timestamps stay continuous when the forwarded layer changes.
 */

/** livekit-client's simulcast rids, lowest first; a layer's quality (LOW 0, MEDIUM 1, HIGH 2) is its index. */
export const SIMULCAST_RIDS = ['q', 'h', 'f'] as const;

/** One layer a publication offers: its quality and, when the publisher said, its size. */
export interface LayerInfo {
  quality: number;
  width: number;
  height: number;
}

/** What a subscriber asked for one track (UpdateTrackSettings); absent fields were not given. */
export interface TrackSettings {
  disabled: boolean;
  /** VideoQuality: LOW 0, MEDIUM 1, HIGH 2. */
  quality?: number | undefined;
  width?: number | undefined;
  height?: number | undefined;
}

/** Quality of a simulcast rid; a track sent without rids is one layer, HIGH. */
export function qualityOfRid(rid: string | undefined): number {
  const index = SIMULCAST_RIDS.indexOf((rid ?? 'f') as (typeof SIMULCAST_RIDS)[number]);
  return index === -1 ? SIMULCAST_RIDS.length - 1 : index;
}

/**
 * The index (into `layers`, lowest first) of the layer to forward, or -1 for none (disabled). Dimensions win
 * over quality, as in LiveKit: the smallest layer at least as large as the element (the largest if none is);
 * a quality picks the best layer not above it (the lowest if all are). No settings: the best layer.
 */
export function selectLayer(layers: readonly LayerInfo[], settings: TrackSettings | undefined): number {
  if (layers.length === 0 || settings?.disabled) return -1;
  const top = layers.length - 1;
  if (!settings) return top;
  const width = settings.width ?? 0;
  const height = settings.height ?? 0;
  if ((width > 0 || height > 0) && layers.every((l) => l.width > 0 && l.height > 0)) {
    const fits = layers.findIndex((l) => l.width >= width && l.height >= height);
    return fits === -1 ? top : fits;
  }
  if (settings.quality !== undefined) {
    let best = 0;
    layers.forEach((l, i) => {
      if (l.quality <= settings.quality!) best = i;
    });
    return best;
  }
  return top;
}

/** RTP clock ticks put between the last packet of one layer and the first of the next (one frame at 30 fps). */
const SWITCH_TIMESTAMP_STEP = 3000;

/**
 * Keeps one outgoing RTP stream continuous across sources: each layer has its own sequence numbers and
 * timestamps, so at a switch the offsets are chosen to continue where the previous layer stopped.
 */
export class RtpRewriter {
  private seqOffset = 0;
  private tsOffset = 0;
  private lastSeq: number | undefined;
  private lastTs: number | undefined;

  /** Continues a stream another source wrote up to `(seq, ts)`: the first packet restarted on follows it. */
  continueFrom(seq: number, ts: number): void {
    this.lastSeq = seq & 0xffff;
    this.lastTs = ts >>> 0;
  }

  /** The numbers of the last packet written, if any. */
  get last(): { seq: number; ts: number } | undefined {
    return this.lastSeq === undefined || this.lastTs === undefined ? undefined : { seq: this.lastSeq, ts: this.lastTs };
  }

  /** The next packet, `(seq, ts)` in its source's numbering, follows the last one written. */
  restart(seq: number, ts: number): void {
    if (this.lastSeq === undefined || this.lastTs === undefined) return;
    this.seqOffset = (this.lastSeq + 1 - seq) & 0xffff;
    this.tsOffset = (this.lastTs + SWITCH_TIMESTAMP_STEP - ts) >>> 0;
  }

  /** The outgoing numbers of a packet. */
  rewrite(seq: number, ts: number): { seq: number; ts: number } {
    const out = { seq: (seq + this.seqOffset) & 0xffff, ts: (ts + this.tsOffset) >>> 0 };
    this.lastSeq = out.seq;
    this.lastTs = out.ts;
    return out;
  }
}
