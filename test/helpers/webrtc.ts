/**
 * jsdom has no WebRTC, so RoomKit would refuse to join there (`getBrowserSupport().join` is 'no', the session reports
 * `browser-unsupported`). The fake networks of the files that call this stand in for a browser that has it: an
 * `RTCPeerConnection` exists while each of their tests runs, and is gone again after it (the next file shares the jsdom).
 */
export function inBrowserWithWebRTC(): void {
  const g = globalThis as { RTCPeerConnection?: unknown };
  let had: boolean;
  beforeEach(() => {
    had = 'RTCPeerConnection' in g;
    if (!had) g.RTCPeerConnection = class RTCPeerConnection {};
  });
  afterEach(() => {
    if (!had) delete g.RTCPeerConnection;
  });
}
