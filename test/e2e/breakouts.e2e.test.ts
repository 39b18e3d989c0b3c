/**
 * Breakout rooms end to end, on the demo (its backend's token route and room actions route share a breakout store),
 * both ways a person moves: a media server that moves people itself (LiveKit's MoveParticipant, as LiveKit Cloud)
 * and one that answers `unimplemented` (open-source LiveKit), where each page joins its room afresh. A host opens two
 * rooms from the participants panel; each person lands in theirs with the camera and microphone they had (the same
 * capture, no second device request), sees only their room's people and which room it is; the host visits a room,
 * broadcasts to all, and closes them: everyone is back in the main room. Run inside test/e2e/netns.sh.
 */
import type { Room } from 'livekit-client';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { startDemo, type Demo } from '../../demo/serve';
import { closeDemoAfterAll, joinDemoPage, launchBrowser, WAIT, type BrowserSession } from './support';

/** The page's own session: its room, and the capture behind its camera and microphone (a new device request changes it). */
const session = (page: Page) =>
  page.evaluate(() => {
    const { room } = (window as unknown as { __roomkitDemo: { room: Room } }).__roomkitDemo;
    const captures = [...room.localParticipant.trackPublications.values()].map((p) => `${p.source}:${p.track?.mediaStreamTrack.id ?? '-'}:${p.track?.mediaStreamTrack.readyState ?? '-'}`).sort();
    return { room: room.name, state: room.state, captures };
  });
const tiles = (page: Page) =>
  page.locator('.rk-conference-stage .rk-tile').evaluateAll((all) => [...new Set(all.map((tile) => (tile.getAttribute('aria-label') ?? '').split(/[ ,]/)[0]))].sort());
const status = (page: Page) => page.locator('.rk-breakout-status');

describe.each([
  { mode: 'LiveKit Cloud (MoveParticipant)', moveParticipant: true },
  { mode: 'open-source LiveKit (a fresh join)', moveParticipant: false },
])('breakout rooms on the demo, $mode', ({ moveParticipant }) => {
  let demo: Demo;
  let browser: BrowserSession;
  const room = `breakouts-${moveParticipant ? 'move' : 'join'}`;
  beforeAll(async () => {
    demo = await startDemo({ port: 0, mediaPort: 0, roomApiPort: 0, quiet: true, frozen: true, built: true, moveParticipant });
    browser = await launchBrowser();
  }, 120_000);
  closeDemoAfterAll(() => ({ browser, demo }));

  it('opens two rooms, moves people with their devices, visits, broadcasts and closes back to the main room', async () => {
    const ada = await joinDemoPage(browser, demo.url, { name: 'Ada', role: 'admin', room });
    const bea = await joinDemoPage(browser, demo.url, { name: 'Bea', role: 'publisher', room });
    const cal = await joinDemoPage(browser, demo.url, { name: 'Cal', role: 'publisher', room });
    await expect.poll(() => tiles(ada), WAIT).toEqual(['Ada', 'Bea', 'Cal']);
    const main = (await session(ada)).room;
    await expect.poll(async () => (await session(bea)).captures.length, WAIT).toBe(2);
    const beaBefore = await session(bea);
    /** What the media server holds of Bea: her room and her tracks' sids (a move keeps them, a fresh join publishes anew). */
    const beaOnServer = () => {
      const where = demo.media!.rooms().find((r) => r.participants.some((p) => p.name === 'Bea'));
      const tracks = where?.participants.find((p) => p.name === 'Bea')?.tracks.map((t) => t.sid).sort();
      return { room: where?.name, tracks };
    };
    const tracksBefore = beaOnServer().tracks;

    // The host's panel, under the participant list: Bea and Cal go to Room 1, nobody to Room 2.
    await ada.getByRole('button', { name: /^Participants/ }).click();
    const panel = ada.getByRole('region', { name: 'Breakout rooms' });
    await panel.getByRole('combobox', { name: 'Room for Bea' }).selectOption('Room 1');
    await panel.getByRole('combobox', { name: 'Room for Cal' }).selectOption('Room 1');
    const openedAt = Date.now();
    await panel.getByRole('button', { name: 'Open rooms' }).click();

    // Each lands in Room 1, says so, sees the other and not the host, with the same camera and microphone capture.
    for (const page of [bea, cal]) await expect.poll(() => status(page).textContent(), WAIT).toContain('You are in Room 1');
    await expect.poll(() => tiles(bea), WAIT).toEqual(['Bea', 'Cal']);
    console.log(`${moveParticipant ? 'moved' : 'joined afresh'}: Bea sees Room 1 ${Date.now() - openedAt} ms after "Open rooms"`);
    await expect.poll(async () => (await session(bea)).captures, WAIT).toEqual(beaBefore.captures);
    const beaThere = await session(bea);
    expect(beaThere.room).not.toBe(main);
    await expect.poll(() => beaOnServer().room, WAIT).toBe(beaThere.room);
    // LiveKit's move carries her publications into the room; a fresh join publishes the same captures anew.
    await expect.poll(() => beaOnServer().tracks?.length, WAIT).toBe(2);
    if (moveParticipant) expect(beaOnServer().tracks).toEqual(tracksBefore);
    else expect(beaOnServer().tracks).not.toEqual(tracksBefore);
    await expect.poll(() => tiles(ada), WAIT).toEqual(['Ada']);
    await panel.getByText('Bea, Cal').waitFor();

    // The host visits Room 1 and broadcasts from there; both rooms hear it.
    await panel.getByRole('button', { name: 'Join Room 1' }).click();
    await expect.poll(() => status(ada).textContent(), WAIT).toContain('You are in Room 1');
    await expect.poll(() => tiles(bea), WAIT).toEqual(['Ada', 'Bea', 'Cal']);
    const message = ada.getByRole('textbox', { name: 'Message to all rooms' });
    await message.fill('Five minutes left');
    await ada.getByRole('button', { name: 'Send to all rooms' }).click();
    await expect.poll(() => status(cal).textContent(), WAIT).toContain('to all rooms: Five minutes left');

    // Closed now (countdown 0): everyone is back in the main room, devices still the same.
    await ada.getByRole('spinbutton', { name: 'Countdown (seconds)' }).fill('0');
    await ada.getByRole('button', { name: 'Close rooms' }).click();
    for (const page of [ada, bea, cal]) await expect.poll(async () => (await session(page)).room, WAIT).toBe(main);
    await expect.poll(() => tiles(bea), WAIT).toEqual(['Ada', 'Bea', 'Cal']);
    expect(await status(bea).count()).toBe(0);
    // A fresh join publishes the kept captures once it is connected: wait for them, never for new ones.
    await expect.poll(async () => (await session(bea)).captures, WAIT).toEqual(beaBefore.captures);
    await ada.getByRole('region', { name: 'Breakout rooms' }).getByRole('button', { name: 'Open rooms' }).waitFor();
    for (const page of [ada, bea, cal]) await page.close();
  });
});
