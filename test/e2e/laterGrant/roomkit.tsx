import { createRoot } from 'react-dom/client';
import { RoomProvider, VideoConference } from '@roomkit/react';
import { AudioConference } from '@roomkit/react/audio-room';
import '@roomkit/react/audio-room.css';
import '@roomkit/react/styles.css';

declare global {
  interface Window {
    laterGrant: { connect(url: string, token: string, room: 'video' | 'audio'): void; getUserMediaCalls: number };
  }
}

// Counts every request for a microphone or camera, so a test can tell that none was made.
const getUserMedia = navigator.mediaDevices.getUserMedia.bind(navigator.mediaDevices);
navigator.mediaDevices.getUserMedia = (constraints) => {
  window.laterGrant.getUserMediaCalls += 1;
  return getUserMedia(constraints);
};

// A RoomKit app as a user builds it: the prefab, with the microphone and camera the person chose.
window.laterGrant = {
  getUserMediaCalls: 0,
  connect(url, token, room) {
    createRoot(document.getElementById('root')!).render(
      <RoomProvider connection={{ url, token }} audio video={room === 'video'} onError={(e) => console.error(e.code, e.message)}>
        {room === 'video' ? <VideoConference /> : <AudioConference />}
      </RoomProvider>,
    );
  },
};
