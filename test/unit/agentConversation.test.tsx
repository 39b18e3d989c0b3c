import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Profiler, type ReactNode } from 'react';
import { afterEach, vi } from 'vitest';
import { AgentControlBar, AgentConversation, AgentTranscript, AgentVisualizer, useAgentConversation, type ConversationEntry } from '../../src/agent/index';
import { RoomProvider, isRoomKitError } from '../../src/index';
import { createTestRoom, type TestRoom } from '../../src/testing/index';

const agentRoom = (init: Parameters<typeof createTestRoom>[0] = {}) =>
  createTestRoom({
    local: { identity: 'me', name: 'Me', microphone: true },
    participants: [{ identity: 'ada', name: 'Ada', kind: 'agent', microphone: true, agentState: 'listening' }],
    ...init,
  });

const lines = (region: HTMLElement) =>
  [...region.querySelectorAll('li.rk-agent-line')].map((li) => `${li.getAttribute('data-from')}/${li.getAttribute('data-type')}:${li.querySelector('.rk-agent-line-text')?.textContent}${li.hasAttribute('data-final') ? '' : ' (interim)'}`);

afterEach(() => {
  vi.useRealTimers();
});

describe('<AgentConversation>', () => {
  it('says it is waiting, then shows the agent and each of its states in words', async () => {
    const room = createTestRoom({ local: { identity: 'me', microphone: true } });
    render(
      <RoomProvider room={room}>
        <AgentConversation />
      </RoomProvider>,
    );
    const region = screen.getByRole('region', { name: 'Conversation with an AI agent' });
    expect(region).toHaveAttribute('data-status', 'waiting');
    expect(within(region).getByText('Waiting for the agent to join…')).toBeInTheDocument();
    act(() => void room.addParticipant({ identity: 'ada', name: 'Ada', kind: 'agent', microphone: true }));
    expect(region).toHaveAttribute('data-status', 'ready');
    expect(within(region).queryByText('Waiting for the agent to join…')).toBeNull();
    for (const [state, words] of [['initializing', 'Starting…'], ['listening', 'Listening'], ['thinking', 'Thinking…'], ['speaking', 'Speaking']] as const) {
      act(() => void room.setAgentState('ada', state));
      expect(region).toHaveAttribute('data-agent-state', state);
      expect(within(region).getByText(words, { selector: '.rk-agent-presence-state' })).toBeInTheDocument();
      expect(region.querySelector('.rk-agent-visualizer')).toHaveAttribute('data-agent-state', state);
    }
  });

  it('ends the wait with agent-unavailable, in words, when no agent joins in time (fake timers)', () => {
    vi.useFakeTimers();
    const room = createTestRoom({ local: { identity: 'me' } });
    const onError = vi.fn();
    render(
      <RoomProvider room={room}>
        <AgentConversation agentTimeout={5_000} onError={onError} controls={{ devices: false }} />
      </RoomProvider>,
    );
    const region = screen.getByRole('region', { name: 'Conversation with an AI agent' });
    act(() => void vi.advanceTimersByTime(4_999));
    expect(region).toHaveAttribute('data-status', 'waiting');
    expect(onError).not.toHaveBeenCalled();
    act(() => void vi.advanceTimersByTime(1));
    expect(region).toHaveAttribute('data-status', 'unavailable');
    expect(screen.getByRole('alert')).toHaveTextContent('The agent is not available right now. Please try again later.');
    expect(onError).toHaveBeenCalledTimes(1);
    const error: unknown = onError.mock.calls[0]![0];
    expect(isRoomKitError(error, 'agent-unavailable')).toBe(true);
    expect((error as { details: unknown }).details).toEqual({ timeoutMs: 5_000 });
    // An agent arriving late ends the error.
    act(() => void room.addParticipant({ identity: 'ada', kind: 'agent' }));
    expect(region).toHaveAttribute('data-status', 'ready');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('cancels the timeout when the agent joins, and counts only while connected', () => {
    vi.useFakeTimers();
    const room = createTestRoom({ local: { identity: 'me' }, connectionState: 'connecting' });
    const onError = vi.fn();
    function Probe() {
      return <p data-testid="status">{useAgentConversation({ agentTimeout: 1_000, onError }).status}</p>;
    }
    render(
      <RoomProvider room={room}>
        <Probe />
      </RoomProvider>,
    );
    act(() => void vi.advanceTimersByTime(5_000));
    expect(screen.getByTestId('status')).toHaveTextContent('connecting');
    act(() => void room.setConnectionState('connected'));
    act(() => void vi.advanceTimersByTime(900));
    act(() => void room.addParticipant({ identity: 'ada', kind: 'agent' }));
    act(() => void vi.advanceTimersByTime(10_000));
    expect(screen.getByTestId('status')).toHaveTextContent('ready');
    expect(onError).not.toHaveBeenCalled();
  });

  it("records the microphone with livekit-client's pre-connect buffer when mounted before the room connects", async () => {
    const early = createTestRoom({ local: { identity: 'me' }, connectionState: 'connecting' });
    const view = render(
      <RoomProvider room={early}>
        <AgentConversation />
      </RoomProvider>,
    );
    await waitFor(() => expect(early.localParticipant.getTrackPublication('microphone' as never)).toBeDefined());
    expect(early.preConnectBuffer).toBe(true);
    view.unmount();
    // Already connected: the microphone opens without a buffer; `preConnectBuffer={false}` never asks for one.
    for (const [connectionState, preConnectBuffer] of [['connected', true], ['connecting', false]] as const) {
      const room = createTestRoom({ local: { identity: 'me' }, connectionState });
      const v = render(
        <RoomProvider room={room}>
          <AgentConversation preConnectBuffer={preConnectBuffer} />
        </RoomProvider>,
      );
      await waitFor(() => expect(room.localParticipant.getTrackPublication('microphone' as never)).toBeDefined());
      expect(room.preConnectBuffer).toBe(false);
      v.unmount();
    }
  });

  it('merges both sides’ speech and typed messages in time order, interim lines replaced in place', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    let now = 1_000_000;
    vi.setSystemTime(now);
    const tick = () => vi.setSystemTime((now += 1_000));
    const room = agentRoom();
    render(
      <RoomProvider room={room}>
        <AgentConversation />
      </RoomProvider>,
    );
    const transcript = screen.getByRole('region', { name: 'Transcript' });
    expect(transcript).toHaveAttribute('data-empty');
    await waitFor(() => expect(room.localParticipant.getTrackPublication('microphone' as never)).toBeDefined());

    act(() => void room.deliverTranscription('ada', 'Hello, how', { segmentId: 'a1', final: false }));
    await within(transcript).findByText('Hello, how');
    tick();
    act(() => void room.deliverLocalTranscription('What is the', { segmentId: 'u1', final: false }));
    await within(transcript).findByText('What is the');
    act(() => void room.deliverTranscription('ada', 'Hello, how can I help?', { segmentId: 'a1', final: true }));
    await within(transcript).findByText('Hello, how can I help?');
    act(() => void room.deliverLocalTranscription('What is the weather?', { segmentId: 'u1', final: true }));
    await within(transcript).findByText('What is the weather?');
    tick();
    act(() => void room.deliverText('ada', 'Here is a link: https://example.com', { timestamp: now }));
    await within(transcript).findByText('Here is a link: https://example.com');
    tick();
    await userEvent.type(screen.getByRole('textbox', { name: 'Message to the agent' }), 'Thanks{Enter}');
    await within(transcript).findByText('Thanks');
    expect(room.sentText.map((t) => [t.topic, t.text])).toEqual([['lk.chat', 'Thanks']]);
    expect(lines(transcript)).toEqual([
      'agent/speech:Hello, how can I help?',
      'user/speech:What is the weather?',
      'agent/chat:Here is a link: https://example.com',
      'user/chat:Thanks',
    ]);
    expect(within(transcript).getAllByText('You')).toHaveLength(2);
    expect(within(transcript).getAllByText('Ada')).toHaveLength(2);
    expect(transcript.querySelector('[aria-live="polite"]')).toHaveTextContent('You: Thanks');
  });

  it('is grant-aware: no microphone without canPublish, a disabled text input with a reason without canPublishData', () => {
    const room = agentRoom({ local: { identity: 'me', grants: { canPublish: false, canPublishData: false } } });
    render(
      <RoomProvider room={room}>
        <AgentControlBar controls={{ camera: true, screenShare: true }} />
      </RoomProvider>,
    );
    const bar = screen.getByRole('toolbar', { name: 'Conversation controls' });
    expect(within(bar).queryByRole('button', { name: 'Microphone' })).toBeNull();
    expect(within(bar).queryByRole('button', { name: 'Camera' })).toBeNull();
    expect(within(bar).queryByRole('button', { name: 'Share screen' })).toBeNull();
    expect(within(bar).getByRole('textbox', { name: 'Message to the agent' })).toBeDisabled();
    expect(within(bar).getByText('You can read the chat, but this session may not send messages.')).toBeInTheDocument();
    expect(within(bar).getByRole('button', { name: 'End conversation' })).toBeEnabled();
  });

  it('shows the microphone with device choice and level, and camera and screen share on request', async () => {
    const room = agentRoom({ devices: { audioinput: [{ deviceId: 'mic-1', label: 'Desk mic' }] } });
    render(
      <RoomProvider room={room}>
        <AgentControlBar controls={{ camera: true, screenShare: true }} />
      </RoomProvider>,
    );
    const bar = screen.getByRole('toolbar', { name: 'Conversation controls' });
    expect(within(bar).getByRole('button', { name: 'Microphone' })).toBeInTheDocument();
    await within(bar).findByRole('option', { name: 'Desk mic' });
    expect(within(bar).getByRole('combobox', { name: 'Choose microphone' })).toBeInTheDocument();
    expect(bar.querySelector('.rk-agent-mic-level')).not.toBeNull();
    expect(within(bar).getByRole('button', { name: 'Camera' })).toBeInTheDocument();
    expect(within(bar).getByRole('button', { name: 'Share screen' })).toBeInTheDocument();
  });

  it('renders the bar and radial visualizers with the agent state', () => {
    const room = agentRoom();
    render(
      <RoomProvider room={room}>
        <AgentVisualizer data-testid="bar" />
        <AgentVisualizer data-testid="radial" variant="radial" bars={12} />
      </RoomProvider>,
    );
    expect(screen.getByTestId('bar')).toHaveAttribute('data-variant', 'bar');
    expect(screen.getByTestId('bar').children).toHaveLength(5);
    expect(screen.getByTestId('radial')).toHaveAttribute('data-variant', 'radial');
    expect(screen.getByTestId('radial').children).toHaveLength(12);
    expect(screen.getByTestId('radial')).toHaveAttribute('data-agent-state', 'listening');
  });
});

describe('<AgentTranscript> auto-scroll', () => {
  it('follows new lines until the person scrolls back, then offers to jump to the latest', async () => {
    const room = agentRoom();
    render(
      <RoomProvider room={room}>
        <AgentTranscript />
      </RoomProvider>,
    );
    const log = screen.getByRole('log', { name: 'Transcript' });
    let height = 1_000;
    Object.defineProperty(log, 'scrollHeight', { configurable: true, get: () => height });
    Object.defineProperty(log, 'clientHeight', { configurable: true, get: () => 200 });
    act(() => void room.deliverTranscription('ada', 'one'));
    await screen.findByText('one');
    expect(log.scrollTop).toBe(1_000);
    // The person scrolls back: new lines leave the view alone.
    log.scrollTop = 100;
    act(() => void log.dispatchEvent(new Event('scroll')));
    const region = screen.getByRole('region', { name: 'Transcript' });
    expect(region).toHaveAttribute('data-scrolled-back');
    height = 1_200;
    act(() => void room.deliverTranscription('ada', 'two'));
    await screen.findByText('two');
    expect(log.scrollTop).toBe(100);
    await userEvent.click(screen.getByRole('button', { name: 'Jump to latest' }));
    expect(log.scrollTop).toBe(1_200);
    expect(region).not.toHaveAttribute('data-scrolled-back');
    height = 1_400;
    act(() => void room.deliverTranscription('ada', 'three'));
    await screen.findByText('three');
    expect(log.scrollTop).toBe(1_400);
  });
});

// Stable, as AgentTranscript asks: a line re-renders only when its entry changes.
const lineCommits = new Map<string, number>();
const countLine = (id: string) => lineCommits.set(id, (lineCommits.get(id) ?? 0) + 1);
const renderEntry = (entry: ConversationEntry, speaker: string): ReactNode => (
  <Profiler id={entry.key} onRender={countLine}>
    <span className="rk-agent-line-speaker">{speaker}</span> <span className="rk-agent-line-text">{entry.text}</span>
  </Profiler>
);

describe('render cost', () => {
  it("the agent's audio level and interim transcription never re-render the control bar or earlier lines", async () => {
    const room: TestRoom = agentRoom();
    const commits = new Map<string, number>();
    const count = (id: string) => commits.set(id, (commits.get(id) ?? 0) + 1);
    render(
      <RoomProvider room={room}>
        <Profiler id="conversation" onRender={count}>
          <Profiler id="controls" onRender={count}>
            <AgentControlBar />
          </Profiler>
          <Profiler id="transcript" onRender={count}>
            <AgentTranscript renderEntry={renderEntry} />
          </Profiler>
          <Profiler id="visualizer" onRender={count}>
            <AgentVisualizer />
          </Profiler>
        </Profiler>
      </RoomProvider>,
    );
    act(() => void room.deliverTranscription('ada', 'First line.', { segmentId: 's1' }));
    act(() => void room.deliverTranscription('me', 'Second line.', { segmentId: 's2', from: 'ada' }));
    await screen.findByText('Second line.');
    commits.clear();
    lineCommits.clear();

    // The agent speaks: its audio level changes 20 times.
    for (let i = 0; i < 20; i++) act(() => void room.setSpeaking('ada', true, 0.3 + (i % 5) / 10));
    act(() => void room.setSpeaking('ada', false));
    const afterLevels = Object.fromEntries(commits);
    expect(afterLevels).toEqual({});

    // An interim line grows word by word (10 updates), then becomes final.
    const words = 'one two three four five six seven eight nine ten'.split(' ');
    for (let i = 1; i <= words.length; i++) {
      act(() => void room.deliverTranscription('ada', words.slice(0, i).join(' '), { segmentId: 's3', final: false }));
      await screen.findByText(words.slice(0, i).join(' '));
    }
    act(() => void room.deliverTranscription('ada', 'one two three four five six seven eight nine ten.', { segmentId: 's3', final: true }));
    await screen.findByText('one two three four five six seven eight nine ten.');
    const lines = Object.fromEntries(lineCommits);
    console.info('render counts', { afterLevels, transcription: Object.fromEntries(commits), lines });
    expect(commits.get('controls')).toBeUndefined();
    expect(commits.get('visualizer')).toBeUndefined();
    expect(commits.get('transcript')).toBe(11);
    // Earlier lines: never; the growing line: once per update.
    expect(lines).toEqual({ 'speech:ada:s3': 11 });
  });
});
