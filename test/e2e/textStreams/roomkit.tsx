import { createRoot } from 'react-dom/client';
import { RoomProvider, VideoConference } from '@roomkit/react';
import '@roomkit/react/styles.css';

declare global {
  interface Window {
    roomkit: { connect(url: string, token: string): void };
  }
}

// A RoomKit app as a user builds it: the prefab, its chat open, no camera or microphone.
window.roomkit = {
  connect(url, token) {
    createRoot(document.getElementById('root')!).render(
      <RoomProvider connection={{ url, token }} onError={(e) => console.error(e.code, e.message)}>
        <VideoConference defaultChatOpen />
      </RoomProvider>,
    );
  },
};
