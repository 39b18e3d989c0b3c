import { act, render, renderHook, screen, waitFor, within } from '@testing-library/react';
import { Track, type RemoteTrackPublication } from 'livekit-client';
import { createRecorderSignals, egressConsoleSink, parseRecordingParams, RecordingView, useRecordingParams } from '../../src/recording/index';
import { getRoomStore, isRoomKitError, type RoomKitError } from '../../src/index';
import { createRecorderSignalLog, createTestRoom, simulateMediaPlaying, type TestRoomInit } from '../../src/testing/index';
import { axeViolations } from '../helpers/axe';

/** The recorder: hidden, subscribe only, as LiveKit Egress's token makes it. */
const RECORDER: TestRoomInit['local'] = { identity: 'EG_recorder', grants: { hidden: true, canPublish: false, canPublishData: false, canSubscribe: true } };

function mount(init: TestRoomInit = {}, props: Partial<Parameters<typeof RecordingView>[0]> = {}) {
  const room = createTestRoom({ local: RECORDER, ...init });
  const log = createRecorderSignalLog();
  const utils = render(<RecordingView room={room} sink={log.sink} emptyTimeoutMs={1000} {...props} />);
  const view = () => screen.getByRole('region', { name: 'Recording' });
  return { room, log, view, ...utils };
}

const TWO = [
  { identity: 'ada', name: 'Ada', camera: true, microphone: true },
  { identity: 'bob', name: 'Bob', camera: true },
];

afterEach(() => {
  vi.useRealTimers();
  window.history.replaceState(null, '', '/');
});

describe('RecordingView: what it shows', () => {
  it('shows every other participant in a grid with names, no tile for the hidden recorder, and nothing to press', async () => {
    const { view, container } = mount({ participants: TWO });
    expect(view()).toHaveAttribute('data-signal', 'idle');
    const stage = view().querySelector('.rk-recording-stage')!;
    expect(stage).toHaveAttribute('data-layout', 'grid');
    const tiles = within(view()).getAllByRole('group');
    expect(tiles.map((t) => t.getAttribute('aria-label'))).toEqual(['Ada', 'Bob']);
    expect(within(tiles[0]!).getByText('Ada')).toBeInTheDocument();
    // A recording has no controls: no pin toggles, no admin menus, no control bar, no buttons at all.
    expect(container.querySelectorAll('button, [role="menu"], input, select, a[href]')).toHaveLength(0);
    expect(await axeViolations(container)).toEqual([]);
  });

  it('marks who is speaking, and shows the speaker layout when asked', () => {
    const { room, view } = mount({ participants: TWO }, { layout: 'speaker' });
    act(() => void room.setSpeaking('bob', true));
    expect(view().querySelector('.rk-recording-stage')).toHaveAttribute('data-layout', 'speaker');
    expect(within(view()).getByRole('group', { name: 'Bob' })).toHaveAttribute('data-speaking', '');
    expect(within(view()).getByRole('group', { name: 'Ada' })).not.toHaveAttribute('data-speaking');
  });

  it('puts a screen share on the stage, in either layout', () => {
    const { room, view } = mount({ participants: TWO });
    act(() => void room.publishTrack('bob', 'screen_share'));
    const stage = view().querySelector('.rk-recording-stage')!;
    expect(stage).toHaveAttribute('data-layout', 'focus');
    expect(stage.querySelector('.rk-focus-main [data-source="screen_share"]')).not.toBeNull();
    act(() => void room.unpublishTrack('bob', 'screen_share'));
    expect(stage).toHaveAttribute('data-layout', 'grid');
  });

  it('follows a layout change the recorder is sent while recording (Egress UpdateLayout: the recorder’s metadata)', () => {
    const { room, view } = mount({ participants: TWO });
    act(() => void room.updateParticipant('EG_recorder', { metadata: JSON.stringify({ layout: 'speaker-dark' }) }));
    expect(view().querySelector('.rk-recording-stage')).toHaveAttribute('data-layout', 'speaker');
  });

  it('shows captions only when asked', async () => {
    const { room } = mount({ participants: TWO }, { captions: true });
    act(() => void room.deliverTranscription('ada', 'hello recording'));
    await waitFor(() => expect(screen.getByRole('region', { name: 'Captions' })).toHaveTextContent('hello recording'));
    const other = mount({ participants: TWO });
    expect(within(other.container).queryByRole('region', { name: 'Captions' })).toBeNull();
  });

  it('says it is waiting while no one else is in the room', () => {
    const { view } = mount();
    expect(view()).toHaveAttribute('data-empty', '');
    expect(within(view()).getByRole('status')).toHaveTextContent('Waiting for participants…');
    expect(within(view()).queryAllByRole('group')).toHaveLength(0);
  });

  it('takes labels from the provider side (French)', () => {
    mount({}, { labels: { recordingView: 'Enregistrement', recordingWaiting: 'En attente des participants…' } });
    expect(screen.getByRole('region', { name: 'Enregistrement' })).toHaveTextContent('En attente des participants…');
  });
});

