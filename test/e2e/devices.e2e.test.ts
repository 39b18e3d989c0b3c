/**
 * Devices in real Chromium against the demo stack (media server, Room API, customer backend on 127.0.0.1): a camera
 * the browser refuses, a camera that stops mid-call, and the speaker choice, with Chromium's fake devices
 * (`--use-fake-device-for-media-stream`: one camera, "Fake Audio Input 1/2", "Fake Audio Output 1/2").
 *
 * A refused camera: a context granted only the microphone and WITHOUT `--use-fake-ui-for-media-stream`, so
 * Chromium 156 headless answers the camera's getUserMedia with `NotAllowedError` (no prompt can be shown).
 *
 * A camera that stops: Chromium's fake camera cannot be unplugged. Two honest stand-ins:
 * - revoking the camera's permission (CDP Browser.setPermission for this context): without
 *   `--use-fake-ui-for-media-stream`, Chromium then ends the live camera track itself (a real `ended`), and
 *   livekit-client's attempt to reopen it is refused, as with a camera that is gone;
 * - for a camera that stops while one is still available, the page stops the camera's MediaStreamTrack and
 *   dispatches the `ended` event an unplug fires; livekit-client's own handler then reopens the camera.
 */
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startDemo, type Demo } from '../../demo/serve';
import { CHROMIUM_PATH } from '../chromium';
import { boundWaits, CHROMIUM_ARGS, WAIT } from './support';

let demo: Demo;
let browser: Browser;
let room = 'devices';
const logs: string[] = [];

beforeAll(async () => {
  demo = await startDemo({ port: 0, mediaPort: 0, roomApiPort: 0, quiet: true, frozen: true, built: true });
  browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS.filter((a) => a !== '--use-fake-ui-for-media-stream') });
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await demo?.close();
});

async function open(context: BrowserContext, name: string): Promise<Page> {
  const page = await context.newPage();
  page.on('pageerror', (error) => logs.push(`[${name}:pageerror] ${error.message}`));
  await page.goto(`${demo.url}?name=${encodeURIComponent(name)}&role=publisher&room=${room}`);
  await page.getByRole('button', { name: 'Join', exact: true }).waitFor();
  return page;
}

async function join(page: Page) {
  await page.getByRole('button', { name: 'Join', exact: true }).click();
  await page.getByRole('toolbar', { name: 'Meeting controls' }).waitFor();
}

/** What the media server holds of `name`'s tracks: source → muted. */
function serverTracks(name: string): Record<string, boolean> {
  const participant = demo.media!.rooms().flatMap((r) => r.participants).find((p) => p.name === name);
  return Object.fromEntries((participant?.tracks ?? []).map((t) => [t.source.toLowerCase(), t.muted]));
}

const toolbarToggle = (page: Page, name: string) => page.getByRole('toolbar', { name: 'Meeting controls' }).getByRole('button', { name, exact: true });

