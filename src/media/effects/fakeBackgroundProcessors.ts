import type { Track, TrackProcessor, VideoProcessorOptions } from 'livekit-client';
import type { BackgroundProcessorLike, BackgroundProcessorOptions, BackgroundProcessorsModule } from './effects.js';

/** Options of {@link fakeBackgroundProcessors}. */
export interface FakeBackgroundProcessorsOptions {
  /** How long loading takes, in ms (default 0), to show the loading state in a story. */
  loadDelayMs?: number;
  /**
   * Loading finishes only once this settles (and after `loadDelayMs`): a test holds the loading state as long as
   * it needs, whatever the machine's speed, and then resolves it.
   */
  until?: PromiseLike<unknown>;
  /** Loading fails, as when `@livekit/track-processors` is not installed. */
  failLoad?: boolean;
}

/** A processor from {@link fakeBackgroundProcessors}; tests read its `mode` and `imagePath`. */
export interface FakeBackgroundProcessor extends BackgroundProcessorLike {
  /** The current mode: `background-blur` or `virtual-background`. */
  readonly mode: BackgroundProcessorOptions['mode'];
  /** The virtual background's URL, in `virtual-background` mode. */
  readonly imagePath: string | undefined;
}

/**
 * A stand-in for `@livekit/track-processors` for stories and jsdom tests: pass `load: async () =>
 * fakeBackgroundProcessors()` in the effects config. Its processor loads no MediaPipe: in a browser it draws
 * the camera blurred (or tinted, for a virtual background) with a 2D canvas; in jsdom it passes the track
 * through. Tracks then carry it as their processor, as with the real module.
 */
export function fakeBackgroundProcessors(options: FakeBackgroundProcessorsOptions = {}): Promise<BackgroundProcessorsModule> {
  const module: BackgroundProcessorsModule = {
    BackgroundProcessor: (init) => createFakeProcessor(init),
  };
  const delayed = new Promise<void>((resolve) => setTimeout(resolve, options.loadDelayMs ?? 0));
  return Promise.all([delayed, options.until]).then(() => {
    if (options.failLoad) throw new Error('Cannot find module @livekit/track-processors');
    return module;
  });
}

function createFakeProcessor(init: BackgroundProcessorOptions): FakeBackgroundProcessor {
  let mode = init.mode;
  let imagePath = init.mode === 'virtual-background' ? init.imagePath : undefined;
  let stop: (() => void) | undefined;
  const start = (opts: VideoProcessorOptions) => {
    const canvas = typeof document !== 'undefined' ? document.createElement('canvas') : undefined;
    const context = canvas && 'captureStream' in canvas ? canvas.getContext('2d') : null;
    if (!canvas || !context || !opts.element) {
      processor.processedTrack = opts.track;
      return;
    }
    const { width = 640, height = 360 } = opts.track.getSettings();
    canvas.width = width;
    canvas.height = height;
    let frame = 0;
    const draw = () => {
      context.filter = mode === 'background-blur' ? 'blur(8px)' : 'hue-rotate(180deg)';
      context.drawImage(opts.element as HTMLVideoElement, 0, 0, width, height);
      frame = requestAnimationFrame(draw);
    };
    draw();
    processor.processedTrack = canvas.captureStream(30).getVideoTracks()[0];
    stop = () => {
      cancelAnimationFrame(frame);
      processor.processedTrack?.stop();
    };
  };
  const processor: FakeBackgroundProcessor & TrackProcessor<Track.Kind.Video> = {
    name: 'roomkit-fake-background',
    processedTrack: undefined,
    get mode() {
      return mode;
    },
    get imagePath() {
      return imagePath;
    },
    async init(opts: VideoProcessorOptions) {
      start(opts);
    },
    async restart(opts: VideoProcessorOptions) {
      stop?.();
      start(opts);
    },
    async destroy() {
      stop?.();
      stop = undefined;
    },
    async switchTo(next) {
      mode = next.mode;
      imagePath = next.mode === 'virtual-background' ? next.imagePath : undefined;
    },
  };
  return processor;
}
