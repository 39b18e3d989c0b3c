import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type PreviewServer, type ViteDevServer } from 'vite';
import { sourceAliases } from '../sourceAliases.ts';

const root = resolve(import.meta.dirname, '..');

/**
 * Background effects' files, hosted by the app as the README asks: MediaPipe's wasm from node_modules and the
 * selfie-segmentation model the e2e tests use (test/e2e/effects/README.md), under /mediapipe/.
 */
function mediapipeAssets(): Plugin {
  const files: Record<string, string> = {
    '/wasm/vision_wasm_internal.js': 'node_modules/@mediapipe/tasks-vision/wasm/vision_wasm_internal.js',
    '/wasm/vision_wasm_internal.wasm': 'node_modules/@mediapipe/tasks-vision/wasm/vision_wasm_internal.wasm',
    '/wasm/vision_wasm_nosimd_internal.js': 'node_modules/@mediapipe/tasks-vision/wasm/vision_wasm_nosimd_internal.js',
    '/wasm/vision_wasm_nosimd_internal.wasm': 'node_modules/@mediapipe/tasks-vision/wasm/vision_wasm_nosimd_internal.wasm',
    '/selfie_segmentation.tflite': 'test/e2e/effects/selfie_segmentation.tflite',
  };
  const serve = (server: ViteDevServer | PreviewServer) => {
    server.middlewares.use('/mediapipe', (req, res, next) => {
      const file = files[new URL(req.url ?? '/', 'http://localhost').pathname];
      if (!file) return next();
      readFile(resolve(root, file)).then(
        (body) => res.writeHead(200, { 'content-type': file.endsWith('.wasm') ? 'application/wasm' : file.endsWith('.js') ? 'text/javascript' : 'application/octet-stream' }).end(body),
        () => res.writeHead(404).end(),
      );
    });
  };
  // The dev server, and the preview server of a built demo (demo/serve.ts `built`).
  return { name: 'roomkit-demo-mediapipe', configureServer: serve, configurePreviewServer: serve };
}

/** The demo imports only the public entry points; here they resolve to the sources. */
export default defineConfig({
  root: import.meta.dirname,
  plugins: [react(), mediapipeAssets()],
  resolve: { alias: sourceAliases },
  server: {
    host: '127.0.0.1',
    port: Number(process.env.DEMO_PORT ?? 5173),
    strictPort: false,
    // Both pages transformed as the server starts, not on their first visit: the recording template opens in the
    // dev egress's Chromium, whose page load has Egress's 30 s bound, and the app's first page need not wait either.
    warmup: { clientFiles: ['./main.tsx', './recording.tsx'] },
  },
  // A build (demo/serve.ts `built`) has both pages: the app and its recording template.
  build: { rollupOptions: { input: { index: resolve(import.meta.dirname, 'index.html'), recording: resolve(import.meta.dirname, 'recording.html') } } },
  preview: { host: '127.0.0.1' },
});
