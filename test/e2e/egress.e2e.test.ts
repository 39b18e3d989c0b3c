/**
 * The dev media server's egress in the loop LiveKit Egress runs in production: livekit-server-sdk's EgressClient starts
 * a room composite with a `customBaseUrl`; the dev egress opens that recording template (RecordingView, the fixture of
 * recording.e2e.test.ts) in its own Chromium with `url`, `token` (a hidden recorder's) and `layout` in the address,
 * reads its START_RECORDING / END_RECORDING console lines, and the room's participants see it recording. A synthetic
 * participant publishes the media (a VP8 camera and a microphone); a livekit-client page watches as a participant.
 * Run inside test/e2e/netns.sh, under the machine's browser lock.
 */
import { resolve } from 'node:path';
import { EgressClient, EgressStatus, EncodedFileOutput, RoomServiceClient } from 'livekit-server-sdk';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signAccessToken } from '../../dev/media-server';
import { appStackForFile, EGRESS_START, WAIT } from './support';

const SECRET = 'e2e-egress-secret';
const KEY_ID = 'lk_e2e_egress';
const KEY_SECRET = 'e2e-egress-api-secret';

/** The pages the dev egress opened, by egress id. */
const templatePages = new Map<string, Page>();

const app = appStackForFile({
  name: 'egress',
  fixtures: resolve(import.meta.dirname, 'recording'),
  secret: SECRET,
  pages: ['recording', 'publisher'],
  mediaOptions: { apiKeys: `acme=${KEY_ID}.${KEY_SECRET}`, onEgressPage: (egressId, page) => void templatePages.set(egressId, page) },
});

const file = new EncodedFileOutput({ filepath: 'recordings/{room_name}.mp4' });

/** A participant on plain livekit-client that publishes nothing and watches the room. */
async function watcher(room: string): Promise<Page> {
  const page = await app.browser.newPage('watcher');
  await page.goto(`${app.web.url}publisher.html`);
  await page.waitForFunction(() => 'lkPublisher' in window, undefined, { timeout: WAIT.timeout });
  const token = signAccessToken({ identity: 'watcher', video: { roomJoin: true, room, canPublish: false } }, SECRET);
  await page.evaluate(([url, t]) => window.lkPublisher.join(url, t, { microphone: false, camera: 'none' }), [app.media.url, token] as const);
  return page;
}

/** The JWT payload of a token, unverified. */
const claims = (jwt: string) => JSON.parse(Buffer.from(jwt.split('.')[1] ?? '', 'base64url').toString('utf8')) as Record<string, unknown>;

