/**
 * True when a VP8 RTP payload (RFC 7741) starts a key frame: the first packet of partition 0 of a frame whose
 * payload header has the P (inverse key frame) bit clear.
 */
export function isVp8KeyframeStart(payload: Uint8Array): boolean {
  if (payload.length < 1) return false;
  const first = payload[0]!;
  const extended = (first & 0x80) !== 0;
  const startOfPartition = (first & 0x10) !== 0;
  const partitionId = first & 0x0f;
  if (!startOfPartition || partitionId !== 0) return false;
  let offset = 1;
  if (extended) {
    if (payload.length < 2) return false;
    const flags = payload[1]!;
    offset = 2;
    if (flags & 0x80) {
      // PictureID: one byte, or two when its M bit is set
      if (payload.length <= offset) return false;
      offset += payload[offset]! & 0x80 ? 2 : 1;
    }
    if (flags & 0x40) offset += 1; // TL0PICIDX
    if (flags & 0x20 || flags & 0x10) offset += 1; // TID/Y/KEYIDX
  }
  if (payload.length <= offset) return false;
  return (payload[offset]! & 0x01) === 0;
}
