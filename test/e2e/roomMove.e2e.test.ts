/**
 * LiveKit's MoveParticipant (what a breakout room is made of) on the dev media server, called with livekit-server-sdk's
 * RoomServiceClient, seen by RoomKit pages and a plain livekit-client page in Debian's Chromium. The moved pages keep
 * their session, camera and microphone (no second join, no second getUserMedia); they see and hear the new room's
 * people and not the old room's; RoomKit's state (the room's name, the tiles, the conversation) follows; moving back
 * brings the main room's conversation back. Run inside test/e2e/netns.sh.
 */
import { resolve } from 'node:path';
import { RoomServiceClient } from 'livekit-server-sdk';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signAccessToken } from '../../dev/media-server';
import { createRoomActionsHandler, createWaitingRoomStore } from '../../src/server/index';
import { appStackForFile, WAIT } from './support';

const SECRET = 'e2e-room-move-secret';
const KEY_ID = 'lk_move';
const KEY_SECRET = 'e2e-room-move-api-secret';
const MAIN = 'move-main';
const BREAKOUT = 'move-breakout-1';

const app = appStackForFile({
  name: 'room-move',
  fixtures: resolve(import.meta.dirname, 'roomMove'),
  secret: SECRET,
  pages: ['index', 'plain'],
  mediaOptions: { apiKeys: `move=${KEY_ID}.${KEY_SECRET}` },
});

const token = (identity: string, name: string, video: Record<string, boolean | string> = {}) => signAccessToken({ identity, name, video: { roomJoin: true, room: MAIN, ...video } }, SECRET);
const identities = (room: string) => (app.media.room(room)?.participants ?? []).map((p) => p.identity).sort();
const trackSids = (room: string, identity: string) =>
  (app.media.room(room)?.participants.find((p) => p.identity === identity)?.tracks ?? []).map((t) => `${t.source}:${t.sid}`).sort();

async function roomkitPage(identity: string, name: string): Promise<Page> {
  const page = await app.browser.newPage(identity);
  await page.goto(`${app.web.url}index.html`);
  await page.waitForFunction(() => 'roomMove' in window);
  await page.evaluate(([url, t]) => window.roomMove.connect(url, t), [app.media.url, token(identity, name)] as const);
  await expect.poll(() => trackSids(MAIN, identity).length, WAIT).toBe(2);
  return page;
}

async function plainPage(identity: string, name: string, video: Record<string, boolean | string> = {}): Promise<Page> {
  const page = await app.browser.newPage(identity);
  await page.goto(`${app.web.url}plain.html`);
  await page.waitForFunction(() => 'mover' in window);
  await page.evaluate(([url, t]) => window.mover.connect(url, t), [app.media.url, token(identity, name, video)] as const);
  return page;
}

const tiles = (page: Page) => page.locator('.rk-tile').evaluateAll((all) => all.map((tile) => (tile.getAttribute('aria-label') ?? '').split(/[ ,]/)[0]).sort());
const chatTexts = (page: Page) => page.getByTestId('chat-texts').locator('li').allTextContents();

