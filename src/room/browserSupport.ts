/**
 * What this browser can do, asked in one place (issue 52): every prefab hides or explains a control from this answer
 * instead of showing one that fails. No React: the session asks `join` before connecting, the stores ask their key.
 */
import { isE2EESupported, type Room } from 'livekit-client';
import { joinSupport, simulatedSupport as simulatedJoin } from './connection/joinSupport.js';

export { joinSupport } from './connection/joinSupport.js';

/**
 * 'yes': this browser has it; 'no': it lacks it; 'unknown': no browser API tells before trying (and always on the
 * server).
 */
export type Support = 'yes' | 'no' | 'unknown';

/**
 * What this browser can do, as {@link getBrowserSupport} and {@link useBrowserSupport} answer it. Each key says what
 * RoomKit's prefabs do with `'no'` and with `'unknown'`; on the server (and in the render that hydrates server HTML)
 * every key is `'unknown'` and the prefabs render as for a browser that can, showing no control that needs a yes.
 */
export interface BrowserSupport {
  /**
   * Joining a call: WebRTC (`RTCPeerConnection`) exists. `'no'` in browsers built without it (Debian's WebKitGTK,
   * some in-app browsers and locked-down WebViews): `PreJoin` says so, names the browsers that can, and disables
   * Join (the preview still shows where the camera opens), and connecting fails with `browser-unsupported` instead of
   * trying. `'unknown'` (the server only): RoomKit joins.
   */
  join: Support;
  /**
   * Choosing the speaker: `HTMLMediaElement.prototype.setSinkId`, outside Safari and iOS browsers (where
   * livekit-client refuses to switch the output). `'no'`: no speaker select (`MediaDeviceSelect kind="audiooutput"`
   * renders nothing, `PreJoin` has no speaker row); the system's output plays. Never `'unknown'` in a browser.
   */
  speakerSelection: Support;
  /**
   * Sharing a screen: `navigator.mediaDevices.getDisplayMedia` (absent on phones and on pages that are not secure).
   * `'no'`: the control bars have no "Share screen". Never `'unknown'` in a browser.
   */
  screenShare: Support;
  /**
   * A shared screen carrying its sound. `'unknown'` where it may: Chromium shares a tab's sound (and, on Windows and
   * ChromeOS, the system's) when the person picks one and leaves "Also share tab audio" ticked, which no API tells
   * before the picker closes (found by the constraints only Chromium knows, `suppressLocalAudioPlayback` or
   * `restrictOwnAudio`, never by the user agent). RoomKit then asks for the sound; the share's tile shows the sound
   * mark when it came. `'no'` where it cannot (Firefox, Safari, no screen share): the share is the picture alone.
   */
  screenShareAudio: Support;
  /**
   * Background blur and virtual backgrounds as `@livekit/track-processors` runs them: OffscreenCanvas, VideoFrame,
   * createImageBitmap, a WebGL2 context, and either MediaStreamTrackProcessor with MediaStreamTrackGenerator or
   * `canvas.captureStream`. `'no'`: `EffectsControl` shows no background choices. Never `'unknown'` in a browser
   * (the package itself may still be missing or fail to load: that is `effects-unavailable`).
   */
  backgroundEffects: Support;
  /**
   * Switching the microphone's built-in noise suppression: `getSupportedConstraints().noiseSuppression`. `'no'`:
   * `EffectsControl` has no noise filter switch. Never `'unknown'` in a browser.
   */
  noiseFilter: Support;
  /**
   * End-to-end encryption: livekit-client's `isE2EESupported()` (encoded transforms in a worker). `'no'`: a session
   * given `e2ee` does not join, with `encryption-unsupported`. Never `'unknown'` in a browser.
   */
  encryption: Support;
  /**
   * Picture-in-picture: `window.documentPictureInPicture` (Chromium: the meeting's tile and controls in a small
   * window), or, without it, a video element's own picture-in-picture (Safari: the video alone). `'no'`: no
   * picture-in-picture button. Never `'unknown'` in a browser.
   */
  pictureInPicture: Support;
  /**
   * Switching between a front and a back camera. `'no'` where no camera can open (no `getUserMedia`: a page that is
   * not secure). Otherwise `'unknown'`: only the device list tells (after permission, each camera's `facingMode`),
   * so `CameraFlipButton` and `useCameraFlip().canFlip` show a flip once the list names a front and a back camera.
   */
  cameraSwitch: Support;
}

/** @internal The testing kit's simulated room answers `support` for the keys it names (`createTestRoom({ browserSupport })`). */
export function simulateBrowserSupport(room: Room, support: Partial<BrowserSupport>): void {
  simulatedSupport.set(room, support);
}

/** What the testing kit's simulated browsers answer, by room: every key they give, kept beside the session's `join`. */
const simulatedSupport = simulatedJoin as WeakMap<Room, Partial<BrowserSupport>>;

const inBrowser = () => typeof window !== 'undefined' && typeof navigator !== 'undefined';
const yesNo = (value: unknown): Support => (value ? 'yes' : 'no');
const g = globalThis as Record<string, unknown>;
const has = (name: string) => typeof g[name] !== 'undefined';

/** @internal Which picture-in-picture this browser offers: Document Picture-in-Picture, a video's own, or none. */
export function pictureInPictureKind(): 'document' | 'video' | false {
  if (!inBrowser()) return false;
  const api = (window as unknown as { documentPictureInPicture?: { requestWindow?: unknown } }).documentPictureInPicture;
  if (typeof api?.requestWindow === 'function') return 'document';
  if (
    typeof HTMLVideoElement !== 'undefined' &&
    typeof HTMLVideoElement.prototype.requestPictureInPicture === 'function' &&
    (document as { pictureInPictureEnabled?: boolean }).pictureInPictureEnabled !== false
  ) {
    return 'video';
  }
  return false;
}

