import type { Room } from 'livekit-client';
import type { BackgroundEffect } from '../effects/effects.js';
import { remembersChoices } from '../../room/rememberFlag.js';
import { getRoomStore } from '../../room/state/roomStore.js';
import { detectSpeakerSelection, supportOf } from '../../room/browserSupport.js';

export { remembersChoices } from '../../room/rememberFlag.js';

/**
 * The localStorage key RoomKit keeps a person's choices under, as JSON ({@link UserChoices}). The `v1` changes
 * only with an incompatible format.
 */
export const USER_CHOICES_STORAGE_KEY = 'roomkit.choices.v1';

/**
 * What RoomKit remembers for a person in this browser (every field optional: absent means "never chosen").
 * `PreJoin` and the device selects read and write it; `useUserChoices()` gives it to your own UI.
 */
export interface UserChoices {
  /** The microphone's `deviceId`. */
  audioDeviceId?: string;
  /** The camera's `deviceId`. */
  videoDeviceId?: string;
  /** The speaker's `deviceId` (audio output, where the browser can choose one). */
  audioOutputDeviceId?: string;
  /** Join with the microphone on. */
  audioEnabled?: boolean;
  /** Join with the camera on. */
  videoEnabled?: boolean;
  /** The name typed in `PreJoin`. */
  displayName?: string;
  /** The camera's background effect, as `useBackgroundEffect` and `EffectsControl` choose it. */
  backgroundEffect?: BackgroundEffect;
  /** Filter background noise from the microphone. */
  noiseFilter?: boolean;
}

/** The stored fields and their types (an effect is checked on its own). */
const FIELDS: Record<string, 'string' | 'boolean'> = {
  audioDeviceId: 'string',
  videoDeviceId: 'string',
  audioOutputDeviceId: 'string',
  displayName: 'string',
  audioEnabled: 'boolean',
  videoEnabled: 'boolean',
  noiseFilter: 'boolean',
};

/** Keeps the fields of the right type; anything else (an old or hand-edited value) is dropped. */
function sanitize(value: unknown): UserChoices {
  const v = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const key in FIELDS) if (typeof v[key] === FIELDS[key]) out[key] = v[key];
  const effect = (v.backgroundEffect ?? {}) as { kind?: unknown; radius?: unknown; url?: unknown };
  if (effect.kind === 'none') out.backgroundEffect = { kind: 'none' };
  else if (effect.kind === 'blur') out.backgroundEffect = typeof effect.radius === 'number' ? { kind: 'blur', radius: effect.radius } : { kind: 'blur' };
  else if (effect.kind === 'image' && typeof effect.url === 'string') out.backgroundEffect = { kind: 'image', url: effect.url };
  return out as UserChoices;
}

function storage(): Storage | undefined {
  try {
    // Reading `localStorage` itself throws where storage is blocked (some private modes, sandboxed frames).
    return typeof window === 'undefined' ? undefined : (window.localStorage ?? undefined);
  } catch {
    return undefined;
  }
}

const EMPTY: Readonly<UserChoices> = Object.freeze({});
/** The last JSON read and what it parsed to, so an unchanged value keeps its identity. */
let cached: { raw: string | null; value: Readonly<UserChoices> } | undefined;
/** Kept when storage is missing or refuses, so choices still hold for this page. */
let memory: Readonly<UserChoices> | undefined;
const listeners = new Set<() => void>();

function readRaw(): string | null | undefined {
  try {
    return storage()?.getItem(USER_CHOICES_STORAGE_KEY);
  } catch {
    return undefined;
  }
}

/**
 * @internal The remembered choices (the same object until they change). Corrupted JSON reads as nothing remembered;
 * without readable storage, what this page remembered.
 */
export function loadUserChoices(): Readonly<UserChoices> {
  const raw = readRaw();
  if (raw === undefined) return memory ?? EMPTY;
  if (cached && cached.raw === raw) return cached.value;
  let value: Readonly<UserChoices> = EMPTY;
  try {
    if (raw) value = Object.freeze(sanitize(JSON.parse(raw)));
  } catch {
    /* corrupted: nothing remembered */
  }
  cached = { raw, value };
  return value;
}

