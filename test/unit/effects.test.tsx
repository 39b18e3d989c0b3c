import { act, render, renderHook, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Track, type LocalVideoTrack } from 'livekit-client';
import type { ReactNode } from 'react';
import {
  ControlBar,
  EffectsControl,
  PreJoin,
  RoomProvider,
  isRoomKitError,
  useBackgroundEffect,
  useNoiseFilter,
  VideoConference,
  type BackgroundEffectsConfig,
} from '../../src/index';
import { createTestRoom, fakeBackgroundProcessors, type FakeBackgroundProcessor, type TestRoom, type TestRoomInit } from '../../src/testing/index';

const assets = { wasmUrl: '/mediapipe/wasm', modelUrl: '/mediapipe/model.tflite' };
const config = (options?: Parameters<typeof fakeBackgroundProcessors>[0]): BackgroundEffectsConfig => ({ load: () => fakeBackgroundProcessors(options), ...assets });
const backgrounds = [{ url: '/beach.jpg', label: 'Beach' }];

/** jsdom has none of what background effects need: give it the browser APIs they check for. */
function stubEffectBrowserApis() {
  vi.stubGlobal('OffscreenCanvas', class {});
  vi.stubGlobal('VideoFrame', class {});
  vi.stubGlobal('createImageBitmap', () => Promise.resolve({}));
  vi.stubGlobal('MediaStreamTrackProcessor', class {});
  vi.stubGlobal('MediaStreamTrackGenerator', class {});
  const getContext = HTMLCanvasElement.prototype.getContext;
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(function (this: HTMLCanvasElement, kind: string, ...args: unknown[]) {
    return kind === 'webgl2' ? ({} as RenderingContext) : (getContext as (...a: unknown[]) => RenderingContext | null).call(this, kind, ...args);
  } as typeof getContext);
  Object.defineProperty(navigator, 'mediaDevices', {
    configurable: true,
    value: { getSupportedConstraints: () => ({ noiseSuppression: true }), addEventListener() {}, removeEventListener() {} },
  });
}

function renderIn(room: TestRoom, ui: ReactNode) {
  return render(<RoomProvider room={room}>{ui}</RoomProvider>);
}

const cameraTrack = (room: TestRoom) => room.localParticipant.getTrackPublication(Track.Source.Camera)?.track as LocalVideoTrack | undefined;
const processorOf = (track: LocalVideoTrack | undefined) => track?.getProcessor() as FakeBackgroundProcessor | undefined;

afterEach(() => {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'mediaDevices');
});

describe('EffectsControl when the browser cannot run effects', () => {
  it('renders nothing (jsdom lacks WebGL2, VideoFrame and noise-suppression constraints)', () => {
    const room = createTestRoom();
    const { container } = renderIn(room, <EffectsControl config={config()} backgrounds={backgrounds} />);
    expect(container).toBeEmptyDOMElement();
  });
});

