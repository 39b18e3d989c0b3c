/**
 * The big-room e2e page: RoomKit as an app writes it, `<RoomProvider token url>` around a FocusLayout (one large
 * tile, a strip of small ones), joining the dev media server. `window.bigRoom` exposes what the test reads.
 */
import '@roomkit/react/styles.css';
import { FocusLayout, RoomProvider } from '@roomkit/react';
import { Track, type Room } from 'livekit-client';
import { createRoot } from 'react-dom/client';

let room: Room | undefined;

function join(options: { url: string; token: string; focus: string; strip: number }) {
  createRoot(document.getElementById('root')!).render(
    <RoomProvider token={options.token} url={options.url} onConnected={(r) => (room = r)}>
      <div className="rk-root" style={{ display: 'flex', width: 1280, height: 720 }}>
        <FocusLayout focus={{ identity: options.focus, source: Track.Source.Camera }} maxStripTiles={options.strip} />
      </div>
    </RoomProvider>,
  );
}

/** Identities whose camera video plays in a tile, and the size of each tile's video element. */
function playing(): Array<{ name: string; width: number; height: number }> {
  return [...document.querySelectorAll('.rk-tile')].flatMap((tile) => {
    const video = tile.querySelector('video');
    if (!video || video.readyState < 2 || video.videoWidth === 0) return [];
    return [{ name: tile.getAttribute('aria-label') ?? '', width: video.clientWidth, height: video.clientHeight }];
  });
}

declare global {
  interface Window {
    bigRoom: { join: typeof join; playing: typeof playing; connected: () => boolean };
  }
}
window.bigRoom = { join, playing, connected: () => room?.state === 'connected' };
