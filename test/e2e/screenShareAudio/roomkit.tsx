import { Room, Track } from 'livekit-client';
import { createRoot } from 'react-dom/client';
import { RoomProvider, VideoConference } from '@roomkit/react';
import '@roomkit/react/styles.css';

declare global {
  interface Window {
    sharer: {
      connect(url: string, token: string): void;
      /** What the browser gave the local share's sound (`getSettings()`), or undefined while it has none. */
      shareSoundSettings(): MediaTrackSettings | undefined;
    };
  }
}

// A RoomKit app as a user builds it: the prefab with its defaults, no camera or microphone; the Room is the app's
// own only so the test can read what the browser gave the share.
const room = new Room();
window.sharer = {
  connect(url, token) {
    createRoot(document.getElementById('root')!).render(
      <RoomProvider room={room} connection={{ url, token }} onError={(e) => console.error(e.code, e.message)}>
        <VideoConference />
      </RoomProvider>,
    );
  },
  shareSoundSettings: () => room.localParticipant.getTrackPublication(Track.Source.ScreenShareAudio)?.track?.mediaStreamTrack.getSettings(),
};
