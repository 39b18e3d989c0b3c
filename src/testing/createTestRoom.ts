import { TestRoom } from './TestRoom.js';
import type { TestRoomInit } from './testRoomInit.js';

/**
 * Creates a simulated room for Storybook, jsdom tests and demos: no media server, no WebRTC.
 *
 * @example
 * ```tsx
 * const room = createTestRoom({ local: { identity: 'me', grants: { canPublish: false } }, participants: 4 });
 * render(<RoomProvider room={room}><VideoConference /></RoomProvider>);
 * act(() => room.setSpeaking('participant-2', true));
 * ```
 */
export function createTestRoom(init: TestRoomInit = {}): TestRoom {
  return new TestRoom(init);
}
