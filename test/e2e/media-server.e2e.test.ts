import { rm } from 'node:fs/promises';
import { RoomServiceClient } from 'livekit-server-sdk';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signAccessToken, startMediaServer, type MediaServer, type VideoGrant } from '../../dev/media-server';
import { buildPage, launchBrowser, serveStatic, WAIT, type BrowserSession } from './support';

const SECRET = 'e2e-secret';
const ROOM = 'e2e-room';
/** The customer server's API key, as the dev Room API's ROOM_API_KEYS gives it: it signs LiveKit server API calls. */
const KEY_ID = 'lk_e2e';
const KEY_SECRET = 'e2e-api-secret';

let pageDir: string;
let web: Awaited<ReturnType<typeof serveStatic>>;
let media: MediaServer;
let browser: BrowserSession;

beforeAll(async () => {
  pageDir = await buildPage();
  web = await serveStatic(pageDir);
  media = await startMediaServer({
    port: 0,
    tokenSecret: SECRET,
    apiKeys: `e2e=${KEY_ID}.${KEY_SECRET}`,
    logLevel: process.env.MEDIA_SERVER_LOG === '1' ? 'debug' : 'warn',
  });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await media?.close();
  await web?.close();
  if (pageDir) await rm(pageDir, { recursive: true, force: true });
});

function token(identity: string, video: Partial<VideoGrant> = {}, ttlSeconds?: number): string {
  return signAccessToken({ identity, ttlSeconds, video: { roomJoin: true, room: ROOM, ...video } }, SECRET);
}

async function connect(page: Page, accessToken: string) {
  return page.evaluate(([url, t]) => window.harness.connect(url, t), [media.url, accessToken] as const);
}

/** Waits until the page has recorded `count` events equal to `event` (or starting with it, for a prefix ending in `:`). */
async function waitForEvent(page: Page, event: string, count = 1, timeout = WAIT.timeout): Promise<void> {
  try {
    await page.waitForFunction(
      ([e, n]) => window.harness.events.filter((x) => (e.endsWith(':') ? x.startsWith(e) : x === e)).length >= n,
      [event, count] as const,
      { timeout, polling: 100 },
    );
  } catch (error) {
    const events = await page.evaluate(() => window.harness.events);
    throw new Error(`no ${count}× "${event}" within ${timeout} ms; events: ${events.join(' | ')}\n${browser.logs.slice(-15).join('\n')}`, {
      cause: error,
    });
  }
}

/** Waits for `identity`'s video to have frames and for its playback position to move on by half a second. */
async function expectVideoPlaying(page: Page, identity: string): Promise<void> {
  const poll = { timeout: WAIT.timeout, polling: 100 };
  try {
    await page.waitForFunction((id) => (window.harness.remoteVideo(id)?.videoWidth ?? 0) > 0, identity, poll);
    const start = await page.evaluate((id) => window.harness.remoteVideo(id)?.currentTime ?? 0, identity);
    await page.waitForFunction(([id, t]) => (window.harness.remoteVideo(id)?.currentTime ?? 0) > t + 0.5, [identity, start] as const, poll);
  } catch (error) {
    const videos = await page.evaluate(() =>
      [...document.querySelectorAll('video')].map((v) => `${v.dataset.identity ?? '?'} ${v.videoWidth}x${v.videoHeight} t=${v.currentTime}`),
    );
    const events = await page.evaluate(() => window.harness.events);
    const inbound = await page.evaluate(() => window.harness.inboundStats());
    throw new Error(
      `${identity}'s video is not playing. videos: ${videos.join('; ')}\ninbound: ${inbound.join('; ')}\nevents: ${events.join(' | ')}\n` +
        `server: ${JSON.stringify(media.room(ROOM)?.participants.map((p) => [p.identity, p.connectionState, p.tracks, p.subscriptions]))}`,
      { cause: error },
    );
  }
  const video = await page.evaluate((id) => window.harness.remoteVideo(id), identity);
  expect(video).toMatchObject({ paused: false });
  expect(video?.videoWidth).toBeGreaterThan(0);
}

function participant(identity: string) {
  return media.room(ROOM)?.participants.find((p) => p.identity === identity);
}

/**
 * One call, step by step: each test continues where the previous one left off (pages stay open), so the suite
 * needs one browser start and a handful of joins.
 */
