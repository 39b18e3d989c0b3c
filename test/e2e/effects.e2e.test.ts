/**
 * Background effects end to end in Debian's Chromium: a RoomKit page with PreJoin and EffectsControl, the real
 * @livekit/track-processors loaded through the app's dynamic import, MediaPipe's wasm from
 * node_modules/@mediapipe/tasks-vision and a selfie-segmentation model (test/e2e/effects/README.md), all served
 * from 127.0.0.1. Fake camera → Blur → the preview and the camera published on join are blurred (their frames
 * lose most of their edges); the noise filter switches the published microphone's noise suppression.
 * Run inside test/e2e/netns.sh.
 */
import { cp, mkdir, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signAccessToken } from '../../dev/media-server';
import { appStackForFile, WAIT } from './support';

/** Join to the camera published through its processor, on a page whose main thread segments every frame. */
const PUBLISH_WITH_EFFECT = { timeout: 60_000, interval: 100 };

const SECRET = 'e2e-effects-secret';
const ROOM = 'effects';
const fixtures = resolve(import.meta.dirname, 'effects');
const root = resolve(import.meta.dirname, '../..');

const app = appStackForFile({
  name: 'effects',
  fixtures,
  secret: SECRET,
  prepare: async (pageDir) => {
    // The app hosts MediaPipe's files itself.
    await mkdir(join(pageDir, 'mediapipe'));
    await cp(resolve(root, 'node_modules/@mediapipe/tasks-vision/wasm'), join(pageDir, 'mediapipe/wasm'), { recursive: true });
    await cp(join(fixtures, 'selfie_segmentation.tflite'), join(pageDir, 'mediapipe/selfie_segmentation.tflite'));
    await writeFile(join(pageDir, 'background.png'), stripesPng());
  },
});

/** A 320×180 PNG: green, with a white stripe at x 40–80. */
function stripesPng(): Buffer {
  const width = 320;
  const height = 180;
  const rows = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const white = x >= 40 && x < 80;
      rows.set(white ? [255, 255, 255] : [34, 170, 102], y * (width * 3 + 1) + 1 + x * 3);
    }
  }
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc32(body), body.length + 4);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]), chunk('IHDR', header), chunk('IDAT', deflateSync(rows)), chunk('IEND', Buffer.alloc(0))]);
}

const token = (identity: string) => signAccessToken({ identity, name: identity, video: { roomJoin: true, room: ROOM } }, SECRET);

async function open(): Promise<Page> {
  const page = await app.browser.newPage('page');
  await page.goto(`${app.web.url}index.html`);
  await page.waitForFunction(() => 'effects' in window);
  return page;
}

