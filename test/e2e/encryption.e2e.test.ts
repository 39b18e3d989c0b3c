/**
 * End-to-end encryption end to end: RoomKit pages with `RoomProvider e2ee={{ passphrase }}` (RoomKit's default
 * worker, bundled by the page's Vite build) and a page on plain livekit-client set up as LiveKit documents it, all
 * through the dev media server in Debian's Chromium. The media server only forwards what it cannot read. Run inside
 * test/e2e/netns.sh.
 */
import { resolve } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { signAccessToken } from '../../dev/media-server';
import { launchEngine, type Engine } from './engines';
import { appStackForFile, WAIT } from './support';

const SECRET = 'e2e-encryption-secret';
const ROOM = 'encrypted';
const PASSPHRASE = 'correct horse battery staple';

const app = appStackForFile({
  name: 'encryption',
  fixtures: resolve(import.meta.dirname, 'encryption'),
  secret: SECRET,
  pages: ['index', 'plain'],
});

const token = (identity: string, name: string, room = ROOM) =>
  signAccessToken({ identity, name, video: { roomJoin: true, room, canPublish: true, canSubscribe: true, canPublishData: true } }, SECRET);

async function joinRoomKit(identity: string, name: string, passphrase: string, room = ROOM, audio = false): Promise<Page> {
  const page = await app.browser.newPage(identity);
  await page.goto(`${app.web.url}index.html`);
  await page.waitForFunction(() => 'rkEncrypted' in window, undefined, { timeout: WAIT.timeout });
  await page.evaluate(([url, t, p, a]) => window.rkEncrypted.connect(url, t, p, a), [app.media.url, token(identity, name, room), passphrase, audio] as const);
  await page.locator('.rk-conference[data-encrypted]').waitFor({ timeout: WAIT.timeout });
  return page;
}

/** A page on plain livekit-client (LiveKit's documented encryption setup), publishing its camera when asked. */
async function joinPlain(identity: string, name: string, passphrase: string, room = ROOM, camera = false): Promise<Page> {
  const page = await app.browser.newPage(identity);
  await page.goto(`${app.web.url}plain.html`);
  await page.waitForFunction(() => 'lkPlain' in window, undefined, { timeout: WAIT.timeout });
  await page.evaluate(([url, t, p, c]) => window.lkPlain.connect(url, t, p, { camera: c }), [app.media.url, token(identity, name, room), passphrase, camera] as const);
  return page;
}

/** The tile says it cannot be decrypted (`marked`), or not: longer than WAIT, as a re-key waits for the next key frame. */
async function expectMarked(tile: Locator, marked: boolean) {
  await expect.poll(() => tile.getAttribute('data-decryption-failed'), { timeout: 30_000 }).toBe(marked ? '' : null);
}

/** The plain page's video of `identity` advances: its decoded frame count grows. */
async function expectPlainVideo(page: Page, identity: string) {
  const frames = () => page.evaluate((who) => window.lkPlain.framesOf(who), identity);
  const before = await frames();
  await expect.poll(frames, { timeout: 30_000 }).toBeGreaterThan(before);
}

const decryptionErrors = (page: Page) => page.evaluate(() => window.rkEncrypted.errors.filter((e) => e.code === 'decryption-failed').map((e) => e.message));

/** Frames the tile's video element has decoded so far (0 without a video element). */
const framesIn = (tile: Locator) =>
  tile.evaluate((el) => el.querySelector('video')?.getVideoPlaybackQuality().totalVideoFrames ?? 0);

/** The tile plays decrypted video: it has a size, and its decoded frame count grows. */
async function expectDecryptedVideo(tile: Locator) {
  await expect.poll(() => tile.evaluate((el) => el.querySelector('video')?.videoWidth ?? 0), WAIT).toBeGreaterThan(0);
  const before = await framesIn(tile);
  await expect.poll(() => framesIn(tile), WAIT).toBeGreaterThan(before);
}

