// RoomKit: the full conference prefab with its default stylesheet.
import { RoomProvider, VideoConference } from '@roomkit/react';
import '@roomkit/react/styles.css';
import { createRoot } from 'react-dom/client';
import { readConnection } from './connection';

const { token, url } = readConnection();
createRoot(document.getElementById('root')!).render(
  <RoomProvider token={token} url={url} audio video>
    <VideoConference />
  </RoomProvider>,
);