describe('devices in Chromium', () => {
  beforeEach(({ task }) => {
    room = `d${task.id.replace(/[^a-z0-9]/gi, '').slice(-10)}`;
  });

  it('a refused camera is named with its fix, joining still publishes the microphone, and allowing it then works', async () => {
    const context = boundWaits(await browser.newContext({ permissions: ['microphone'] }));
    try {
      const page = await open(context, 'Cam');
      await expect.poll(() => page.getByRole('alert').textContent(), WAIT).toContain('Camera blocked: allow it in the address bar, then try again');
      expect(await page.getByRole('button', { name: 'Camera', exact: true }).getAttribute('data-error')).toBe('permission-denied');
      await join(page);
      // The session tried the camera on join: the toggle says why it is off; the microphone went out.
      await expect.poll(() => toolbarToggle(page, 'Camera').getAttribute('data-error'), WAIT).toBe('permission-denied');
      await expect.poll(() => serverTracks('Cam'), WAIT).toEqual({ microphone: false });
      await expect.poll(() => toolbarToggle(page, 'Microphone').getAttribute('aria-pressed'), WAIT).toBe('true');
      // The person allows the camera and presses the toggle again.
      await context.grantPermissions(['camera', 'microphone']);
      await toolbarToggle(page, 'Camera').click();
      await expect.poll(() => toolbarToggle(page, 'Camera').getAttribute('aria-pressed'), WAIT).toBe('true');
      expect(await toolbarToggle(page, 'Camera').getAttribute('data-error')).toBeNull();
      await expect.poll(() => serverTracks('Cam'), WAIT).toEqual({ microphone: false, camera: false });
    } finally {
      await context.close();
    }
  });

  /** Ends the page's published camera track as a browser does when the camera goes away. */
  const endCamera = (page: Page) =>
    page.evaluate(() => {
      const { room } = (window as unknown as { __roomkitDemo: { room: { localParticipant: { getTrackPublication(s: string): { track?: { mediaStreamTrack: MediaStreamTrack } } | undefined } } } }).__roomkitDemo;
      const track = room.localParticipant.getTrackPublication('camera')!.track!.mediaStreamTrack;
      track.stop();
      track.dispatchEvent(new Event('ended'));
    });

  it('a camera whose permission is revoked mid-call shows device-lost; allowed again, pressing the toggle brings it back', async () => {
    const context = boundWaits(await browser.newContext({ permissions: ['camera', 'microphone'] }));
    try {
      const page = await open(context, 'Lou');
      await join(page);
      await expect.poll(() => toolbarToggle(page, 'Camera').getAttribute('aria-pressed'), WAIT).toBe('true');
      // Revoking the camera's permission makes Chromium end the live camera track (a real `ended`), and
      // livekit-client's attempt to reopen it is refused.
      const cdp = await context.newCDPSession(page);
      const { targetInfo } = (await cdp.send('Target.getTargetInfo')) as { targetInfo: { browserContextId: string } };
      const setCamera = (setting: 'denied' | 'granted') =>
        cdp.send('Browser.setPermission', { permission: { name: 'camera' }, setting, origin: new URL(demo.url).origin, browserContextId: targetInfo.browserContextId });
      await setCamera('denied');
      await expect.poll(() => toolbarToggle(page, 'Camera').getAttribute('data-error'), WAIT).toBe('device-lost');
      await expect.poll(() => toolbarToggle(page, 'Camera').getAttribute('aria-pressed'), WAIT).toBe('false');
      expect(await page.getByTestId('rk-announcer').textContent()).toContain('Camera disconnected');
      await expect.poll(() => serverTracks('Lou').camera, WAIT).toBe(true); // muted on the server
      // The microphone keeps going.
      expect(await toolbarToggle(page, 'Microphone').getAttribute('aria-pressed')).toBe('true');
      expect(await toolbarToggle(page, 'Microphone').getAttribute('data-error')).toBeNull();
      // Allowed again: pressing the toggle reopens it.
      await setCamera('granted');
      await toolbarToggle(page, 'Camera').click();
      await expect.poll(() => toolbarToggle(page, 'Camera').getAttribute('aria-pressed'), WAIT).toBe('true');
      expect(await toolbarToggle(page, 'Camera').getAttribute('data-error')).toBeNull();
      await expect.poll(() => serverTracks('Lou').camera, WAIT).toBe(false);
    } finally {
      await context.close();
    }
  });

  it('a camera that stops while a camera is still available is reopened by livekit-client, and the problem clears', async () => {
    const context = boundWaits(await browser.newContext({ permissions: ['camera', 'microphone'] }));
    try {
      const page = await open(context, 'Rae');
      await join(page);
      await expect.poll(() => toolbarToggle(page, 'Camera').getAttribute('aria-pressed'), WAIT).toBe('true');
      const before = await page.evaluate(() => {
        const { room } = (window as unknown as { __roomkitDemo: { room: { localParticipant: { getTrackPublication(s: string): { track?: { mediaStreamTrack: MediaStreamTrack } } | undefined } } } }).__roomkitDemo;
        return room.localParticipant.getTrackPublication('camera')!.track!.mediaStreamTrack.id;
      });
      await endCamera(page);
      // A new MediaStreamTrack runs the camera; the toggle is on and shows no problem.
      await expect
        .poll(
          () =>
            page.evaluate(() => {
              const { room } = (window as unknown as { __roomkitDemo: { room: { localParticipant: { getTrackPublication(s: string): { track?: { mediaStreamTrack: MediaStreamTrack } } | undefined } } } }).__roomkitDemo;
              const track = room.localParticipant.getTrackPublication('camera')!.track!.mediaStreamTrack;
              return `${track.id}:${track.readyState}`;
            }),
          WAIT,
        )
        .not.toMatch(new RegExp(`^${before}:|:ended$`));
      await expect.poll(() => toolbarToggle(page, 'Camera').getAttribute('data-error'), WAIT).toBeNull();
      expect(await toolbarToggle(page, 'Camera').getAttribute('aria-pressed')).toBe('true');
    } finally {
      await context.close();
    }
  });

  it('plays remote audio on the chosen speaker and remembers the speaker and microphone for the next visit', async () => {
    const context = boundWaits(await browser.newContext({ permissions: ['camera', 'microphone'] }));
    try {
      const bob = await open(context, 'Bob');
      await join(bob);
      const ada = await open(context, 'Ada');
      // Device ids appear once the preview has the permission.
      const mic = ada.getByLabel('Choose microphone');
      await expect.poll(() => mic.locator('option').allTextContents(), WAIT).toContain('Fake Audio Input 2');
      await mic.selectOption({ label: 'Fake Audio Input 2' });
      const speaker = ada.getByLabel('Choose speaker');
      await expect.poll(() => speaker.locator('option').allTextContents(), WAIT).toContain('Fake Audio Output 1');
      await speaker.selectOption({ label: 'Fake Audio Output 1' });
      const outputId = await speaker.inputValue();
      const micId = await mic.inputValue();
      expect(outputId).not.toBe('default');
      await join(ada);
      // Bob's microphone plays on the chosen output.
      const sinks = () => ada.evaluate(() => [...document.querySelectorAll('audio')].map((a) => (a as HTMLAudioElement & { sinkId: string }).sinkId));
      await expect.poll(sinks, WAIT).toEqual([outputId]);
      // Ada's published microphone runs on the chosen input.
      const publishedMic = () =>
        ada.evaluate(() => {
          const { room } = (window as unknown as { __roomkitDemo: { room: { localParticipant: { getTrackPublication(s: string): { track?: { mediaStreamTrack: MediaStreamTrack } } | undefined } } } }).__roomkitDemo;
          return room.localParticipant.getTrackPublication('microphone')?.track?.mediaStreamTrack.getSettings().deviceId;
        });
      await expect.poll(publishedMic, WAIT).toBe(micId);
      await ada.close();

      // The next visit (same browser profile) starts with both, and uses them.
      const again = await open(context, 'Ada');
      await expect.poll(() => again.getByLabel('Choose speaker').inputValue(), WAIT).toBe(outputId);
      await expect.poll(() => again.getByLabel('Choose microphone').inputValue(), WAIT).toBe(micId);
      await join(again);
      await expect.poll(() => again.evaluate(() => [...document.querySelectorAll('audio')].map((a) => (a as HTMLAudioElement & { sinkId: string }).sinkId)), WAIT).toEqual([outputId]);
      await again.close();
      await bob.close();
    } finally {
      await context.close();
    }
  });
});
