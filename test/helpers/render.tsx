import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { RoomProvider, type RoomKitLabels } from '../../src/index';
import { createTestRoom, type TestRoomInit } from '../../src/testing/index';

/** Renders `ui` inside a RoomProvider over a fresh test room. */
export function renderInRoom(ui: ReactElement, init: TestRoomInit = {}, labels?: Partial<RoomKitLabels>) {
  const room = createTestRoom(init);
  const result = render(
    <RoomProvider room={room} {...(labels ? { labels } : {})}>
      {ui}
    </RoomProvider>,
  );
  return { room, ...result };
}
