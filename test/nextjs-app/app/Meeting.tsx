'use client';

import { useState } from 'react';
import { RoomProvider, VideoConference } from '@roomkit/react';
import { createTestRoom } from '@roomkit/react/testing';

/** A meeting on a simulated room, so the page renders without a media server. */
export function Meeting({ name, canPublish }: { name: string; canPublish: boolean }) {
  const [room] = useState(() =>
    createTestRoom({ local: { identity: 'me', name, grants: { canPublish } }, participants: 2 }),
  );
  return (
    <RoomProvider room={room}>
      <VideoConference />
    </RoomProvider>
  );
}