/** @internal Replaces the remembered choices (an empty object forgets them all). */
export function saveUserChoices(choices: UserChoices): void {
  const next = Object.freeze(sanitize(choices));
  memory = next;
  try {
    const s = storage();
    if (Object.keys(next).length === 0) s?.removeItem(USER_CHOICES_STORAGE_KEY);
    else s?.setItem(USER_CHOICES_STORAGE_KEY, JSON.stringify(next));
  } catch {
    /* full or blocked: kept in memory for this page */
  }
  listeners.forEach((l) => l());
}

/** @internal Changes some remembered choices; `undefined` forgets a field. Nothing happens when nothing changes. */
export function patchUserChoices(patch: Partial<Record<keyof UserChoices, unknown>>): void {
  const current = loadUserChoices();
  const next: Record<string, unknown> = { ...current };
  let changed = false;
  for (const [key, value] of Object.entries(patch)) {
    const before = (current as Record<string, unknown>)[key];
    if (JSON.stringify(before) === JSON.stringify(value)) continue;
    changed = true;
    if (value === undefined) delete next[key];
    else next[key] = value;
  }
  if (changed) saveUserChoices(next as UserChoices);
}

let listening = false;
/** @internal Calls `listener` when the choices change, here or in another tab. */
export function subscribeUserChoices(listener: () => void): () => void {
  listeners.add(listener);
  if (!listening && typeof window !== 'undefined') {
    listening = true;
    window.addEventListener('storage', (event) => {
      if (event.key !== USER_CHOICES_STORAGE_KEY && event.key !== null) return;
      listeners.forEach((l) => l());
    });
  }
  return () => listeners.delete(listener);
}

/** @internal Whether choices are read and written for `room`'s person: remembering is on and the session is not a hidden observer. */
export function remembersFor(room: Room): boolean {
  return remembersChoices(room) && getRoomStore(room).getState().grants.hidden !== true;
}

/** @internal Remembers `patch` for `room`'s person, unless remembering is off or the session is a hidden observer. */
export function rememberChoices(room: Room, patch: Partial<Record<keyof UserChoices, unknown>>): void {
  if (remembersFor(room)) patchUserChoices(patch);
}

const DEVICE_FIELDS = { audioinput: 'audioDeviceId', videoinput: 'videoDeviceId', audiooutput: 'audioOutputDeviceId' } as const;

/** @internal The remembered device of a kind, if any. */
export function rememberedDevice(kind: 'audioinput' | 'videoinput' | 'audiooutput'): string | undefined {
  return loadUserChoices()[DEVICE_FIELDS[kind]];
}

/** @internal The choice field of a device kind. */
export function deviceField(kind: 'audioinput' | 'videoinput' | 'audiooutput'): keyof UserChoices {
  return DEVICE_FIELDS[kind];
}

/**
 * @internal Makes the remembered devices the room's active ones, as a preference (not `exact`): a device that is
 * gone falls back to the browser's default when it opens. A microphone or camera already publishing is left alone.
 */
export function applyRememberedDevices(room: Room): void {
  for (const kind of ['audioinput', 'videoinput', 'audiooutput'] as const) {
    const id = rememberedDevice(kind);
    if (!id || room.getActiveDevice(kind) === id || isPublishing(room, kind)) continue;
    if (kind === 'audiooutput' && supportOf('speakerSelection', detectSpeakerSelection, room) !== 'yes') continue;
    room.switchActiveDevice(kind, id, false).catch(() => {
      /* the browser cannot: keep its default */
    });
  }
}

/** @internal Whether the local participant publishes a track from a device of `kind` (switching it would restart it). */
export function isPublishing(room: Room, kind: 'audioinput' | 'videoinput' | 'audiooutput'): boolean {
  if (kind === 'audiooutput') return false;
  const source = kind === 'audioinput' ? 'microphone' : 'camera';
  return [...room.localParticipant.trackPublications.values()].some((p) => (p.source as string) === source);
}
