import { act, render, renderHook, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Profiler, type ReactNode } from 'react';
import type { Track } from 'livekit-client';
import {
  AudioVisualizer,
  Captions,
  ControlBar,
  GridLayout,
  ParticipantTile,
  RoomProvider,
  useAgent,
  useTranscriptions,
  VideoConference,
} from '../../src/index';
import { createTestRoom, type TestRoom } from '../../src/testing/index';

const wrap = (room: TestRoom) =>
  function Wrapper({ children }: { children: ReactNode }) {
    return <RoomProvider room={room}>{children}</RoomProvider>;
  };

describe('useTranscriptions', () => {
  it('replaces an interim segment in place by its updates and its final version', async () => {
    const room = createTestRoom({ participants: [{ identity: 'ann', name: 'Ann', microphone: true }, { identity: 'bob', microphone: true }] });
    const { result } = renderHook(() => useTranscriptions(), { wrapper: wrap(room) });
    act(() => void room.deliverTranscription('ann', 'hello', { segmentId: 'seg-1', final: false }));
    await waitFor(() => expect(result.current.map((s) => s.text)).toEqual(['hello']));
    const first = result.current[0]!;
    expect(first).toMatchObject({ id: 'seg-1', speaker: 'ann', sender: 'ann', final: false });
    const annMic = room.remoteParticipants.get('ann')!.getTrackPublication('microphone' as Track.Source)!.trackSid;
    expect(first.trackSid).toBe(annMic);

    act(() => void room.deliverTranscription('bob', 'hi ann', { segmentId: 'seg-2', final: true }));
    act(() => void room.deliverTranscription('ann', 'hello every', { segmentId: 'seg-1', final: false }));
    act(() => void room.deliverTranscription('ann', 'hello everyone', { segmentId: 'seg-1', final: true }));
    await waitFor(() => expect(result.current.map((s) => `${s.speaker}:${s.text}:${s.final}`)).toEqual(['ann:hello everyone:true', 'bob:hi ann:true']));
    const [ann, bob] = result.current;
    expect(ann!.firstReceivedTime).toBe(first.firstReceivedTime);
    expect(ann!.lastReceivedTime).toBeGreaterThanOrEqual(first.lastReceivedTime);
    // An unchanged segment keeps its identity when another one changes.
    act(() => void room.deliverTranscription('ann', 'again', { segmentId: 'seg-3' }));
    await waitFor(() => expect(result.current).toHaveLength(3));
    expect(result.current[1]).toBe(bob);
  });

  it('names the owner of the transcribed track as the speaker when an agent sends it', async () => {
    const room = createTestRoom({
      local: { identity: 'me', microphone: true },
      participants: [{ identity: 'agent', kind: 'agent', microphone: true }],
    });
    const { result } = renderHook(() => useTranscriptions({ speaker: 'me' }), { wrapper: wrap(room) });
    await waitFor(() => expect(room.localParticipant.getTrackPublication('microphone' as Track.Source)).toBeDefined());
    act(() => void room.deliverTranscription('me', 'what is the weather', { from: 'agent' }));
    await waitFor(() => expect(result.current.map((s) => s.text)).toEqual(['what is the weather']));
    expect(result.current[0]).toMatchObject({ speaker: 'me', sender: 'agent' });
  });
});

