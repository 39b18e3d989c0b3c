import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/**
 * Library build: ESM only, peers stay external, one output module per source module. A single bundled file
 * left apps' bundlers to prove each top-level statement free of side effects, which they cannot for
 * createContext, memo or forwardRef calls: an app importing RoomProvider and one hook shipped 14.8 kB gzip
 * instead of 11.3. With modules kept apart, `sideEffects` lets them drop every module the app does not import.
 */
const CLIENT_ENTRIES = new Set(['index', 'agent', 'recording', 'audio-room', 'testing', 'query']);

/**
 * Keeps `new Worker(new URL('livekit-client/e2ee-worker', import.meta.url))` (src/e2ee/e2eeWorker.ts) as written.
 * Left alone, this build would bundle a copy of livekit-client's 300 kB worker into the package; kept, the app's
 * bundler resolves it from the app's own livekit-client (the version the page runs) and emits it as the app's file.
 * `import.meta.url` is hidden from Vite's worker and asset plugins during the transform and restored in the output.
 */
const WORKER_MODULE = /src[\\/]e2ee[\\/]e2eeWorker\.ts$/;
const HIDDEN_META_URL = '__roomkitImportMetaUrl__';
const keepWorkerUrl: Plugin = {
  name: 'roomkit:keep-worker-url',
  enforce: 'pre',
  apply: 'build',
  transform(code, id) {
    return WORKER_MODULE.test(id) ? code.replaceAll('import.meta.url', HIDDEN_META_URL) : null;
  },
  renderChunk(code) {
    return code.includes(HIDDEN_META_URL) ? code.replaceAll(HIDDEN_META_URL, 'import.meta.url') : null;
  },
};

export default defineConfig({
  plugins: [react(), keepWorkerUrl],
  build: {
    target: 'es2022',
    // Readable output instead of source maps: each module keeps its names and layout, so a stack trace or a
    // debugger in an app shows code that reads like the source. Maps pointing into a shipped copy of src/ (and
    // declaration maps) cost 230 kB of the packed tarball, more than half of it; apps minify their own bundles.
    // The TSDoc is in the declaration files (where editors read it), not again in the JavaScript.
    sourcemap: false,
    minify: false,
    emptyOutDir: true,
    lib: {
      entry: {
        index: resolve(import.meta.dirname, 'src/index.ts'),
        agent: resolve(import.meta.dirname, 'src/agent/index.ts'),
        recording: resolve(import.meta.dirname, 'src/recording/index.ts'),
        'audio-room': resolve(import.meta.dirname, 'src/audio-room/index.ts'),
        testing: resolve(import.meta.dirname, 'src/testing/index.ts'),
        query: resolve(import.meta.dirname, 'src/query/index.ts'),
        server: resolve(import.meta.dirname, 'src/server/index.ts'),
      },
      formats: ['es'],
    },
    rollupOptions: {
      external: [/^react($|\/)/, /^react-dom($|\/)/, /^livekit-client($|\/)/, /^@tanstack\/react-query($|\/)/],
      output: {
        // React Server Components: the React entries are client boundaries, and a boundary marks everything it
        // imports as client code, so the directive goes on those entry files only. The modules they share with
        // the server entry (room/connection/*) stay plain, so in server code `@roomkit/react/server` exports real values.
        banner: (chunk) => (chunk.isEntry && CLIENT_ENTRIES.has(chunk.name) ? "'use client';" : ''),
        comments: { legal: true, annotation: true, jsdoc: false },
        preserveModules: true,
        preserveModulesRoot: 'src',
        entryFileNames: '[name].js',
      },
    },
  },
});
