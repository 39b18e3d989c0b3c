import { RoomEvent, Track, type AudioCaptureOptions, type LocalAudioTrack, type LocalTrackPublication, type LocalVideoTrack, type Room, type TrackProcessor } from 'livekit-client';
import { RoomKitError } from '../../room/RoomKitError.js';
import { toRoomKitError } from '../../room/toRoomKitError.js';
import { detectBackgroundEffects, detectNoiseFilter, supportOf } from '../../room/browserSupport.js';

/**
 * A background effect for the local camera. Plain data, so an app can remember it (for example in
 * `localStorage`) and hand it back as `defaultEffect`.
 */
export type BackgroundEffect =
  | { kind: 'none' }
  /** Blurs what is behind the person; `radius` in pixels (default 10). */
  | { kind: 'blur'; radius?: number }
  /** Replaces what is behind the person with the image at `url` (same origin, or served with CORS). */
  | { kind: 'image'; url: string };

/** Options `BackgroundProcessor` of `@livekit/track-processors` is called with. */
export type BackgroundProcessorOptions =
  | { mode: 'background-blur'; blurRadius?: number; assetPaths?: BackgroundEffectAssetPaths }
  | { mode: 'virtual-background'; imagePath: string; assetPaths?: BackgroundEffectAssetPaths };

/** Where `@livekit/track-processors` finds MediaPipe's files (its own `assetPaths` option). */
export interface BackgroundEffectAssetPaths {
  tasksVisionFileSet?: string;
  modelAssetPath?: string;
}

/** The part of a `@livekit/track-processors` processor RoomKit uses. */
export interface BackgroundProcessorLike extends TrackProcessor<Track.Kind.Video> {
  switchTo(options: { mode: 'background-blur'; blurRadius?: number } | { mode: 'virtual-background'; imagePath: string }): Promise<void>;
}

/**
 * The part of the `@livekit/track-processors` module RoomKit uses. `await import('@livekit/track-processors')`
 * satisfies it; the testing kit's `fakeBackgroundProcessors()` does too.
 */
export interface BackgroundProcessorsModule {
  BackgroundProcessor(options: BackgroundProcessorOptions): BackgroundProcessorLike;
}

/**
 * How background effects load. RoomKit never imports `@livekit/track-processors` itself: the app's `load`
 * does, with a dynamic `import()`, so apps that never turn an effect on ship none of it, and apps that do get
 * it as a separate chunk, fetched the first time a user picks an effect.
 *
 * @example
 * ```ts
 * const effects: BackgroundEffectsConfig = {
 *   load: () => import('@livekit/track-processors'),
 *   wasmUrl: '/mediapipe/wasm',
 *   modelUrl: '/mediapipe/selfie_segmenter.tflite',
 * };
 * ```
 */
export interface BackgroundEffectsConfig {
  /** Loads the processors module: `() => import('@livekit/track-processors')`. Called once, on first use. */
  load: () => Promise<BackgroundProcessorsModule>;
  /** URL of the folder holding `@mediapipe/tasks-vision/wasm` (`vision_wasm_internal.js` / `.wasm`), served by your app. */
  wasmUrl: string;
  /** URL of a MediaPipe Tasks image-segmenter model (`.tflite` with metadata), served by your app. */
  modelUrl: string;
}

/** `loading` while the module or model loads; `applied` once the camera and preview carry it; `error` after a failure. */
export type EffectStatus = 'idle' | 'loading' | 'applied' | 'error';

/** @internal One room's background effect and noise filter. */
export interface EffectsStore {
  subscribe(listener: () => void): () => void;
  getState(): EffectsState;
  setBackground(effect: BackgroundEffect, config: BackgroundEffectsConfig | undefined): Promise<void>;
  setNoiseFilter(enabled: boolean): Promise<void>;
  /** Applies the current effect to a pre-join preview track until the returned function is called. */
  addPreviewTrack(track: LocalVideoTrack): () => void;
}

/** @internal */
export interface EffectsState {
  background: BackgroundEffect;
  /** A background was set through the store at least once (so `defaultEffect` no longer applies). */
  touched: boolean;
  status: EffectStatus;
  error: RoomKitError | undefined;
  noiseFilter: boolean;
  noisePending: boolean;
  noiseError: RoomKitError | undefined;
}

/** No effect. */
const NO_EFFECT: BackgroundEffect = Object.freeze({ kind: 'none' });

/**
 * Whether this browser can run `@livekit/track-processors`' background effects, checked without loading it:
 * `getBrowserSupport().backgroundEffects === 'yes'` (see `BrowserSupport`), the same facts its
 * `supportsBackgroundProcessors()` checks.
 */