describe('<Captions>', () => {
  it('shows the last lines with speaker names; screen readers get final lines only', async () => {
    const room = createTestRoom({ participants: [{ identity: 'ann', name: 'Ann', microphone: true }, { identity: 'bob', name: 'Bob', microphone: true }] });
    render(
      <RoomProvider room={room}>
        <Captions lines={2} />
      </RoomProvider>,
    );
    const region = screen.getByRole('region', { name: 'Captions' });
    const live = region.querySelector('[aria-live="polite"]')!;
    expect(region).toHaveAttribute('data-empty');
    act(() => void room.deliverTranscription('ann', 'I think we', { segmentId: 'a1', final: false }));
    await within(region).findByText('I think we');
    expect(live.textContent).toBe('');
    const line = within(region).getByText('I think we').closest('li')!;
    expect(line).not.toHaveAttribute('data-final');
    expect(line).toHaveAttribute('data-speaker', 'ann');
    act(() => void room.deliverTranscription('ann', 'I think we should ship', { segmentId: 'a1', final: true }));
    await within(region).findByText('I think we should ship');
    expect(live.textContent).toBe('Ann: I think we should ship');
    act(() => void room.deliverTranscription('bob', 'agreed', { segmentId: 'b1', final: false }));
    act(() => void room.deliverTranscription('bob', 'me too', { segmentId: 'b2', final: true }));
    await within(region).findByText('me too');
    // Two lines: the oldest fell off.
    expect(region.querySelectorAll('li')).toHaveLength(2);
    expect(within(region).queryByText('I think we should ship')).toBeNull();
    expect(live.textContent).toBe('Bob: me too');
  });

  it('has a control-bar toggle that appears only once the room has transcriptions, controlled or not', async () => {
    const room = createTestRoom({ participants: [{ identity: 'ann', name: 'Ann', microphone: true }] });
    const onCaptionsChange = vi.fn();
    render(
      <RoomProvider room={room}>
        <VideoConference onCaptionsChange={onCaptionsChange} />
      </RoomProvider>,
    );
    expect(screen.queryByRole('button', { name: 'Captions' })).toBeNull();
    act(() => void room.deliverTranscription('ann', 'first words'));
    const toggle = await screen.findByRole('button', { name: 'Captions' });
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('region', { name: 'Captions' })).toHaveTextContent('Ann first words');
    await userEvent.click(toggle);
    expect(onCaptionsChange).toHaveBeenLastCalledWith(false);
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    expect(screen.queryByRole('region', { name: 'Captions' })).toBeNull();
  });

  it('a controlled ControlBar toggle reports and follows its prop', async () => {
    const room = createTestRoom({ participants: [{ identity: 'ann' }] });
    const onCaptionsChange = vi.fn();
    const view = render(
      <RoomProvider room={room}>
        <ControlBar controls={{ captions: true }} captions={false} onCaptionsChange={onCaptionsChange} />
      </RoomProvider>,
    );
    act(() => void room.deliverTranscription('ann', 'x'));
    const toggle = await screen.findByRole('button', { name: 'Captions' });
    await userEvent.click(toggle);
    expect(onCaptionsChange).toHaveBeenCalledWith(true);
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    view.rerender(
      <RoomProvider room={room}>
        <ControlBar controls={{ captions: true }} captions onCaptionsChange={onCaptionsChange} />
      </RoomProvider>,
    );
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
  });

  it('a new segment re-renders the captions only, never a tile or the grid', async () => {
    const room = createTestRoom({ participants: 30 });
    const commits = new Map<string, number>();
    const count = (id: string) => commits.set(id, (commits.get(id) ?? 0) + 1);
    const renderTile = (tile: { identity: string; source: Track.Source.Camera | Track.Source.ScreenShare }) => (
      <Profiler id={tile.identity} onRender={count}>
        <ParticipantTile identity={tile.identity} source={tile.source} />
      </Profiler>
    );
    render(
      <RoomProvider room={room}>
        <Profiler id="grid" onRender={count}>
          <GridLayout maxTilesPerPage={31} minTileWidth={1} minTileHeight={1} renderTile={renderTile} />
        </Profiler>
        <Profiler id="captions" onRender={count}>
          <Captions />
        </Profiler>
      </RoomProvider>,
    );
    commits.clear();
    act(() => void room.deliverTranscription('participant-4', 'one two', { segmentId: 's', final: false }));
    await screen.findByText('one two');
    act(() => void room.deliverTranscription('participant-4', 'one two three', { segmentId: 's', final: true }));
    await screen.findByText('one two three');
    expect([...commits.keys()]).toEqual(['captions']);
    expect(commits.get('captions')).toBe(2);
  });
});

