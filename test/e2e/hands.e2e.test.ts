/**
 * Raised hands and reactions end to end: RoomKit pages (VideoConference, as a user builds it) through the dev media
 * server in Debian's Chromium. One raises a hand and reacts, another sees both; a late joiner sees the hand raised
 * before it came. Run inside test/e2e/netns.sh.
 */
import { resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signAccessToken } from '../../dev/media-server';
import { appStackForFile, WAIT } from './support';
import type { PlainReceived } from './textStreams/plain';

const SECRET = 'e2e-hands-secret';
const ROOM = 'hands';
// The text-streams fixture is a plain RoomKit app: RoomProvider and VideoConference.
const fixtures = resolve(import.meta.dirname, 'textStreams');

const app = appStackForFile({
  name: 'hands',
  fixtures,
  secret: SECRET,
  pages: ['index', 'plain'],
});

// The grants the Room API can issue: no canUpdateOwnMetadata (hands and reactions need only canPublishData).
const token = (identity: string, name: string) =>
  signAccessToken({ identity, name, video: { roomJoin: true, room: ROOM, canPublishData: true, canUpdateOwnMetadata: false } }, SECRET);

async function enter(identity: string, name: string): Promise<Page> {
  const page = await app.browser.newPage(identity);
  await page.goto(`${app.web.url}index.html`);
  await page.waitForFunction(() => 'roomkit' in window);
  await page.evaluate(([url, t]) => window.roomkit.connect(url, t), [app.media.url, token(identity, name)] as const);
  await page.locator('.rk-toast[data-state="connected"]').waitFor({ state: 'attached', timeout: WAIT.timeout });
  return page;
}

describe('raised hands and reactions between two RoomKit pages', () => {
  it('one raises a hand and reacts; the other sees both, and a late joiner sees the hand', async () => {
    const ada = await enter('ada', 'Ada');
    const bob = await enter('bob', 'Bob');
    const adaOnBob = bob.getByRole('group', { name: 'Ada' });
    await adaOnBob.waitFor({ timeout: WAIT.timeout });
    await ada.getByRole('group', { name: 'Bob' }).waitFor({ timeout: WAIT.timeout });

    const toggle = ada.getByRole('button', { name: 'Raise hand' });
    await toggle.focus();
    await ada.keyboard.press('Enter');
    await expect.poll(() => toggle.getAttribute('aria-pressed'), WAIT).toBe('true');
    await expect.poll(() => adaOnBob.getAttribute('data-hand-raised'), WAIT).toBe('');
    await adaOnBob.getByRole('img', { name: 'Hand raised' }).waitFor();
    await expect.poll(() => bob.getByTestId('rk-announcer').textContent(), WAIT).toBe('Ada raised their hand');

    // Bob prefers reduced motion: the reaction still shows, without animation.
    await bob.emulateMedia({ reducedMotion: 'reduce' });
    await ada.getByRole('button', { name: 'Reactions' }).click();
    await ada.getByRole('group', { name: 'Reactions' }).getByRole('button', { name: 'Applause' }).click();
    const animation = (page: Page) =>
      page.locator('.rk-reaction').first().evaluate((el) => getComputedStyle(el).animationName);
    await ada.getByRole('group', { name: /^Ada/ }).getByRole('img', { name: 'Applause' }).waitFor();
    expect(await animation(ada)).toBe('rk-reaction-float');
    await adaOnBob.getByRole('img', { name: 'Applause' }).waitFor({ timeout: WAIT.timeout });
    expect(await animation(bob)).toBe('none');
    await expect.poll(() => bob.getByTestId('rk-announcer').textContent(), WAIT).toBe('Ada reacted 👏');

    // A late joiner learns the hand raised before it came.
    const carol = await enter('carol', 'Carol');
    const adaOnCarol = carol.getByRole('group', { name: 'Ada' });
    await adaOnCarol.waitFor({ timeout: WAIT.timeout });
    await expect.poll(() => adaOnCarol.getAttribute('data-hand-raised'), WAIT).toBe('');

    // Lowered: gone everywhere.
    await toggle.click();
    await expect.poll(() => adaOnBob.getAttribute('data-hand-raised'), WAIT).toBeNull();
    await expect.poll(() => adaOnCarol.getAttribute('data-hand-raised'), WAIT).toBeNull();
    await Promise.all([ada.close(), bob.close(), carol.close()]);
  });
});

describe('raised hands and reactions with a page on plain livekit-client (publishData / DataReceived)', () => {
  it('each side sees the other\u2019s hand and reaction in RoomKit\u2019s wire format', async () => {
    const ada = await enter('ada', 'Ada');
    const plain = await app.browser.newPage('pat');
    await plain.goto(`${app.web.url}plain.html`);
    await plain.waitForFunction(() => 'plain' in window);
    await plain.evaluate(([url, t]) => window.plain.connect(url, t), [app.media.url, token('pat', 'Pat')] as const);
    const patOnAda = ada.getByRole('group', { name: 'Pat' });
    await patOnAda.waitFor({ timeout: WAIT.timeout });

    // Plain livekit-client raises a hand and reacts with publishData on RoomKit's topics.
    await plain.evaluate(() => window.plain.publishJson('roomkit.hand', { type: 'raise', raisedAt: Date.now() }));
    await expect.poll(() => patOnAda.getAttribute('data-hand-raised'), WAIT).toBe('');
    await plain.evaluate(() => window.plain.publishJson('roomkit.reaction', { emoji: '🎉' }));
    await patOnAda.locator('.rk-reaction').waitFor({ timeout: WAIT.timeout });
    await plain.evaluate(() => window.plain.publishJson('roomkit.hand', { type: 'lower' }));
    await expect.poll(() => patOnAda.getAttribute('data-hand-raised'), WAIT).toBeNull();

    // RoomKit's hand and reaction reach livekit-client's DataReceived as JSON on the same topics.
    const received = () => plain.evaluate(() => window.plain.received.roomkit) as Promise<PlainReceived['roomkit']>;
    await ada.getByRole('button', { name: 'Raise hand' }).click();
    await expect
      .poll(async () => (await received()).filter((m) => m.topic === 'roomkit.hand' && m.from === 'ada' && m.body.type === 'raise').length, WAIT)
      .toBeGreaterThan(0);
    await ada.getByRole('button', { name: 'Reactions' }).click();
    await ada.getByRole('group', { name: 'Reactions' }).getByRole('button', { name: 'Applause' }).click();
    await expect
      .poll(async () => (await received()).filter((m) => m.topic === 'roomkit.reaction' && m.from === 'ada').map((m) => m.body.emoji), WAIT)
      .toEqual(['👏']);
    await Promise.all([ada.close(), plain.close()]);
  });
});
