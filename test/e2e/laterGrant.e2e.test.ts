/**
 * A grant that arrives after the join, given by LiveKit's server API (UpdateParticipant) to a RoomKit page in Debian's
 * Chromium: a guest who joined with no rights (a waiting room) publishes the camera and microphone it chose, in the
 * same session; a listener brought on stage in an audio room gets the microphone control, and no microphone opens
 * until it presses it. Run inside test/e2e/netns.sh.
 */
import { resolve } from 'node:path';
import { RoomServiceClient } from 'livekit-server-sdk';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signAccessToken } from '../../dev/media-server';
import { appStackForFile, WAIT } from './support';

const SECRET = 'e2e-later-grant-secret';
const KEY_ID = 'lk_later';
const KEY_SECRET = 'e2e-later-grant-api-secret';

const app = appStackForFile({
  name: 'later-grant',
  fixtures: resolve(import.meta.dirname, 'laterGrant'),
  secret: SECRET,
  mediaOptions: { apiKeys: `later=${KEY_ID}.${KEY_SECRET}` },
});

const NO_RIGHTS = { canPublish: false, canSubscribe: false, canPublishData: false };
const LISTENER = { canPublish: false, canSubscribe: true, canPublishData: true };
const ALL = { canPublish: true, canSubscribe: true, canPublishData: true };

async function enter(room: string, identity: string, grants: Record<string, boolean>, kind: 'video' | 'audio'): Promise<Page> {
  const token = signAccessToken({ identity, name: identity, video: { roomJoin: true, room, ...grants } }, SECRET);
  const page = await app.browser.newPage(identity);
  await page.goto(`${app.web.url}index.html`);
  await page.waitForFunction(() => 'laterGrant' in window);
  await page.evaluate(([url, t, k]) => window.laterGrant.connect(url, t, k), [app.media.url, token, kind] as const);
  await expect.poll(() => app.media.room(room)?.participants.some((p) => p.identity === identity) ?? false, WAIT).toBe(true);
  return page;
}

const sources = (room: string, identity: string) =>
  (app.media.room(room)?.participants.find((p) => p.identity === identity)?.tracks ?? []).map((t) => t.source).sort();

describe('a grant after the join (UpdateParticipant)', () => {
  it('publishes the camera and microphone a guest chose once a session that joined with no rights is given them', async () => {
    const room = 'later-guest';
    const guest = await enter(room, 'guest', NO_RIGHTS, 'video');
    // joined and waiting (the conference's waiting screen): nothing to publish with, nothing asked of the devices
    await guest.locator('.rk-placeholder[data-state="waiting"]').waitFor({ timeout: WAIT.timeout });
    expect(await guest.evaluate(() => window.laterGrant.getUserMediaCalls)).toBe(0);
    expect(sources(room, 'guest')).toEqual([]);

    const rooms = new RoomServiceClient(app.media.httpUrl, KEY_ID, KEY_SECRET);
    const admittedAt = Date.now();
    await rooms.updateParticipant(room, 'guest', { permission: ALL });
    await expect.poll(() => sources(room, 'guest'), WAIT).toEqual(['camera', 'microphone']);
    console.log(`guest: camera and microphone published ${Date.now() - admittedAt} ms after UpdateParticipant`);
    // the same session: one join, and the person's own controls show both on
    expect(app.media.room(room)?.participants.filter((p) => p.identity === 'guest')).toHaveLength(1);
    await expect.poll(() => guest.getByRole('button', { name: 'Camera' }).getAttribute('aria-pressed'), WAIT).toBe('true');
    await guest.close();
  });

  it('shows a listener brought on stage the microphone control, and opens no microphone until it is pressed', async () => {
    const room = 'later-stage';
    const listener = await enter(room, 'listener', LISTENER, 'audio');
    await listener.locator('.rk-toast[data-state="connected"]').waitFor({ state: 'attached', timeout: WAIT.timeout });
    const microphone = listener.getByRole('button', { name: 'Microphone' });
    expect(await microphone.count()).toBe(0);

    const rooms = new RoomServiceClient(app.media.httpUrl, KEY_ID, KEY_SECRET);
    await rooms.updateParticipant(room, 'listener', { permission: ALL });
    // the control arrives with the grant; the session decided about publishing in the same store update
    await microphone.waitFor({ timeout: WAIT.timeout });
    expect(await microphone.getAttribute('aria-pressed')).toBe('false');
    expect(await listener.evaluate(() => window.laterGrant.getUserMediaCalls)).toBe(0);
    expect(sources(room, 'listener')).toEqual([]);

    await microphone.click();
    await expect.poll(() => sources(room, 'listener'), WAIT).toEqual(['microphone']);
    await listener.close();
  });
});