describe('RecordingView: the recorder signals', () => {
  it('sends start once, only after remote media plays', () => {
    const { log, view, container } = mount({ participants: TWO });
    expect(log.signals).toEqual([]);
    // Video elements exist (subscribed), but nothing has played yet: no start.
    expect(container.querySelectorAll('video').length).toBeGreaterThan(0);
    expect(view()).toHaveAttribute('data-signal', 'idle');
    act(() => void simulateMediaPlaying(container));
    expect(log.signals).toEqual(['start']);
    expect(view()).toHaveAttribute('data-signal', 'started');
    act(() => void simulateMediaPlaying(container));
    act(() => void simulateMediaPlaying(container, 'audio'));
    expect(log.signals).toEqual(['start']);
  });

  it('starts on remote audio too (an audio-only room)', () => {
    const { log, container } = mount({ participants: [{ identity: 'ada', name: 'Ada', microphone: true }] });
    let fired = 0;
    act(() => void (fired = simulateMediaPlaying(container, 'audio')));
    expect(fired).toBeGreaterThan(0);
    expect(log.signals).toEqual(['start']);
  });

  it('sends stop once the room has been empty for emptyTimeoutMs; a rejoin cancels the countdown', () => {
    vi.useFakeTimers();
    const { room, log, container, view } = mount({ participants: TWO });
    act(() => void simulateMediaPlaying(container));
    act(() => void room.removeParticipant('ada').removeParticipant('bob'));
    act(() => void vi.advanceTimersByTime(999));
    expect(log.signals).toEqual(['start']);
    act(() => void room.addParticipant({ identity: 'ada', name: 'Ada', camera: true }));
    act(() => void vi.advanceTimersByTime(5000));
    expect(log.signals).toEqual(['start']);
    act(() => void room.removeParticipant('ada'));
    act(() => void vi.advanceTimersByTime(999));
    expect(log.signals).toEqual(['start']);
    act(() => void vi.advanceTimersByTime(1));
    expect(log.signals).toEqual(['start', 'stop']);
    expect(view()).toHaveAttribute('data-signal', 'stopped');
    act(() => void room.addParticipant({ identity: 'bob', name: 'Bob' }).removeParticipant('bob'));
    act(() => void vi.advanceTimersByTime(5000));
    expect(log.signals).toEqual(['start', 'stop']);
  });

  it('does not count hidden participants or other recorders as an audience', () => {
    vi.useFakeTimers();
    const { log } = mount({
      participants: [
        { identity: 'ghost', name: 'Ghost', hidden: true },
        { identity: 'EG_other', name: 'Other recorder', kind: 'egress' },
      ],
    });
    act(() => void vi.advanceTimersByTime(1000));
    expect(log.signals).toEqual(['stop']);
  });

  it('sends stop at once when the session ends', () => {
    const { room, log } = mount({ participants: TWO });
    act(() => void room.setConnectionState('disconnected'));
    expect(log.signals).toEqual(['stop']);
  });
});

