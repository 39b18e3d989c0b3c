/**
 * The waiting room end to end, on the demo with three pages: a guest (the demo backend's `guest` role: `wait: true`)
 * knocks from PreJoin with the camera on and waits without rights; an admin sees the knock and admits them through
 * createRoomActions and the demo backend's room actions route (UpdateParticipant on the dev media server); the guest's
 * page becomes the meeting in the same connection and publishes the camera it chose; a publisher who is no admin
 * never sees anyone waiting. A denied guest is told and disconnected; knocking again waits again. Run inside
 * test/e2e/netns.sh.
 */
import type { Room } from 'livekit-client';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { startDemo, type Demo } from '../../demo/serve';
import { closeDemoAfterAll, joinDemoPage, launchBrowser, WAIT, type BrowserSession } from './support';

let demo: Demo;
let browser: BrowserSession;
const ROOM = 'waiting';
let admin: Page;
let cleo: Page;

beforeAll(async () => {
  demo = await startDemo({ port: 0, mediaPort: 0, roomApiPort: 0, quiet: true, frozen: true, built: true });
  browser = await launchBrowser();
  admin = await joinDemoPage(browser, demo.url, { name: 'Ada', role: 'admin', room: ROOM });
  cleo = await joinDemoPage(browser, demo.url, { name: 'Cleo', role: 'publisher', room: ROOM });
  await admin.getByRole('button', { name: /^Participants/ }).click();
  await cleo.getByRole('button', { name: /^Participants/ }).click();
}, 120_000);

closeDemoAfterAll(() => ({ browser, demo }));

/** A guest knocks: joins from PreJoin (camera and microphone on, as PreJoin starts) and lands on the waiting screen. */
const knock = (name: string) =>
  joinDemoPage(browser, demo.url, {
    name,
    role: 'guest',
    room: ROOM,
    ready: (page) => page.getByRole('status').filter({ hasText: 'Waiting for the host to let you in' }).waitFor(),
  });

const queue = (page: Page) => page.getByRole('region', { name: /^Waiting \(/ });
/** The media server's view of `name`: their permission and session id, or undefined once they are gone. */
const onServer = (name: string) => demo.media!.rooms().find((r) => r.name.startsWith(`${ROOM}-`))?.participants.find((p) => p.name === name);
/** The page's own livekit-client session: its participant sid (a second join would change it) and what it publishes. */
const session = (page: Page) =>
  page.evaluate(() => {
    const { room } = (window as unknown as { __roomkitDemo: { room: Room } }).__roomkitDemo;
    return { sid: room.localParticipant.sid, state: room.state, publishing: [...room.localParticipant.trackPublications.values()].map((p) => p.source).sort() };
  });

describe('the waiting room, on the demo', () => {
  it('a guest knocks: they wait without rights and see nothing of the meeting; the admin sees the knock, a publisher does not', async () => {
    const gus = await knock('Gus');
    expect(await gus.getByRole('toolbar').count()).toBe(0);
    expect(await gus.locator('.rk-tile').count()).toBe(0);
    await expect.poll(() => onServer('Gus')?.permission, WAIT).toMatchObject({ canPublish: false, canSubscribe: false, canPublishData: false });
    // The guest's page publishes nothing while it waits, though PreJoin had the camera on.
    expect((await session(gus)).publishing).toEqual([]);
    await queue(admin).getByText('Gus').waitFor();
    await admin.locator('.rk-notification-text', { hasText: 'Gus is waiting to join' }).waitFor();
    expect(await cleo.getByText('Gus').count()).toBe(0);
    expect(await queue(cleo).count()).toBe(0);

    // Admitted: the waiting screen becomes the meeting in the same session, and the chosen camera and microphone publish.
    const before = await session(gus);
    await queue(admin).getByRole('button', { name: 'Admit Gus' }).click();
    await gus.getByRole('toolbar', { name: 'Meeting controls' }).waitFor();
    await expect.poll(async () => (await session(gus)).publishing, WAIT).toEqual(['camera', 'microphone']);
    expect((await session(gus)).sid).toBe(before.sid);
    // Gus sees the others, and they see him, with video.
    const videoOf = (page: Page, name: string) => page.locator('.rk-conference-stage').getByRole('group', { name, exact: true }).locator('video');
    await expect.poll(() => videoOf(gus, 'Ada').evaluate((v: HTMLVideoElement) => v.videoWidth), WAIT).toBeGreaterThan(0);
    await expect.poll(() => videoOf(cleo, 'Gus').evaluate((v: HTMLVideoElement) => v.videoWidth), WAIT).toBeGreaterThan(0);
    await expect.poll(() => queue(admin).count(), WAIT).toBe(0);
    await gus.close();
  });

  it('a guest denied is told in words and disconnected; knocking again, they wait again', async () => {
    const dee = await knock('Dee');
    await queue(admin).getByRole('button', { name: 'Deny Dee' }).click();
    await dee.getByRole('status').filter({ hasText: 'The host did not let you in.' }).waitFor();
    await expect.poll(() => onServer('Dee'), WAIT).toBeUndefined();
    expect((await session(dee)).state).toBe('disconnected');
    await dee.close();
    // A new knock: the waiting screen again, and the admin's queue again, never straight in.
    const again = await knock('Dee');
    await queue(admin).getByRole('button', { name: 'Admit Dee' }).waitFor();
    expect(await again.getByRole('toolbar').count()).toBe(0);
    await again.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => onServer('Dee'), WAIT).toBeUndefined();
    await expect.poll(() => queue(admin).count(), WAIT).toBe(0);
  });
});
