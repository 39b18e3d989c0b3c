/**
 * Media tracks for the simulated room. In a browser they are real MediaStreamTracks (a canvas that moves,
 * a silent audio graph), so Storybook tiles look alive; in jsdom, which has no media, small stand-ins that
 * satisfy livekit-client's track classes.
 */

let nextId = 0;

class StandInTrack extends EventTarget {
  readonly id = `synthetic-${++nextId}`;
  enabled = true;
  muted = false;
  readyState: MediaStreamTrackState = 'live';
  contentHint = '';
  onended: (() => void) | null = null;
  onmute: (() => void) | null = null;
  onunmute: (() => void) | null = null;
  constructor(
    readonly kind: 'audio' | 'video',
    readonly label: string,
  ) {
    super();
  }
  getSettings(): MediaTrackSettings {
    return this.kind === 'video' ? { width: 320, height: 180, frameRate: 10, deviceId: 'synthetic' } : { deviceId: 'synthetic' };
  }
  getConstraints(): MediaTrackConstraints {
    return {};
  }
  getCapabilities(): MediaTrackCapabilities {
    return {};
  }
  async applyConstraints(): Promise<void> {}
  clone(): StandInTrack {
    return new StandInTrack(this.kind, this.label);
  }
  stop(): void {
    this.readyState = 'ended';
  }
}

class StandInStream extends EventTarget {
  readonly id = `synthetic-stream-${++nextId}`;
  readonly active = true;
  private tracks: MediaStreamTrack[];
  constructor(tracks: MediaStreamTrack[] | MediaStream = []) {
    super();
    this.tracks = Array.isArray(tracks) ? [...tracks] : tracks.getTracks();
  }
  getTracks() {
    return [...this.tracks];
  }
  getAudioTracks() {
    return this.tracks.filter((t) => t.kind === 'audio');
  }
  getVideoTracks() {
    return this.tracks.filter((t) => t.kind === 'video');
  }
  addTrack(track: MediaStreamTrack) {
    this.tracks.push(track);
  }
  removeTrack(track: MediaStreamTrack) {
    this.tracks = this.tracks.filter((t) => t !== track);
  }
}

/**
 * livekit-client's local tracks need the `MediaStream` and `MediaStreamTrack` classes, which jsdom lacks.
 * Where they are missing (and only there), define the stand-ins under those names.
 */
export function ensureMediaClasses(): void {
  const g = globalThis as Record<string, unknown>;
  if (typeof g.MediaStreamTrack === 'undefined') g.MediaStreamTrack = StandInTrack;
  if (typeof g.MediaStream === 'undefined') g.MediaStream = StandInStream;
  // jsdom implements no media playback: `play()` returns undefined instead of a promise.
  if (typeof navigator !== 'undefined' && /jsdom/i.test(navigator.userAgent) && typeof HTMLMediaElement !== 'undefined') {
    const proto = HTMLMediaElement.prototype as HTMLMediaElement & { __roomkitPlay?: boolean };
    if (!proto.__roomkitPlay) {
      proto.__roomkitPlay = true;
      proto.play = function play() {
        return Promise.resolve();
      };
      proto.pause = function pause() {};
    }
  }
}

/**
 * Canvases drawn by one shared timer, so hundreds of simulated cameras cost one loop. A canvas whose track
 * nobody watches (no video element shows it: off the grid's page, unsubscribed) keeps its last frame and is
 * skipped, so the cameras on screen are the ones redrawn.
 */
type Entry = {
  canvas: HTMLCanvasElement;
  ctx: CanvasRenderingContext2D;
  hue: number;
  label: string;
  track: MediaStreamTrack;
  isWatched: (() => boolean) | undefined;
};
const canvases = new Set<Entry>();
let timer: ReturnType<typeof setInterval> | undefined;
let currentFrame = 0;
/** While true, every canvas draws {@link HELD_FRAME} and voices are silent (see {@link holdSimulatedFrames}). */
let held = false;
/** The frame a held canvas shows: the circle at the right, on one flat colour of its hue. */
const HELD_FRAME = 0;
/** Each voice's last gain stage, silenced while frames are held, with its track (forgotten once it ended). */
const voices = new Set<{ output: GainNode; track: MediaStreamTrack }>();

/**
 * Holds every simulated camera and screen share on one fixed frame (a flat colour per participant, a circle and the
 * name) and silences simulated voices (an agent's), or lets them move again (`false`, the default). For pictures of
 * a UI built on the testing kit (screenshot tests, visual regression): a tile looks the same on every run. Video
 * keeps flowing (a `<video>` still plays, its `currentTime` advances); only the picture stays. Applies to every
 * simulated room, those already made included: each canvas draws the fixed frame at its next tick (within 100 ms),
 * and one made while held starts on it.
 *
 * @example
 * ```ts
 * import { holdSimulatedFrames } from '@roomkit/react/testing';
 * beforeAll(() => holdSimulatedFrames(true));
 * afterAll(() => holdSimulatedFrames(false));
 * ```
 */
export function holdSimulatedFrames(hold: boolean): void {
  held = hold;
  for (const voice of voices) {
    if (voice.track.readyState === 'ended') voices.delete(voice);
    else voice.output.gain.value = hold ? 0 : 1;
  }
}

