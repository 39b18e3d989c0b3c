import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** Library build: ESM only, peers stay external, one file per entry plus shared chunks. */
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
        chunkFileNames: 'chunks/[name]-[hash].js',
      },
    },
  },
});
