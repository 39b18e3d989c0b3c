import { act, render, screen, waitFor, within } from '@testing-library/react';
import { DisconnectReason, type Room } from 'livekit-client';
import {
  ConnectionStateToast,
  defaultLabels,
  getRoomStore,
  GridLayout,
  RoomKitError,
  RoomProvider,
  VideoConference,
  type RoomKitErrorCode,
} from '../../src/index';
import { createTestRoom } from '../../src/testing/index';
import { renderInRoom } from '../helpers/render';

const CODES: RoomKitErrorCode[] = [
  'api-key-in-browser',
  'invalid-token',
  'token-expired',
  'insecure-url',
  'invalid-url',
  'missing-connection',
  'unauthorized',
  'unreachable',
  'disconnected',
  'not-permitted',
  'not-connected',
  'device-error',
  'permission-denied',
  'device-not-found',
  'device-in-use',
  'device-lost',
  'invalid-connection-response',
  'bad-request',
  'room-not-found',
  'rate-limited',
  'missing-provider',
  'unsupported-livekit-version',
  'connect-failed',
];

const fail = (code: RoomKitErrorCode) => new RoomKitError(code, `developer message for ${code}`);

/** What RoomProvider does with a failure: record it in the room's store (applied at once here). */
function report(room: Room, error: RoomKitError | undefined) {
  const store = getRoomStore(room);
  store.setError(error);
  store.flush();
}

describe('error and empty states in words', () => {
  it('has English words for every error code, none of which is the code or the developer message', () => {
    for (const code of CODES) {
      const words = defaultLabels.roomError(code);
      expect(words, code).toMatch(/^[A-Z].*\.$/);
      expect(words).not.toContain(code);
    }
  });

  it('ConnectionStateToast shows a failure to join in words, never its code', () => {
    const { room } = renderInRoom(<ConnectionStateToast />, { connectionState: 'disconnected' });
    const status = screen.getByRole('status', { hidden: true });
    expect(status).not.toBeVisible();
    act(() => report(room, fail('room-not-found')));
    expect(status).toBeVisible();
    expect(status).toHaveTextContent('This meeting does not exist.');
    expect(status).not.toHaveTextContent('room-not-found');
    expect(status).not.toHaveTextContent('developer message');
  });

  it('a failure says more than the reason the last session ended', () => {
    const { room } = renderInRoom(<ConnectionStateToast />);
    act(() => void room.setConnectionState('disconnected', DisconnectReason.SERVER_SHUTDOWN));
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent('Disconnected: the meeting server shut down');
    act(() => report(room, fail('unauthorized')));
    expect(status).toHaveTextContent('You are not allowed to join this meeting.');
  });

  it('error words and disconnect reasons are labels: overridable per provider', () => {
    const { room } = renderInRoom(<ConnectionStateToast />, { connectionState: 'disconnected' }, {
      roomError: (code) => `Oups (${code === 'unauthorized' ? 'refusé' : 'autre'})`,
      disconnectReason: () => 'retiré',
      disconnectedWithReason: (r) => `Déconnecté : ${r}`,
    });
    act(() => report(room, fail('unauthorized')));
    expect(screen.getByRole('status')).toHaveTextContent('Oups (refusé)');
    act(() => report(room, undefined));
    act(() => void room.setConnectionState('connected'));
    act(() => void room.setConnectionState('disconnected', DisconnectReason.PARTICIPANT_REMOVED));
    expect(screen.getByRole('status')).toHaveTextContent('Déconnecté : retiré');
  });

  it('VideoConference before any connection: "Connecting…", no nameless (you) tile, one status', () => {
    render(
      <RoomProvider connection={null}>
        <VideoConference />
      </RoomProvider>,
    );
    const conference = screen.getByRole('region', { name: 'Meeting' });
    expect(within(conference).getByRole('status')).toHaveTextContent('Connecting…');
    expect(within(conference).queryByRole('group')).toBeNull();
    expect(conference).not.toHaveTextContent('(you)');
  });

  it('VideoConference after a failed join shows the failure in words instead of tiles', async () => {
    const room = createTestRoom({ connectionState: 'disconnected', local: { identity: 'alice' } });
    render(
      <RoomProvider room={room}>
        <VideoConference />
      </RoomProvider>,
    );
    act(() => report(room, fail('unauthorized')));
    const conference = screen.getByRole('region', { name: 'Meeting' });
    const statuses = within(conference).getAllByRole('status');
    expect(statuses).toHaveLength(1);
    expect(statuses[0]).toHaveTextContent('You are not allowed to join this meeting.');
    expect(within(conference).queryByRole('group')).toBeNull();
    // Joining replaces the words with the people.
    act(() => void room.setConnectionState('connected'));
    await waitFor(() => expect(within(conference).getByRole('group', { name: 'alice (you)' })).toBeInTheDocument());
    expect(within(conference).queryByText('You are not allowed to join this meeting.')).toBeNull();
  });

  it('VideoConference keeps the tiles while reconnecting, with the toast saying so', () => {
    renderInRoom(<VideoConference />, { local: { identity: 'me', name: 'Me' }, participants: 1, connectionState: 'reconnecting' });
    expect(screen.getByRole('group', { name: 'Me (you)' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Connection lost. Reconnecting…');
  });

  it('GridLayout alone shows no tile for a local participant nobody has named yet', () => {
    const { container } = render(
      <RoomProvider connection={null}>
        <GridLayout />
      </RoomProvider>,
    );
    expect(container.querySelectorAll('.rk-tile')).toHaveLength(0);
  });
});
