import { createLocalVideoTrack, Room, RoomEvent, type LocalVideoTrack } from 'livekit-client';
import { applyRememberedDevices, isPublishing, rememberedDevice, remembersFor } from './userChoices.js';

/** Microphones, cameras or speakers. */
export type MediaDeviceKindName = 'audioinput' | 'videoinput' | 'audiooutput';

/** @internal Lists devices; replaceable per room (the testing kit supplies simulated devices). */
export type DeviceEnumerator = (kind: MediaDeviceKindName) => Promise<MediaDeviceInfo[]>;

/** @internal One room's device lists and active devices. */
export interface DeviceStore {
  subscribe(kind: MediaDeviceKindName, listener: () => void): () => void;
  getDevices(kind: MediaDeviceKindName): readonly MediaDeviceInfo[];
  getActiveDeviceId(kind: MediaDeviceKindName): string | undefined;
  getError(kind: MediaDeviceKindName): unknown;
  /** The remembered device of this kind is not connected, so the default one is used. */
  isFallback(kind: MediaDeviceKindName): boolean;
  setActiveDevice(kind: MediaDeviceKindName, deviceId: string): Promise<void>;
}

const enumerators = new WeakMap<Room, DeviceEnumerator>();
const stores = new WeakMap<Room, DeviceStore>();

/** @internal Replaces how a room lists devices. */
export function setDeviceEnumerator(room: Room, enumerate: DeviceEnumerator): void {
  enumerators.set(room, enumerate);
}

const EMPTY: readonly MediaDeviceInfo[] = Object.freeze([]);

function sameDevices(a: readonly MediaDeviceInfo[], b: readonly MediaDeviceInfo[]) {
  return a.length === b.length && a.every((d, i) => d.deviceId === b[i]!.deviceId && d.label === b[i]!.label);
}

/** @internal Lists the devices of `kind` now (the room's enumerator, else the browser's; empty without media devices). */
export async function listDevices(room: Room, kind: MediaDeviceKindName): Promise<MediaDeviceInfo[]> {
  const enumerate = enumerators.get(room);
  if (enumerate) return enumerate(kind);
  if (typeof navigator === 'undefined' || !navigator.mediaDevices) return [];
  return Room.getLocalDevices(kind, false);
}

/** @internal The room's device store, created on first use. */
export function getDeviceStore(room: Room): DeviceStore {
  let store = stores.get(room);
  if (store) return store;
  const lists = new Map<MediaDeviceKindName, readonly MediaDeviceInfo[]>();
  const errors = new Map<MediaDeviceKindName, unknown>();
  const active = new Map<MediaDeviceKindName, string | undefined>();
  const fallbacks = new Set<MediaDeviceKindName>();

  /**
   * A remembered device missing from a list that shows device ids (browsers hide them until permission) is gone:
   * flag it, and before joining make the first listed device (the default) the active one.
   */
  const checkRemembered = (kind: MediaDeviceKindName, devices: readonly MediaDeviceInfo[]): boolean => {
    const wanted = remembersFor(room) ? rememberedDevice(kind) : undefined;
    if (wanted === undefined || !devices.some((d) => d.deviceId)) return false;
    const gone = !devices.some((d) => d.deviceId === wanted);
    if (gone && room.getActiveDevice(kind) === wanted && !isPublishing(room, kind) && devices[0]) {
      room.switchActiveDevice(kind, devices[0].deviceId).catch(() => undefined);
    }
    if (gone === fallbacks.has(kind)) return false;
    if (gone) fallbacks.add(kind);
    else fallbacks.delete(kind);
    return true;
  };
  const listeners = new Map<MediaDeviceKindName, Set<() => void>>();
  const notify = (kind: MediaDeviceKindName) => listeners.get(kind)?.forEach((l) => l());

  const refresh = async (kind: MediaDeviceKindName) => {
    try {
      const devices = await listDevices(room, kind);
      const prev = lists.get(kind) ?? EMPTY;
      const changed = checkRemembered(kind, devices) || !sameDevices(prev, devices) || errors.has(kind);
      errors.delete(kind);
      if (!sameDevices(prev, devices)) lists.set(kind, devices);
      const activeId = room.getActiveDevice(kind);
      if (activeId !== active.get(kind)) {
        active.set(kind, activeId);
        notify(kind);
      } else if (changed) notify(kind);
    } catch (error) {
      errors.set(kind, error);
      notify(kind);
    }
  };

  store = {
    subscribe(kind, listener) {
      let set = listeners.get(kind);
      if (!set) listeners.set(kind, (set = new Set()));
      set.add(listener);
      const onChange = () => void refresh(kind);
      const onActive = (changedKind: MediaDeviceKind) => {
        if (changedKind === kind) onChange();
      };
      room.on(RoomEvent.MediaDevicesChanged, onChange).on(RoomEvent.ActiveDeviceChanged, onActive);
      void refresh(kind);
      return () => {
        set.delete(listener);
        room.off(RoomEvent.MediaDevicesChanged, onChange).off(RoomEvent.ActiveDeviceChanged, onActive);
      };
    },
    getDevices: (kind) => lists.get(kind) ?? EMPTY,
    getActiveDeviceId: (kind) => active.get(kind) ?? room.getActiveDevice(kind),
    getError: (kind) => errors.get(kind),
    isFallback: (kind) => fallbacks.has(kind),
    async setActiveDevice(kind, deviceId) {
      await room.switchActiveDevice(kind, deviceId);
      active.set(kind, deviceId);
      fallbacks.delete(kind);
      notify(kind);
    },
  };
  stores.set(room, store);
  // The remembered devices become the room's before anything publishes (as preferences: a missing one falls back).
  if (remembersFor(room)) applyRememberedDevices(room);
  return store;
}

/** @internal Creates a camera preview track before joining; replaceable per room (the testing kit simulates it). */
export type PreviewFactory = (deviceId: string | undefined) => Promise<LocalVideoTrack>;

const previewFactories = new WeakMap<Room, PreviewFactory>();

/** @internal */
export function setPreviewFactory(room: Room, factory: PreviewFactory): void {
  previewFactories.set(room, factory);
}

/**
 * @internal A local camera track for a pre-join preview, captured as the room will capture the camera it
 * publishes (`options.videoCaptureDefaults`: resolution, frame rate, facing mode), so the preview shows what
 * others will see and costs no more. The default's processor is left out: the effects store applies its own.
 */
export function createPreviewTrack(room: Room, deviceId: string | undefined): Promise<LocalVideoTrack> {
  const factory = previewFactories.get(room);
  if (factory) return factory(deviceId);
  const { processor: _processor, ...capture } = room.options.videoCaptureDefaults ?? {};
  return createLocalVideoTrack(deviceId ? { ...capture, deviceId } : capture);
}
