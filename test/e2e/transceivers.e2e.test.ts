import { rm } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signAccessToken, startMediaServer, type MediaServer } from '../../dev/media-server';
import { buildPage, launchBrowser, serveStatic, WAIT, type BrowserSession } from './support';

const SECRET = 'e2e-transceivers';
const ROOM = 'returning-speakers';

let pageDir: string;
let web: Awaited<ReturnType<typeof serveStatic>>;
let media: MediaServer;
let browser: BrowserSession;

beforeAll(async () => {
  pageDir = await buildPage();
  web = await serveStatic(pageDir);
  media = await startMediaServer({ port: 0, tokenSecret: SECRET, logLevel: process.env.MEDIA_SERVER_LOG === '1' ? 'debug' : 'warn' });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await media?.close();
  await web?.close();
  if (pageDir) await rm(pageDir, { recursive: true, force: true });
});

/** What the server forwards to the listener and the negotiations it took (`media` in the control API). */
const listener = () => {
  const state = media.room(ROOM)?.participants.find((p) => p.identity === 'listener')?.media;
  if (!state) throw new Error('the listener is not in the room');
  return state;
};
const packets = (page: Page, identity: string) => page.evaluate((id) => window.harness.packetsReceived(id, 'microphone'), identity);
const subscribe = (page: Page, identity: string, subscribed: boolean) =>
  page.evaluate(([id, on]) => window.harness.setSubscribed(id, 'microphone', on), [identity, subscribed] as const);
const events = (page: Page, event: string) => page.evaluate((e) => window.harness.events.filter((x) => x === e).length, event);

/**
 * livekit-client in Chromium, on one peer connection (its default on /rtc/v1), against the dev media server: a
 * track the page stops receiving leaves its receive section, and the next track of that kind takes the section
 * back, as LiveKit reuses a subscriber's transceivers (dev/media-server/sections.ts). The page's offers keep
 * their three audio sections however often speakers come and go, and each change costs the one offer it costs on
 * LiveKit.
 */
describe('receive sections reused as LiveKit reuses transceivers', () => {
  it('puts a returning speaker back on the section it left, and a new one on a section another left; each heard at once after its one offer', async () => {
    const speakers = media.addSyntheticParticipants(ROOM, { count: 4, camera: false, speaking: true, turnMs: 400 });
    const [first, second, third, fourth] = speakers as [string, string, string, string];
    const page = await browser.open('listener', web.url);
    const token = signAccessToken({ identity: 'listener', video: { roomJoin: true, room: ROOM, canPublish: false } }, SECRET);
    expect(await page.evaluate(([url, t]) => window.harness.connect(url, t, { autoSubscribe: false }), [media.url, token] as const)).toMatchObject({ ok: true });
    await expect.poll(() => page.evaluate(() => window.harness.state().remoteIdentities.length), WAIT).toBe(4);

    // Three speakers heard, on the three receive-only audio sections livekit-client offers from the start.
    for (const speaker of [first, second, third]) await subscribe(page, speaker, true);
    for (const speaker of [first, second, third]) await expect.poll(() => packets(page, speaker), WAIT).toBeGreaterThan(0);
    expect(listener()).toMatchObject({ subscriptions: 3, receiveSections: { audio: 3 }, reusedSections: 0 });
    const before = listener();

    // The first speaker is let go: its section turns inactive with the next offer and answer.
    await subscribe(page, first, false);
    await expect.poll(() => events(page, `trackUnsubscribed:${first}:audio`), WAIT).toBe(1);
    expect(listener()).toMatchObject({ subscriptions: 2, offers: before.offers + 1 });

    // It returns: back on its section, mapped by livekit-client to its track, and heard as soon as that offer is answered.
    await subscribe(page, first, true);
    await expect.poll(() => events(page, `trackSubscribed:${first}:audio`), WAIT).toBe(2);
    const atReturn = (await packets(page, first)) ?? 0;
    await expect.poll(() => packets(page, first), WAIT).toBeGreaterThan(atReturn);
    expect(listener()).toMatchObject({ subscriptions: 3, receiveSections: { audio: 3 }, reusedSections: 1, offers: before.offers + 2 });

    // A new speaker takes the section another one left.
    await subscribe(page, second, false);
    await expect.poll(() => events(page, `trackUnsubscribed:${second}:audio`), WAIT).toBe(1);
    await subscribe(page, fourth, true);
    await expect.poll(() => events(page, `trackSubscribed:${fourth}:audio`), WAIT).toBe(1);
    await expect.poll(() => packets(page, fourth), WAIT).toBeGreaterThan(0);
    expect(listener()).toMatchObject({ subscriptions: 3, receiveSections: { audio: 3 }, reusedSections: 2, offers: before.offers + 4 });
    // the others were heard throughout
    const third0 = (await packets(page, third)) ?? 0;
    await expect.poll(() => packets(page, third), WAIT).toBeGreaterThan(third0);
    await page.evaluate(() => window.harness.disconnect());
    await page.close();
  });
});