describe('end-to-end encryption through the dev media server', () => {
  it('same passphrase: see each other and chat; another passphrase: tiles say they cannot be decrypted; LiveKit’s own SDK interoperates', async () => {
    const ada = await joinRoomKit('ada', 'Ada', PASSPHRASE);
    const bob = await joinRoomKit('bob', 'Bob', PASSPHRASE);

    // Same passphrase: each sees the other's camera, decrypted, and a lock on the tile.
    const bobAtAda = ada.getByRole('group', { name: 'Bob' });
    const adaAtBob = bob.getByRole('group', { name: 'Ada' });
    await expect.poll(() => bobAtAda.getAttribute('data-encrypted'), WAIT).toBe('');
    await expect.poll(() => adaAtBob.getAttribute('data-encrypted'), WAIT).toBe('');
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
    await bob.getByRole('log', { name: 'Chat messages' }).getByText('only we can read this').waitFor({ timeout: WAIT.timeout });
    // The server saw only ciphertext: Ada's chat went out as encryptedPacket data packets.
    expect(app.media.room(ROOM)!.participants.find((p) => p.identity === 'ada')!.encryptedDataPackets).toBeGreaterThan(0);

    // LiveKit's own SDK with the same passphrase: decrypts RoomKit's video and chat, and RoomKit decrypts its chat.
    const lee = await joinPlain('lee', 'Lee', PASSPHRASE);
    await expect.poll(() => lee.evaluate(() => window.lkPlain.framesOf('ada')), WAIT).toBeGreaterThan(0);
    const leeFrames = await lee.evaluate(() => window.lkPlain.framesOf('ada'));
    await expect.poll(() => lee.evaluate(() => window.lkPlain.framesOf('ada')), WAIT).toBeGreaterThan(leeFrames);
    await input.fill('hello lee');
    await input.press('Enter');
    await expect.poll(() => lee.evaluate(() => window.lkPlain.chat), WAIT).toContainEqual({ from: 'ada', text: 'hello lee' });
    await lee.evaluate(() => window.lkPlain.sendChat('hello from livekit-client'));
    await ada.getByRole('log', { name: 'Chat messages' }).getByText('hello from livekit-client').waitFor({ timeout: WAIT.timeout });

    // Another passphrase: Eve sees Ada's and Bob's tiles marked as undecryptable (not black boxes), and they hers.
    const eve = await joinRoomKit('eve', 'Eve', 'a different passphrase');
    for (const name of ['Ada', 'Bob']) {
      const tile = eve.getByRole('group', { name });
      await tile.scrollIntoViewIfNeeded();
      await expect.poll(() => tile.getAttribute('data-decryption-failed'), WAIT).toBe('');
      expect(await tile.getByText('Can’t decrypt: a different passphrase?').count()).toBe(1);
    }
    const eveAtAda = ada.getByRole('group', { name: 'Eve' });
    // Only video that arrives can fail to decrypt: a tile scrolled away is paused (adaptive stream), so make sure.
    await eveAtAda.scrollIntoViewIfNeeded();
    try {
      await expect.poll(() => eveAtAda.getAttribute('data-decryption-failed'), WAIT).toBe('');
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
    await expect.poll(() => lee.evaluate(() => window.lkPlain.chat.length), WAIT).toBeGreaterThanOrEqual(2);
    await bob.getByRole('log', { name: 'Chat messages' }).getByText('eve must not read this').waitFor({ timeout: WAIT.timeout });
    const eveLog = await eve.getByRole('log', { name: 'Chat messages' }).innerText();
    expect(eveLog).not.toContain('eve must not read this');
    expect(eveLog).not.toContain('nor this');
    // The pair with the same passphrase still sees each other through all this.
    await expectDecryptedVideo(bobAtAda);
    expect(await ada.evaluate(() => window.rkEncrypted.errors.filter((e) => e.code !== 'decryption-failed'))).toEqual([]);
    await Promise.all([ada.close(), bob.close(), eve.close(), lee.close()]);
  });

  // Whoever re-keys first cannot decrypt the other until the other re-keys too, and then both see each other again:
  // the notice ends on the first decoded frames (the video stayed subscribed beneath it).
  for (const first of ['ada', 'bob'] as const) {
    it(`two RoomKit pages re-keying, ${first} first: each marks the other while the keys differ, and both recover`, async () => {
      const room = `rekey-${first}`;
      const ada = await joinRoomKit('ada', 'Ada', PASSPHRASE, room);
      const bob = await joinRoomKit('bob', 'Bob', PASSPHRASE, room);
      const bobAtAda = ada.getByRole('group', { name: 'Bob' });
      const adaAtBob = bob.getByRole('group', { name: 'Ada' });
      await expectDecryptedVideo(bobAtAda);
      await expectDecryptedVideo(adaAtBob);
      const [leader, follower] = first === 'ada' ? [ada, bob] : [bob, ada];
      await leader.evaluate(() => window.rkEncrypted.setPassphrase('the new passphrase'));
      await expectMarked(bobAtAda, true);
      await expectMarked(adaAtBob, true);
      await follower.evaluate(() => window.rkEncrypted.setPassphrase('the new passphrase'));
      await expectMarked(bobAtAda, false);
      await expectMarked(adaAtBob, false);
      await expectDecryptedVideo(bobAtAda);
      await expectDecryptedVideo(adaAtBob);
      expect(await decryptionErrors(ada)).toEqual([expect.stringContaining('"bob"')]);
      expect(await decryptionErrors(bob)).toEqual([expect.stringContaining('"ada"')]);
      await Promise.all([ada.close(), bob.close()]);
    }, 120_000);
  }

  for (const first of ['roomkit', 'livekit-client'] as const) {
    it(`a RoomKit page and a plain livekit-client page re-keying (ExternalE2EEKeyProvider.setKey), ${first} first`, async () => {
      const room = `rekey-plain-${first}`;
      const ada = await joinRoomKit('ada', 'Ada', PASSPHRASE, room);
      const lee = await joinPlain('lee', 'Lee', PASSPHRASE, room, true);
      const leeAtAda = ada.getByRole('group', { name: 'Lee' });
      await expectDecryptedVideo(leeAtAda);
      await expect.poll(() => lee.evaluate(() => window.lkPlain.framesOf('ada')), { timeout: 30_000 }).toBeGreaterThan(0);
      const rekeyAda = (p: string) => ada.evaluate((next) => window.rkEncrypted.setPassphrase(next), p);
      const rekeyLee = (p: string) => lee.evaluate((next) => window.lkPlain.setKey(next), p);
      if (first === 'roomkit') {
        await rekeyAda('second');
        await expectMarked(leeAtAda, true);
        await expect.poll(() => decryptionErrors(ada), { timeout: 30_000 }).toHaveLength(1);
        // Ada re-keys again while Lee is still on the first key: Lee is reported again, and stays marked.
        await rekeyAda('third');
        await expect.poll(() => decryptionErrors(ada), { timeout: 30_000 }).toHaveLength(2);
        expect(await leeAtAda.getAttribute('data-decryption-failed')).toBe('');
        await rekeyLee('third');
      } else {
        await rekeyLee('second');
        await expectMarked(leeAtAda, true);
        await rekeyAda('second');
      }
      await expectMarked(leeAtAda, false);
      await expectDecryptedVideo(leeAtAda);
      await expectPlainVideo(lee, 'ada');
      expect(await decryptionErrors(ada)).toEqual(Array(first === 'roomkit' ? 2 : 1).fill(expect.stringContaining('"lee"')));
      await Promise.all([ada.close(), lee.close()]);
    }, 120_000);
  }
});

/**
 * Across engines: a RoomKit page in Debian's Firefox ESR (livekit-client encrypts there through RTCRtpScriptTransform)
 * and one in Chromium (insertable streams), one room, both directions. LiveKit's tracker has Firefox-encrypted frames
 * that Chrome cannot decrypt (client-sdk-js #2103, "missing key at index 241"): here each side must decode the other's
 * frames, not merely receive bytes, and report no decryption failure.
 */
describe('end-to-end encryption across engines', () => {
  let firefox: Engine;
  beforeAll(async () => {
    firefox = await launchEngine('firefox');
  }, 120_000);
  afterAll(async () => firefox?.close());
  afterEach(({ task }) => {
    if (task.result?.state === 'fail') console.log(`FAILED TEST "${task.name}" (Firefox's log):\n${firefox.logs.join('\n')}`);
  });

  it('firefox+chromium: each decodes the other’s encrypted camera and hears the other’s encrypted microphone', async () => {
    const room = 'encrypted-engines';
    const fox = await firefox.newPage('Fay');
    try {
      await fox.page.goto(`${app.web.url}index.html`);
      await fox.page.waitForFunction(() => 'rkEncrypted' in window, { timeout: WAIT.timeout });
      await fox.page.evaluate((url, t, p) => window.rkEncrypted.connect(url, t, p, true), app.media.url, token('fay', 'Fay', room), PASSPHRASE);
      await fox.page.waitForSelector('.rk-conference[data-encrypted]', { timeout: WAIT.timeout });
      const cho = await joinRoomKit('cho', 'Cho', PASSPHRASE, room, true);

      // Firefox encrypts, Chromium decrypts and decodes: Fay's tile on Cho's page plays, with its frame count growing.
      const fayAtCho = cho.getByRole('group', { name: 'Fay' });
      await expect.poll(() => fayAtCho.getAttribute('data-encrypted'), WAIT).toBe('');
      await expectDecryptedVideo(fayAtCho);
      // Chromium encrypts, Firefox decrypts and decodes: Cho's video on Fay's page has a size and plays on, and its
      // receiver's decoded frames grow (Firefox's getVideoPlaybackQuality counts no frames of a MediaStream).
      const choAtFay = () =>
        fox.page.evaluate(async () => {
          const video = document.querySelector<HTMLVideoElement>('[role="group"][aria-label="Cho"] video');
          return { width: video?.videoWidth ?? 0, time: video?.currentTime ?? 0, decoded: await window.rkEncrypted.framesDecodedOf('cho') };
        });
      await expect.poll(async () => (await choAtFay()).width, WAIT).toBeGreaterThan(0);
      const before = await choAtFay();
      await expect.poll(async () => (await choAtFay()).decoded, WAIT).toBeGreaterThan(before.decoded);
      await expect.poll(async () => (await choAtFay()).time, WAIT).toBeGreaterThan(before.time);
      // Sound decrypts both ways: each side's receiver of the other's microphone decodes a tone, not silence.
      try {
        await expect.poll(() => cho.evaluate(() => window.rkEncrypted.audioLevelOf('fay')), WAIT).toBeGreaterThan(0.01);
        await expect.poll(() => fox.page.evaluate(() => window.rkEncrypted.audioLevelOf('cho')), WAIT).toBeGreaterThan(0.01);
      } catch (error) {
        // what each side's RTP says: a receiver that gets packets and decodes silence is a decryption failure
        const cs = await cho.evaluate(() => window.rkEncrypted.rtpStats());
        const fs = await fox.page.evaluate(() => window.rkEncrypted.rtpStats());
        const ce = await cho.evaluate(() => window.rkEncrypted.errors);
        throw new Error(`a microphone did not arrive decrypted. Cho (Chromium) receives and sends:\n${cs.join('\n')}\nFay (Firefox):\n${fs.join('\n')}\nCho's errors: ${JSON.stringify(ce)}\n${app.browser.logs.slice(-30).join('\n')}`, { cause: error });
      }
      // Everything the server forwards is announced encrypted, and neither page failed to decrypt anything.
      const published = app.media.room(room)!.participants.flatMap((p) => p.tracks);
      expect(published.map((t) => t.encryption)).toEqual(['GCM', 'GCM', 'GCM', 'GCM']);
      expect(await decryptionErrors(cho)).toEqual([]);
      expect(await fox.page.evaluate(() => window.rkEncrypted.errors)).toEqual([]);
      await cho.close();
    } finally {
      await fox.close();
    }
  });
});
