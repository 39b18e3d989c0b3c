/**
 * Room actions end to end, on the demo: an admin's clicks in Chromium go through createRoomActions to the demo
 * backend's room actions route (createRoomActionsHandler), which checks the admin's own connection token with the
 * dev media server and calls its server API (Twirp RoomService and Egress) with the demo's Room API key. The other
 * pages show what happened to them. Recording opens the demo's template page (RecordingView) in the dev egress's
 * Chromium, as LiveKit Egress does. Run inside test/e2e/netns.sh.
 */
import { EgressStatus } from '@livekit/protocol';
import { EgressClient } from 'livekit-server-sdk';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { startDemo, type Demo } from '../../demo/serve';
import { closeDemoAfterAll, EGRESS_START, joinDemoPage, launchBrowser, WAIT, type BrowserSession } from './support';

let demo: Demo;
let browser: BrowserSession;
let egress: EgressClient;
/** The template pages the dev egress opened, by egress id. */
const templates = new Map<string, Page>();

const ROOM = 'actions';
const pages: Record<'admin' | 'bob' | 'cleo', Page> = {} as never;

beforeAll(async () => {
  demo = await startDemo({ port: 0, mediaPort: 0, roomApiPort: 0, quiet: true, frozen: true, built: true, onEgressPage: (id, page) => void templates.set(id, page) });
  browser = await launchBrowser();
  const [keyId, secret] = demo.apiKey!.split('.') as [string, string];
  egress = new EgressClient(demo.media!.httpUrl, keyId, secret);
  pages.admin = await join('Ada', 'admin');
  pages.bob = await join('Bob', 'publisher');
  pages.cleo = await join('Cleo', 'publisher');
}, 120_000);

closeDemoAfterAll(() => ({ browser, demo }));

const join = (name: string, role: string): Promise<Page> => joinDemoPage(browser, demo.url, { name, role, room: ROOM });

/** The media server's room of this test file (the Room API named it `actions-<suffix>`). */
const mediaRoom = () => demo.media!.rooms().find((r) => r.name.startsWith(`${ROOM}-`));
const participant = (name: string) => mediaRoom()?.participants.find((p) => p.name === name);

/** Opens the admin menu of `name`'s tile on the admin's page and picks `item`. */
async function adminDoes(name: string, item: string) {
  const stage = pages.admin.locator('.rk-conference-stage');
  await stage.getByRole('button', { name: `Manage ${name}` }).click();
  await pages.admin.getByRole('menuitem', { name: item }).click();
}

const recordingIndicator = (page: Page) => page.locator('.rk-conference-header').getByRole('status').filter({ hasText: 'Recording' });

