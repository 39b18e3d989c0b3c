/**
 * Picture-in-picture end to end: RoomKit pages (VideoConference, as a user builds it) through the dev media server
 * in Debian's Chromium. Bob turns his camera on; Ada clicks the control bar's picture-in-picture toggle (a real,
 * trusted click: Document Picture-in-Picture needs the user's gesture) and the window shows Bob's video playing,
 * with a microphone toggle and a leave button, styled by RoomKit's stylesheet. Carol's page lacks Document
 * Picture-in-Picture, so she gets the video element fallback with Bob's track. Run inside test/e2e/netns.sh.
 */
import { resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signAccessToken } from '../../dev/media-server';
import { appStackForFile, WAIT } from './support';

const SECRET = 'e2e-pip-secret';
const ROOM = 'pip';
// The text-streams fixture is a plain RoomKit app: RoomProvider and VideoConference.
const fixtures = resolve(import.meta.dirname, 'textStreams');

const app = appStackForFile({
  name: 'pip',
  fixtures,
  secret: SECRET,
});

const token = (identity: string, name: string) =>
  signAccessToken({ identity, name, video: { roomJoin: true, room: ROOM, canPublish: true, canSubscribe: true, canPublishData: true } }, SECRET);

async function enter(identity: string, name: string, options: { withoutDocumentPip?: boolean } = {}): Promise<Page> {
  const page = await app.browser.newPage(identity);
  // A browser without Document Picture-in-Picture (as Safari and older Chromium are): only the video element's.
  if (options.withoutDocumentPip) await page.addInitScript(() => Object.defineProperty(window, 'documentPictureInPicture', { value: undefined }));
  await page.goto(`${app.web.url}index.html`);
  await page.waitForFunction(() => 'roomkit' in window);
  await page.evaluate(([url, t]) => window.roomkit.connect(url, t), [app.media.url, token(identity, name)] as const);
  await page.locator('.rk-toast[data-state="connected"]').waitFor({ state: 'attached', timeout: WAIT.timeout });
  return page;
}

