/**
 * Generates the synthetic camera: three VP8 streams (320×180, 640×360, 1280×720 at 15 fps, two seconds, a key
 * frame each second) encoded once by Chromium's WebCodecs, written as IVF files beside this script. The server
 * loops them; nothing is encoded at run time. Run again only to change them:
 *
 *   flock /tmp/browser.lock npx tsx dev/media-server/synthetic/generate.ts
 */
import { writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { chromium } from 'playwright-core';
import { CHROMIUM_PATH, HEADLESS_ARGS } from '../../../test/chromium';
import { LAYERS, FPS, FRAMES, KEYFRAME_EVERY, ivfPath } from './layers';

/** Runs in the page: draws a moving pattern and encodes it at each layer's size and bitrate. */
async function encodeInPage(spec: { layers: typeof LAYERS; fps: number; frames: number; keyEvery: number }) {
  const out: Record<string, Array<{ key: boolean; data: number[] }>> = {};
  for (const layer of spec.layers) {
    const canvas = new OffscreenCanvas(layer.width, layer.height);
    const ctx = canvas.getContext('2d')!;
    const chunks: Array<{ key: boolean; data: number[] }> = [];
    const encoder = new VideoEncoder({
      output: (chunk) => {
        const data = new Uint8Array(chunk.byteLength);
        chunk.copyTo(data);
        chunks.push({ key: chunk.type === 'key', data: [...data] });
      },
      error: (e) => {
        throw e;
      },
    });
    encoder.configure({ codec: 'vp8', width: layer.width, height: layer.height, bitrate: layer.bitrate, framerate: spec.fps, latencyMode: 'realtime' });
    for (let i = 0; i < spec.frames; i++) {
      const t = i / spec.frames;
      ctx.fillStyle = `hsl(${Math.round(t * 360)} 60% 40%)`;
      ctx.fillRect(0, 0, layer.width, layer.height);
      ctx.fillStyle = '#fff';
      const r = layer.height / 6;
      ctx.beginPath();
      ctx.arc(layer.width * t, layer.height / 2, r, 0, Math.PI * 2);
      ctx.fill();
      ctx.font = `${Math.round(layer.height / 8)}px sans-serif`;
      ctx.fillText(`${layer.rid} ${layer.width}×${layer.height}`, r / 2, layer.height - r / 2);
      const frame = new VideoFrame(canvas, { timestamp: Math.round((i * 1e6) / spec.fps) });
      encoder.encode(frame, { keyFrame: i % spec.keyEvery === 0 });
      frame.close();
    }
    await encoder.flush();
    encoder.close();
    out[layer.rid] = chunks;
  }
  return out;
}

/** IVF: a 32-byte file header, then per frame a 12-byte header (size, 64-bit timestamp) and the frame. */
function ivf(width: number, height: number, frames: Array<{ data: number[] }>): Buffer {
  const header = Buffer.alloc(32);
  header.write('DKIF', 0, 'ascii');
  header.writeUInt16LE(0, 4);
  header.writeUInt16LE(32, 6);
  header.write('VP80', 8, 'ascii');
  header.writeUInt16LE(width, 12);
  header.writeUInt16LE(height, 14);
  header.writeUInt32LE(FPS, 16);
  header.writeUInt32LE(1, 20);
  header.writeUInt32LE(frames.length, 24);
  const parts = [header];
  frames.forEach((frame, i) => {
    const fh = Buffer.alloc(12);
    fh.writeUInt32LE(frame.data.length, 0);
    fh.writeBigUInt64LE(BigInt(i), 4);
    parts.push(fh, Buffer.from(frame.data));
  });
  return Buffer.concat(parts);
}

// WebCodecs needs a secure context: a page from 127.0.0.1 is one, about:blank is not.
const http = createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>encode</title>'));
await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
const address = http.address();
const port = typeof address === 'object' && address ? address.port : 0;
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: HEADLESS_ARGS });
try {
  const page = await browser.newPage();
  // tsx keeps function names with a helper the page does not have
  await page.addInitScript('globalThis.__name = (f) => f');
  await page.goto(`http://127.0.0.1:${port}/`);
  const encoded = await page.evaluate(encodeInPage, { layers: LAYERS, fps: FPS, frames: FRAMES, keyEvery: KEYFRAME_EVERY });
  for (const layer of LAYERS) {
    const frames = encoded[layer.rid] ?? [];
    if (frames.length !== FRAMES || !frames[0]?.key) throw new Error(`layer ${layer.rid}: ${frames.length} frames, first key: ${frames[0]?.key}`);
    const file = ivf(layer.width, layer.height, frames);
    writeFileSync(ivfPath(layer.rid), file);
    process.stdout.write(`${layer.rid}: ${frames.length} frames, ${file.length} bytes\n`);
  }
} finally {
  await browser.close();
  http.close();
}
