import type { Room } from 'livekit-client';

/** @internal `Support` of browserSupport.ts (which imports this module). */
type JoinSupport = 'yes' | 'no' | 'unknown';

/**
 * @internal What the testing kit's simulated browsers answer, by room (`simulateBrowserSupport`). Here, beside the
 * session's one question, so that an app using only RoomProvider carries nothing else of `getBrowserSupport`.
 */
export const simulatedSupport = new WeakMap<Room, { join?: JoinSupport | undefined }>();

/**
 * @internal Whether this browser (or `room`'s simulated one) can join: WebRTC's `RTCPeerConnection` exists. The
 * session asks it before each connect and refuses with `browser-unsupported` on `'no'`. Outside a browser: `'unknown'`.
 */
export function joinSupport(room?: Room): JoinSupport {
  return (room && simulatedSupport.get(room)?.join) ?? (typeof window === 'undefined' ? 'unknown' : typeof RTCPeerConnection === 'function' ? 'yes' : 'no');
}