describe('room actions from the admin menu and RecordingControl', () => {
  it('mute: the other page shows its microphone muted', async () => {
    await expect.poll(() => participant('Bob')?.tracks.some((t) => t.source === 'microphone' && !t.muted), WAIT).toBe(true);
    await pages.bob.getByRole('button', { name: 'Microphone', exact: true, pressed: true }).waitFor();
    await adminDoes('Bob', 'Mute microphone');
    await pages.bob.getByRole('button', { name: 'Microphone', exact: true, pressed: false }).waitFor();
    await expect.poll(() => participant('Bob')?.tracks.find((t) => t.source === 'microphone')?.muted, WAIT).toBe(true);
  });

  it('revoke publishing: the other page’s publish controls disappear and its tracks stop', async () => {
    await adminDoes('Bob', 'Revoke publishing');
    await pages.bob.getByRole('button', { name: 'Camera', exact: true }).waitFor({ state: 'detached' });
    expect(await pages.bob.getByRole('button', { name: 'Microphone', exact: true }).count()).toBe(0);
    await pages.bob.waitForFunction(() => {
      const { room } = (window as unknown as { __roomkitDemo: { room: { localParticipant: { trackPublications: Map<string, unknown> } } } }).__roomkitDemo;
      return room.localParticipant.trackPublications.size === 0;
    });
    await expect.poll(() => participant('Bob')?.tracks.length, WAIT).toBe(0);
    await pages.admin.waitForFunction(() => document.querySelector('.rk-conference-stage [role="group"][aria-label="Bob"]')?.getAttribute('data-video') !== 'on');
    // Bob may still subscribe and send data: only canPublish changed.
    expect(participant('Bob')?.permission).toMatchObject({ canPublish: false, canSubscribe: true, canPublishData: true });
  });

  it('lower a hand, then remove: the removed page says so in words', async () => {
    await pages.cleo.getByRole('button', { name: 'Raise hand', pressed: false }).click();
    const cleoTile = pages.admin.locator('.rk-conference-stage [role="group"][aria-label="Cleo"]');
    await expect.poll(() => cleoTile.getAttribute('data-hand-raised'), WAIT).not.toBeNull();
    await adminDoes('Cleo', 'Lower hand');
    await pages.cleo.getByRole('button', { name: 'Raise hand', pressed: false }).waitFor();
    await expect.poll(() => cleoTile.getAttribute('data-hand-raised'), WAIT).toBeNull();

    await adminDoes('Cleo', 'Remove from room');
    await pages.cleo.getByText('Disconnected: you were removed from the meeting').first().waitFor();
    await expect.poll(() => participant('Cleo'), WAIT).toBeUndefined();
    await pages.admin.locator('.rk-conference-stage [role="group"][aria-label="Cleo"]').waitFor({ state: 'detached' });
  });

  it('start recording: every page shows the indicator, the dev egress opens RecordingView and reports active', async () => {
    await pages.admin.getByRole('button', { name: 'Start recording' }).click();
    const room = mediaRoom()!.name;
    const running = async () => (await egress.listEgress({ roomName: room, active: true }))[0];
    // The room records once the template's recorder joins, within the egress's own bound (EGRESS_START): wait for
    // that first, then for what the pages show of it. (The indicator waited WAIT alone and gave up on CI under load.)
    await expect.poll(async () => (await running())?.status, EGRESS_START).toBe(EgressStatus.EGRESS_ACTIVE);
    for (const page of [pages.admin, pages.bob]) await recordingIndicator(page).waitFor();
    const { egressId } = (await running())!;
    // The template page: RecordingView joined as the hidden recorder and signalled START_RECORDING.
    const template = templates.get(egressId)!;
    expect(new URL(template.url()).pathname).toBe('/recording.html');
    await template.locator('[data-signal="started"]').waitFor();
    await template.locator('[data-layout="grid"] [role="group"][aria-label="Ada"]').waitFor();
    expect(await pages.admin.getByRole('button', { name: 'Stop recording' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('change the recording layout: the open RecordingView switches (Egress UpdateLayout, the recorder’s metadata)', async () => {
    const { egressId } = (await egress.listEgress({ roomName: mediaRoom()!.name, active: true }))[0]!;
    // No control draws this action: the admin's page sends it as an app's own button would (useRoomActions).
    const answer = await pages.admin.evaluate(async () => {
      const { token } = (window as unknown as { __roomkitDemo: { token: string } }).__roomkitDemo;
      const response = await fetch('/api/room-actions', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
        body: JSON.stringify({ type: 'set-recording-layout', layout: 'speaker' }),
      });
      return { status: response.status, body: (await response.json()) as unknown };
    });
    expect(answer).toEqual({ status: 200, body: { type: 'set-recording-layout', egressIds: [egressId] } });
    await templates.get(egressId)!.locator('[data-layout="speaker"]').waitFor();
  });

  it('stop recording: the indicator disappears on every page', async () => {
    await pages.admin.getByRole('button', { name: 'Stop recording' }).click();
    for (const page of [pages.admin, pages.bob]) await recordingIndicator(page).waitFor({ state: 'detached' });
    const room = mediaRoom()!.name;
    await expect.poll(async () => (await egress.listEgress({ roomName: room, active: true })).length, WAIT).toBe(0);
    await expect.poll(async () => (await egress.listEgress({ roomName: room }))[0]?.status, WAIT).toBe(EgressStatus.EGRESS_COMPLETE);
  });

  it('a page without the grant calling the route gets 403, and nothing changes in the room', async () => {
    const before = mediaRoom()!.participants.map((p) => ({ identity: p.identity, tracks: p.tracks.map((t) => [t.sid, t.muted]), permission: p.permission }));
    const admin = participant('Ada')!;
    // Bob's page posts with its own token, as createRoomActions would: remove the admin, start recording.
    const answers = await pages.bob.evaluate(async (identity) => {
      const { token } = (window as unknown as { __roomkitDemo: { token: string } }).__roomkitDemo;
      const post = async (body: unknown) => {
        const response = await fetch('/api/room-actions', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
          body: JSON.stringify(body),
        });
        return { status: response.status, body: (await response.json()) as unknown };
      };
      return [await post({ type: 'remove', identity }), await post({ type: 'mute', identity }), await post({ type: 'start-recording' })];
    }, admin.identity);
    expect(answers).toEqual([
      { status: 403, body: { error: { code: 'forbidden', message: 'Your connection token lacks the roomAdmin grant, which remove needs.' } } },
      { status: 403, body: { error: { code: 'forbidden', message: 'Your connection token lacks the roomAdmin grant, which mute needs.' } } },
      { status: 403, body: { error: { code: 'forbidden', message: 'Your connection token lacks the roomRecord grant, which start-recording needs.' } } },
    ]);
    const after = mediaRoom()!.participants.map((p) => ({ identity: p.identity, tracks: p.tracks.map((t) => [t.sid, t.muted]), permission: p.permission }));
    expect(after).toEqual(before);
    expect(await egress.listEgress({ roomName: mediaRoom()!.name, active: true })).toEqual([]);
    expect(await recordingIndicator(pages.admin).count()).toBe(0);
  });
});
