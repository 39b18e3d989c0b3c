// RoomKit: a meeting composed from the package's parts with the anchor's features and no more (issue 39), the
// same component the Layouts guide shows under "Build your own conference" (test/node/composedMeeting.test.ts).
import { RoomProvider } from '@roomkit/react';
import { createRoot } from 'react-dom/client';
import { MyConference } from './composedMeeting';
import { readConnection } from './connection';

const { token, url } = readConnection();
createRoot(document.getElementById('root')!).render(
  <RoomProvider token={token} url={url} audio video>
    <MyConference />
  </RoomProvider>,
);
