import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const root = resolve(import.meta.dirname, '..');

/** The demo imports only the public entry points; here they resolve to the sources. */
export default defineConfig({
  root: import.meta.dirname,
  plugins: [react()],
  resolve: {
    alias: [
      { find: /^@roomkit\/react\/testing$/, replacement: resolve(root, 'src/testing/index.ts') },
      { find: /^@roomkit\/react\/styles\.css$/, replacement: resolve(root, 'src/styles/styles.css') },
      { find: /^@roomkit\/react$/, replacement: resolve(root, 'src/index.ts') },
    ],
  },
  server: { host: '127.0.0.1', port: Number(process.env.DEMO_PORT ?? 5173), strictPort: false },
  preview: { host: '127.0.0.1' },
});
