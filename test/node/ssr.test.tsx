import { renderToString } from 'react-dom/server';
import { makeToken } from '../helpers/jwt';

test('runs in plain Node without a DOM', () => {
  expect(typeof window).toBe('undefined');
  expect(typeof document).toBe('undefined');
});

test('every entry point imports and the provider renders on the server', async () => {
  const lib = await import('../../src/index');
  const testing = await import('../../src/testing/index');
  expect(typeof lib.RoomProvider).toBe('function');
  expect(typeof testing.createTestRoom).toBe('function');

  function Who() {
    const grants = lib.useGrants();
    const state = lib.useConnectionState();
    return <p>{`${state}:${grants.canPublish ? 'publisher' : 'viewer'}`}</p>;
  }
  const html = renderToString(
    <lib.RoomProvider token={makeToken({ video: { roomJoin: true, room: 'r', canPublish: false } })} url="wss://media.example.com">
      <Who />
    </lib.RoomProvider>,
  );
  expect(html).toBe('<p>disconnected:viewer</p>');
});

test('the testing kit works without a DOM too', async () => {
  const lib = await import('../../src/index');
  const { createTestRoom } = await import('../../src/testing/index');
  const room = createTestRoom({ participants: 3 });
  function Names() {
    return <p>{lib.useParticipants().map((p) => p.identity).join(',')}</p>;
  }
  expect(renderToString(<lib.RoomProvider room={room}><Names /></lib.RoomProvider>)).toBe('<p>me,participant-1,participant-2,participant-3</p>');
});