let webgl2: boolean | undefined;

const constraints = () => (navigator.mediaDevices?.getSupportedConstraints?.() ?? {}) as Record<string, boolean | undefined>;

// Each key's question, asked in a browser: one function each, so a component carries only the ones it asks.

/** @internal `speakerSelection` in a browser. */
export function detectSpeakerSelection(): Support {
  if (typeof HTMLMediaElement === 'undefined' || !('setSinkId' in HTMLMediaElement.prototype)) return 'no';
  // livekit-client's own browser test, repeated: its switchActiveDevice('audiooutput') refuses in Safari-based browsers.
  const ua = navigator.userAgent.toLowerCase();
  return yesNo(!(/crios|fxios/.test(ua) || (!/firefox|iceweasel|chrom|crmo/.test(ua) && /safari|applewebkit/.test(ua))));
}

/** @internal `screenShare` in a browser. */
export const detectScreenShare = (): Support => yesNo(typeof navigator.mediaDevices?.getDisplayMedia === 'function');

/** @internal `screenShareAudio` in a browser: never 'yes' (the picker decides). */
export function detectScreenShareAudio(): Support {
  if (detectScreenShare() === 'no') return 'no';
  const known = constraints();
  return known.suppressLocalAudioPlayback || known.restrictOwnAudio ? 'unknown' : 'no';
}

/** @internal `backgroundEffects` in a browser: the facts `@livekit/track-processors`' `supportsBackgroundProcessors()` checks. */
export function detectBackgroundEffects(): Support {
  if (!has('OffscreenCanvas') || !has('VideoFrame') || !has('createImageBitmap') || typeof document === 'undefined') return 'no';
  const streams = has('MediaStreamTrackProcessor') && has('MediaStreamTrackGenerator');
  const fallback = has('HTMLCanvasElement') && 'captureStream' in (g.HTMLCanvasElement as { prototype: object }).prototype;
  if (!streams && !fallback) return 'no';
  // Creating a WebGL2 context is not free: once per page.
  if (webgl2 === undefined) {
    try {
      webgl2 = !!document.createElement('canvas').getContext('webgl2');
    } catch {
      webgl2 = false;
    }
  }
  return yesNo(webgl2);
}

/** @internal `noiseFilter` in a browser. */
export const detectNoiseFilter = (): Support => yesNo(constraints().noiseSuppression);

/** @internal `encryption` in a browser. */
export const detectEncryption = (): Support => yesNo(isE2EESupported());

/** @internal `pictureInPicture` in a browser. */
export const detectPictureInPicture = (): Support => yesNo(pictureInPictureKind());

/** @internal `cameraSwitch` in a browser. */
export const detectCameraSwitch = (): Support => (typeof navigator.mediaDevices?.getUserMedia === 'function' ? 'unknown' : 'no');

const DETECT: { readonly [K in keyof BrowserSupport]: () => Support } = {
  join: () => joinSupport(),
  speakerSelection: detectSpeakerSelection,
  screenShare: detectScreenShare,
  screenShareAudio: detectScreenShareAudio,
  backgroundEffects: detectBackgroundEffects,
  noiseFilter: detectNoiseFilter,
  encryption: detectEncryption,
  pictureInPicture: detectPictureInPicture,
  cameraSwitch: detectCameraSwitch,
};

/** @internal One key of {@link getBrowserSupport}: `room`'s simulated answer, else `detect()` in a browser, else 'unknown'. */
export function supportOf(key: keyof BrowserSupport, detect: () => Support, room?: Room): Support {
  return (room && simulatedSupport.get(room)?.[key]) ?? (inBrowser() ? detect() : 'unknown');
}

/** @internal One key as the server (and the render hydrating its HTML) answers it: `room`'s simulated answer, else 'unknown'. */
export function serverSupportOf(key: keyof BrowserSupport, room?: Room): Support {
  return (room && simulatedSupport.get(room)?.[key]) ?? 'unknown';
}

/**
 * What this browser can do ({@link BrowserSupport}): a plain function, usable outside React (before rendering
 * anything, to send a visitor elsewhere). On the server every key is `'unknown'`. Each call asks the browser again.
 * With a room of the testing kit (`createTestRoom`), the answer of its simulated browser where it gives one.
 *
 * @example
 * ```ts
 * import { getBrowserSupport } from '@roomkit/react';
 *
 * if (getBrowserSupport().join === 'no') {
 *   document.body.textContent = 'This browser cannot join calls. Use a current Chrome, Edge, Firefox or Safari.';
 * }
 * ```
 */
export function getBrowserSupport(room?: Room): BrowserSupport {
  const answer = {} as Record<keyof BrowserSupport, Support>;
  for (const key of Object.keys(DETECT) as Array<keyof BrowserSupport>) answer[key] = supportOf(key, DETECT[key], room);
  return answer;
}

/** @internal {@link getBrowserSupport} as the server (and the render hydrating its HTML) answers it: see {@link serverSupportOf}. */
export function serverBrowserSupport(room?: Room): BrowserSupport {
  const answer = {} as Record<keyof BrowserSupport, Support>;
  for (const key of Object.keys(DETECT) as Array<keyof BrowserSupport>) answer[key] = serverSupportOf(key, room);
  return answer;
}
