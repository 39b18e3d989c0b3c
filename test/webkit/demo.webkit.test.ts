/**
 * The demo in WebKit, as a person in a browser without WebRTC meets it: the production-built demo (its dev media
 * server, Room API and customer backend on 127.0.0.1) opened in Debian's WebKitGTK (test/webkit/webkit.ts), which has
 * getUserMedia with WebKit's mock camera and microphone and no `RTCPeerConnection`. Its PreJoin previews the camera,
 * says before Join that this browser cannot join calls and which can, and disables Join. Everything after Join is the
 * media path, which this build cannot run (the one thing the WebKit run skips; the Chromium and Firefox e2e suites
 * carry it).
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startDemo, type Demo } from '../../demo/serve';
import { defaultPreJoinLabels } from '../../src/meeting/preJoinLabels';
import { launchWebKit, type WebKit } from './webkit';

let demo: Demo;
let webkit: WebKit;

beforeAll(async () => {
  demo = await startDemo({ port: 0, mediaPort: 0, roomApiPort: 0, quiet: true, frozen: true, built: true });
  webkit = await launchWebKit();
}, 120_000);

afterAll(async () => {
  await webkit?.close();
  await demo?.close();
});

/** In the page: what a person sees of the PreJoin, once its camera preview shows a frame (bound: the caller's). */
async function preJoin(bound: number) {
  const until = Date.now() + bound;
  for (;;) {
    const video = document.querySelector<HTMLVideoElement>('video[aria-label="Camera preview"]');
    const join = [...document.querySelectorAll('button')].find((b) => b.textContent?.trim() === 'Join');
    if (video && video.readyState >= 2 && video.videoWidth > 0 && join) {
      const t0 = video.currentTime;
      await new Promise((r) => setTimeout(r, 500));
      return {
        rtc: typeof RTCPeerConnection,
        preview: { width: video.videoWidth, playing: !video.paused, advanced: video.currentTime > t0 },
        joinDisabled: join.disabled || join.getAttribute('aria-disabled') === 'true',
        text: document.body.innerText,
      };
    }
    if (Date.now() > until) throw new Error(`no PreJoin with a playing camera preview within ${bound} ms: ${document.body.innerText.slice(0, 300)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

it("webkit: the demo's PreJoin shows the camera, says this browser cannot join calls and which can, and disables Join", async () => {
  await webkit.open(`${demo.url}?name=wren&role=publisher&room=webkit-prejoin`);
  const seen = await webkit.run(preJoin, 20_000);
  // Debian's WebKitGTK has no WebRTC: the premise of this test.
  expect(seen.rtc).toBe('undefined');
  // WebKit's mock camera plays in the preview.
  expect(seen.preview).toEqual({ width: expect.any(Number) as number, playing: true, advanced: true });
  expect(seen.preview.width).toBeGreaterThan(0);
  expect(seen.text).toContain(defaultPreJoinLabels.browserCannotJoin);
  expect(seen.text).not.toContain('Try again');
  expect(seen.joinDisabled).toBe(true);
});
