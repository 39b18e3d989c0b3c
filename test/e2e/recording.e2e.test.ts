/**
 * The recording template as LiveKit Egress uses it: a page opened at `recording.html?url=…&token=…&layout=grid` with
 * a hidden recorder's token (the grants Egress gives its own: hidden, recorder, subscribe only), in a room with
 * plain livekit-client pages publishing Chromium's fake microphone and camera (or a camera whose first frame comes
 * when the test says), through the dev media server. The recorder's console is read as Egress reads it
 * (`START_RECORDING`, `END_RECORDING`). Run inside test/e2e/netns.sh.
 */
import { resolve } from 'node:path';
import { RoomServiceClient } from 'livekit-server-sdk';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signAccessToken, type VideoGrant } from '../../dev/media-server';
import type { PublisherMedia } from './recording/publisher';
import { appStackForFile, WAIT } from './support';

const SECRET = 'e2e-recording-secret';
const KEY_ID = 'lk_recording';
const KEY_SECRET = 'e2e-recording-api-secret';
const EMPTY_MS = 1000;

const app = appStackForFile({
  name: 'recording',
  fixtures: resolve(import.meta.dirname, 'recording'),
  secret: SECRET,
  pages: ['recording', 'publisher'],
  // Chrome as LiveKit Egress launches it (its pkg/pipeline/source/web.go): media plays without a user gesture.
  browserArgs: ['--autoplay-policy=no-user-gesture-required'],
  mediaOptions: { apiKeys: `recording=${KEY_ID}.${KEY_SECRET}` },
});

const publisherToken = (room: string, identity: string, name: string) =>
  signAccessToken({ identity, name, video: { roomJoin: true, room, canPublish: true, canSubscribe: true } }, SECRET);
// LiveKit Egress's recorder grant: join, subscribe, publish nothing, hidden, recorder (the room records while it is in).
const recorderToken = (room: string) =>
  signAccessToken(
    {
      identity: 'EG_recorder',
      video: { roomJoin: true, room, canSubscribe: true, canPublish: false, canPublishData: false, hidden: true, recorder: true } as VideoGrant,
    },
    SECRET,
  );

async function publisher(room: string, identity: string, name: string, media: PublisherMedia): Promise<Page> {
  const page = await app.browser.newPage(identity);
  await page.goto(`${app.web.url}publisher.html`);
  await page.waitForFunction(() => 'lkPublisher' in window, undefined, { timeout: WAIT.timeout });
  await page.evaluate(([url, token, m]) => window.lkPublisher.join(url, token, m), [app.media.url, publisherToken(room, identity, name), media] as const);
  return page;
}

/** What the recording page's remote media showed at the moment it printed START_RECORDING. */
interface AtStart {
  /** Each `<video>`: its width (0 before its first frame) and the frames it had presented. */
  videos: Array<{ width: number; frames: number }>;
  /** Each `<audio>`: playing (not paused, with data to play). */
  audios: Array<{ playing: boolean }>;
  /** Milliseconds since a remote `<audio>` first fired `playing` (undefined when none had). */
  sinceAudio: number | undefined;
}

/** What the recording page recorded of itself: when remote audio first played, and the media at START_RECORDING. */
interface RecorderRecord {
  audioPlayedAt?: number;
  atStart?: AtStart;
}

/**
 * Opens the recording page as LiveKit Egress does (`videoWaitMs` and the empty time shortened through the address),
 * with its signals read as Egress reads them (console lines that are exactly these strings), and, recorded inside the
 * page, synchronously: the first remote `<audio>` `playing` event (a capture listener on the document, so before
 * the template hears of it), and the media's state when START_RECORDING is printed.
 */