export function supportsBackgroundEffects(): boolean {
  return supportOf('backgroundEffects', detectBackgroundEffects) === 'yes';
}

/** Whether the browser lets a page switch its built-in microphone noise suppression: `getBrowserSupport().noiseFilter === 'yes'`. */
export function supportsNoiseFilter(): boolean {
  return supportOf('noiseFilter', detectNoiseFilter) === 'yes';
}

const stores = new WeakMap<Room, EffectsStore>();

function toOptions(effect: BackgroundEffect): { mode: 'background-blur'; blurRadius?: number } | { mode: 'virtual-background'; imagePath: string } {
  if (effect.kind === 'image') return { mode: 'virtual-background', imagePath: effect.url };
  return { mode: 'background-blur', blurRadius: (effect.kind === 'blur' ? effect.radius : undefined) ?? 10 };
}

function unavailable(message: string, cause?: unknown) {
  return new RoomKitError('effects-unavailable', message, cause === undefined ? {} : { cause });
}

/** @internal The room's effects store, created on first use. */
export function getEffectsStore(room: Room): EffectsStore {
  let store = stores.get(room);
  if (store) return store;
  const listeners = new Set<() => void>();
  const previews = new Set<LocalVideoTrack>();
  // Processors RoomKit set, so removing an effect never removes an app's own processor.
  const ours = new WeakSet<object>();
  let state: EffectsState = {
    background: NO_EFFECT,
    touched: false,
    status: 'idle',
    error: undefined,
    noiseFilter: room.options.audioCaptureDefaults?.noiseSuppression !== false,
    noisePending: false,
    noiseError: undefined,
  };
  let loaded: { module: BackgroundProcessorsModule; config: BackgroundEffectsConfig } | undefined;
  let loading: Promise<BackgroundProcessorsModule> | undefined;
  let request = 0;
  let chain: Promise<void> = Promise.resolve();

  const set = (patch: Partial<EffectsState>) => {
    state = { ...state, ...patch };
    watchPublishes();
    listeners.forEach((l) => l());
  };

  const create = (effect: BackgroundEffect): BackgroundProcessorLike => {
    const { module, config } = loaded!;
    const assetPaths = { tasksVisionFileSet: config.wasmUrl, modelAssetPath: config.modelUrl };
    const processor = module.BackgroundProcessor({ ...toOptions(effect), assetPaths });
    ours.add(processor);
    return processor;
  };

  const cameraTrack = () =>
    (room.localParticipant.getTrackPublication(Track.Source.Camera) as LocalTrackPublication | undefined)?.track as LocalVideoTrack | undefined;

  // A camera published later starts with the effect: livekit-client sets the capture default's processor on
  // the new track before publishing it, so its first frame is already processed.
  const setCaptureDefault = (effect: BackgroundEffect) => {
    const defaults = (room.options.videoCaptureDefaults ??= {});
    if (effect.kind === 'none' || !loaded) {
      if (defaults.processor && ours.has(defaults.processor)) delete defaults.processor;
    } else if (defaults.processor && ours.has(defaults.processor)) {
      void (defaults.processor as BackgroundProcessorLike).switchTo(toOptions(effect)).catch(() => undefined);
    } else if (!defaults.processor) {
      defaults.processor = create(effect);
    }
  };

  const applyTo = async (track: LocalVideoTrack, effect: BackgroundEffect) => {
    const current = track.getProcessor();
    if (effect.kind === 'none') {
      if (current && ours.has(current)) await track.stopProcessor();
      return;
    }
    if (current && ours.has(current)) await (current as BackgroundProcessorLike).switchTo(toOptions(effect));
    else if (!current) await track.setProcessor(create(effect));
  };

  const apply = async (effect: BackgroundEffect, id: number) => {
    const tracks = [...previews];
    const camera = cameraTrack();
    if (camera) tracks.push(camera);
    for (const track of tracks) {
      if (id !== request) return;
      await applyTo(track, effect);
    }
    if (id === request) setCaptureDefault(effect);
  };

  const onPublished = (publication: LocalTrackPublication) => {
    if (publication.source !== Track.Source.Camera || !publication.track) return;
    const defaults = room.options.videoCaptureDefaults;
    const track = publication.track as LocalVideoTrack;
    // The capture default now lives on this track (stopping the track destroys it): keep a fresh one for the next.
    if (defaults?.processor && track.getProcessor() === defaults.processor) {
      delete defaults.processor;
      setCaptureDefault(state.background);
    } else if (state.background.kind !== 'none' && loaded && !track.getProcessor()) {
      const id = request;
      chain = chain.then(() => apply(state.background, id)).catch((error: unknown) => set({ status: 'error', error: toRoomKitError(error) }));
    }
  };
  // Publishes are watched while anything subscribes or an effect is chosen (a camera published after the
  // pre-join screen has gone still gets it): a Room that outlives its UI with no effect keeps no listener of ours.
  let watching = false;
  function watchPublishes() {
    const needed = listeners.size > 0 || state.background.kind !== 'none';
    if (needed === watching) return;
    watching = needed;
    if (needed) room.on(RoomEvent.LocalTrackPublished, onPublished);
    else room.off(RoomEvent.LocalTrackPublished, onPublished);
  }

  const load = async (config: BackgroundEffectsConfig | undefined): Promise<BackgroundProcessorsModule> => {
    if (!config) {
      throw unavailable('No background effects configuration: pass `config={{ load: () => import(\'@livekit/track-processors\'), wasmUrl, modelUrl }}`.');
    }
    if (!config.wasmUrl || !config.modelUrl) {
      throw unavailable('Background effects need `wasmUrl` and `modelUrl`: host @mediapipe/tasks-vision/wasm and a segmenter model with your app.');
    }
    if (supportOf('backgroundEffects', detectBackgroundEffects, room) !== 'yes') throw unavailable('This browser cannot run background effects (it lacks WebGL2, OffscreenCanvas or VideoFrame).');
    loading ??= config.load().catch((error: unknown) => {
      loading = undefined;
      throw unavailable('Background effects could not load @livekit/track-processors: install it with `npm i @livekit/track-processors`.', error);
    });
    const module = await loading;
    if (typeof module?.BackgroundProcessor !== 'function') {
      loading = undefined;
      throw unavailable('`load` did not return @livekit/track-processors: use `() => import(\'@livekit/track-processors\')` (install it with `npm i @livekit/track-processors`).');
    }
    loaded = { module, config };
    return module;
  };

  store = {
    subscribe(listener) {
      listeners.add(listener);
      watchPublishes();
      return () => {
        listeners.delete(listener);
        watchPublishes();
      };
    },
    getState: () => state,
    setBackground(effect, config) {
      const id = ++request;
      set({ background: effect, touched: true, status: effect.kind === 'none' ? 'idle' : 'loading', error: undefined });
      const run = async () => {
        if (id !== request) return;
        try {
          if (effect.kind !== 'none') await load(config);
          await apply(effect, id);
          if (id === request) set({ status: effect.kind === 'none' ? 'idle' : 'applied' });
        } catch (error) {
          if (id !== request) return;
          const failure = toRoomKitError(error);
          set({ status: 'error', error: failure.code === 'effects-unavailable' ? failure : unavailable(`The background effect failed: ${failure.message}`, error) });
          throw failure;
        }
      };
      const next = chain.then(run);
      chain = next.catch(() => undefined);
      return next;
    },
    async setNoiseFilter(enabled) {
      if (supportOf('noiseFilter', detectNoiseFilter, room) !== 'yes') throw unavailable('This browser does not let a page switch microphone noise suppression.');
      (room.options.audioCaptureDefaults ??= {}).noiseSuppression = enabled;
      set({ noiseFilter: enabled, noisePending: true, noiseError: undefined });
      const mic = room.localParticipant.getTrackPublication(Track.Source.Microphone)?.track;
      try {
        const media = mic?.mediaStreamTrack;
        if (mic && media && media.readyState === 'live') {
          await media.applyConstraints({ ...media.getConstraints(), noiseSuppression: enabled });
          // Browsers that keep the audio processing of a running capture reopen the microphone with it instead.
          const now = media.getSettings().noiseSuppression;
          if (now !== undefined && now !== enabled) {
            await (mic as LocalAudioTrack).restartTrack({ ...(mic.constraints as AudioCaptureOptions), noiseSuppression: enabled });
          }
        }
        set({ noisePending: false });
      } catch (error) {
        const failure = unavailable(`The microphone refused to switch noise suppression: ${toRoomKitError(error).message}`, error);
        set({ noisePending: false, noiseError: failure });
        throw failure;
      }
    },
    addPreviewTrack(track) {
      previews.add(track);
      if (state.background.kind !== 'none' && loaded) {
        const id = request;
        chain = chain.then(() => applyTo(track, state.background)).then(
          () => undefined,
          (error: unknown) => {
            if (id === request) set({ status: 'error', error: toRoomKitError(error) });
          },
        );
      }
      return () => {
        previews.delete(track);
      };
    },
  };
  stores.set(room, store);
  return store;
}
