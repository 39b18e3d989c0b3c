/**
 * @internal Starts livekit-client's encryption worker from the app's own copy of livekit-client.
 *
 * The expression below is the pattern bundlers recognise (checked: Next.js 16 and Vite production builds; Vite's dev
 * server does not rewrite it inside dependencies, so apps pass their own worker there): they resolve
 * `livekit-client/e2ee-worker` from the app's node_modules and emit the worker as a file of the app, so nothing is
 * copied by hand and the worker always matches the livekit-client the page runs. RoomKit's own build keeps this
 * line as written (see `keepWorkerUrl` in vite.config.ts) instead of bundling a second copy of the worker.
 */
export function createE2EEWorker(): Worker {
  return new Worker(new URL('livekit-client/e2ee-worker', import.meta.url), { type: 'module' });
}