function draw({ ctx, canvas, hue, label }: Entry) {
  const w = canvas.width;
  const h = canvas.height;
  const frame = held ? HELD_FRAME : currentFrame;
  const shift = (hue + frame * 2) % 360;
  if (held) {
    // One flat colour: a screenshot of it is small (a PNG of a gradient is not) and the same after any scaling.
    ctx.fillStyle = `hsl(${shift} 45% 30%)`;
  } else {
    const gradient = ctx.createLinearGradient(0, 0, w, h);
    gradient.addColorStop(0, `hsl(${shift} 60% 35%)`);
    gradient.addColorStop(1, `hsl(${(shift + 60) % 360} 60% 20%)`);
    ctx.fillStyle = gradient;
  }
  ctx.fillRect(0, 0, w, h);
  const x = w / 2 + Math.cos(frame / 8) * w * 0.25;
  const y = h / 2 + Math.sin(frame / 8) * h * 0.2;
  ctx.fillStyle = 'rgba(255,255,255,0.85)';
  ctx.beginPath();
  ctx.arc(x, y, h * 0.18, 0, Math.PI * 2);
  ctx.fill();
  ctx.fillStyle = 'rgba(255,255,255,0.9)';
  ctx.font = `${Math.round(h / 9)}px sans-serif`;
  ctx.fillText(label, 8, Math.round(h / 9) + 6);
}

/** At most this many canvases are redrawn per tick (round robin), so large rooms stay cheap. */
const PER_TICK = 32;
let cursor = 0;

function drawAll() {
  currentFrame++;
  const watched: Entry[] = [];
  for (const entry of canvases) {
    if (entry.track.readyState === 'ended') canvases.delete(entry);
    else if (!entry.isWatched || entry.isWatched()) watched.push(entry);
  }
  const batch =
    watched.length <= PER_TICK ? watched : Array.from({ length: PER_TICK }, (_, i) => watched[(cursor + i) % watched.length]!);
  cursor = watched.length ? (cursor + PER_TICK) % watched.length : 0;
  for (const entry of batch) draw(entry);
  if (canvases.size === 0 && timer) {
    clearInterval(timer);
    timer = undefined;
  }
}

function canvasVideoTrack(label: string, hue: number, isWatched: (() => boolean) | undefined): MediaStreamTrack | undefined {
  if (typeof document === 'undefined') return undefined;
  const canvas = document.createElement('canvas');
  if (typeof canvas.captureStream !== 'function') return undefined;
  canvas.width = 240;
  canvas.height = 135;
  let ctx: CanvasRenderingContext2D | null;
  try {
    ctx = canvas.getContext('2d');
  } catch {
    return undefined;
  }
  if (!ctx) return undefined;
  const track = canvas.captureStream(10).getVideoTracks()[0];
  if (!track) return undefined;
  const entry: Entry = { canvas, ctx, hue, label, track, isWatched };
  canvases.add(entry);
  // The first frame now, for this canvas only.
  draw(entry);
  timer ??= setInterval(drawAll, 100);
  return track;
}

let audioContext: AudioContext | undefined;
function silentAudioTrack(): MediaStreamTrack | undefined {
  if (typeof AudioContext === 'undefined') return undefined;
  try {
    audioContext ??= new AudioContext();
    return audioContext.createMediaStreamDestination().stream.getAudioTracks()[0];
  } catch {
    return undefined;
  }
}

/**
 * A voice for a simulated speaker (an agent's microphone): a tone whose loudness rises and falls like speech,
 * so audio visualizers move. Silent where the browser has no Web Audio.
 */
export function createVoiceTrack(label: string): MediaStreamTrack {
  if (typeof AudioContext === 'undefined') return createAudioTrack(label);
  try {
    audioContext ??= new AudioContext();
    const ctx = audioContext;
    const voice = ctx.createOscillator();
    voice.type = 'sawtooth';
    voice.frequency.value = 180;
    const level = ctx.createGain();
    level.gain.value = 0.25;
    // Syllables: the loudness swings at 4 Hz around its base level.
    const syllables = ctx.createOscillator();
    syllables.frequency.value = 4;
    const depth = ctx.createGain();
    depth.gain.value = 0.2;
    syllables.connect(depth).connect(level.gain);
    // The last stage: silent while frames are held (holdSimulatedFrames), so visualizers stand still.
    const output = ctx.createGain();
    output.gain.value = held ? 0 : 1;
    const out = ctx.createMediaStreamDestination();
    voice.connect(level).connect(output).connect(out);
    voice.start();
    syllables.start();
    const track = out.stream.getAudioTracks()[0];
    if (!track) return createAudioTrack(label);
    voices.add({ output, track });
    return track;
  } catch {
    return createAudioTrack(label);
  }
}

/**
 * A video track: moving synthetic video in a browser, a stand-in in jsdom. With `isWatched`, frames are drawn
 * only while it returns true.
 */
export function createVideoTrack(label: string, hue = 210, isWatched?: () => boolean): MediaStreamTrack {
  return canvasVideoTrack(label, hue, isWatched) ?? (new StandInTrack('video', label) as unknown as MediaStreamTrack);
}

/** An audio track: silence in a browser, a stand-in in jsdom. */
export function createAudioTrack(label: string): MediaStreamTrack {
  return silentAudioTrack() ?? (new StandInTrack('audio', label) as unknown as MediaStreamTrack);
}

/** A MediaStream holding `track` (a stand-in where the environment has no MediaStream). */
export function createStream(track: MediaStreamTrack): MediaStream {
  if (track instanceof StandInTrack) return new StandInStream([track]) as unknown as MediaStream;
  return new MediaStream([track]);
}
