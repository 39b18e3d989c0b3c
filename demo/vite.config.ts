import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { sourceAliases } from '../sourceAliases';

/** The demo imports only the public entry points; here they resolve to the sources. */
export default defineConfig({
  root: import.meta.dirname,
  plugins: [react()],
  resolve: { alias: sourceAliases },
  server: { host: '127.0.0.1', port: Number(process.env.DEMO_PORT ?? 5173), strictPort: false },
  preview: { host: '127.0.0.1' },
});
