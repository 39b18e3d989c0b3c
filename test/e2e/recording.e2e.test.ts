/**
 * The recording template as LiveKit Egress uses it: a page opened at `recording.html?url=…&token=…&layout=grid` with
 * a hidden recorder's token (the grants Egress gives its own: hidden, recorder, subscribe only), in a room with two
 * plain livekit-client pages publishing Chromium's fake camera, through the dev media server. The recorder's console
 * is read as Egress reads it (`START_RECORDING`, `END_RECORDING`). Run inside test/e2e/netns.sh.
 */
import { resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signAccessToken, type VideoGrant } from '../../dev/media-server';
import { appStackForFile } from './support';

const SECRET = 'e2e-recording-secret';
const ROOM = 'recorded';
const EMPTY_MS = 1000;

const app = appStackForFile({
  name: 'recording',
  fixtures: resolve(import.meta.dirname, 'recording'),
  secret: SECRET,
  pages: ['recording', 'publisher'],
});

const publisherToken = (identity: string, name: string) =>
  signAccessToken({ identity, name, video: { roomJoin: true, room: ROOM, canPublish: true, canSubscribe: true } }, SECRET);
// LiveKit Egress's recorder grant: join, subscribe, publish nothing, hidden, recorder (a claim this server ignores).
const recorderToken = () =>
  signAccessToken(
    {
      identity: 'EG_recorder',
      video: { roomJoin: true, room: ROOM, canSubscribe: true, canPublish: false, canPublishData: false, hidden: true, recorder: true } as VideoGrant,
    },
    SECRET,
  );

async function publisher(identity: string, name: string): Promise<Page> {
  const page = await app.browser.newPage(identity);
  await page.goto(`${app.web.url}publisher.html`);
  await page.waitForFunction(() => 'lkPublisher' in window);
  await page.evaluate(([url, token]) => window.lkPublisher.join(url, token), [app.media.url, publisherToken(identity, name)] as const);
  return page;
}

describe('recording template through the dev media server', () => {
  it('shows both publishers’ video, logs START_RECORDING after video played, and END_RECORDING once both left', async () => {
    const ada = await publisher('ada', 'Ada');
    const bob = await publisher('bob', 'Bob');

    const recorder = await app.browser.newPage('recorder');
    // The recorder's signals, as LiveKit Egress reads them: console lines that are exactly these strings.
    const lines: string[] = [];
    recorder.on('console', (message) => {
      const text = message.text();
      if (text === 'START_RECORDING' || text === 'END_RECORDING') lines.push(text);
    });
    // In the page, at the moment START_RECORDING is logged: had a remote video presented a frame?
    await recorder.addInitScript(() => {
      const original = console.log.bind(console);
      console.log = (...args: unknown[]) => {
        if (args[0] === 'START_RECORDING') {
          const played = [...document.querySelectorAll('video')].some((v) => v.videoWidth > 0 && v.getVideoPlaybackQuality().totalVideoFrames > 0);
          (window as unknown as { startSawVideo: boolean }).startSawVideo = played;
        }
        original(...args);
      };
    });
    const address = new URLSearchParams({ url: app.media.url, token: recorderToken(), layout: 'grid', emptyMs: String(EMPTY_MS) });
    await recorder.goto(`${app.web.url}recording.html?${address}`);

    const view = recorder.getByRole('region', { name: 'Recording' });
    await view.waitFor({ timeout: 20_000 });
    // Both publishers' tiles, each playing video: a size, and a decoded frame count that grows.
    for (const name of ['Ada', 'Bob']) {
      const tile = view.getByRole('group', { name });
      await tile.waitFor({ timeout: 20_000 });
      await expect.poll(() => tile.evaluate((el) => el.querySelector('video')?.videoWidth ?? 0), { timeout: 20_000 }).toBeGreaterThan(0);
      const frames = () => tile.evaluate((el) => el.querySelector('video')?.getVideoPlaybackQuality().totalVideoFrames ?? 0);
      const before = await frames();
      await expect.poll(frames, { timeout: 10_000 }).toBeGreaterThan(before);
    }
    expect(await view.locator('.rk-recording-stage').getAttribute('data-layout')).toBe('grid');
    // The recorder has no tile and nothing to press.
    expect(await view.getByRole('group').count()).toBe(2);
    expect(await view.locator('button').count()).toBe(0);
    // START_RECORDING, once, and only once a remote video had shown a frame.
    await expect.poll(() => [...lines], { timeout: 20_000 }).toEqual(['START_RECORDING']);
    expect(await recorder.evaluate(() => (window as unknown as { startSawVideo?: boolean }).startSawVideo)).toBe(true);
    // The publishers never saw the hidden recorder.
    expect(app.media.room(ROOM)!.participants.map((p) => p.identity).sort()).toEqual(['EG_recorder', 'ada', 'bob']);

    // Both leave: after the empty time, END_RECORDING.
    await ada.evaluate(() => window.lkPublisher.leave());
    await bob.evaluate(() => window.lkPublisher.leave());
    await view.getByRole('status').filter({ hasText: 'Waiting for participants…' }).waitFor({ timeout: 20_000 });
    await expect.poll(() => [...lines], { timeout: 20_000 }).toEqual(['START_RECORDING', 'END_RECORDING']);
    expect(await view.getAttribute('data-signal')).toBe('stopped');
    await Promise.all([ada.close(), bob.close(), recorder.close()]);
  });
});
