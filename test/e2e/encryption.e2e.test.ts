/**
 * End-to-end encryption end to end: RoomKit pages with `RoomProvider e2ee={{ passphrase }}` (RoomKit's default
 * worker, bundled by the page's Vite build) and a page on plain livekit-client set up as LiveKit documents it, all
 * through the dev media server in Debian's Chromium. The media server only forwards what it cannot read. Run inside
 * test/e2e/netns.sh.
 */
import { resolve } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signAccessToken } from '../../dev/media-server';
import { appStackForFile } from './support';

const SECRET = 'e2e-encryption-secret';
const ROOM = 'encrypted';
const PASSPHRASE = 'correct horse battery staple';

const app = appStackForFile({
  name: 'encryption',
  fixtures: resolve(import.meta.dirname, 'encryption'),
  secret: SECRET,
  pages: ['index', 'plain'],
});

const token = (identity: string, name: string) =>
  signAccessToken({ identity, name, video: { roomJoin: true, room: ROOM, canPublish: true, canSubscribe: true, canPublishData: true } }, SECRET);

async function joinRoomKit(identity: string, name: string, passphrase: string): Promise<Page> {
  const page = await app.browser.newPage(identity);
  await page.goto(`${app.web.url}index.html`);
  await page.waitForFunction(() => 'rkEncrypted' in window);
  await page.evaluate(([url, t, p]) => window.rkEncrypted.connect(url, t, p), [app.media.url, token(identity, name), passphrase] as const);
  await page.locator('.rk-conference[data-encrypted]').waitFor({ timeout: 20_000 });
  return page;
}

/** Frames the tile's video element has decoded so far (0 without a video element). */
const framesIn = (tile: Locator) =>
  tile.evaluate((el) => el.querySelector('video')?.getVideoPlaybackQuality().totalVideoFrames ?? 0);

/** The tile plays decrypted video: it has a size, and its decoded frame count grows. */
async function expectDecryptedVideo(tile: Locator) {
  await expect.poll(() => tile.evaluate((el) => el.querySelector('video')?.videoWidth ?? 0), { timeout: 20_000 }).toBeGreaterThan(0);
  const before = await framesIn(tile);
  await expect.poll(() => framesIn(tile), { timeout: 10_000 }).toBeGreaterThan(before);
}