describe('livekit-client in Chromium against the dev media server', () => {
  let alice: Page;
  let bob: Page;

  it('connects two pages that publish camera and microphone, and each plays the other', async () => {
    alice = await browser.open('alice', web.url);
    bob = await browser.open('bob', web.url);
    expect(await connect(alice, token('alice'))).toMatchObject({ ok: true, state: 'connected' });
    expect(await connect(bob, token('bob'))).toMatchObject({ ok: true, state: 'connected' });
    await waitForEvent(alice, 'participantConnected:bob');

    expect(await alice.evaluate(() => window.harness.publish({ camera: true, microphone: true }))).toEqual({ ok: true });
    expect(await bob.evaluate(() => window.harness.publish({ camera: true, microphone: true }))).toEqual({ ok: true });
    await waitForEvent(bob, 'trackSubscribed:alice:video');
    await waitForEvent(bob, 'trackSubscribed:alice:audio');
    await waitForEvent(alice, 'trackSubscribed:bob:video');
    await expectVideoPlaying(bob, 'alice');
    await expectVideoPlaying(alice, 'bob');
    // the fake microphone beeps: the server measures its audio level and names the speakers
    await waitForEvent(alice, 'activeSpeakers:');
    const speakers = await alice.evaluate(() => window.harness.events.filter((e) => e.startsWith('activeSpeakers:')));
    expect(speakers.some((e) => /[:,](alice|bob)/.test(e))).toBe(true);
  });

  it('carries reliable and lossy data messages with their topic', async () => {
    await alice.evaluate(() => window.harness.sendData('hello bob', 'chat', true));
    await bob.evaluate(() => window.harness.sendData('cursor 1,2', 'cursor', false));
    await waitForEvent(bob, 'data:alice:chat:hello bob');
    await waitForEvent(alice, 'data:bob:cursor:cursor 1,2');
  });

  it("delivers a reliable message sent the moment someone joins, before the newcomer's data channel is open", async () => {
    await alice.evaluate(() => window.harness.greetNextJoin('welcome carol', 'greeting'));
    const carol = await browser.open('carol', web.url);
    expect(await connect(carol, token('carol'))).toMatchObject({ ok: true });
    // The server held it until Carol's channel opened (LiveKit does the same); it used to drop it.
    await waitForEvent(carol, 'data:alice:greeting:welcome carol');
    expect(participant('carol')).toMatchObject({ undeliveredDataPackets: 0 });
    console.log(`carol: ${participant('carol')?.replayedDataPackets} packet(s) held until her channel opened`);
    await carol.evaluate(() => window.harness.disconnect());
    await carol.close();
  });

  it('refuses a badly signed or expired token with ConnectionError NotAllowed, status 401', async () => {
    const page = await browser.open('mallory', web.url);
    const forged = signAccessToken({ identity: 'mallory', video: { roomJoin: true, room: ROOM } }, 'not-the-secret');
    expect(await connect(page, forged)).toMatchObject({ ok: false, name: 'ConnectionError', reason: 'NotAllowed', status: 401 });
    expect(await connect(page, token('mallory', {}, -60))).toMatchObject({ ok: false, reason: 'NotAllowed', status: 401 });
    expect(participant('mallory')).toBeUndefined();
    await page.close();
  });

  it("gives a late joiner the existing tracks, and refuses a viewer's publish in the client and on the server", async () => {
    const viewer = await browser.open('viewer', web.url);
    expect(await connect(viewer, token('viewer', { canPublish: false }))).toMatchObject({ ok: true });
    // joined after alice and bob published: it receives both
    await expectVideoPlaying(viewer, 'alice');
    await waitForEvent(viewer, 'trackSubscribed:bob:video');

    // livekit-client checks its permission first
    expect(await viewer.evaluate(() => window.harness.publish({ camera: true, microphone: false }))).toMatchObject({ ok: false, status: 403 });
    // a client that ignores its permission gets no trackPublished: the publish times out and nothing is forwarded
    const forced = await viewer.evaluate(() => window.harness.publishIgnoringLocalPermissions());
    expect(forced).toMatchObject({ ok: false, error: expect.stringMatching(/timed out/) });
    expect(participant('viewer')).toMatchObject({ tracks: [], refusedTracks: 1 });
    expect(await alice.evaluate(() => window.harness.events.filter((e) => e.startsWith('trackSubscribed:viewer')))).toEqual([]);
    await viewer.evaluate(() => window.harness.disconnect());
    await viewer.close();
  });

  it('forwards no media to a participant without canSubscribe', async () => {
    const listener = await browser.open('listener', web.url);
    const blind = await browser.open('blind', web.url);
    expect(await connect(blind, token('blind', { canSubscribe: false }))).toMatchObject({ ok: true });
    expect(await connect(listener, token('listener'))).toMatchObject({ ok: true });
    // both joined the same way; once the one allowed to subscribe has alice's video, the other would have too
    await waitForEvent(listener, 'trackSubscribed:alice:video');
    await waitForEvent(blind, 'participantConnected:listener');
    expect(await blind.evaluate(() => window.harness.events.filter((e) => e.startsWith('trackSubscribed:')))).toEqual([]);
    expect(participant('blind')).toMatchObject({ subscriptions: [], packetsForwarded: {} });
    expect(await blind.evaluate(() => window.harness.state().remoteIdentities.sort())).toEqual(['alice', 'bob', 'listener']);
    for (const page of [listener, blind]) {
      await page.evaluate(() => window.harness.disconnect());
      await page.close();
    }
  });

  it('revokes canPublish mid-call through LiveKit’s server API (UpdateParticipant)', async () => {
    // the permission replaces the whole permission: subscribing and data stay, publishing goes
    const rooms = new RoomServiceClient(media.httpUrl, KEY_ID, KEY_SECRET);
    const info = await rooms.updateParticipant(ROOM, 'alice', { permission: { canSubscribe: true, canPublishData: true } });
    expect(info.permission).toMatchObject({ canPublish: false, canSubscribe: true, canPublishData: true });
    await waitForEvent(alice, 'permissionsChanged:alice:canPublish=false');
    await waitForEvent(alice, 'localTrackUnpublished:camera');
    await waitForEvent(alice, 'localTrackUnpublished:microphone');
    await waitForEvent(bob, 'trackUnpublished:alice:video');
    expect(await alice.evaluate(() => window.harness.state())).toMatchObject({ canPublish: false, localTrackSources: [] });
    expect(participant('alice')?.tracks).toEqual([]);

    // given back, the camera can be published again and reaches bob
    media.setPermissions(ROOM, 'alice', { canPublish: true });
    await waitForEvent(alice, 'permissionsChanged:alice:canPublish=true');
    expect(await alice.evaluate(() => window.harness.publish({ camera: true, microphone: false }))).toEqual({ ok: true });
    await waitForEvent(bob, 'trackSubscribed:alice:video', 2);
    await expectVideoPlaying(bob, 'alice');
  });

  it('reconnects the clients after the server drops every connection', async () => {
    // On a full reconnect livekit-client restarts its camera; two pages of one Chromium restarting the fake camera
    // at once can leave it without frames, so only alice keeps a camera from here on.
    await bob.evaluate(() => window.harness.unpublish('camera'));
    await waitForEvent(alice, 'trackUnpublished:bob:video');
    const response = await fetch(`${media.controlUrl}/drop`, { method: 'POST' });
    expect(await response.json()).toEqual({ dropped: true });
    await waitForEvent(alice, 'reconnecting');
    await waitForEvent(alice, 'reconnected', 1, 30_000);
    await waitForEvent(bob, 'reconnected', 1, 30_000);
    // the new session republishes the camera, and media flows again
    await waitForEvent(bob, 'trackSubscribed:alice:video', 3);
    await expectVideoPlaying(bob, 'alice');
  });

  it('reconnects the clients after the server stops and starts again on the same port', async () => {
    const port = media.port;
    await media.stop();
    await waitForEvent(alice, 'reconnecting', 2);
    await waitForEvent(bob, 'reconnecting', 2);
    await media.start();
    expect(media.port).toBe(port);
    await waitForEvent(alice, 'reconnected', 2, 30_000);
    await waitForEvent(bob, 'reconnected', 2, 30_000);
    await waitForEvent(bob, 'trackSubscribed:alice:video', 4);
    await expectVideoPlaying(bob, 'alice');
    expect(media.room(ROOM)?.participants.map((p) => p.identity).sort()).toEqual(['alice', 'bob']);
  });
});