describe('dev egress with a browser: the recording template as LiveKit Egress opens it', () => {
  it('opens the template with a hidden recorder’s token; ACTIVE on START_RECORDING; everyone sees the recording; UpdateLayout switches it; StopEgress completes it', async () => {
    const ROOM = 'egress-1';
    const egress = new EgressClient(app.media.httpUrl, KEY_ID, KEY_SECRET);
    const rooms = new RoomServiceClient(app.media.httpUrl, KEY_ID, KEY_SECRET);
    app.media.addSyntheticParticipants(ROOM, { count: 1, prefix: 'crowd' });
    const watching = await watcher(ROOM);
    const baseUrl = `${app.web.url}recording.html`;

    const started = await egress.startRoomCompositeEgress(ROOM, { file }, { layout: 'grid', customBaseUrl: baseUrl });
    expect(started).toMatchObject({ roomName: ROOM, status: EgressStatus.EGRESS_STARTING, details: '' });
    const id = started.egressId;

    // The page, at the address Egress builds: the base URL with layout, url and token.
    await expect.poll(() => templatePages.get(id)?.url().startsWith(baseUrl) ?? false, WAIT).toBe(true);
    const page = templatePages.get(id)!;
    const address = new URL(page.url()).searchParams;
    expect([address.get('layout'), address.get('url')]).toEqual(['grid', app.media.url]);
    expect(claims(address.get('token') ?? '')).toMatchObject({
      sub: id,
      kind: 'egress',
      video: { roomJoin: true, room: ROOM, hidden: true, recorder: true, canSubscribe: true, canPublish: false, canPublishData: false },
    });

    // START_RECORDING, once the synthetic camera's first frame showed: ACTIVE; the watcher sees the room recording.
    await expect.poll(async () => (await egress.listEgress({ egressId: id }))[0]?.status, EGRESS_START).toBe(EgressStatus.EGRESS_ACTIVE);
    await expect.poll(() => watching.evaluate(() => window.lkPublisher.isRecording()), WAIT).toBe(true);
    const view = page.getByRole('region', { name: 'Recording' });
    expect(await view.getAttribute('data-signal')).toBe('started');
    const stage = page.locator('.rk-recording-stage');
    await expect.poll(() => stage.getAttribute('data-layout'), WAIT).toBe('grid');
    // the recorder is hidden: the watcher sees only the synthetic participant
    expect(await watching.evaluate(() => window.lkPublisher.remoteIdentities())).toEqual(['crowd-1']);

    // UpdateLayout puts {"layout"} in the recorder's metadata, and the open RecordingView switches.
    await egress.updateLayout(id, 'speaker');
    await expect.poll(() => stage.getAttribute('data-layout'), WAIT).toBe('speaker');
    // the same through UpdateParticipant on the recorder, as a backend without EgressClient would do it
    await rooms.updateParticipant(ROOM, id, { metadata: JSON.stringify({ layout: 'grid' }) });
    await expect.poll(() => stage.getAttribute('data-layout'), WAIT).toBe('grid');

    // StopEgress: ENDING, the page closes, its recorder leaves: COMPLETE, and the room stops recording.
    expect((await egress.stopEgress(id)).status).toBe(EgressStatus.EGRESS_ENDING);
    await expect.poll(async () => (await egress.listEgress({ egressId: id }))[0]?.status, WAIT).toBe(EgressStatus.EGRESS_COMPLETE);
    expect(page.isClosed()).toBe(true);
    await expect.poll(() => watching.evaluate(() => window.lkPublisher.isRecording()), WAIT).toBe(false);
    expect(app.media.room(ROOM)?.participants.map((p) => p.identity).sort()).toEqual(['crowd-1', 'watcher']);
    await watching.close();
    app.media.deleteRoom(ROOM);
  });

  it('completes the egress when the page logs END_RECORDING (everyone left), without StopEgress', async () => {
    const ROOM = 'egress-2';
    const egress = new EgressClient(app.media.httpUrl, KEY_ID, KEY_SECRET);
    app.media.addSyntheticParticipants(ROOM, { count: 1, prefix: 'crowd' });
    const { egressId } = await egress.startRoomCompositeEgress(ROOM, { file }, { customBaseUrl: `${app.web.url}recording.html?emptyMs=1000` });
    await expect.poll(async () => (await egress.listEgress({ egressId }))[0]?.status, EGRESS_START).toBe(EgressStatus.EGRESS_ACTIVE);
    expect(app.media.room(ROOM)?.activeRecording).toBe(true);
    // the room empties: after the template's empty time, END_RECORDING
    app.media.removeSyntheticParticipants(ROOM);
    await expect.poll(async () => (await egress.listEgress({ egressId }))[0]?.status, WAIT).toBe(EgressStatus.EGRESS_COMPLETE);
    expect(templatePages.get(egressId)?.isClosed()).toBe(true);
    await expect.poll(() => app.media.room(ROOM)?.activeRecording, WAIT).toBe(false);
  });

  it('fails the egress when the template page does not load, as Egress does', async () => {
    const ROOM = 'egress-3';
    const egress = new EgressClient(app.media.httpUrl, KEY_ID, KEY_SECRET);
    app.media.addSyntheticParticipants(ROOM, { count: 1, prefix: 'crowd', camera: false });
    const { egressId } = await egress.startRoomCompositeEgress(ROOM, { file }, { customBaseUrl: `${app.web.url}no-such-template.html` });
    await expect.poll(async () => (await egress.listEgress({ egressId }))[0]?.status, WAIT).toBe(EgressStatus.EGRESS_FAILED);
    expect((await egress.listEgress({ egressId }))[0]?.error).toMatch(/^page load error: 404/);
    expect(app.media.room(ROOM)?.activeRecording).toBe(false);
    app.media.deleteRoom(ROOM);
  });
});
