// The whole configuration of a new Vite app: the React plugin. Everything else (the CSS minifier and its targets
// among it) is Vite's production default, as an app that imports @roomkit/react/styles.css gets it.
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({ plugins: [react()] });
