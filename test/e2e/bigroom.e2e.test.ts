import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import type { Page } from 'playwright-core';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signAccessToken, startMediaServer, type MediaServer } from '../../dev/media-server';
import { sourceAliases } from '../../sourceAliases';
import { launchBrowser, serveStatic, WAIT, type BrowserSession } from './support';

const SECRET = 'e2e-big-room';
const ROOM = 'big-room';
const PUBLISHERS = 100;
const STRIP = 4;

let pageDir: string;
let web: Awaited<ReturnType<typeof serveStatic>>;
let media: MediaServer;
let browser: BrowserSession;

beforeAll(async () => {
  pageDir = await mkdtemp(join(tmpdir(), 'roomkit-e2e-bigroom-'));
  await build({
    configFile: false,
    root: resolve(import.meta.dirname, 'bigroom'),
    logLevel: 'warn',
    plugins: [react()],
    resolve: { alias: sourceAliases },
    build: { outDir: pageDir, emptyOutDir: true, target: 'es2022', minify: false, reportCompressedSize: false },
  });
  web = await serveStatic(pageDir);
  media = await startMediaServer({ port: 0, tokenSecret: SECRET, logLevel: 'warn' });
  browser = await launchBrowser();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await media?.close();
  await web?.close();
  if (pageDir) await rm(pageDir, { recursive: true, force: true });
});

const viewer = () => media.room(ROOM)?.participants.find((p) => p.identity === 'viewer');

