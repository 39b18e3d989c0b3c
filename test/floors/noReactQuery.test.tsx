/**
 * RoomKit without @tanstack/react-query (floor-no-react-query project: the package is aliased to a module that
 * throws on import). Apps that pass the connection themselves must not need it: the public entry, RoomProvider
 * with a plain connection, and VideoConference on a test room.
 */
import { act, render, screen, waitFor } from '@testing-library/react';
import { RoomProvider, useConnectionState, useRoomError, VideoConference } from '../../src/index';
import { createTestRoom } from '../../src/testing/index';
import { makeToken } from '../helpers/jwt';

test('RoomProvider with a plain connection connects the room it is given', async () => {
  const room = createTestRoom({ connectionState: 'disconnected', local: { identity: 'alice', name: 'Alice' } });
  room.connect = async () => {
    room.setConnectionState('connecting');
    await Promise.resolve();
    room.setConnectionState('connected');
  };
  function Probe() {
    const error = useRoomError();
    return <p data-testid="state">{`${useConnectionState()} ${error?.code ?? 'ok'}`}</p>;
  }
  render(
    <RoomProvider room={room} connection={{ token: makeToken({ sub: 'alice' }), url: 'wss://media.example.com' }}>
      <Probe />
    </RoomProvider>,
  );
  await waitFor(() => expect(screen.getByTestId('state')).toHaveTextContent('connected ok'));
});

test('VideoConference on a test room, and connection={null}', async () => {
  const room = createTestRoom({ local: { identity: 'me', name: 'Me' }, participants: 2 });
  const { unmount } = render(
    <RoomProvider room={room}>
      <VideoConference />
    </RoomProvider>,
  );
  expect(screen.getByRole('group', { name: 'Me (you)' })).toBeInTheDocument();
  act(() => void room.setSpeaking('participant-1', true));
  expect(screen.getByRole('group', { name: 'Participant 1' })).toHaveAttribute('data-speaking', '');
  unmount();
  render(
    <RoomProvider connection={null}>
      <VideoConference />
    </RoomProvider>,
  );
  expect(screen.getByRole('status')).toHaveTextContent('Connecting…');
});