describe('MoveParticipant: RoomKit and plain livekit-client pages follow a move in one session', () => {
  it('moves two pages to a breakout room and back, with their devices, their view and their conversation', async () => {
    const ada = await roomkitPage('ada', 'Ada');
    const cy = await roomkitPage('cy', 'Cy');
    const bob = await plainPage('bob', 'Bob');
    await expect.poll(() => tiles(ada), WAIT).toEqual(['Ada', 'Bob', 'Cy']);
    await bob.evaluate(() => window.mover.sendChat('welcome to the all-hands'));
    await expect.poll(() => chatTexts(ada), WAIT).toEqual(['bob: welcome to the all-hands']);
    const adaTracks = trackSids(MAIN, 'ada');
    const asked = await ada.evaluate(() => window.roomMove.getUserMediaCalls);

    const rooms = new RoomServiceClient(app.media.httpUrl, KEY_ID, KEY_SECRET);
    const movedAt = Date.now();
    await rooms.moveParticipant(MAIN, 'ada', BREAKOUT);
    await rooms.moveParticipant(MAIN, 'bob', BREAKOUT);

    // RoomKit's page: the breakout room's name and people, the same camera and microphone, no new device request
    await expect.poll(() => ada.getByTestId('room-name').textContent(), WAIT).toBe(BREAKOUT);
    await expect.poll(() => tiles(ada), WAIT).toEqual(['Ada', 'Bob']);
    console.log(`ada: the breakout room's tiles ${Date.now() - movedAt} ms after MoveParticipant`);
    expect(identities(BREAKOUT)).toEqual(['ada', 'bob']);
    expect(identities(MAIN)).toEqual(['cy']);
    expect(trackSids(BREAKOUT, 'ada')).toEqual(adaTracks);
    expect(await ada.evaluate(() => window.roomMove.getUserMediaCalls)).toBe(asked);
    // the plain page: livekit-client's RoomEvent.Moved, and Ada's camera playing in it
    await expect.poll(() => bob.evaluate(() => window.mover.moves), WAIT).toEqual([BREAKOUT]);
    expect(await bob.evaluate(() => window.mover.roomName())).toBe(BREAKOUT);
    expect(await bob.evaluate(() => window.mover.others())).toEqual(['ada']);
    await expect.poll(() => bob.evaluate(() => window.mover.videoWidth('ada')), WAIT).toBeGreaterThan(0);
    // the main room no longer sees them
    await expect.poll(() => tiles(cy), WAIT).toEqual(['Cy']);

    // the conversation is the breakout room's: Bob's message reaches Ada, not Cy; the main room's is not shown there
    await expect.poll(() => chatTexts(ada), WAIT).toEqual([]);
    await bob.evaluate(() => window.mover.sendChat('breakout notes'));
    await expect.poll(() => chatTexts(ada), WAIT).toEqual(['bob: breakout notes']);
    expect(await chatTexts(cy)).toEqual(['bob: welcome to the all-hands']);

    // back to the main room: everyone again, and the main room's conversation
    await rooms.moveParticipant(BREAKOUT, 'ada', MAIN);
    await rooms.moveParticipant(BREAKOUT, 'bob', MAIN);
    await expect.poll(() => ada.getByTestId('room-name').textContent(), WAIT).toBe(MAIN);
    await expect.poll(() => tiles(ada), WAIT).toEqual(['Ada', 'Bob', 'Cy']);
    await expect.poll(() => tiles(cy), WAIT).toEqual(['Ada', 'Bob', 'Cy']);
    expect(await chatTexts(ada)).toEqual(['bob: welcome to the all-hands']);
    expect(await bob.evaluate(() => window.mover.moves)).toEqual([BREAKOUT, MAIN]);
    expect(trackSids(MAIN, 'ada')).toEqual(adaTracks);
    expect(await ada.evaluate(() => window.roomMove.getUserMediaCalls)).toBe(asked);
    await Promise.all([ada.close(), bob.close(), cy.close()]);
  });
});

/**
 * What LiveKit's clients in the destination room see of a participant moved there: LiveKit announces it as a join
 * (ParticipantConnected, then its tracks), and the room it left sees it go (ParticipantDisconnected). Every page here
 * is plain livekit-client, so nothing but livekit-client's own handling of the server's messages is tested.
 */
