// RoomKit: the voice agent prefab with its stylesheets.
import { RoomProvider } from '@roomkit/react';
import { AgentConversation } from '@roomkit/react/agent';
import '@roomkit/react/styles.css';
import '@roomkit/react/agent.css';
import { createRoot } from 'react-dom/client';
import { readConnection } from './connection';

const { token, url } = readConnection();
createRoot(document.getElementById('root')!).render(
  <RoomProvider token={token} url={url} audio>
    <AgentConversation />
  </RoomProvider>,
);