describe('background effects in Chromium', () => {
  it('blurs the preview and the camera published on join, with locally served assets; the noise filter switches', async () => {
    const page = await open();
    await page.evaluate(([url, t]) => window.effects.start(url, t), [app.media.url, token('bea')] as const);
    await page.getByLabel('Camera preview').waitFor();
    // The preview captures as the room will publish (the app's videoCaptureDefaults), not at livekit-client's 720p.
    const previewSize = () =>
      page.evaluate(() => {
        const stream = document.querySelector<HTMLVideoElement>('video[aria-label="Camera preview"]')?.srcObject as MediaStream | null;
        const settings = stream?.getVideoTracks()[0]?.getSettings();
        return settings ? [settings.width, settings.height] : 'no preview track yet';
      });
    await expect.poll(previewSize, WAIT).not.toBe('no preview track yet');
    expect(await previewSize()).toEqual([320, 180]);
    const effects = page.locator('.rk-effects');
    // Nothing loads before an effect is chosen.
    expect(await page.evaluate(() => window.effects.loads)).toBe(0);

    await page.getByRole('radio', { name: 'Blur background' }).check();
    try {
      await effects.and(page.locator('[data-state="applied"]')).waitFor({ timeout: 30_000 });
    } catch (error) {
      throw new Error(`blur never applied: ${await effects.getAttribute('data-state')}\n${app.browser.logs.slice(-20).join('\n')}`, { cause: error });
    }
    expect(await page.evaluate(() => window.effects.loads)).toBe(1);
    const preview = await page.evaluate(() => window.effects.preview());
    expect(preview.processed).toBeLessThan(preview.raw / 2);

    // The virtual background: a white stripe at x 40–80 of the image replaces the camera's background.
    await page.getByRole('radio', { name: 'Stripes' }).check();
    await expect
      .poll(async () => Math.min(...(await page.evaluate(() => window.effects.previewPixel(60, 90)))), { ...WAIT, message: app.browser.logs.slice(-10).join('\n') })
      .toBeGreaterThan(220);
    await page.getByRole('radio', { name: 'Blur background' }).check();
    await effects.and(page.locator('[data-state="applied"]')).waitFor({ timeout: 30_000 });

    await page.getByRole('button', { name: 'Join' }).click();
    // Joining publishes the camera through its processor while the page segments every frame on a software GPU: on
    // a loaded two-core runner that took over 20 s (WAIT) once in a fresh CI run and in one run of this file alone
    // (it passed in 99 s on the same machine otherwise). The bound is its own, and a miss says where the join stood.
    try {
      await expect.poll(() => page.evaluate(() => !!window.effects.room?.localParticipant.getTrackPublication('camera' as never)?.track), PUBLISH_WITH_EFFECT).toBe(true);
    } catch (error) {
      const where = await page.evaluate(() => ({
        state: window.effects.room?.state,
        publications: [...(window.effects.room?.localParticipant.trackPublications.values() ?? [])].map((p) => `${p.source}${p.track ? '' : ' (no track)'}`),
      }));
      throw new Error(`the camera was not published ${PUBLISH_WITH_EFFECT.timeout / 1000} s after Join: room ${where.state}, publications [${where.publications.join(', ')}]\n${app.browser.logs.slice(-20).join('\n')}`, { cause: error });
    }
    let published = await page.evaluate(() => window.effects.published());
    expect(published.processor).toBe('background-processor');
    // The processor on the published camera starts on a new capture, and its first frames can leave before its first
    // mask: a loaded CI run measured one such frame (15.6 strong edges against 16.6 raw). The blur must come, within
    // the suite's bound.
    await expect
      .poll(async () => {
        published = await page.evaluate(() => window.effects.published());
        return published.processed / published.raw;
      }, WAIT)
      .toBeLessThan(0.5);
    console.log('strong edges per 1000 pixels: preview', preview, 'published', published);

    // Muting and unmuting restarts the camera: the processor follows the new capture.
    const camera = page.getByRole('button', { name: 'Camera' });
    await camera.click();
    await expect.poll(() => camera.getAttribute('aria-pressed'), WAIT).toBe('false');
    await camera.click();
    await expect.poll(() => camera.getAttribute('aria-pressed'), WAIT).toBe('true');
    const unmuted = await page.evaluate(() => window.effects.published());
    expect(unmuted.processor).toBe('background-processor');
    expect(unmuted.processed).toBeLessThan(unmuted.raw / 2);

    // The noise filter on the published microphone, from the call's control bar.
    await expect.poll(() => page.evaluate(() => window.effects.noiseSuppression()), WAIT).toBe('true');
    const bar = page.getByRole('toolbar', { name: 'Effects bar' });
    await bar.getByText('Effects').click();
    const noise = bar.getByRole('switch', { name: 'Noise filter' });
    expect(await noise.getAttribute('aria-checked')).toBe('true');
    expect(await bar.getByRole('radio', { name: 'Blur background' }).isChecked()).toBe(true);
    await noise.click();
    await expect.poll(() => noise.getAttribute('aria-checked'), WAIT).toBe('false');
    await expect.poll(() => page.evaluate(() => window.effects.noiseSuppression()), WAIT).toBe('false');
    await noise.click();
    await expect.poll(() => page.evaluate(() => window.effects.noiseSuppression()), WAIT).toBe('true');

    // No effect: the published camera loses the processor and its edges come back.
    await bar.getByRole('radio', { name: 'No effect' }).check();
    await expect.poll(() => page.evaluate(() => window.effects.published().then((p) => p.processor ?? 'none')), WAIT).toBe('none');
    const plain = await page.evaluate(() => window.effects.published());
    expect(plain.processed).toBeGreaterThan(plain.raw / 2);
  }, 420_000);
});