describe('RecordingView: the recording starts on a picture', () => {
  /** Ada with a camera and a microphone, as most rooms are. */
  const ADA = [{ identity: 'ada', name: 'Ada', camera: true, microphone: true }];
  const camera = (room: ReturnType<typeof mount>['room'], identity = 'ada') =>
    room.remoteParticipants.get(identity)!.getTrackPublication(Track.Source.Camera) as RemoteTrackPublication;

  it('audio that plays before the camera’s first frame does not start it; the frame does', () => {
    vi.useFakeTimers();
    const { log, container, view } = mount({ participants: ADA });
    act(() => void simulateMediaPlaying(container, 'audio'));
    act(() => void vi.advanceTimersByTime(4999));
    expect(log.signals).toEqual([]);
    expect(view()).toHaveAttribute('data-signal', 'idle');
    act(() => void simulateMediaPlaying(container));
    expect(log.signals).toEqual(['start']);
    act(() => void vi.advanceTimersByTime(10_000));
    expect(log.signals).toEqual(['start']);
  });

  it('waits for the frame callback after `playing`, where the browser has one', () => {
    const frames: VideoFrameRequestCallback[] = [];
    const proto = HTMLVideoElement.prototype as { requestVideoFrameCallback?: HTMLVideoElement['requestVideoFrameCallback'] };
    proto.requestVideoFrameCallback = (callback) => frames.push(callback);
    try {
      const { log, container } = mount({ participants: ADA });
      act(() => void simulateMediaPlaying(container, 'audio'));
      act(() => void simulateMediaPlaying(container));
      // Playing, but no frame presented yet.
      expect(frames).toHaveLength(1);
      expect(log.signals).toEqual([]);
      act(() => frames[0]!(0, {} as VideoFrameCallbackMetadata));
      expect(log.signals).toEqual(['start']);
    } finally {
      delete proto.requestVideoFrameCallback;
    }
  });

  it('a camera that shows no frame does not block it: audio starts it after videoWaitMs (default 5 000 ms)', () => {
    vi.useFakeTimers();
    for (const [videoWaitMs, bound] of [[undefined, 5000], [800, 800]] as const) {
      const { log, container, unmount } = mount({ participants: ADA }, videoWaitMs === undefined ? {} : { videoWaitMs });
      act(() => void simulateMediaPlaying(container, 'audio'));
      act(() => void vi.advanceTimersByTime(bound - 1));
      expect(log.signals, `videoWaitMs ${videoWaitMs}`).toEqual([]);
      act(() => void vi.advanceTimersByTime(1));
      expect(log.signals, `videoWaitMs ${videoWaitMs}`).toEqual(['start']);
      unmount();
    }
  });

  it('does not wait for a muted camera (no frames will come)', () => {
    const { log, container } = mount({ participants: [{ identity: 'ada', name: 'Ada', camera: 'muted', microphone: true }] });
    act(() => void simulateMediaPlaying(container, 'audio'));
    expect(log.signals).toEqual(['start']);
  });

  it('stops waiting, and starts on the audio, when the camera it waits for is muted, unpublished or unsubscribed', () => {
    const cases: Array<[string, (room: ReturnType<typeof mount>['room']) => void]> = [
      ['muted', (room) => void room.setMuted('ada', 'camera', true)],
      ['unpublished', (room) => void room.unpublishTrack('ada', 'camera')],
      ['unsubscribed', (room) => camera(room).setSubscribed(false)],
      ['left', (room) => void room.removeParticipant('ada')],
    ];
    vi.useFakeTimers();
    for (const [what, change] of cases) {
      const { log, container, room, unmount } = mount({ participants: ADA });
      act(() => void simulateMediaPlaying(container, 'audio'));
      expect(log.signals, what).toEqual([]);
      act(() => change(room));
      expect(log.signals, what).toEqual(['start']);
      unmount();
    }
  });

  it('waits while any camera or screen share may still show a frame', () => {
    vi.useFakeTimers();
    const { log, container, room } = mount({ participants: [...ADA, { identity: 'bob', name: 'Bob', screenShare: true }] });
    act(() => void simulateMediaPlaying(container, 'audio'));
    act(() => void room.setMuted('ada', 'camera', true));
    // Bob's screen share is still to show its first frame.
    expect(log.signals).toEqual([]);
    act(() => void room.unpublishTrack('bob', 'screen_share'));
    expect(log.signals).toEqual(['start']);
  });

  it('a camera published while audio waits: its first frame ends the wait, which it does not lengthen', () => {
    vi.useFakeTimers();
    const { log, container, room } = mount({ participants: [...ADA, { identity: 'bob', name: 'Bob', microphone: true }] });
    act(() => void simulateMediaPlaying(container, 'audio'));
    act(() => void vi.advanceTimersByTime(3000));
    act(() => void room.publishTrack('bob', 'camera'));
    act(() => void vi.advanceTimersByTime(1999));
    expect(log.signals).toEqual([]);
    act(() => void vi.advanceTimersByTime(1));
    expect(log.signals).toEqual(['start']);

    const second = mount({ participants: [...ADA, { identity: 'bob', name: 'Bob', microphone: true }] });
    act(() => void simulateMediaPlaying(second.container, 'audio'));
    act(() => void second.room.publishTrack('bob', 'camera'));
    act(() => void simulateMediaPlaying(within(second.container).getByRole('group', { name: 'Bob' })));
    expect(second.log.signals).toEqual(['start']);
  });

  it('an audio-only room starts on its audio at once; a camera published afterwards changes nothing', () => {
    const { log, container, room } = mount({ participants: [{ identity: 'ada', name: 'Ada', microphone: true }] });
    act(() => void simulateMediaPlaying(container, 'audio'));
    expect(log.signals).toEqual(['start']);
    act(() => void room.publishTrack('ada', 'camera'));
    act(() => void simulateMediaPlaying(container));
    expect(log.signals).toEqual(['start']);
  });
});

