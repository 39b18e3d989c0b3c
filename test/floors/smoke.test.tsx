/**
 * The smoke suite at the peer floors: the lowest livekit-client, React and @tanstack/react-query that
 * RoomKit's peer ranges admit (test/floors/*, aliased by the floor-* projects in vitest.config.ts). It goes
 * through the public entry and asks what a user sees, as test/unit does, but covers only the main paths.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ConnectionError, Track, version as livekitVersion } from 'livekit-client';
import { version as reactVersion, type ReactNode } from 'react';
import { version as domVersion } from 'react-dom';
import { RoomProvider, useChat, useConnectionState, useGrants, useIsSpeaking, useParticipants, useRoomError, useTracks, VideoConference } from '../../src/index';
import { useConnection } from '../../src/query/index';
import { createTestRoom, type TestRoom } from '../../src/testing/index';
import { makeToken } from '../helpers/jwt';

const URL = 'wss://media.example.com';

function ErrorProbe() {
  const error = useRoomError();
  return <p data-testid="error">{error ? error.code : 'none'}</p>;
}

function StateProbe() {
  return <p data-testid="state">{useConnectionState()}</p>;
}

/** A test room that starts disconnected and whose `connect` does what a media server's answer does. */
function connectableRoom(outcome: 'joins' | 'refused' = 'joins'): TestRoom {
  const room = createTestRoom({
    connectionState: 'disconnected',
    local: { identity: 'alice', name: 'Alice' },
    participants: [{ identity: 'bob', name: 'Bob', camera: true, microphone: true }],
  });
  room.connect = async () => {
    room.setConnectionState('connecting');
    await Promise.resolve();
    // livekit-client's own error for a refused token: (message, reason NotAllowed, status) at every 2.x version,
    // though newer versions make the constructor protected in favour of factories 2.0 lacks.
    if (outcome === 'refused') {
      room.setConnectionState('disconnected');
      const LiveKitConnectionError = ConnectionError as unknown as new (message: string, reason: number, status: number) => Error;
      throw new LiveKitConnectionError('could not establish signal connection: invalid token', 0, 401);
    }
    room.setConnectionState('connected');
  };
  return room;
}

test('runs at the floors this project is configured for', () => {
  const expected = process.env.EXPECTED_REACT_MAJOR;
  expect(reactVersion.split('.')[0]).toBe(expected);
  expect(domVersion.split('.')[0]).toBe(expected);
  expect(livekitVersion).toMatch(/^2\./);
  // The version each run used, for the record in the output.
  console.info(`floor: react ${reactVersion}, livekit-client ${livekitVersion}`);
});

test('connection={null}: VideoConference renders a placeholder, no nameless tile, no error', async () => {
  const onError = vi.fn();
  render(
    <RoomProvider connection={null} onError={onError}>
      <VideoConference />
      <ErrorProbe />
    </RoomProvider>,
  );
  const conference = screen.getByRole('region', { name: 'Meeting' });
  expect(within(conference).getByRole('status')).toHaveTextContent('Connecting…');
  expect(within(conference).queryByRole('group')).toBeNull();
  expect(conference).not.toHaveTextContent('(you)');
  // Give effects and the connection controller a turn: still nothing to report.
  await act(async () => new Promise((r) => setTimeout(r, 0)));
  expect(screen.getByTestId('error')).toHaveTextContent('none');
  expect(onError).not.toHaveBeenCalled();
});

test('connects a room given a connection, then shows the people in it', async () => {
  const room = connectableRoom();
  const token = makeToken({ sub: 'alice', name: 'Alice' });
  render(
    <RoomProvider room={room} connection={{ token, url: URL }}>
      <VideoConference />
      <StateProbe />
    </RoomProvider>,
  );
  expect(screen.queryByRole('group', { name: /you/ })).toBeNull();
  await waitFor(() => expect(screen.getByTestId('state')).toHaveTextContent(/^connected$/));
  expect(screen.getByRole('group', { name: 'Alice (you)' })).toBeInTheDocument();
  expect(screen.getByRole('group', { name: 'Bob' })).toBeInTheDocument();
});

test('a refused connect shows the failure in words, not a code and not a nameless tile', async () => {
  const room = connectableRoom('refused');
  const token = makeToken({ sub: 'alice' });
  const onError = vi.fn();
  render(
    <RoomProvider room={room} connection={{ token, url: URL }} onError={onError}>
      <VideoConference />
      <ErrorProbe />
    </RoomProvider>,
  );
  await waitFor(() => expect(screen.getByTestId('error')).toHaveTextContent('unauthorized'));
  const conference = screen.getByRole('region', { name: 'Meeting' });
  const status = within(conference).getByRole('status');
  expect(status).toHaveTextContent(/not allowed to join/i);
  expect(status).not.toHaveTextContent('unauthorized');
  expect(within(conference).queryByRole('group')).toBeNull();
});

