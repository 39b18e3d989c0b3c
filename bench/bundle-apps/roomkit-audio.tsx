// RoomKit: the audio room prefab with its stylesheets.
import { RoomProvider } from '@roomkit/react';
import { AudioConference } from '@roomkit/react/audio-room';
import '@roomkit/react/styles.css';
import '@roomkit/react/audio-room.css';
import { createRoot } from 'react-dom/client';
import { readConnection } from './connection';

const { token, url } = readConnection();
createRoot(document.getElementById('root')!).render(
  <RoomProvider token={token} url={url} audio>
    <AudioConference />
  </RoomProvider>,
);
