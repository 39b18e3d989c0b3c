/**
 * The connection test before joining, end to end: PreJoin's "Test connection" in Debian's Chromium (fake camera and
 * microphone) against the dev media server, which offers no TURN. A publisher passes signalling, WebRTC, audio and
 * video publishing and the round trip, with TURN as a finding; a viewer's test skips publishing; a bad token or URL
 * fails the signalling step with its fix; stopping (or joining) leaves nothing behind on the server. Run inside
 * test/e2e/netns.sh.
 */
import { resolve } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signAccessToken } from '../../dev/media-server';
import { appStackForFile, WAIT } from './support';

const SECRET = 'e2e-connection-test-secret';
const ROOM = 'connection-test';

const app = appStackForFile({ name: 'connection-test', fixtures: resolve(import.meta.dirname, 'connectionTest'), secret: SECRET });

const token = (identity: string, grants: Record<string, unknown> = {}, secret = SECRET) =>
  signAccessToken({ identity, name: identity, video: { roomJoin: true, room: ROOM, ...grants } }, secret);

async function preJoin(name: string, url: string, t: string): Promise<Page> {
  const page = await app.browser.newPage(name);
  await page.goto(`${app.web.url}index.html`);
  await page.waitForFunction(() => 'preJoinApp' in window);
  await page.evaluate(([u, k]) => window.preJoinApp.open(u, k), [url, t] as const);
  await page.getByRole('button', { name: 'Test connection' }).waitFor();
  return page;
}

/** Presses "Test connection" with the keyboard and waits for the test to end. */
async function runTest(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: 'Test connection' }).focus();
  await page.keyboard.press('Enter');
  const panel = page.getByRole('region', { name: 'Connection test' });
  await expect.poll(() => panel.getAttribute('data-state'), { timeout: 45_000 }).toMatch(/^(passed|failed|cancelled)$/);
  return panel;
}

/** The page's getUserMedia, held while `hold` is set (see the last test). */
interface HeldMedia {
  hold: boolean;
  held: number;
  release: Array<() => void>;
  tracks: MediaStreamTrack[];
}
declare global {
  interface Window {
    media: HeldMedia;
  }
}

const step = (panel: Locator, id: string) => panel.locator(`[data-step="${id}"]`);
const statusOf = async (panel: Locator) =>
  Object.fromEntries(await panel.locator('[data-step]').evaluateAll((items) => items.map((li) => [li.getAttribute('data-step'), li.getAttribute('data-status')])));

/** Nobody is left in the room on the server: the test's Room left (no leaked connection). */
async function roomEmpty() {
  await expect.poll(() => app.media.room(ROOM)?.participants.length ?? 0, WAIT).toBe(0);
}