describe('MoveParticipant seen by plain livekit-client pages on both sides', () => {
  it("the destination room's participant hears the moved one join and decodes its camera; the room it left hears it leave", async () => {
    const FROM = 'move-arrive-a';
    const TO = 'move-arrive-b';
    const bea = await plainPage('bea', 'Bea', { room: TO });
    await bea.evaluate(() => window.mover.publishCamera());
    const al = await plainPage('al', 'Al', { room: FROM });
    const moe = await plainPage('moe', 'Moe', { room: FROM });
    await moe.evaluate(() => window.mover.publishCamera());
    await expect.poll(() => al.evaluate(() => window.mover.arrivals), WAIT).toEqual(['connected: moe']);
    await expect.poll(() => al.evaluate(() => window.mover.videoWidth('moe')), WAIT).toBeGreaterThan(0);

    await new RoomServiceClient(app.media.httpUrl, KEY_ID, KEY_SECRET).moveParticipant(FROM, 'moe', TO);

    await expect.poll(() => moe.evaluate(() => window.mover.moves), WAIT).toEqual([TO]);
    await expect.poll(() => moe.evaluate(() => window.mover.videoWidth('bea')), WAIT).toBeGreaterThan(0);
    await expect.poll(() => bea.evaluate(() => window.mover.arrivals), WAIT).toEqual(['connected: moe']);
    expect(await bea.evaluate(() => window.mover.others())).toEqual(['moe']);
    await expect.poll(() => bea.evaluate(() => window.mover.videoWidth('moe')), WAIT).toBeGreaterThan(0);
    await expect.poll(() => al.evaluate(() => window.mover.arrivals), WAIT).toEqual(['connected: moe', 'disconnected: moe']);
    expect(await al.evaluate(() => window.mover.others())).toEqual([]);
    expect(identities(TO)).toEqual(['bea', 'moe']);
    expect(identities(FROM)).toEqual(['al']);
    await Promise.all([bea.close(), al.close(), moe.close()]);
  });

  it('a participant moved in hears the next one moved in, and a room hears each arrival and departure of one moved back and forth', async () => {
    const FROM = 'move-again-a';
    const TO = 'move-again-b';
    const rooms = new RoomServiceClient(app.media.httpUrl, KEY_ID, KEY_SECRET);
    const cy = await plainPage('cy', 'Cy', { room: TO });
    const bea = await plainPage('bea', 'Bea', { room: FROM });
    const moe = await plainPage('moe', 'Moe', { room: FROM });
    await moe.evaluate(() => window.mover.publishCamera());

    await rooms.moveParticipant(FROM, 'bea', TO);
    await expect.poll(() => bea.evaluate(() => window.mover.others()), WAIT).toEqual(['cy']);
    await rooms.moveParticipant(FROM, 'moe', TO);
    await expect.poll(() => bea.evaluate(() => window.mover.videoWidth('moe')), WAIT).toBeGreaterThan(0);
    // bea was moved herself: livekit-client reports the room she left as departures, the one she found as arrivals
    expect(await bea.evaluate(() => window.mover.arrivals)).toEqual(['connected: moe', 'disconnected: moe', 'connected: cy', 'connected: moe']);

    await rooms.moveParticipant(TO, 'moe', FROM);
    await expect.poll(() => cy.evaluate(() => window.mover.others()), WAIT).toEqual(['bea']);
    await rooms.moveParticipant(FROM, 'moe', TO);
    await expect.poll(() => cy.evaluate(() => window.mover.arrivals), WAIT).toEqual(['connected: bea', 'connected: moe', 'disconnected: moe', 'connected: moe']);
    await expect.poll(() => cy.evaluate(() => window.mover.videoWidth('moe')), WAIT).toBeGreaterThan(0);
    expect(identities(TO)).toEqual(['bea', 'cy', 'moe']);
    await Promise.all([cy.close(), bea.close(), moe.close()]);
  });

  it('a participant whose signalling is down while someone is moved in hears of the arrival once it resumes', async () => {
    const FROM = 'move-resume-a';
    const TO = 'move-resume-b';
    const bea = await plainPage('bea', 'Bea', { room: TO });
    await bea.evaluate(() => window.mover.publishCamera());
    const moe = await plainPage('moe', 'Moe', { room: FROM });
    await moe.evaluate(() => window.mover.publishCamera());
    // The server drops bea's signalling (as it does to a client that stopped pinging) and her resume is held until
    // moe has been moved, so the move happens while her socket is down, whatever the timing.
    let release = () => {};
    const moved = new Promise<void>((resolve) => (release = resolve));
    let resumes = 0;
    await bea.routeWebSocket(/\/rtc\/v1/, async (ws) => {
      resumes += 1;
      await moved;
      ws.connectToServer();
    });
    expect(app.media.dropSignal(TO, { identity: 'bea' })).toEqual(['bea']);
    await expect.poll(() => resumes, WAIT).toBe(1);

    await new RoomServiceClient(app.media.httpUrl, KEY_ID, KEY_SECRET).moveParticipant(FROM, 'moe', TO);
    release();

    await expect.poll(() => moe.evaluate(() => window.mover.moves), WAIT).toEqual([TO]);
    await expect.poll(() => bea.evaluate(() => window.mover.arrivals), WAIT).toEqual(['connected: moe']);
    await expect.poll(() => bea.evaluate(() => window.mover.videoWidth('moe')), WAIT).toBeGreaterThan(0);
    expect(identities(TO)).toEqual(['bea', 'moe']);
    await Promise.all([bea.close(), moe.close()]);
  });
});