describe('EffectsControl', () => {
  beforeEach(stubEffectBrowserApis);

  it('offers None, Blur and each background, then blurs the published camera after loading', async () => {
    const user = userEvent.setup();
    const room = createTestRoom();
    await act(() => room.localParticipant.setCameraEnabled(true));
    // Loading is held until the test has seen its state: the machine's speed never decides what the test sees.
    let finishLoading!: () => void;
    const until = new Promise<void>((resolve) => (finishLoading = resolve));
    renderIn(room, <EffectsControl config={config({ until })} backgrounds={backgrounds} />);
    const group = screen.getByRole('radiogroup', { name: 'Effects' });
    expect(screen.getByRole('radio', { name: 'No effect' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Beach' })).not.toBeChecked();

    await user.click(screen.getByRole('radio', { name: 'Blur background' }));
    expect(screen.getByRole('radio', { name: 'Blur background' })).toBeChecked();
    expect(group).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByRole('status')).toHaveTextContent('Applying effect…');
    expect(processorOf(cameraTrack(room))).toBeUndefined();

    finishLoading();
    await waitFor(() => expect(group.closest('.rk-effects')).toHaveAttribute('data-state', 'applied'));
    expect(group).not.toHaveAttribute('aria-busy');
    expect(processorOf(cameraTrack(room))?.mode).toBe('background-blur');

    await user.click(screen.getByRole('radio', { name: 'Beach' }));
    await waitFor(() => expect(processorOf(cameraTrack(room))?.imagePath).toBe('/beach.jpg'));
    expect(processorOf(cameraTrack(room))?.mode).toBe('virtual-background');

    await user.click(screen.getByRole('radio', { name: 'No effect' }));
    await waitFor(() => expect(cameraTrack(room)?.getProcessor()).toBeUndefined());
    expect(group.closest('.rk-effects')).toHaveAttribute('data-state', 'idle');
  });

  it('a camera published after choosing blur carries the processor before it is published', async () => {
    const user = userEvent.setup();
    const room = createTestRoom();
    renderIn(room, <EffectsControl config={config()} />);
    await user.click(screen.getByRole('radio', { name: 'Blur background' }));
    await waitFor(() => expect(screen.getByRole('radiogroup').closest('.rk-effects')).toHaveAttribute('data-state', 'applied'));
    let processedWhenPublished: unknown;
    room.localParticipant.on('localTrackPublished', (pub) => {
      if (pub.source === Track.Source.Camera) processedWhenPublished = (pub.track as LocalVideoTrack).getProcessor();
    });
    await act(() => room.localParticipant.setCameraEnabled(true));
    expect((processedWhenPublished as FakeBackgroundProcessor | undefined)?.mode).toBe('background-blur');
    // Muting and unmuting keeps it.
    await act(() => room.localParticipant.setCameraEnabled(false));
    await act(() => room.localParticipant.setCameraEnabled(true));
    expect(processorOf(cameraTrack(room))?.mode).toBe('background-blur');
  });

  it('an effect chosen on a screen that has gone (PreJoin) still reaches the camera published later, and the next camera gets a fresh processor', async () => {
    const user = userEvent.setup();
    const room = createTestRoom();
    const view = renderIn(room, <EffectsControl config={config()} />);
    await user.click(screen.getByRole('radio', { name: 'Blur background' }));
    await waitFor(() => expect(screen.getByRole('radiogroup').closest('.rk-effects')).toHaveAttribute('data-state', 'applied'));
    view.unmount();
    await act(() => room.localParticipant.setCameraEnabled(true));
    const first = processorOf(cameraTrack(room));
    expect(first?.mode).toBe('background-blur');
    // The capture default went with that track (stopping it destroys the processor): a new one waits for the next.
    expect(room.options.videoCaptureDefaults?.processor).toBeDefined();
    expect(room.options.videoCaptureDefaults?.processor).not.toBe(first);
  });

  it('shows the failure when @livekit/track-processors cannot load, with an effects-unavailable error naming the fix', async () => {
    const user = userEvent.setup();
    const room = createTestRoom();
    const { result } = renderHook(() => useBackgroundEffect({ config: config({ failLoad: true }) }), {
      wrapper: ({ children }) => <RoomProvider room={room}>{children}</RoomProvider>,
    });
    let failure: unknown;
    await act(() => result.current.setEffect({ kind: 'blur' }).catch((e: unknown) => void (failure = e)));
    expect(isRoomKitError(failure, 'effects-unavailable')).toBe(true);
    expect((failure as Error).message).toContain('npm i @livekit/track-processors');
    expect(result.current.status).toBe('error');
    expect(result.current.error?.code).toBe('effects-unavailable');

    renderIn(room, <EffectsControl config={config({ failLoad: true })} />);
    await user.click(screen.getByRole('radio', { name: 'Blur background' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This effect is not available here.');
  });

  it('without a config, choosing an effect fails with effects-unavailable', async () => {
    const room = createTestRoom();
    const { result } = renderHook(() => useBackgroundEffect(), { wrapper: ({ children }) => <RoomProvider room={room}>{children}</RoomProvider> });
    await act(() => expect(result.current.setEffect({ kind: 'blur' })).rejects.toMatchObject({ code: 'effects-unavailable' }));
  });

  it('applies a remembered defaultEffect on mount and reports choices through onEffectChange', async () => {
    const user = userEvent.setup();
    const room = createTestRoom();
    await act(() => room.localParticipant.setCameraEnabled(true));
    const onEffectChange = vi.fn();
    renderIn(room, <EffectsControl config={config()} backgrounds={backgrounds} defaultEffect={{ kind: 'image', url: '/beach.jpg' }} onEffectChange={onEffectChange} />);
    expect(screen.getByRole('radio', { name: 'Beach' })).toBeChecked();
    await waitFor(() => expect(processorOf(cameraTrack(room))?.mode).toBe('virtual-background'));
    await user.click(screen.getByRole('radio', { name: 'Blur background' }));
    expect(onEffectChange).toHaveBeenCalledWith({ kind: 'blur' });
  });

  it('switches the microphone noise filter', async () => {
    const user = userEvent.setup();
    const room = createTestRoom();
    await act(() => room.localParticipant.setMicrophoneEnabled(true));
    const mic = room.localParticipant.getTrackPublication(Track.Source.Microphone)!.track!.mediaStreamTrack;
    const apply = vi.spyOn(mic, 'applyConstraints');
    renderIn(room, <EffectsControl config={config()} />);
    const toggle = screen.getByRole('switch', { name: 'Noise filter' });
    expect(toggle).toHaveAttribute('aria-checked', 'true');
    await user.click(toggle);
    await waitFor(() => expect(toggle).toHaveAttribute('aria-checked', 'false'));
    expect(apply).toHaveBeenLastCalledWith(expect.objectContaining({ noiseSuppression: false }));
    expect(room.options.audioCaptureDefaults?.noiseSuppression).toBe(false);
  });

  it('remembers the effect and the noise filter in this browser: the next session starts with them, unless remembering is off', async () => {
    const user = userEvent.setup();
    const first = createTestRoom();
    const { unmount } = renderIn(first, <EffectsControl config={config()} backgrounds={backgrounds} />);
    await user.click(screen.getByRole('radio', { name: 'Blur background' }));
    await user.click(screen.getByRole('switch', { name: 'Noise filter' }));
    await waitFor(() => expect(screen.getByRole('switch', { name: 'Noise filter' })).toHaveAttribute('aria-checked', 'false'));
    expect(JSON.parse(localStorage.getItem('roomkit.choices.v1')!)).toMatchObject({ backgroundEffect: { kind: 'blur' }, noiseFilter: false });
    unmount();

    const next = createTestRoom();
    await act(() => next.localParticipant.setCameraEnabled(true));
    const second = renderIn(next, <EffectsControl config={config()} backgrounds={backgrounds} />);
    expect(screen.getByRole('radio', { name: 'Blur background' })).toBeChecked();
    await waitFor(() => expect(processorOf(cameraTrack(next))?.mode).toBe('background-blur'));
    await waitFor(() => expect(screen.getByRole('switch', { name: 'Noise filter' })).toHaveAttribute('aria-checked', 'false'));
    expect(next.options.audioCaptureDefaults?.noiseSuppression).toBe(false);
    second.unmount();

    const notRemembering = createTestRoom();
    render(
      <RoomProvider room={notRemembering} rememberChoices={false}>
        <EffectsControl config={config()} backgrounds={backgrounds} />
      </RoomProvider>,
    );
    expect(screen.getByRole('radio', { name: 'No effect' })).toBeChecked();
    expect(screen.getByRole('switch', { name: 'Noise filter' })).toHaveAttribute('aria-checked', 'true');
  });

  it('VideoConference shows the effects element it is given in its control bar, and none without it', () => {
    const room = createTestRoom();
    const { unmount } = renderIn(room, <VideoConference effects={<EffectsControl collapsible config={config()} />} />);
    const bar = screen.getByRole('toolbar', { name: 'Meeting controls' });
    expect(bar.querySelector('.rk-effects')).not.toBeNull();
    unmount();
    renderIn(room, <VideoConference />);
    expect(screen.getByRole('toolbar', { name: 'Meeting controls' }).querySelector('.rk-effects')).toBeNull();
  });

  it.each<[string, TestRoomInit['local'], { radios: boolean; noise: boolean }]>([
    ['a viewer sees nothing', { grants: { canPublish: false } }, { radios: false, noise: false }],
    ['a hidden observer sees nothing', { grants: { hidden: true } }, { radios: false, noise: false }],
    ['microphone only: the noise filter, no backgrounds', { grants: { canPublishSources: ['microphone'] } }, { radios: false, noise: true }],
    ['camera only: backgrounds, no noise filter', { grants: { canPublishSources: ['camera'] } }, { radios: true, noise: false }],
  ])('grants: %s', (_name, local, expected) => {
    const room = createTestRoom({ local });
    renderIn(room, <EffectsControl config={config()} />);
    expect(screen.queryByRole('radiogroup', { name: 'Effects' }) !== null).toBe(expected.radios);
    expect(screen.queryByRole('switch', { name: 'Noise filter' }) !== null).toBe(expected.noise);
  });

  it('PreJoin applies the effect to its preview; ControlBar shows the effects element it is given', async () => {
    const user = userEvent.setup();
    const room = createTestRoom();
    // Records which tracks the processors start on.
    const started: MediaStreamTrack[] = [];
    const recording: BackgroundEffectsConfig = {
      ...assets,
      load: async () => {
        const real = await fakeBackgroundProcessors();
        return {
          BackgroundProcessor: (options) => {
            const processor = real.BackgroundProcessor(options);
            const init = processor.init.bind(processor);
            processor.init = (opts) => (started.push(opts.track), init(opts));
            return processor;
          },
        };
      },
    };
    renderIn(room, <PreJoin onSubmit={() => {}} effects={<EffectsControl config={recording} />} />);
    const preview = screen.getByLabelText('Camera preview') as HTMLVideoElement;
    await waitFor(() => expect(preview.srcObject).toBeTruthy());
    await user.click(screen.getByRole('radio', { name: 'Blur background' }));
    await waitFor(() => expect(preview.closest('form')?.querySelector('.rk-effects')).toHaveAttribute('data-state', 'applied'));
    // No camera is published before joining: the processor runs on the preview's track.
    expect(cameraTrack(room)).toBeUndefined();
    expect(started).toEqual([(preview.srcObject as MediaStream).getVideoTracks()[0]]);

    const other = createTestRoom();
    renderIn(other, <ControlBar controls={{ effects: <EffectsControl collapsible config={config()} /> }} />);
    const toolbar = screen.getAllByRole('toolbar')[0]!;
    expect(toolbar.querySelector('summary')).toHaveTextContent('Effects');
  });
});

describe('effect hooks re-render only for what they return', () => {
  beforeEach(stubEffectBrowserApis);

  it('switching the noise filter does not re-render a background-effect consumer, and the reverse', async () => {
    const room = createTestRoom();
    let backgroundRenders = 0;
    let noiseRenders = 0;
    const background = renderHook(
      () => {
        backgroundRenders++;
        return useBackgroundEffect({ config: config() });
      },
      { wrapper: ({ children }) => <RoomProvider room={room}>{children}</RoomProvider> },
    );
    const noise = renderHook(
      () => {
        noiseRenders++;
        return useNoiseFilter();
      },
      { wrapper: ({ children }) => <RoomProvider room={room}>{children}</RoomProvider> },
    );
    const [b0, n0] = [backgroundRenders, noiseRenders];
    await act(() => noise.result.current.setEnabled(false));
    expect(noise.result.current.enabled).toBe(false);
    expect(backgroundRenders).toBe(b0);
    const n1 = noiseRenders;
    await act(() => background.result.current.setEffect({ kind: 'blur' }));
    expect(background.result.current.status).toBe('applied');
    expect(noiseRenders).toBe(n1);
    expect(n1).toBeGreaterThan(n0);
  });
});
