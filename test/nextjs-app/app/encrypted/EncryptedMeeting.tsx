'use client';
import { createEncryption, RoomProvider, VideoConference } from '@roomkit/react';
import { useState } from 'react';

/**
 * `createEncryption` with the default worker: the Room is created on the first render in the browser, which starts
 * livekit-client's worker from the URL Next.js's bundler emitted for `new URL('livekit-client/e2ee-worker', …)`.
 * Connected to nothing (`connection={null}`): the test only asks whether the worker runs.
 */
export function EncryptedMeeting() {
  const [e2ee] = useState(() => createEncryption({ passphrase: 'next.js' }));
  return (
    <RoomProvider connection={null} e2ee={e2ee}>
      <VideoConference style={{ height: 480 }} />
    </RoomProvider>
  );
}
