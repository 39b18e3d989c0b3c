// @livekit/components-react: the full conference prefab with its default stylesheet.
import { LiveKitRoom, VideoConference } from '@livekit/components-react';
import '@livekit/components-styles';
import { createRoot } from 'react-dom/client';
import { readConnection } from './connection';

const { token, url } = readConnection();
createRoot(document.getElementById('root')!).render(
  <LiveKitRoom token={token} serverUrl={url} audio video>
    <VideoConference />
  </LiveKitRoom>,
);