/**
 * The room state RoomKit's host controls write is LiveKit's own: the same participant attributes livekit-server-sdk
 * writes and a plain livekit-client page reads. Both ways: a spotlight set by the SDK moves RoomKit's layout; the one
 * RoomKit's room actions route sets, and a waiting room's denial, are read by a plain page.
 */
describe("RoomKit's host state, read and written by LiveKit's own clients", () => {
  it('a spotlight from livekit-server-sdk shows on a RoomKit page; the route\'s spotlight and denial reach a plain page', async () => {
    const ada = await roomkitPage('ada', 'Ada');
    const bob = await plainPage('bob', 'Bob');
    await expect.poll(() => tiles(ada), WAIT).toEqual(['Ada', 'Bob']);
    const rooms = new RoomServiceClient(app.media.httpUrl, KEY_ID, KEY_SECRET);

    // Written by the server SDK as a LiveKit backend would: RoomKit's page shows Bob large, and Bob's page reads it.
    await rooms.updateParticipant(MAIN, 'bob', { attributes: { 'roomkit.spotlight': '1764316800000' } });
    await expect.poll(() => ada.locator('.rk-focus-main .rk-tile').getAttribute('aria-label'), WAIT).toMatch(/^Bob/);
    await expect.poll(() => bob.evaluate(() => window.mover.attributes()['roomkit.spotlight']), WAIT).toBe('1764316800000');

    // Written by RoomKit's room actions route: a plain page reads Ada's spotlight.
    const waitingRoom = createWaitingRoomStore();
    const route = createRoomActionsHandler({ apiKey: `${KEY_ID}.${KEY_SECRET}`, mediaUrl: app.media.httpUrl, waitingRoom, onError: (e) => console.error(e.message) });
    const host = token('host', 'Host', { roomAdmin: true });
    const act = (body: object) =>
      route(new Request('http://app.example/api/room-actions', { method: 'POST', headers: { Authorization: `Bearer ${host}`, 'Content-Type': 'application/json' }, body: JSON.stringify(body) }));
    expect((await act({ type: 'spotlight', identity: 'ada', on: true })).status).toBe(200);
    await expect.poll(() => bob.evaluate(() => window.mover.attributes('ada')['roomkit.spotlight']), WAIT).toMatch(/^\d+$/);

    // A plain page that knocked (no rights; the token route recorded the knock) is told why before it is disconnected.
    const dee = await plainPage('dee', 'Dee', { canPublish: false, canSubscribe: false, canPublishData: false });
    waitingRoom.set(MAIN, 'dee', { state: 'waiting', grants: { canPublish: true, canSubscribe: true, canPublishData: true } });
    expect((await act({ type: 'deny', identity: 'dee' })).status).toBe(200);
    await expect.poll(() => dee.evaluate(() => window.mover.disconnectReason), WAIT).toBe(4); // PARTICIPANT_REMOVED
    expect(await dee.evaluate(() => window.mover.ownAttributeChanges)).toEqual([{ 'roomkit.waiting': 'denied' }]);
    await Promise.all([ada.close(), bob.close(), dee.close()]);
  });
});
