/**
 * Text streams end to end: a RoomKit page (VideoConference), a page on plain livekit-client that chats the way
 * LiveKit's components do (sendText on lk.chat plus an ignoreLegacy copy; registerTextStreamHandler to read),
 * and a second plain page acting as an agent (kind from its token, lk.agent.state attribute, transcriptions),
 * all through the dev media server in Debian's Chromium. Run inside test/e2e/netns.sh.
 */
import { resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signAccessToken, startMediaServer, type VideoGrant } from '../../dev/media-server';
import { appStackForFile, WAIT } from './support';
import type { PlainReceived } from './textStreams/plain';

const SECRET = 'e2e-text-streams-secret';
const ROOM = 'text-streams';
const fixtures = resolve(import.meta.dirname, 'textStreams');

const app = appStackForFile({
  name: 'text',
  fixtures,
  secret: SECRET,
  pages: ['index', 'plain'],
});

function token(identity: string, name: string, extra: { kind?: 'agent'; video?: Partial<VideoGrant> } = {}): string {
  return signAccessToken(
    { identity, name, ...(extra.kind ? { kind: extra.kind } : {}), video: { roomJoin: true, room: ROOM, ...extra.video } },
    SECRET,
  );
}

async function openPage(name: string, path: string, global: 'roomkit' | 'plain'): Promise<Page> {
  const page = await app.browser.newPage(name);
  await page.goto(`${app.web.url}${path}`);
  await page.waitForFunction((g) => g in window, global);
  return page;
}

const receivedBy = (page: Page) => page.evaluate(() => window.plain.received) as Promise<PlainReceived>;

async function until<T>(what: string, read: () => Promise<T>, ok: (value: T) => boolean, timeout = WAIT.timeout): Promise<T> {
  const deadline = Date.now() + timeout;
  let value = await read();
  while (!ok(value)) {
    if (Date.now() > deadline) throw new Error(`${what}: last seen ${JSON.stringify(value)}\n${app.browser.logs.slice(-15).join('\n')}`);
    await new Promise((r) => setTimeout(r, 100));
    value = await read();
  }
  return value;
}