describe('recorder signals in the core (no React)', () => {
  it('logs LiveKit Egress’s exact console lines by default', () => {
    const logSpy = vi.spyOn(console, 'log').mockImplementation(() => {});
    egressConsoleSink('start');
    egressConsoleSink('stop');
    expect(logSpy.mock.calls).toEqual([['START_RECORDING'], ['END_RECORDING']]);
  });

  it('audio waits for a camera asked for but not arrived yet, until it is given up (no store change, the room’s event)', async () => {
    // The recorder may not subscribe yet: Ada's camera is wanted (auto-subscribed) but no media has come.
    const room = createTestRoom({ local: { ...RECORDER, grants: { ...RECORDER.grants, canSubscribe: false } }, participants: [{ identity: 'ada', camera: true }] });
    const sent: string[] = [];
    const signals = createRecorderSignals(getRoomStore(room), { sink: (s) => sent.push(s) });
    const camera = room.remoteParticipants.get('ada')!.getTrackPublication(Track.Source.Camera) as RemoteTrackPublication;
    expect([camera.isSubscribed, camera.isDesired]).toEqual([false, true]);
    signals.audioPlaying();
    expect(sent).toEqual([]);
    camera.setSubscribed(false);
    await Promise.resolve();
    expect(sent).toEqual(['start']);
    signals.dispose();
  });

  it('dispose cancels a wait for video: nothing is sent after it', () => {
    vi.useFakeTimers();
    const room = createTestRoom({ local: RECORDER, participants: [{ identity: 'ada', camera: true, microphone: true }] });
    const sent: string[] = [];
    const signals = createRecorderSignals(getRoomStore(room), { videoWaitMs: 100, sink: (s) => sent.push(s) });
    signals.audioPlaying();
    signals.dispose();
    vi.advanceTimersByTime(1000);
    room.unpublishTrack('ada', 'camera');
    expect(sent).toEqual([]);
    expect(signals.started).toBe(false);
  });

  it('a session that ends while audio waits for video sends stop only', () => {
    const room = createTestRoom({ local: RECORDER, participants: [{ identity: 'ada', camera: true, microphone: true }] });
    const sent: string[] = [];
    const signals = createRecorderSignals(getRoomStore(room), { sink: (s) => sent.push(s) });
    signals.audioPlaying();
    room.setConnectionState('disconnected');
    getRoomStore(room).flush();
    expect(sent).toEqual(['stop']);
  });

  it('does not count down before the room is connected, and dispose sends nothing', () => {
    vi.useFakeTimers();
    const room = createTestRoom({ local: RECORDER, connectionState: 'connecting' });
    const sent: string[] = [];
    const signals = createRecorderSignals(getRoomStore(room), { emptyTimeoutMs: 100, sink: (s) => sent.push(s) });
    vi.advanceTimersByTime(1000);
    expect(sent).toEqual([]);
    room.setConnectionState('connected');
    vi.advanceTimersByTime(50);
    signals.dispose();
    vi.advanceTimersByTime(1000);
    expect(sent).toEqual([]);
    expect(signals.stopped).toBe(false);
  });
});

