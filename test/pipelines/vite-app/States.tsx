import { useState } from 'react';
import { PreJoin, RoomProvider, VideoConference } from '@roomkit/react';
import { createTestRoom } from '@roomkit/react/testing';

const ignore = () => undefined;

/**
 * Every state whose colours test/pipelines checks, on simulated rooms: PreJoin (its name input, the microphone
 * switched on, the camera off, Test connection, Join) and a meeting (the control bar with Leave, and Grace's tile
 * while she speaks). The test sets `data-rk-theme` on the wrapper.
 */
export function States() {
  const [before] = useState(() => createTestRoom({ local: { identity: 'ada', name: 'Ada' }, participants: 0 }));
  const [meeting] = useState(() =>
    createTestRoom({
      local: { identity: 'ada', name: 'Ada', microphone: true },
      participants: [{ identity: 'grace', name: 'Grace', camera: false }],
    }).setSpeaking('grace', true),
  );
  return (
    <div id="rk-states">
      <RoomProvider room={before}>
        <PreJoin onSubmit={ignore} defaults={{ displayName: 'Ada', audioEnabled: true, videoEnabled: false }} />
      </RoomProvider>
      <RoomProvider room={meeting}>
        <VideoConference />
      </RoomProvider>
    </div>
  );
}