async function recorderPage(room: string, videoWaitMs?: number) {
  const page = await app.browser.newPage('recorder');
  const lines: string[] = [];
  page.on('console', (message) => {
    const text = message.text();
    if (text === 'START_RECORDING' || text === 'END_RECORDING') lines.push(text);
  });
  await page.addInitScript(() => {
    const record: RecorderRecord = {};
    (window as unknown as { recorder: RecorderRecord }).recorder = record;
    document.addEventListener(
      'playing',
      (event) => {
        if (event.target instanceof HTMLAudioElement) record.audioPlayedAt ??= performance.now();
      },
      true,
    );
    const original = console.log.bind(console);
    console.log = (...args: unknown[]) => {
      if (args[0] === 'START_RECORDING') {
        record.atStart = {
          videos: [...document.querySelectorAll('video')].map((v) => ({ width: v.videoWidth, frames: v.getVideoPlaybackQuality().totalVideoFrames })),
          audios: [...document.querySelectorAll('audio')].map((a) => ({ playing: !a.paused && a.readyState >= HTMLMediaElement.HAVE_CURRENT_DATA })),
          sinceAudio: record.audioPlayedAt === undefined ? undefined : performance.now() - record.audioPlayedAt,
        };
      }
      original(...args);
    };
  });
  const address = new URLSearchParams({ url: app.media.url, token: recorderToken(room), layout: 'grid', emptyMs: String(EMPTY_MS) });
  if (videoWaitMs !== undefined) address.set('videoWaitMs', String(videoWaitMs));
  await page.goto(`${app.web.url}recording.html?${address}`);
  const recorded = () => page.evaluate(() => (window as unknown as { recorder: RecorderRecord }).recorder);
  return { page, lines, view: page.getByRole('region', { name: 'Recording' }), recorded };
}

/** True when START_RECORDING was printed while a remote video showed a frame. */
const onAPicture = (atStart: AtStart | undefined) => atStart?.videos.some((v) => v.width > 0 && v.frames > 0) ?? false;

