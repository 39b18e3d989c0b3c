import { fileURLToPath } from 'node:url';

/** The synthetic camera's simulcast layers, lowest first, as livekit-client names them (rid) and sizes them. */
export const LAYERS = [
  { rid: 'q', quality: 0, width: 320, height: 180, bitrate: 90_000 },
  { rid: 'h', quality: 1, width: 640, height: 360, bitrate: 250_000 },
  { rid: 'f', quality: 2, width: 1280, height: 720, bitrate: 600_000 },
] as const;
export type SyntheticLayer = (typeof LAYERS)[number];

/** Frames per second of the synthetic camera. */
export const FPS = 15;
/** Frames in the loop (two seconds). */
export const FRAMES = 30;
/** A key frame every this many frames; the loop starts with one, so it wraps cleanly. */
export const KEYFRAME_EVERY = 15;

/** Where the pre-encoded stream of a layer lives. */
export function ivfPath(rid: string): string {
  return fileURLToPath(new URL(`./camera-${rid}.ivf`, import.meta.url));
}