describe('agents', () => {
  it('useAgent finds the agent, its state from lk.agent.state, its audio track and its transcription', async () => {
    const room = createTestRoom({
      participants: [
        { identity: 'human', camera: true },
        { identity: 'agent', name: 'Ada', kind: 'agent', microphone: true, agentState: 'initializing' },
      ],
    });
    const { result } = renderHook(() => useAgent(), { wrapper: wrap(room) });
    expect(result.current.participant?.identity).toBe('agent');
    expect(result.current.participant?.kind).toBe('agent');
    expect(result.current.state).toBe('initializing');
    expect(result.current.audioTrack?.source).toBe('microphone');
    act(() => void room.setAgentState('agent', 'listening'));
    expect(result.current.state).toBe('listening');
    act(() => void room.setAgentState('agent', 'custom-state'));
    expect(result.current.state).toBe('custom-state');
    act(() => void room.deliverTranscription('agent', ['The answer ', 'is 42.'], { segmentId: 'r1' }));
    await waitFor(() => expect(result.current.transcriptions.map((s) => s.text)).toEqual(['The answer is 42.']));
    act(() => void room.removeParticipant('agent'));
    expect(result.current).toMatchObject({ participant: undefined, state: undefined, audioTrack: undefined });
  });

  it('an agent tile shows its state and a visualizer instead of an empty video box', () => {
    const room = createTestRoom({
      participants: [{ identity: 'agent', name: 'Ada', kind: 'agent', microphone: true, agentState: 'listening' }, { identity: 'human', name: 'Hugo' }],
    });
    render(
      <RoomProvider room={room}>
        <GridLayout />
      </RoomProvider>,
    );
    const tile = screen.getByRole('group', { name: 'Ada, AI agent' });
    expect(tile).toHaveAttribute('data-agent-state', 'listening');
    expect(within(tile).getByText('Listening')).toBeInTheDocument();
    expect(tile.querySelector('.rk-audio-visualizer')).toHaveAttribute('data-state', 'static');
    expect(tile.querySelector('[data-reason="camera-off"]')).toBeNull();
    act(() => void room.setAgentState('agent', 'thinking'));
    expect(tile).toHaveAttribute('data-agent-state', 'thinking');
    expect(within(tile).getByText('Thinking…')).toBeInTheDocument();
    // A human without a camera still gets the camera-off placeholder.
    const human = screen.getByRole('group', { name: 'Hugo' });
    expect(human).not.toHaveAttribute('data-agent');
    expect(human.querySelector('[data-reason="camera-off"]')).not.toBeNull();
  });
});

describe('<AudioVisualizer>', () => {
  // jsdom has no Web Audio: these stand-ins report a rising level each frame, and frames run when the test says.
  let frames: FrameRequestCallback[] = [];
  let level = 0;
  class FakeAnalyser {
    fftSize = 256;
    smoothingTimeConstant = 0;
    get frequencyBinCount() {
      return this.fftSize / 2;
    }
    getByteFrequencyData(data: Uint8Array) {
      data.fill(level);
    }
  }
  class FakeAudioContext {
    createMediaStreamSource() {
      return { connect() {}, disconnect() {} };
    }
    createAnalyser() {
      return new FakeAnalyser();
    }
    close() {
      return Promise.resolve();
    }
  }
  beforeEach(() => {
    frames = [];
    vi.stubGlobal('AudioContext', FakeAudioContext);
    vi.stubGlobal('requestAnimationFrame', (cb: FrameRequestCallback) => frames.push(cb));
    vi.stubGlobal('cancelAnimationFrame', () => undefined);
  });
  afterEach(() => void vi.unstubAllGlobals());
  const runFrame = () => {
    const now = frames;
    frames = [];
    now.forEach((cb) => cb(0));
  };

  it('draws every frame straight to the DOM: the agent tile and the grid never re-render while it speaks', () => {
    const room = createTestRoom({
      participants: [{ identity: 'agent', name: 'Ada', kind: 'agent', microphone: true, agentState: 'speaking' }, { identity: 'h', camera: true }],
    });
    const commits = new Map<string, number>();
    const count = (id: string) => commits.set(id, (commits.get(id) ?? 0) + 1);
    const renderTile = (tile: { identity: string; source: Track.Source.Camera | Track.Source.ScreenShare }) => (
      <Profiler id={tile.identity} onRender={count}>
        <ParticipantTile identity={tile.identity} source={tile.source} />
      </Profiler>
    );
    render(
      <RoomProvider room={room}>
        <Profiler id="grid" onRender={count}>
          <GridLayout renderTile={renderTile} />
        </Profiler>
      </RoomProvider>,
    );
    const bars = screen.getByRole('group', { name: 'Ada, AI agent' }).querySelectorAll<HTMLElement>('.rk-audio-bar');
    expect(bars).toHaveLength(5);
    expect(bars[0]!.closest('.rk-audio-visualizer')).toHaveAttribute('data-state', 'live');
    commits.clear();
    const seen: string[] = [];
    for (const l of [0, 64, 255, 128]) {
      level = l;
      act(() => runFrame());
      seen.push(bars[0]!.style.getPropertyValue('--rk-level'));
    }
    expect(seen).toEqual(['0.000', '0.251', '1.000', '0.502']);
    expect(Object.fromEntries(commits)).toEqual({});
  });

  it('shows static bars without a track', () => {
    render(<AudioVisualizer track={undefined} bars={3} />);
    const el = document.querySelector('.rk-audio-visualizer')!;
    expect(el).toHaveAttribute('data-state', 'static');
    expect(el).toHaveAttribute('aria-hidden', 'true');
    expect(el.children).toHaveLength(3);
  });
});