describe('text streams between RoomKit, plain livekit-client and an agent', () => {
  let roomkit: Page;
  let lee: Page;
  let agent: Page;

  it('chat goes both ways, each message exactly once', async () => {
    lee = await openPage('lee', 'plain.html', 'plain');
    await lee.evaluate(([url, t]) => window.plain.connect(url, t), [app.media.url, token('lee', 'Lee')] as const);
    roomkit = await openPage('rita', 'index.html', 'roomkit');
    await roomkit.evaluate(([url, t]) => window.roomkit.connect(url, t), [app.media.url, token('rita', 'Rita')] as const);
    await roomkit.getByRole('group', { name: 'Lee' }).waitFor({ timeout: WAIT.timeout });
    await roomkit.locator('.rk-toast[data-state="connected"]').waitFor({ state: 'attached', timeout: WAIT.timeout });

    // RoomKit → plain livekit-client: one text stream on lk.chat, and a legacy copy a components user drops.
    const input = roomkit.getByRole('textbox', { name: 'Message' });
    await input.fill('hello from roomkit');
    await input.press('Enter');
    const log = roomkit.getByRole('log', { name: 'Chat messages' });
    try {
      await log.getByText('hello from roomkit').waitFor({ timeout: WAIT.timeout });
    } catch (error) {
      const chat = await roomkit.getByRole('region', { name: 'Chat' }).innerText().catch(() => '(no chat)');
      throw new Error(`RoomKit did not send: ${chat}\n${app.browser.logs.slice(-15).join('\n')}`, { cause: error });
    }
    const got = await until('lee receives the RoomKit message and its legacy copy', () => receivedBy(lee), (r) => r.streams.length >= 1 && r.legacy.length >= 1);
    expect(got.streams.map((s) => [s.from, s.text])).toEqual([['rita', 'hello from roomkit']]);
    expect(got.legacy).toEqual([{ from: 'rita', body: { id: got.streams[0]!.id, timestamp: expect.any(Number), message: 'hello from roomkit', ignoreLegacy: true } }]);

    // plain livekit-client (components format) → RoomKit: shown once, though it arrives by both transports.
    await lee.evaluate(() => window.plain.sendChat('hello from livekit'));
    await lee.evaluate(() => window.plain.sendChat('second from livekit'));
    await log.getByText('second from livekit').waitFor({ timeout: WAIT.timeout });
    await expect.poll(() => log.getByText('hello from livekit').count(), WAIT).toBe(1);
    expect(await log.getByText('second from livekit').count()).toBe(1);
    expect(await log.getByText('hello from roomkit').count()).toBe(1);
    expect(await log.locator('li.rk-chat-message').count()).toBe(3);
  });

  it("a synthetic participant's chat and hand (the dev server's sendText and sendData) reach plain livekit-client and RoomKit", async () => {
    const [crowd] = app.media.addSyntheticParticipants(ROOM, { count: 1, camera: false, microphone: false, prefix: 'crowd' });
    app.media.sendText(ROOM, { from: crowd!, text: 'notes at https://example.com/notes' });
    app.media.sendData(ROOM, { from: crowd!, topic: 'roomkit.hand', payload: JSON.stringify({ type: 'raise', raisedAt: Date.now() }) });
    // livekit-client's own APIs: registerTextStreamHandler and DataReceived name the synthetic sender.
    const got = await until('lee receives the crowd member\'s chat and hand', () => receivedBy(lee), (r) => r.streams.some((m) => m.from === crowd) && r.roomkit.some((m) => m.from === crowd));
    expect(got.streams.filter((m) => m.from === crowd).map((m) => [m.topic, m.text])).toEqual([['lk.chat', 'notes at https://example.com/notes']]);
    expect(got.roomkit.filter((m) => m.from === crowd)).toEqual([{ topic: 'roomkit.hand', from: crowd, body: { type: 'raise', raisedAt: expect.any(Number) } }]);
    // RoomKit shows the message once, its address as a link.
    const link = roomkit.getByRole('log', { name: 'Chat messages' }).getByRole('link', { name: 'https://example.com/notes' });
    await link.waitFor({ timeout: WAIT.timeout });
    expect(await link.getAttribute('rel')).toBe('noopener noreferrer');
    app.media.removeSyntheticParticipants(ROOM, [crowd!]);
  });

  it('on a server that predates text-stream forwarding (1.8.0) both copies arrive unflagged, and each side still shows one', async () => {
    const old = await startMediaServer({ port: 0, tokenSecret: SECRET, logLevel: 'warn', serverVersion: '1.8.0' });
    const pages: Page[] = [];
    try {
      const peer = await openPage('lee-old', 'plain.html', 'plain');
      const rk = await openPage('rita-old', 'index.html', 'roomkit');
      pages.push(peer, rk);
      await peer.evaluate(([url, t]) => window.plain.connect(url, t), [old.url, token('lee', 'Lee')] as const);
      await rk.evaluate(([url, t]) => window.roomkit.connect(url, t), [old.url, token('rita', 'Rita')] as const);
      await rk.getByRole('group', { name: 'Lee' }).waitFor({ timeout: WAIT.timeout });
      await rk.locator('.rk-toast[data-state="connected"]').waitFor({ state: 'attached', timeout: WAIT.timeout });
      const input = rk.getByRole('textbox', { name: 'Message' });
      await input.fill('from roomkit, old server');
      await input.press('Enter');
      const got = await until('lee receives both copies', () => receivedBy(peer), (r) => r.streams.length >= 1 && r.legacy.length >= 1);
      // A components user gets the same id twice, unflagged, and keeps one message per id.
      expect(got.legacy[0]!.body).toMatchObject({ id: got.streams[0]!.id, message: 'from roomkit, old server', ignoreLegacy: false });
      await peer.evaluate(() => window.plain.sendChat('from livekit, old server', false));
      await peer.evaluate(() => window.plain.sendChat('second, old server', false));
      const log = rk.getByRole('log', { name: 'Chat messages' });
      await log.getByText('second, old server').waitFor({ timeout: WAIT.timeout });
      expect(await log.getByText('from livekit, old server').count()).toBe(1);
      expect(await log.locator('li.rk-chat-message').count()).toBe(3);
      expect(await log.locator('li[data-edited]').count()).toBe(0);
    } finally {
      await Promise.all(pages.map((p) => p.close()));
      await old.close();
    }
  });

  it('shows an agent with its state, its voice and its captions', async () => {
    agent = await openPage('ada', 'plain.html', 'plain');
    await agent.evaluate(([url, t]) => window.plain.connect(url, t), [app.media.url, token('ada', 'Ada', { kind: 'agent', video: { canUpdateOwnMetadata: true } })] as const);
    const tile = roomkit.getByRole('group', { name: 'Ada, AI agent' });
    await tile.waitFor({ timeout: WAIT.timeout });
    await expect.poll(() => tile.getAttribute('data-agent-state'), WAIT).toBe('connecting');

    for (const [state, label] of [['listening', 'Listening'], ['thinking', 'Thinking…'], ['speaking', 'Speaking']] as const) {
      await agent.evaluate((s) => window.plain.setAttributes({ 'lk.agent.state': s }), state);
      await expect.poll(() => tile.getAttribute('data-agent-state'), WAIT).toBe(state);
      await tile.getByText(label, { exact: true }).waitFor();
    }

    await agent.evaluate(() => window.plain.publishMicrophone());
    await expect.poll(() => tile.locator('.rk-audio-visualizer').getAttribute('data-state'), WAIT).toBe('live');

    // Interim, then final, for one segment: replaced in place; the toggle appears with the first transcription.
    await agent.evaluate(() => window.plain.sendTranscription('The weather', { 'lk.segment_id': 'seg-1', 'lk.transcription_final': 'false' }));
    const captions = roomkit.getByRole('region', { name: 'Captions' });
    await captions.getByText('The weather', { exact: true }).waitFor({ timeout: WAIT.timeout });
    await roomkit.getByRole('button', { name: 'Captions' }).waitFor();
    await agent.evaluate(() => window.plain.sendTranscription('The weather is sunny', { 'lk.segment_id': 'seg-1', 'lk.transcription_final': 'true' }));
    await captions.getByText('The weather is sunny', { exact: true }).waitFor({ timeout: WAIT.timeout });
    expect(await captions.locator('li').count()).toBe(1);
    expect(await captions.locator('li').getAttribute('data-final')).toBe('');
    expect(await captions.locator('[aria-live="polite"]').textContent()).toBe('Ada: The weather is sunny');
  });
});