test('VideoConference on a test room: tiles, speaking, muted tracks and grant-aware controls', () => {
  const room = createTestRoom({ local: { identity: 'me', name: 'Me' }, participants: 3 });
  render(
    <RoomProvider room={room}>
      <VideoConference />
    </RoomProvider>,
  );
  expect(screen.getByRole('group', { name: 'Me (you)' })).toBeInTheDocument();
  const tile = screen.getByRole('group', { name: 'Participant 2' });
  expect(tile).not.toHaveAttribute('data-speaking');
  act(() => void room.setSpeaking('participant-2', true));
  expect(tile).toHaveAttribute('data-speaking', '');
  expect(within(screen.getByRole('group', { name: 'Participant 1' })).getByRole('img', { name: 'Microphone muted' })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Microphone' })).toBeInTheDocument();
  act(() => void room.setPermissions('me', { canPublish: false }));
  expect(screen.queryByRole('button', { name: 'Microphone' })).toBeNull();
});

test('the main hooks: participants, speaking, tracks, grants, chat', async () => {
  const room = createTestRoom({
    local: { identity: 'me', grants: { canPublish: false } },
    participants: [
      { identity: 'ann', name: 'Ann', camera: true, microphone: true },
      { identity: 'bo', name: 'Bo', screenShare: true },
    ],
  });
  function Probe() {
    const people = useParticipants();
    const annSpeaking = useIsSpeaking('ann');
    const cameras = useTracks([Track.Source.Camera, Track.Source.ScreenShare]);
    const grants = useGrants();
    const chat = useChat();
    return (
      <div>
        <p data-testid="people">{people.map((p) => p.identity).join(',')}</p>
        <p data-testid="speaking">{String(annSpeaking)}</p>
        <p data-testid="tracks">{cameras.map((t) => `${t.participant.identity}:${t.source}`).join(',')}</p>
        <p data-testid="grants">{`publish=${grants.canPublish} data=${grants.canPublishData}`}</p>
        <ul>
          {chat.messages.map((m) => (
            <li key={m.id}>{`${m.from}: ${m.message}`}</li>
          ))}
        </ul>
        <button type="button" onClick={() => void chat.send('hello all')}>
          send
        </button>
      </div>
    );
  }
  render(
    <RoomProvider room={room}>
      <Probe />
    </RoomProvider>,
  );
  expect(screen.getByTestId('people')).toHaveTextContent('me,ann,bo');
  expect(screen.getByTestId('tracks')).toHaveTextContent('ann:camera,bo:screen_share');
  expect(screen.getByTestId('grants')).toHaveTextContent('publish=false data=true');
  expect(screen.getByTestId('speaking')).toHaveTextContent('false');
  act(() => void room.setSpeaking('ann', true));
  expect(screen.getByTestId('speaking')).toHaveTextContent('true');
  act(() => void room.addParticipant({ identity: 'cy', name: 'Cy' }));
  expect(screen.getByTestId('people')).toHaveTextContent('me,ann,bo,cy');
  act(() => void room.deliverChat('ann', 'hi there'));
  expect(await screen.findByText('ann: hi there')).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'send' }));
  await waitFor(() => expect(room.sentData.some((d) => d.text.includes('hello all'))).toBe(true));
});

test('useConnection at the react-query floor feeds RoomProvider, which connects with it', async () => {
  const room = connectableRoom();
  const token = makeToken({ sub: 'alice', name: 'Alice' });
  const fetchConnection = vi.fn(async () => ({ token, url: URL, room: 'r', identity: 'alice', expiresAt: Date.now() + 600_000 }));
  function Meeting() {
    const connection = useConnection({ fetchConnection, key: 'floor' });
    return (
      <RoomProvider room={room} connection={connection}>
        <StateProbe />
      </RoomProvider>
    );
  }
  const client = new QueryClient();
  const wrap = (ui: ReactNode) => <QueryClientProvider client={client}>{ui}</QueryClientProvider>;
  render(wrap(<Meeting />));
  await waitFor(() => expect(screen.getByTestId('state')).toHaveTextContent(/^connected$/));
  expect(fetchConnection).toHaveBeenCalledTimes(1);
  client.clear();
});

test('chat falls back to legacy packets where livekit-client has no text streams; captions and agents stay quiet', async () => {
  const room = createTestRoom({ local: { identity: 'me' }, participants: [{ identity: 'ann', name: 'Ann' }] });
  const hasTextStreams = typeof (room as unknown as { registerTextStreamHandler?: unknown }).registerTextStreamHandler === 'function';
  function Probe() {
    const chat = useChat();
    return (
      <>
        <ul>
          {chat.messages.map((m) => (
            <li key={m.id}>{`${m.from}: ${m.message}`}</li>
          ))}
        </ul>
        <button type="button" onClick={() => void chat.send('legacy hello')}>
          send
        </button>
      </>
    );
  }
  render(
    <RoomProvider room={room}>
      <Probe />
      <VideoConference />
    </RoomProvider>,
  );
  await userEvent.click(screen.getByRole('button', { name: 'send' }));
  await waitFor(() => expect(room.sentData.some((d) => d.text.includes('legacy hello'))).toBe(true));
  const body = JSON.parse(room.sentData.find((d) => d.text.includes('legacy hello'))!.text) as Record<string, unknown>;
  if (hasTextStreams) {
    expect(room.sentText.map((t) => t.text)).toEqual(['legacy hello']);
    expect(body).toMatchObject({ id: room.sentText[0]!.id, ignoreLegacy: true });
  } else {
    // livekit-client before 2.9: the legacy format only, and a copy flagged ignoreLegacy is the only copy to show.
    expect(room.sentText).toEqual([]);
    expect(body).toEqual({ id: expect.any(String), timestamp: expect.any(Number), message: 'legacy hello' });
    act(() => void room.deliverData('ann', JSON.stringify({ id: 'c1', timestamp: 1, message: 'a copy', ignoreLegacy: true }), { topic: 'lk-chat-topic' }));
    expect(await screen.findByText('ann: a copy')).toBeInTheDocument();
    expect(() => room.deliverTranscription('ann', 'x')).toThrow(/livekit-client 2\.9/);
  }
  expect(screen.queryByRole('button', { name: 'Captions' })).toBeNull();
});
