import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/**
 * Library build: ESM only, peers stay external, one output module per source module. A single bundled file
 * left apps' bundlers to prove each top-level statement free of side effects, which they cannot for
 * createContext, memo or forwardRef calls: an app importing RoomProvider and one hook shipped 14.8 kB gzip
 * instead of 11.3. With modules kept apart, `sideEffects` lets them drop every module the app does not import.
 */
export default defineConfig({
  plugins: [react()],
  build: {
    target: 'es2022',
    sourcemap: true,
    emptyOutDir: true,
    lib: {
      entry: {
        index: resolve(import.meta.dirname, 'src/index.ts'),
        testing: resolve(import.meta.dirname, 'src/testing/index.ts'),
      },
      formats: ['es'],
    },
    rollupOptions: {
      external: [/^react($|\/)/, /^react-dom($|\/)/, /^livekit-client($|\/)/, /^@tanstack\/react-query($|\/)/],
      output: {
        // React Server Components: every entry is client code.
        banner: "'use client';",
        preserveModules: true,
        preserveModulesRoot: 'src',
        entryFileNames: '[name].js',
      },
    },
  },
});
