import { act, render, renderHook, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode, type ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import {
  CONNECTION_TEST_STEPS,
  ConnectionTest,
  createConnectionTest,
  defaultConnectionTestLabels,
  PreJoin,
  RoomProvider,
  useConnectionTest,
  type ConnectionTestResult,
  type PreJoinChoices,
} from '../../src/index';
import { createTestRoom, scriptConnectionTest, type TestRoom, type TestRoomInit } from '../../src/testing/index';
import { makeToken } from '../helpers/jwt';

const statuses = (steps: ConnectionTestResult['steps']) => Object.fromEntries(steps.map((s) => [s.id, s.reason ? `${s.status}:${s.reason}` : s.status]));

function inRoom(init: TestRoomInit = {}) {
  const room = createTestRoom(init);
  const wrapper = ({ children }: { children: ReactNode }) => <RoomProvider room={room}>{children}</RoomProvider>;
  return { room, wrapper };
}

async function finished(result: { current: { state: string } }) {
  await waitFor(() => expect(result.current.state).not.toMatch(/^(idle|running)$/));
}

describe('useConnectionTest on a simulated room', () => {
  it('runs every step in order; a publisher passes them all, with what each measured', async () => {
    const { wrapper } = inRoom();
    const { result } = renderHook(() => useConnectionTest(), { wrapper });
    expect(result.current.state).toBe('idle');
    expect(result.current.steps.map((s) => s.id)).toEqual([...CONNECTION_TEST_STEPS]);
    expect(result.current.steps.every((s) => s.status === 'pending')).toBe(true);
    act(() => result.current.start());
    expect(result.current.running).toBe(true);
    await finished(result);
    expect(result.current.state).toBe('passed');
    expect(statuses(result.current.steps)).toEqual({
      signalling: 'passed',
      webrtc: 'passed',
      publishAudio: 'passed',
      publishVideo: 'passed',
      roundTrip: 'passed',
      turn: 'passed',
    });
    expect(result.current.steps.find((s) => s.id === 'roundTrip')?.measurement?.roundTripMs).toBe(24);
  });

  it('a token without canPublish skips both publish steps with the reason; a switched-off camera is skipped too', async () => {
    const viewer = inRoom({ local: { grants: { canPublish: false } } });
    const { result } = renderHook(() => useConnectionTest(), { wrapper: viewer.wrapper });
    act(() => result.current.start());
    await finished(result);
    expect(result.current.state).toBe('passed');
    expect(statuses(result.current.steps)).toMatchObject({ publishAudio: 'skipped:not-permitted', publishVideo: 'skipped:not-permitted', roundTrip: 'passed' });

    const micOnly = inRoom({ local: { grants: { canPublishSources: ['microphone'] } } });
    const second = renderHook(() => useConnectionTest({ video: false }), { wrapper: micOnly.wrapper });
    act(() => second.result.current.start());
    await finished(second.result);
    expect(statuses(second.result.current.steps)).toMatchObject({ publishAudio: 'passed', publishVideo: 'skipped:not-permitted' });

    const switchedOff = inRoom();
    const third = renderHook(() => useConnectionTest({ video: false }), { wrapper: switchedOff.wrapper });
    act(() => third.result.current.start());
    await finished(third.result);
    expect(statuses(third.result.current.steps)).toMatchObject({ publishAudio: 'passed', publishVideo: 'skipped:switched-off' });
  });

  it('a failed signalling step fails the test and skips the rest; a TURN finding is not a failure', async () => {
    const { room, wrapper } = inRoom();
    scriptConnectionTest(room, { steps: { signalling: { status: 'failed', reason: 'unauthorized' } } });
    const { result } = renderHook(() => useConnectionTest(), { wrapper });
    act(() => result.current.start());
    await finished(result);
    expect(result.current.state).toBe('failed');
    expect(statuses(result.current.steps)).toEqual({
      signalling: 'failed:unauthorized',
      webrtc: 'skipped:earlier-step-failed',
      publishAudio: 'skipped:earlier-step-failed',
      publishVideo: 'skipped:earlier-step-failed',
      roundTrip: 'skipped:earlier-step-failed',
      turn: 'skipped:earlier-step-failed',
    });

    scriptConnectionTest(room, { steps: { turn: { status: 'finding', reason: 'no-turn', measurement: { turnServers: 0 } } } });
    act(() => result.current.start());
    await finished(result);
    expect(result.current.state).toBe('passed');
    expect(result.current.steps.at(-1)).toMatchObject({ id: 'turn', status: 'finding', reason: 'no-turn' });
  });

  it('cancel stops a running test: unfinished steps read skipped (cancelled); it can run again', async () => {
    const { room, wrapper } = inRoom();
    const script = scriptConnectionTest(room, { hold: 'publishVideo' });
    const { result } = renderHook(() => useConnectionTest(), { wrapper });
    act(() => result.current.start());
    await waitFor(() => expect(result.current.steps.find((s) => s.id === 'publishVideo')?.status).toBe('running'));
    act(() => result.current.cancel());
    expect(result.current.state).toBe('cancelled');
    expect(statuses(result.current.steps)).toMatchObject({ publishAudio: 'passed', publishVideo: 'skipped:cancelled', turn: 'skipped:cancelled' });

    act(() => result.current.start());
    await waitFor(() => expect(result.current.steps.find((s) => s.id === 'publishVideo')?.status).toBe('running'));
    act(() => script.release());
    await finished(result);
    expect(result.current.state).toBe('passed');
  });

  it('re-renders only when the result changes: not for room updates, nor for a new options object', async () => {
    const { room, wrapper } = inRoom({ participants: [{ identity: 'ada', name: 'Ada', microphone: true }] });
    let renders = 0;
    const { result, rerender } = renderHook(
      ({ video }: { video: boolean }) => {
        renders++;
        return useConnectionTest({ video });
      },
      { wrapper, initialProps: { video: true } },
    );
    const before = renders;
    const first = result.current;
    act(() => void room.setSpeaking('ada', true));
    expect(renders).toBe(before);
    rerender({ video: true });
    expect(result.current).toBe(first);
    act(() => result.current.start());
    await finished(result);
    const steps = result.current.steps;
    const settled = renders;
    act(() => void room.setSpeaking('ada', false));
    expect(renders).toBe(settled);
    expect(result.current.steps).toBe(steps);
  });

  it('unchanged steps keep their identity from one result to the next', async () => {
    const room = createTestRoom();
    scriptConnectionTest(room, { hold: 'roundTrip' });
    const test = createConnectionTest(room);
    const results: ConnectionTestResult[] = [];
    test.subscribe(() => results.push(test.getResult()));
    test.start();
    await waitFor(() => expect(test.getResult().steps.find((s) => s.id === 'roundTrip')?.status).toBe('running'));
    const [a, b] = results.slice(-2);
    expect(a!.steps[0]).toBe(b!.steps[0]);
    test.cancel();
    expect(test.getResult().state).toBe('cancelled');
  });
});

describe('the real steps with a connection that cannot work', () => {
  it.each([
    ['no connection at all', undefined, 'missing-connection'],
    ['a malformed token', { url: 'wss://media.example.com', token: 'not-a-jwt' }, 'invalid-connection'],
    ['an insecure URL', { url: 'ws://media.example.com', token: makeToken({}) }, 'invalid-connection'],
    ['an expired token', { url: 'wss://media.example.com', token: makeToken({}, { ttlSeconds: -60 }) }, 'token-expired'],
  ] as const)('%s fails signalling with its reason', async (_name, connection, reason) => {
    const { result } = renderHook(() => useConnectionTest(connection ? { connection } : {}));
    act(() => result.current.start());
    await finished(result);
    expect(result.current.state).toBe('failed');
    expect(result.current.steps[0]).toMatchObject({ id: 'signalling', status: 'failed', reason });
    expect(result.current.steps[0]?.error?.message).toBeTruthy();
    expect(result.current.steps.slice(1).every((s) => s.status === 'skipped' && s.reason === 'earlier-step-failed')).toBe(true);
  });

  it('tests the connection RoomProvider holds when none is given', async () => {
    const provider =
      (props: { token?: string; url?: string; connection?: null }) =>
      ({ children }: { children: ReactNode }) => (
        <RoomProvider {...props} connect={false}>
          {children}
        </RoomProvider>
      );
    // Port 9 (discard) on loopback refuses the WebSocket: the signalling step fails with its reason.
    const { result } = renderHook(() => useConnectionTest(), { wrapper: provider({ token: makeToken({}), url: 'ws://127.0.0.1:9' }) });
    act(() => result.current.start());
    await finished(result);
    expect(result.current.steps[0]).toMatchObject({ status: 'failed', reason: 'unreachable' });

    // RoomProvider's token expired: the test says so (RoomProvider reports it to onError too).
    const expired = renderHook(() => useConnectionTest(), {
      wrapper: provider({ token: makeToken({}, { ttlSeconds: -60 }), url: 'ws://127.0.0.1:9' }),
    });
    act(() => expired.result.current.start());
    await finished(expired.result);
    expect(expired.result.current.steps[0]).toMatchObject({ status: 'failed', reason: 'token-expired' });

    // A connection still loading: nothing to test yet.
    const loading = renderHook(() => useConnectionTest(), { wrapper: provider({ connection: null }) });
    act(() => loading.result.current.start());
    await finished(loading.result);
    expect(loading.result.current.steps[0]).toMatchObject({ status: 'failed', reason: 'missing-connection' });
  });
});

describe('<ConnectionTest>', () => {
  it('lists the steps with their status in words, the fix of a failed step, and announces the end politely', async () => {
    const room = createTestRoom();
    scriptConnectionTest(room, {
      steps: {
        publishVideo: { status: 'failed', reason: 'permission-denied' },
        turn: { status: 'finding', reason: 'no-turn' },
      },
    });
    render(
      <RoomProvider room={room}>
        <ConnectionTest />
      </RoomProvider>,
    );
    const panel = screen.getByRole('region', { name: 'Connection test' });
    expect(panel).toHaveAttribute('data-state', 'idle');
    const status = within(panel).getByRole('status');
    expect(status).toHaveTextContent('');
    await userEvent.click(within(panel).getByRole('button', { name: 'Test connection' }));
    await waitFor(() => expect(panel).toHaveAttribute('data-state', 'failed'));
    const items = within(within(panel).getByRole('list', { name: 'Connection test' })).getAllByRole('listitem');
    expect(items.map((li) => li.getAttribute('data-status'))).toEqual(['passed', 'passed', 'passed', 'failed', 'passed', 'finding']);
    expect(items[3]).toHaveTextContent('Publishing video');
    expect(items[3]).toHaveTextContent('Failed');
    expect(items[3]).toHaveTextContent(defaultConnectionTestLabels.connectionTestFix('permission-denied'));
    expect(items[5]).toHaveTextContent('Note');
    expect(items[5]).toHaveTextContent('The server offers no relay');
    expect(items[4]).toHaveTextContent('24 ms');
    expect(status).toHaveTextContent('Connection test: 1 step failed');
    expect(within(panel).getByRole('button', { name: 'Test again' })).toBeInTheDocument();
  });

  it('takes its strings from the labels (the provider\u2019s, then its own)', async () => {
    const room = createTestRoom({ local: { grants: { canPublish: false } } });
    render(
      <RoomProvider room={room} labels={{ connectionTest: 'Test de connexion', connectionTestStatus: (s) => (s === 'skipped' ? 'Ignoré' : s) }}>
        <ConnectionTest autoStart labels={{ testConnectionAgain: 'Tester à nouveau' }} />
      </RoomProvider>,
    );
    const panel = screen.getByRole('region', { name: 'Test de connexion' });
    await waitFor(() => expect(panel).toHaveAttribute('data-state', 'passed'));
    expect(within(panel).getAllByText('Ignoré')).toHaveLength(2);
    expect(within(panel).getByRole('button', { name: 'Tester à nouveau' })).toBeInTheDocument();
  });

  it('stops with its Stop button, and on unmount', async () => {
    const room = createTestRoom();
    scriptConnectionTest(room, { hold: 'webrtc' });
    const view = render(
      <StrictMode>
        <RoomProvider room={room}>
          <ConnectionTest autoStart />
        </RoomProvider>
      </StrictMode>,
    );
    const panel = screen.getByRole('region', { name: 'Connection test' });
    await waitFor(() => expect(panel.querySelector('[data-step="webrtc"]')).toHaveAttribute('data-status', 'running'));
    expect(panel.querySelector('[data-step="webrtc"]')).toHaveAttribute('aria-busy', 'true');
    await userEvent.click(screen.getByRole('button', { name: 'Stop test' }));
    expect(panel).toHaveAttribute('data-state', 'cancelled');
    expect(screen.getByRole('status')).toHaveTextContent('Connection test stopped');
    await userEvent.click(screen.getByRole('button', { name: 'Test again' }));
    await waitFor(() => expect(panel).toHaveAttribute('data-state', 'running'));
    view.unmount();
  });
});

describe('PreJoin\u2019s "Test connection"', () => {
  function renderPreJoin(init: TestRoomInit = {}): { room: TestRoom; onSubmit: ReturnType<typeof vi.fn> } {
    const room = createTestRoom(init);
    const onSubmit = vi.fn<(choices: PreJoinChoices) => void>();
    render(
      <RoomProvider room={room}>
        <PreJoin onSubmit={onSubmit} />
      </RoomProvider>,
    );
    return { room, onSubmit };
  }

  it('loads the test when pressed, runs it with the switches, moves focus to it, and closes it on join', async () => {
    const { room, onSubmit } = renderPreJoin();
    scriptConnectionTest(room, { steps: { turn: { status: 'finding', reason: 'no-turn' } } });
    expect(screen.queryByRole('region', { name: 'Connection test' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Camera' })); // camera off: never opened by the test
    const button = screen.getByRole('button', { name: 'Test connection' });
    button.focus();
    await userEvent.keyboard('{Enter}');
    const panel = await screen.findByRole('region', { name: 'Connection test' });
    expect(panel).toHaveFocus();
    await waitFor(() => expect(panel).toHaveAttribute('data-state', 'passed'));
    expect(panel.querySelector('[data-step="publishVideo"]')).toHaveAttribute('data-status', 'skipped');
    expect(panel.querySelector('[data-step="publishVideo"]')).toHaveTextContent('Switched off');
    expect(within(panel).getByRole('status')).toHaveTextContent('Connection test passed, with 1 note');
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'Test again' })).toHaveFocus();
    await userEvent.click(screen.getByRole('button', { name: 'Join' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('region', { name: 'Connection test' })).toBeNull();
  });

  it('a viewer\u2019s test skips publishing and says why', async () => {
    renderPreJoin({ local: { grants: { canPublish: false } } });
    await userEvent.click(screen.getByRole('button', { name: 'Test connection' }));
    const panel = await screen.findByRole('region', { name: 'Connection test' });
    await waitFor(() => expect(panel).toHaveAttribute('data-state', 'passed'));
    for (const step of ['publishAudio', 'publishVideo']) {
      const item = panel.querySelector(`[data-step="${step}"]`);
      expect(item).toHaveAttribute('data-status', 'skipped');
      expect(item).toHaveTextContent('Your role may not publish this');
    }
  });

  it('connectionTest={false} leaves the button out', () => {
    const room = createTestRoom();
    render(
      <RoomProvider room={room}>
        <PreJoin onSubmit={() => {}} connectionTest={false} />
      </RoomProvider>,
    );
    expect(screen.queryByRole('button', { name: 'Test connection' })).toBeNull();
  });
});
