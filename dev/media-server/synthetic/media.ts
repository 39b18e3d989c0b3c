import { readFileSync } from 'node:fs';
import { RtpHeader, RtpPacket, type Extensions } from 'werift';
import type { RtpSource } from '../forwarding';
import { FPS, ivfPath } from './layers';

/** One pre-encoded VP8 frame. */
export interface Vp8Frame {
  readonly data: Buffer;
  readonly key: boolean;
}

const framesByRid = new Map<string, readonly Vp8Frame[]>();

/** The frames of one layer's IVF file (read once per process). A VP8 frame tag's lowest bit is 0 on key frames. */
export function layerFrames(rid: string): readonly Vp8Frame[] {
  let frames = framesByRid.get(rid);
  if (frames) return frames;
  const file = readFileSync(ivfPath(rid));
  if (file.toString('ascii', 0, 4) !== 'DKIF') throw new Error(`${ivfPath(rid)} is not an IVF file`);
  const list: Vp8Frame[] = [];
  for (let offset = file.readUInt16LE(6); offset + 12 <= file.length; ) {
    const size = file.readUInt32LE(offset);
    const data = file.subarray(offset + 12, offset + 12 + size);
    list.push({ data, key: ((data[0] ?? 1) & 0x01) === 0 });
    offset += 12 + size;
  }
  frames = list;
  framesByRid.set(rid, frames);
  return frames;
}

/** Largest VP8 payload per RTP packet, descriptor included, well under a loopback MTU. */
const MAX_PAYLOAD = 1100;

/**
 * RTP payloads (RFC 7741) for one VP8 frame: a 4-byte descriptor (X, S on the first packet, a 15-bit PictureID)
 * before each piece.
 */
export function packetizeVp8(frame: Buffer, pictureId: number): Buffer[] {
  const pieces: Buffer[] = [];
  const room = MAX_PAYLOAD - 4;
  for (let offset = 0; offset < frame.length || pieces.length === 0; offset += room) {
    const descriptor = Buffer.from([0x80 | (offset === 0 ? 0x10 : 0), 0x80, 0x80 | ((pictureId >> 8) & 0x7f), pictureId & 0xff]);
    pieces.push(Buffer.concat([descriptor, frame.subarray(offset, offset + room)]));
  }
  return pieces;
}

const random32 = () => Math.floor(Math.random() * 0xffffffff) >>> 0;

type Receive = (rtp: RtpPacket, extensions: Extensions | undefined) => void;

/** Numbers one synthetic RTP stream: SSRC, sequence numbers and timestamps from random starts. */
class RtpStream {
  readonly ssrc = random32();
  private seq = random32() & 0xffff;
  timestamp = random32();

  packet(payloadType: number, payload: Buffer, marker: boolean): RtpPacket {
    this.seq = (this.seq + 1) & 0xffff;
    return new RtpPacket(new RtpHeader({ payloadType, sequenceNumber: this.seq, timestamp: this.timestamp, ssrc: this.ssrc, marker }), payload);
  }
}

/**
 * One layer of a synthetic camera: loops its pre-encoded frames, one per {@link emitFrame} call. A keyframe request
 * jumps to the next key frame of the loop (there is one each second).
 */
export class SyntheticVideoLayer implements RtpSource {
  readonly kind = 'video' as const;
  readonly isVp8 = true;
  readonly onDemand = true;
  readonly rid: string;
  private readonly frames: readonly Vp8Frame[];
  private readonly stream = new RtpStream();
  private receive: Receive | undefined;
  private index = 0;
  private pictureId = random32() & 0x7fff;
  private keyframeWanted = true;

  constructor(rid: string) {
    this.rid = rid;
    this.frames = layerFrames(rid);
  }

  subscribe(receive: Receive): () => void {
    this.receive = receive;
    return () => {
      this.receive = undefined;
    };
  }

  requestKeyframe(): void {
    this.keyframeWanted = true;
  }

  /** Sends the next frame of the loop. */
  emitFrame(): void {
    if (this.keyframeWanted) {
      this.keyframeWanted = false;
      for (let i = 0; i < this.frames.length && !this.frames[this.index]?.key; i++) this.index = (this.index + 1) % this.frames.length;
    }
    const frame = this.frames[this.index % this.frames.length]!;
    this.index = (this.index + 1) % this.frames.length;
    this.stream.timestamp = (this.stream.timestamp + 90_000 / FPS) >>> 0;
    this.pictureId = (this.pictureId + 1) & 0x7fff;
    const pieces = packetizeVp8(frame.data, this.pictureId);
    pieces.forEach((piece, i) => this.receive?.(this.stream.packet(96, piece, i === pieces.length - 1), undefined));
  }
}

/** An Opus frame of silence (TOC 0xf8: CELT fullband 20 ms, mono, one frame), as DTX sends it. */
const OPUS_SILENCE = Buffer.from([0xf8, 0xff, 0xfe]);

/** A synthetic microphone: Opus silence, one 20 ms packet per {@link emitPacket} call. */
export class SyntheticMicrophone implements RtpSource {
  readonly kind = 'audio' as const;
  readonly isVp8 = false;
  readonly onDemand = true;
  readonly rid = undefined;
  private readonly stream = new RtpStream();
  private receive: Receive | undefined;

  subscribe(receive: Receive): () => void {
    this.receive = receive;
    return () => {
      this.receive = undefined;
    };
  }

  requestKeyframe(): void {}

  /** Sends one packet; `elapsedMs` since the previous one advances the RTP clock (48 kHz). */
  emitPacket(elapsedMs: number): void {
    this.stream.timestamp = (this.stream.timestamp + Math.round(elapsedMs * 48)) >>> 0;
    this.receive?.(this.stream.packet(111, OPUS_SILENCE, false), undefined);
  }
}