describe('picture-in-picture in Chromium', () => {
  it('Document Picture-in-Picture shows the speaker’s video playing and follows a pin, with named controls; closing it resets the toggle; its leave button leaves', async () => {
    const ada = await enter('ada', 'Ada');
    const bob = await enter('bob', 'Bob');
    await bob.getByRole('button', { name: 'Camera' }).click();
    const carol = await enter('carol1', 'Carol');
    await carol.getByRole('button', { name: 'Camera' }).click();
    const bobOnAda = ada.getByRole('group', { name: 'Bob' });
    await expect.poll(() => bobOnAda.getAttribute('data-video'), WAIT).toBe('on');
    await expect.poll(() => ada.getByRole('group', { name: 'Carol' }).getAttribute('data-video'), WAIT).toBe('on');

    expect(await ada.evaluate(() => 'documentPictureInPicture' in window)).toBe(true);
    const toggle = ada.getByRole('button', { name: 'Picture-in-picture' });
    expect(await toggle.getAttribute('aria-pressed')).toBe('false');
    // Nothing opens by itself: no window before the click.
    expect(await ada.evaluate(() => (window as unknown as { documentPictureInPicture: { window: Window | null } }).documentPictureInPicture.window)).toBeNull();

    const opened = app.browser.context.waitForEvent('page');
    await toggle.click();
    const pip = await opened;
    await expect.poll(() => toggle.getAttribute('aria-pressed'), WAIT).toBe('true');
    expect(await pip.title()).toBe('Meeting (picture-in-picture)');
    const tile = pip.getByRole('group', { name: 'Bob' });
    await tile.waitFor({ timeout: WAIT.timeout });
    await expect.poll(() => tile.getAttribute('data-video'), WAIT).toBe('on');
    // The video plays in the window: frames arrive (it has a size, its clock advances).
    const video = pip.locator('.rk-pip video');
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.videoWidth), WAIT).toBeGreaterThan(0);
    const t0 = await video.evaluate((v: HTMLVideoElement) => v.currentTime);
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), WAIT).toBeGreaterThan(t0);
    expect(await video.evaluate((v: HTMLVideoElement) => v.paused)).toBe(false);
    // RoomKit's stylesheet applies in the window.
    expect(await pip.locator('.rk-pip').evaluate((el) => getComputedStyle(el).position)).toBe('fixed');
    expect(await pip.locator('.rk-pip-stage .rk-tile').evaluate((el) => el.getBoundingClientRect().width)).toBeGreaterThan(100);
    await pip.getByRole('button', { name: 'Microphone' }).waitFor();
    await pip.getByRole('button', { name: 'Leave' }).waitFor();

    // Pinning Carol in the page puts her in the window, her video playing; unpinning goes back to the speaker.
    await ada.getByRole('button', { name: 'Pin Carol' }).click();
    const carolTile = pip.getByRole('group', { name: 'Carol' });
    await carolTile.waitFor({ timeout: WAIT.timeout });
    await expect.poll(() => pip.locator('.rk-pip video').evaluate((v: HTMLVideoElement) => v.videoWidth), WAIT).toBeGreaterThan(0);
    expect(await pip.locator('.rk-tile').count()).toBe(1);
    await ada.getByRole('button', { name: 'Pin Carol' }).click();
    await tile.waitFor({ timeout: WAIT.timeout });

    // The microphone toggle in the window works on Ada's session (a click inside the window).
    await pip.getByRole('button', { name: 'Microphone' }).click();
    await expect.poll(() => ada.getByRole('button', { name: 'Microphone' }).first().getAttribute('aria-pressed'), WAIT).toBe('true');

    // The user closes the window: the toggle follows.
    await pip.close();
    await expect.poll(() => toggle.getAttribute('aria-pressed'), WAIT).toBe('false');

    // Opened again, its leave button ends Ada's session, and the window closes with it.
    const reopened = app.browser.context.waitForEvent('page');
    await toggle.click();
    const again = await reopened;
    const closed = again.waitForEvent('close');
    await again.getByRole('button', { name: 'Leave' }).click();
    await closed;
    await expect.poll(() => bob.getByRole('group', { name: 'Ada' }).count(), WAIT).toBe(0);
    await Promise.all([ada.close(), bob.close(), carol.close()]);
  });

  it('without Document Picture-in-Picture, the video element’s picture-in-picture shows the speaker’s track', async () => {
    const bob = await enter('bob2', 'Bob');
    await bob.getByRole('button', { name: 'Camera' }).click();
    const carol = await enter('carol2', 'Carol', { withoutDocumentPip: true });
    await expect.poll(() => carol.getByRole('group', { name: 'Bob' }).getAttribute('data-video'), WAIT).toBe('on');
    const toggle = carol.getByRole('button', { name: 'Picture-in-picture' });
    await expect.poll(() => toggle.getAttribute('aria-disabled'), WAIT).toBeNull();
    await toggle.click();
    await expect.poll(() => toggle.getAttribute('aria-pressed'), WAIT).toBe('true');
    const state = await carol.evaluate(() => {
      const v = document.pictureInPictureElement as HTMLVideoElement | null;
      const track = (v?.srcObject as MediaStream | null)?.getVideoTracks()[0];
      return { video: v?.tagName, readyState: v?.readyState, width: v?.videoWidth, live: track?.readyState };
    });
    expect(state).toMatchObject({ video: 'VIDEO', live: 'live' });
    expect(state.readyState).toBeGreaterThanOrEqual(1);
    expect(state.width).toBeGreaterThan(0);
    // The toggle closes it.
    await toggle.click();
    await expect.poll(() => toggle.getAttribute('aria-pressed'), WAIT).toBe('false');
    expect(await carol.evaluate(() => document.pictureInPictureElement)).toBeNull();
    expect(await carol.locator('video.rk-pip-video').count()).toBe(0);
    await Promise.all([carol.close(), bob.close()]);
  });
});