describe('recording template through the dev media server', () => {
  it('shows both publishers’ video, logs START_RECORDING once a video showed a frame (not on their audio), and END_RECORDING once both left', async () => {
    const ROOM = 'recorded';
    const ada = await publisher(ROOM, 'ada', 'Ada', { microphone: true, camera: 'fake' });
    const bob = await publisher(ROOM, 'bob', 'Bob', { microphone: true, camera: 'fake' });
    const recorder = await recorderPage(ROOM);
    const { view } = recorder;

    await view.waitFor({ timeout: WAIT.timeout });
    // Both publishers' tiles, each playing video: a size, and a decoded frame count that grows.
    for (const name of ['Ada', 'Bob']) {
      const tile = view.getByRole('group', { name });
      await tile.waitFor({ timeout: WAIT.timeout });
      await expect.poll(() => tile.evaluate((el) => el.querySelector('video')?.videoWidth ?? 0), WAIT).toBeGreaterThan(0);
      const frames = () => tile.evaluate((el) => el.querySelector('video')?.getVideoPlaybackQuality().totalVideoFrames ?? 0);
      const before = await frames();
      await expect.poll(frames, WAIT).toBeGreaterThan(before);
    }
    expect(await view.locator('.rk-recording-stage').getAttribute('data-layout')).toBe('grid');
    // The recorder has no tile and nothing to press.
    expect(await view.getByRole('group').count()).toBe(2);
    expect(await view.locator('button').count()).toBe(0);
    // Their microphones play too.
    await expect.poll(() => recorder.page.evaluate(() => [...document.querySelectorAll('audio')].filter((a) => !a.paused).length), WAIT).toBe(2);
    // START_RECORDING, once, and only once a remote video had presented a frame.
    await expect.poll(() => [...recorder.lines], WAIT).toEqual(['START_RECORDING']);
    const { atStart } = await recorder.recorded();
    expect(onAPicture(atStart), JSON.stringify(atStart)).toBe(true);
    // The publishers never saw the hidden recorder.
    expect(app.media.room(ROOM)!.participants.map((p) => p.identity).sort()).toEqual(['EG_recorder', 'ada', 'bob']);

    // A host spotlights Bob (the room actions route writes this attribute with UpdateParticipant): the recording
    // shows him large, as every page does; the spotlight ended, the grid again.
    const rooms = new RoomServiceClient(app.media.httpUrl, KEY_ID, KEY_SECRET);
    await rooms.updateParticipant(ROOM, 'bob', { attributes: { 'roomkit.spotlight': '1764316800000' } });
    await expect.poll(() => view.locator('.rk-recording-stage').getAttribute('data-layout'), WAIT).toBe('focus');
    await expect.poll(() => view.locator('.rk-focus-main .rk-tile').getAttribute('aria-label'), WAIT).toBe('Bob');
    await rooms.updateParticipant(ROOM, 'bob', { attributes: { 'roomkit.spotlight': '' } });
    await expect.poll(() => view.locator('.rk-recording-stage').getAttribute('data-layout'), WAIT).toBe('grid');

    // Both leave: after the empty time, END_RECORDING.
    await ada.evaluate(() => window.lkPublisher.leave());
    await bob.evaluate(() => window.lkPublisher.leave());
    await view.getByRole('status').filter({ hasText: 'Waiting for participants…' }).waitFor({ timeout: WAIT.timeout });
    await expect.poll(() => [...recorder.lines], WAIT).toEqual(['START_RECORDING', 'END_RECORDING']);
    expect(await view.getAttribute('data-signal')).toBe('stopped');
    await Promise.all([ada.close(), bob.close(), recorder.page.close()]);
  });

  it('a camera whose first frame comes after the microphone plays: START_RECORDING waits for that frame', async () => {
    const ROOM = 'recorded-late-frame';
    const ada = await publisher(ROOM, 'ada', 'Ada', { microphone: true, camera: 'held' });
    // A bound longer than this test may run: only the frame can start the recording here.
    const recorder = await recorderPage(ROOM, 600_000);
    await recorder.view.getByRole('group', { name: 'Ada' }).waitFor({ timeout: WAIT.timeout });
    // Ada's microphone plays (the template heard it: the page's capture listener runs before the template's)…
    await expect.poll(async () => (await recorder.recorded()).audioPlayedAt !== undefined, WAIT).toBe(true);
    // …and her camera, published, subscribed and not muted, has sent no frame: no start on the audio.
    expect(await recorder.page.evaluate(() => document.querySelector('video')?.videoWidth)).toBe(0);
    expect((await recorder.recorded()).atStart).toBeUndefined();
    expect(await recorder.view.getAttribute('data-signal')).toBe('idle');
    // Her camera's first frame starts it.
    await ada.evaluate(() => window.lkPublisher.showCamera());
    await expect.poll(() => [...recorder.lines], WAIT).toEqual(['START_RECORDING']);
    const { atStart } = await recorder.recorded();
    expect(onAPicture(atStart), JSON.stringify(atStart)).toBe(true);
    await Promise.all([ada.close(), recorder.page.close()]);
  });

  it('a camera that never sends a frame does not block the recording: the microphone starts it after videoWaitMs', async () => {
    const ROOM = 'recorded-no-frame';
    const WAIT_MS = 1000;
    const ada = await publisher(ROOM, 'ada', 'Ada', { microphone: true, camera: 'held' });
    const recorder = await recorderPage(ROOM, WAIT_MS);
    await expect.poll(() => [...recorder.lines], WAIT).toEqual(['START_RECORDING']);
    const { atStart } = await recorder.recorded();
    // On the audio, no picture, and not before the bound (a timer never fires early).
    expect(atStart?.videos, JSON.stringify(atStart)).toEqual([{ width: 0, frames: 0 }]);
    expect(atStart?.audios).toEqual([{ playing: true }]);
    expect(atStart?.sinceAudio).toBeGreaterThanOrEqual(WAIT_MS - 10);
    await Promise.all([ada.close(), recorder.page.close()]);
  });

  it('starts on audio at once in a room where no one publishes video', async () => {
    const ROOM = 'recorded-audio-only';
    const ada = await publisher(ROOM, 'ada', 'Ada', { microphone: true, camera: 'none' });
    // A bound longer than this test may run: only the audio can start the recording here.
    const recorder = await recorderPage(ROOM, 600_000);
    await recorder.view.getByRole('group', { name: 'Ada' }).waitFor({ timeout: WAIT.timeout });
    await expect.poll(() => [...recorder.lines], WAIT).toEqual(['START_RECORDING']);
    // The microphone started it: playing at the signal, with no video in the page.
    const { atStart } = await recorder.recorded();
    expect(atStart, JSON.stringify(atStart)).toMatchObject({ videos: [], audios: [{ playing: true }] });
    expect(atStart?.sinceAudio).toBeGreaterThanOrEqual(0);
    expect(await recorder.view.getAttribute('data-signal')).toBe('started');
    await Promise.all([ada.close(), recorder.page.close()]);
  });
});