describe('recording params from the page address', () => {
  it('reads url, token and layout as LiveKit Egress appends them', () => {
    expect(parseRecordingParams('?layout=speaker-light&url=wss%3A%2F%2Fmedia.example&token=abc')).toEqual({ url: 'wss://media.example', token: 'abc', layout: 'speaker' });
    expect(parseRecordingParams('?url=wss://m&token=t&layout=').layout).toBe('grid');
    expect(parseRecordingParams('?url=wss://m&token=t&layout=single-speaker').layout).toBe('speaker');
    expect(parseRecordingParams('?url=wss://m&token=t&layout=mosaic')).toMatchObject({ layout: 'grid', unknownLayout: 'mosaic' });
  });

  it('a missing url or token is a missing-connection RoomKitError that says what to add', () => {
    let error: unknown;
    try {
      parseRecordingParams('?layout=grid&url=wss://m');
    } catch (e) {
      error = e;
    }
    expect(isRoomKitError(error, 'missing-connection')).toBe(true);
    expect((error as RoomKitError).message).toMatch(/no token/);
    expect((error as RoomKitError).message).toMatch(/url=wss:\/\//);
  });

  it('RecordingView without them joins nothing, says so in words, logs the fix and calls onError', async () => {
    window.history.replaceState(null, '', '/recording.html?layout=grid');
    const errorSpy = vi.spyOn(console, 'error').mockImplementation(() => {});
    const onError = vi.fn();
    render(<RecordingView onError={onError} />);
    expect(screen.getByRole('alert')).toHaveAttribute('data-state', 'error');
    await waitFor(() => expect(onError).toHaveBeenCalledWith(expect.objectContaining({ code: 'missing-connection' })));
    expect(errorSpy.mock.calls[0]![0]).toMatch(/no url and token/);
  });

  it('useRecordingParams reads the address once; an unknown layout shows the grid with a development warning', () => {
    window.history.replaceState(null, '', `/recording.html?url=${encodeURIComponent('wss://media.example')}&token=t0&layout=mosaic`);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { result } = renderHook(() => useRecordingParams());
    expect(result.current).toEqual({ url: 'wss://media.example', token: 't0', layout: 'grid', unknownLayout: 'mosaic' });
    expect(warn.mock.calls.some(([m]) => String(m).includes('Unknown recording layout "mosaic"'))).toBe(true);
  });
});
