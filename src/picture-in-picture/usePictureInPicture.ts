import { useCallback, useMemo } from 'react';
import { getPictureInPictureStore, pictureInPictureSupport, type PictureInPictureSupport } from './pictureInPictureStore.js';
import { useRoomStore } from '../room/RoomContext.js';
import type { RoomHookOptions } from '../room/useRoom.js';
import { useStoreValue } from '../room/useStoreValue.js';
import { useClientValue } from '../room/useClientValue.js';

export type { PictureInPictureSupport } from './pictureInPictureStore.js';

/** Options of {@link usePictureInPicture}. */
export interface UsePictureInPictureOptions extends RoomHookOptions {
  /** The Document Picture-in-Picture window's width in CSS pixels (default 360; the browser may clamp it). */
  width?: number | undefined;
  /** The window's height in CSS pixels (default 300). */
  height?: number | undefined;
}

/** What {@link usePictureInPicture} returns. */
export interface PictureInPictureState {
  /** Which picture-in-picture the browser offers: `'document'`, `'video'` (the video alone) or `false`. */
  supported: PictureInPictureSupport;
  /** Picture-in-picture is open. */
  active: boolean;
  /** Between the click and the browser's answer. */
  opening: boolean;
  /**
   * It can be opened now: supported, a `<PictureInPicture>` is mounted for this room, and (for the video
   * fallback) someone's video is there to show.
   */
  available: boolean;
  /** The Document Picture-in-Picture window while open (`null` otherwise, and always with the video fallback). */
  window: Window | null;
  /**
   * Opens picture-in-picture. Call it from the user's click, never on its own (browsers refuse without the
   * user's gesture, and rightly). `from` is the clicked element: its `data-rk-theme` carries into the window.
   * Rejects with the browser's error when it refuses.
   */
  open(from?: Element | null): Promise<void>;
  /** Closes it (the user may also close the window itself). */
  close(): void;
}

/**
 * Picture-in-picture for the meeting: while the user is in another tab, the active speaker (or the pinned tile)
 * stays in a small always-on-top window, with microphone and leave buttons where the browser offers Document
 * Picture-in-Picture, or as the video alone otherwise. Needs a `<PictureInPicture>` mounted for the room (it
 * renders the window's content; `ControlBar` with `controls.pictureInPicture` renders one). Re-renders only when
 * what it returns changes.
 *
 * @example
 * ```tsx
 * const pip = usePictureInPicture();
 * if (!pip.supported) return null;
 * return (
 *   <button type="button" aria-pressed={pip.active} disabled={!pip.available} onClick={(e) => (pip.active ? pip.close() : void pip.open(e.currentTarget))}>
 *     Picture-in-picture
 *   </button>
 * );
 * ```
 */
export function usePictureInPicture(options: UsePictureInPictureOptions = {}): PictureInPictureState {
  const { room } = useRoomStore('usePictureInPicture', options.room);
  const pip = getPictureInPictureStore(room);
  // The browser's support (getBrowserSupport().pictureInPicture) does not change while the page lives; unknown (false)
  // on the server and while hydrating.
  const supported = useClientValue(() => pictureInPictureSupport(room), false);
  // One value each, so that a change this hook does not return (a new video target while closed) renders nothing.
  const mode = useStoreValue(pip.subscribe, () => pip.get().mode);
  const opening = useStoreValue(pip.subscribe, () => pip.get().opening);
  const pipWindow = useStoreValue(pip.subscribe, () => pip.get().window);
  const available = useStoreValue(pip.subscribe, () => {
    const s = pip.get();
    return !!supported && s.owner !== null && (supported === 'document' || s.hasVideo || s.mode === 'video');
  });
  const { width, height } = options;
  const open = useCallback(
    (from?: Element | null) => pip.open({ width, height, from: from ?? null }),
    [pip, width, height],
  );
  return useMemo(
    () => ({
      supported,
      active: mode !== null,
      opening,
      available,
      window: pipWindow,
      open,
      close: pip.close,
    }),
    [supported, mode, opening, pipWindow, available, open, pip.close],
  );
}