describe('PreJoin\u2019s connection test against the dev media server', () => {
  it('a publisher passes signalling, WebRTC, audio and video, measures the round trip, and reports no TURN as a finding', async () => {
    const page = await preJoin('pat', app.media.url, token('pat'));
    const panel = await runTest(page);
    expect(await panel.getAttribute('data-state'), app.browser.logs.join('\n')).toBe('passed');
    // The round trip is measured either way; above 300 ms (a loaded machine) it is a finding, not a failure.
    expect(await statusOf(panel)).toEqual({
      signalling: 'passed',
      webrtc: 'passed',
      publishAudio: 'passed',
      publishVideo: 'passed',
      roundTrip: expect.stringMatching(/^(passed|finding)$/),
      turn: 'finding',
    });
    expect(await step(panel, 'webrtc').textContent()).toMatch(/Connected directly over UDP/);
    expect(await step(panel, 'publishAudio').textContent()).toMatch(/Sent \d+ kB/);
    expect(await step(panel, 'publishVideo').textContent()).toMatch(/Sent \d+ kB/);
    expect(await step(panel, 'roundTrip').textContent()).toMatch(/\d+ ms/);
    expect(await step(panel, 'turn').textContent()).toMatch(/Note.*The server offers no relay/);
    expect(await panel.getByRole('status').textContent()).toMatch(/^Connection test passed, with [12] notes?$/);
    await roomEmpty();
    await page.close();
  });

  it('a viewer token tests without publishing: both publish steps are skipped with the reason', async () => {
    const page = await preJoin('vic', app.media.url, token('vic', { canPublish: false }));
    const panel = await runTest(page);
    expect(await statusOf(panel)).toEqual({
      signalling: 'passed',
      webrtc: 'passed',
      publishAudio: 'skipped',
      publishVideo: 'skipped',
      roundTrip: expect.stringMatching(/^(passed|finding)$/),
      turn: 'finding',
    });
    expect(await step(panel, 'roundTrip').textContent()).toMatch(/\d+ ms/);
    expect(await step(panel, 'publishAudio').textContent()).toMatch(/Skipped.*Your role may not publish this/);
    expect(await step(panel, 'publishVideo').textContent()).toMatch(/Skipped.*Your role may not publish this/);
    expect(await panel.getAttribute('data-state')).toBe('passed');
    await roomEmpty();
    await page.close();
  });

  it('a token the server refuses, and a URL nobody answers, fail the signalling step with the fix in words', async () => {
    const refused = await preJoin('eve', app.media.url, token('eve', {}, 'not-the-secret'));
    let panel = await runTest(refused);
    expect(await panel.getAttribute('data-state')).toBe('failed');
    expect(await step(panel, 'signalling').getAttribute('data-status')).toBe('failed');
    expect(await step(panel, 'signalling').textContent()).toMatch(/Access refused by the server.*The server refused your access to the meeting/);
    expect(await step(panel, 'webrtc').textContent()).toMatch(/Skipped.*Needs the steps above/);
    await refused.close();

    // A port the media server just left: nothing listens there.
    const closed = app.media.url.replace(/:(\d+)/, ':9');
    const unreachable = await preJoin('una', closed, token('una'));
    panel = await runTest(unreachable);
    expect(await step(panel, 'signalling').getAttribute('data-status')).toBe('failed');
    expect(await step(panel, 'signalling').textContent()).toMatch(/Server not reachable.*Check your internet connection/);
    await unreachable.close();
    await roomEmpty();
  });

  it('stopping a running test, or joining during one, leaves nobody in the room and no device open', async () => {
    const page = await app.browser.newPage('sam');
    // The camera's permission prompt stays open while the page says so (a held getUserMedia): the test then waits
    // in its video step, joined, until it is stopped. Every track opened meanwhile is kept, to check it ends.
    await page.addInitScript(() => {
      const media: HeldMedia = { hold: false, held: 0, release: [], tracks: [] };
      window.media = media;
      const original = navigator.mediaDevices.getUserMedia.bind(navigator.mediaDevices);
      navigator.mediaDevices.getUserMedia = async (constraints) => {
        const hold = media.hold;
        const stream = await original(constraints);
        if (!hold) return stream;
        media.tracks.push(...stream.getTracks());
        if (constraints?.video) {
          media.held++;
          await new Promise<void>((resolve) => media.release.push(resolve));
        }
        return stream;
      };
    });
    await page.goto(`${app.web.url}index.html`);
    await page.waitForFunction(() => 'preJoinApp' in window);
    await page.evaluate(([u, k]) => window.preJoinApp.open(u, k), [app.media.url, token('sam')] as const);
    // The preview shows a picture: its camera is open before anything is held. (Its element is there before the
    // camera opens; holding then held the preview's camera, which stays open, instead of the test's.)
    await page.waitForFunction(() => (document.querySelector<HTMLVideoElement>('video[aria-label="Camera preview"]')?.videoWidth ?? 0) > 0);
    const panel = page.getByRole('region', { name: 'Connection test' });

    const heldInVideoStep = async (held: number) => {
      await expect.poll(() => page.evaluate(() => window.media.held), WAIT).toBe(held);
      // The page's store says running before the held getUserMedia; its render may follow a moment later.
      await expect.poll(() => step(panel, 'publishVideo').getAttribute('data-status'), WAIT).toBe('running');
      expect(app.media.room(ROOM)?.participants.map((p) => p.identity)).toEqual(['sam']);
    };
    const releasedAndEnded = async () => {
      await page.evaluate(() => window.media.release.splice(0).forEach((release) => release()));
      await expect.poll(() => page.evaluate(() => window.media.tracks.map((t) => t.readyState)), WAIT).not.toContain('live');
    };

    await page.evaluate(() => void (window.media.hold = true));
    await page.getByRole('button', { name: 'Test connection' }).click();
    await heldInVideoStep(1);
    await page.getByRole('button', { name: 'Stop test' }).click();
    await expect.poll(() => panel.getAttribute('data-state'), WAIT).toBe('cancelled');
    expect(await step(panel, 'publishVideo').textContent()).toMatch(/Skipped.*Stopped/);
    await roomEmpty();
    await releasedAndEnded();

    // Joining while a test runs closes the test (its Room leaves, its tracks stop) before the app joins.
    await page.getByRole('button', { name: 'Test again' }).click();
    await heldInVideoStep(2);
    await page.getByRole('button', { name: 'Join' }).click();
    await expect.poll(() => page.evaluate(() => window.preJoinApp.joined.length), WAIT).toBe(1);
    await expect.poll(() => panel.count(), WAIT).toBe(0);
    await roomEmpty();
    await releasedAndEnded();
    await page.close();
  });
});