/** Polls the server's view until `condition` holds; fails with the last state after `timeoutMs`. */
async function untilServer(what: string, condition: () => boolean, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) {
      const v = viewer();
      throw new Error(`timed out waiting for ${what}; viewer media: ${JSON.stringify(v && { ...v.media, tracks: undefined, layers: v.media.tracks })}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe(`RoomKit in a ${PUBLISHERS}-publisher room on the dev media server`, () => {
  it('subscribes only the cameras its tiles show, the microphones of those heard, and the layer each tile size needs', async () => {
    const added = media.addSyntheticParticipants(ROOM, { count: PUBLISHERS });
    const page: Page = await browser.context.newPage();
    page.on('pageerror', (error) => browser.logs.push(`[viewer:pageerror] ${error.message}`));
    await page.goto(web.url);
    await page.waitForFunction(() => typeof window.bigRoom === 'object');
    const token = signAccessToken({ identity: 'viewer', video: { roomJoin: true, room: ROOM, canPublish: false } }, SECRET);
    await page.evaluate((o) => window.bigRoom.join(o), { url: media.url, token, focus: added[0]!, strip: STRIP });

    // One large tile and a strip of small ones play video.
    try {
      await page.waitForFunction(
        () => {
          const shown = document.querySelectorAll('.rk-tile[data-video="on"]').length;
          return shown > 1 && window.bigRoom.playing().length === shown;
        },
        undefined,
        { timeout: 60_000, polling: 200 },
      );
    } catch (error) {
      const seen = await page.evaluate(() => ({
        connected: window.bigRoom.connected(),
        playing: window.bigRoom.playing(),
        tiles: [...document.querySelectorAll('.rk-tile')].map((t) => `${t.getAttribute('aria-label')}:${t.getAttribute('data-video')}:${t.querySelector('video')?.readyState ?? '-'}`),
      }));
      throw new Error(`the page's tiles did not all play: ${JSON.stringify(seen)}; server: ${JSON.stringify(viewer()?.media)}; ${browser.logs.slice(-10).join(' | ')}`, { cause: error });
    }
    const tiles = await page.evaluate(() => window.bigRoom.playing());
    // the focused camera and the strip's remote cameras (the viewer's own tile takes a strip slot)
    const cameras = tiles.length;
    expect(cameras).toBe(STRIP);
    const large = tiles.find((t) => t.name === 'Synthetic 1')!;
    const small = tiles.filter((t) => t !== large);
    expect(large.width).toBeGreaterThan(640);
    for (const tile of small) expect(tile.width).toBeLessThanOrEqual(320);

    // The server forwards those cameras and, in a room of 100 silent microphones, none of them; never more cameras,
    // not even during the join.
    await untilServer("the page's cameras and no microphone", () => viewer()?.media.videoSubscriptions === cameras && viewer()?.media.subscriptions === cameras);
    expect(viewer()!.media.peakVideoSubscriptions).toBe(cameras);
    // Someone off the page speaks: the server announces it, and the page subscribes that microphone (and only it).
    const speaker = added[PUBLISHERS - 1]!;
    const micOf = (identity: string) => media.room(ROOM)!.participants.find((p) => p.identity === identity)!.tracks.find((t) => t.source === 'microphone')!.sid;
    const offersBefore = viewer()!.media.offers;
    media.setActiveSpeakers(ROOM, [{ identity: speaker }]);
    // The server counts the subscription before the page's offer for it comes back: wait for that offer too, so the
    // page's description read below is it (read earlier, under load in a fresh CI run, it was the offer that added
    // the cameras, made before any answer named the server's codecs, so nothing in it could be trimmed yet).
    await untilServer(
      "the speaker's microphone, and the page's offer for it",
      () => viewer()?.media.tracks[micOf(speaker)] !== undefined && viewer()?.media.subscriptions === cameras + 1 && viewer()!.media.offers > offersBefore,
    );
    media.setActiveSpeakers(ROOM, null);

    // That subscription renegotiated: the offer's receive-only sections list only what the dev media server sends
    // (VP8, Opus), not every codec Chromium could receive (about 4.5 kB of SDP per video section untrimmed).
    const { receive, length } = await page.evaluate(() => window.bigRoom.offer());
    expect(receive.filter((s) => s.kind === 'video').length).toBeGreaterThanOrEqual(cameras);
    expect(new Set(receive.map((s) => `${s.kind}:${s.codecs.join(',')}`))).toEqual(new Set(['video:VP8', 'audio:opus']));
    expect(length / receive.length).toBeLessThan(1500);

    // Adaptive stream sizes each layer to its element: the large tile gets the 1280×720 layer, small ones 320×180.
    const cameraOf = (identity: string) => media.room(ROOM)!.participants.find((p) => p.identity === identity)!.tracks.find((t) => t.source === 'camera')!.sid;
    const layerOf = (identity: string) => viewer()?.media.tracks[cameraOf(identity)]?.layer;
    const smallIds = added.filter((id) => small.some((t) => t.name === `Synthetic ${id.split('-')[1]}`));
    expect(smallIds).toHaveLength(cameras - 1);
    await untilServer('the large tile on the high layer, the small ones on the low one', () => layerOf(added[0]!) === 'f' && smallIds.every((id) => layerOf(id) === 'q'));
    // dynacast's view of it: the focused camera is wanted at HIGH, a strip camera at LOW, an unseen one not at all
    const wanted = (identity: string) => media.room(ROOM)!.participants.find((p) => p.identity === identity)!.tracks.find((t) => t.source === 'camera')!.wantedQuality;
    expect([wanted(added[0]!), wanted(smallIds[0]!), wanted(added[PUBLISHERS - 1]!)]).toEqual([2, 0, -1]);
  }, 180_000);

  it("keeps a meeting's returning speaker subscribed: heard from the first word, with no offer", async () => {
    // 20 microphones, so the big-room audio policy applies (more than 12); no cameras, no turns of their own
    const room = 'meeting';
    const added = media.addSyntheticParticipants(room, { count: 20, camera: false });
    const page: Page = await browser.context.newPage();
    page.on('pageerror', (error) => browser.logs.push(`[meeting:pageerror] ${error.message}`));
    await page.goto(web.url);
    await page.waitForFunction(() => typeof window.bigRoom === 'object');
    const token = signAccessToken({ identity: 'listener', video: { roomJoin: true, room, canPublish: false } }, SECRET);
    await page.evaluate((o) => window.bigRoom.join(o), { url: media.url, token, focus: added[0]!, strip: STRIP });
    const listener = () => media.room(room)?.participants.find((p) => p.identity === 'listener')?.media;
    const micOf = (identity: string) => media.room(room)!.participants.find((p) => p.identity === identity)!.tracks.find((t) => t.source === 'microphone')!.sid;
    await expect.poll(() => page.evaluate(() => window.bigRoom.connected()), WAIT).toBe(true);
    await expect.poll(() => listener()?.subscriptions, WAIT).toBe(0);

    // Three regulars take turns, as the server announces them: each is subscribed when first heard.
    const regulars = [added[3]!, added[9]!, added[15]!];
    const speak = async (identity: string, times: number) => {
      media.setActiveSpeakers(room, [{ identity }]);
      await expect.poll(() => page.evaluate((e) => window.bigRoom.micEvents.filter((x) => x.startsWith(e)).length, `speaks:${identity}:`), WAIT).toBe(times);
    };
    for (const identity of regulars) {
      await speak(identity, 1);
      await expect.poll(() => page.evaluate((e) => window.bigRoom.micEvents.includes(e), `subscribed:${identity}`), WAIT).toBe(true);
      expect(listener()?.tracks[micOf(identity)]).toBeDefined();
    }
    await expect.poll(() => listener()?.subscriptions, WAIT).toBe(regulars.length);
    const before = listener()!;

    // The first returns: its microphone was still subscribed when the page heard it speak, its packets keep
    // arriving, and the page made no offer for it. (However long the others spoke: test/unit/audioPolicy.test.tsx.)
    const [first] = regulars as [string];
    const packets = (await page.evaluate((id) => window.bigRoom.micPackets(id), first)) ?? 0;
    await speak(first, 2);
    await expect.poll(() => page.evaluate((id) => window.bigRoom.micPackets(id), first), WAIT).toBeGreaterThan(packets);
    const events = await page.evaluate(() => window.bigRoom.micEvents);
    expect(events.filter((e) => e.startsWith(`speaks:${first}:`))).toEqual([`speaks:${first}:not subscribed`, `speaks:${first}:subscribed`]);
    expect(events.filter((e) => e.endsWith(`subscribed:${first}`))).toEqual([`subscribed:${first}`]);
    expect(listener()).toMatchObject({ subscriptions: regulars.length, offers: before.offers, offerRequests: before.offerRequests });
    media.setActiveSpeakers(room, null);
    await page.close();
  }, 120_000);
});