describe('end-to-end encryption through the dev media server', () => {
  it('same passphrase: see each other and chat; another passphrase: tiles say they cannot be decrypted; LiveKit’s own SDK interoperates', async () => {
    const ada = await joinRoomKit('ada', 'Ada', PASSPHRASE);
    const bob = await joinRoomKit('bob', 'Bob', PASSPHRASE);

    // Same passphrase: each sees the other's camera, decrypted, and a lock on the tile.
    const bobAtAda = ada.getByRole('group', { name: 'Bob' });
    const adaAtBob = bob.getByRole('group', { name: 'Ada' });
    await expect.poll(() => bobAtAda.getAttribute('data-encrypted'), { timeout: 20_000 }).toBe('');
    await expect.poll(() => adaAtBob.getAttribute('data-encrypted'), { timeout: 20_000 }).toBe('');
    await expectDecryptedVideo(bobAtAda);
    await expectDecryptedVideo(adaAtBob);
    expect(await bobAtAda.getByRole('img', { name: 'End-to-end encrypted' }).count()).toBe(1);
    // What the media server forwards is announced encrypted (AES-GCM) in every track it holds.
    const published = app.media.room(ROOM)!.participants.flatMap((p) => p.tracks);
    expect(published.length).toBeGreaterThanOrEqual(2);
    expect(published.every((t) => t.encryption === 'GCM')).toBe(true);

    // Chat is encrypted too (livekit-client's data-packet encryption) and reads the same on both sides.
    const input = ada.getByRole('textbox', { name: 'Message' });
    await input.fill('only we can read this');
    await input.press('Enter');
    await bob.getByRole('log', { name: 'Chat messages' }).getByText('only we can read this').waitFor({ timeout: 20_000 });
    // The server saw only ciphertext: Ada's chat went out as encryptedPacket data packets.
    expect(app.media.room(ROOM)!.participants.find((p) => p.identity === 'ada')!.encryptedDataPackets).toBeGreaterThan(0);

    // LiveKit's own SDK with the same passphrase: decrypts RoomKit's video and chat, and RoomKit decrypts its chat.
    const lee = await app.browser.newPage('lee');
    await lee.goto(`${app.web.url}plain.html`);
    await lee.waitForFunction(() => 'lkPlain' in window);
    await lee.evaluate(([url, t, p]) => window.lkPlain.connect(url, t, p), [app.media.url, token('lee', 'Lee'), PASSPHRASE] as const);
    await expect.poll(() => lee.evaluate(() => window.lkPlain.framesOf('ada')), { timeout: 20_000 }).toBeGreaterThan(0);
    const leeFrames = await lee.evaluate(() => window.lkPlain.framesOf('ada'));
    await expect.poll(() => lee.evaluate(() => window.lkPlain.framesOf('ada')), { timeout: 10_000 }).toBeGreaterThan(leeFrames);
    await input.fill('hello lee');
    await input.press('Enter');
    await expect.poll(() => lee.evaluate(() => window.lkPlain.chat), { timeout: 20_000 }).toContainEqual({ from: 'ada', text: 'hello lee' });
    await lee.evaluate(() => window.lkPlain.sendChat('hello from livekit-client'));
    await ada.getByRole('log', { name: 'Chat messages' }).getByText('hello from livekit-client').waitFor({ timeout: 20_000 });

    // Another passphrase: Eve sees Ada's and Bob's tiles marked as undecryptable (not black boxes), and they hers.
    const eve = await joinRoomKit('eve', 'Eve', 'a different passphrase');
    for (const name of ['Ada', 'Bob']) {
      const tile = eve.getByRole('group', { name });
      await tile.scrollIntoViewIfNeeded();
      await expect.poll(() => tile.getAttribute('data-decryption-failed'), { timeout: 20_000 }).toBe('');
      expect(await tile.getByText('Can’t decrypt: a different passphrase?').count()).toBe(1);
    }
    const eveAtAda = ada.getByRole('group', { name: 'Eve' });
    // Only video that arrives can fail to decrypt: a tile scrolled away is paused (adaptive stream), so make sure.
    await eveAtAda.scrollIntoViewIfNeeded();
    try {
      await expect.poll(() => eveAtAda.getAttribute('data-decryption-failed'), { timeout: 20_000 }).toBe('');
    } catch (error) {
      const html = await eveAtAda.evaluate((el) => el.outerHTML.slice(0, 800)).catch(() => '(no tile)');
      throw new Error(`Ada does not show Eve as undecryptable: ${html}\n${app.browser.logs.slice(-40).join('\n')}`, { cause: error });
    }
    expect(await ada.evaluate(() => window.rkEncrypted.errors.filter((e) => e.code === 'decryption-failed').map((e) => e.message))).toEqual([
      expect.stringContaining('"eve"'),
    ]);
    // Eve's chat is unreadable for the others and theirs for her: nothing appears instead of garbage.
    await input.fill('eve must not read this');
    await input.press('Enter');
    await lee.evaluate(() => window.lkPlain.sendChat('nor this'));
    await expect.poll(() => lee.evaluate(() => window.lkPlain.chat.length), { timeout: 20_000 }).toBeGreaterThanOrEqual(2);
    await bob.getByRole('log', { name: 'Chat messages' }).getByText('eve must not read this').waitFor({ timeout: 20_000 });
    const eveLog = await eve.getByRole('log', { name: 'Chat messages' }).innerText();
    expect(eveLog).not.toContain('eve must not read this');
    expect(eveLog).not.toContain('nor this');
    // The pair with the same passphrase still sees each other through all this.
    await expectDecryptedVideo(bobAtAda);
    expect(await ada.evaluate(() => window.rkEncrypted.errors.filter((e) => e.code !== 'decryption-failed'))).toEqual([]);
    await Promise.all([ada.close(), bob.close(), eve.close(), lee.close()]);
  });
});
