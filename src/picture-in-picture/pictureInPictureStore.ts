import type { Room } from 'livekit-client';
import type { TrackState } from '../room/state/participantState.js';
import type { RoomStore } from '../room/state/roomStore.js';
import { getVideoSubscriptions } from '../media/videoSubscriptions.js';
import { detectPictureInPicture, pictureInPictureKind, supportOf } from '../room/browserSupport.js';

/**
 * Which picture-in-picture this browser offers: `'document'` (Document Picture-in-Picture: a small always-on-top
 * window RoomKit renders a tile and controls into), `'video'` (a video element's own picture-in-picture: the
 * video alone), or `false` (neither).
 */
export type PictureInPictureSupport = 'document' | 'video' | false;

/** The browser's Document Picture-in-Picture API (Chromium 116+), as far as RoomKit uses it. */
interface DocumentPictureInPictureApi {
  requestWindow(options?: { width?: number; height?: number }): Promise<Window>;
}

function documentPipApi(): DocumentPictureInPictureApi | undefined {
  if (typeof window === 'undefined') return undefined;
  const api = (window as unknown as { documentPictureInPicture?: DocumentPictureInPictureApi }).documentPictureInPicture;
  return api && typeof api.requestWindow === 'function' ? api : undefined;
}

/**
 * @internal Which picture-in-picture the browser (or `room`'s simulated one) offers now (see
 * {@link PictureInPictureSupport}): none where `getBrowserSupport(room).pictureInPicture` is `'no'`.
 */
export function pictureInPictureSupport(room?: Room): PictureInPictureSupport {
  return supportOf('pictureInPicture', detectPictureInPicture, room) === 'no' ? false : pictureInPictureKind();
}

/** @internal What the picture-in-picture of one room is doing. */
export interface PictureInPictureSnapshot {
  /** Which kind is open, or null while closed. */
  readonly mode: 'document' | 'video' | null;
  /** The Document Picture-in-Picture window while open. */
  readonly window: Window | null;
  /** Between the user's click and the browser's answer. */
  readonly opening: boolean;
  /** The page's `data-rk-theme` where the button was clicked, for the window's content. */
  readonly theme: string | null;
  /**
   * The host that renders the window's content: the first `<PictureInPicture>` mounted for this room (another one
   * mounted stands by); null while none is mounted.
   */
  readonly owner: object | null;
  /** For the video fallback: a video to show is there. */
  readonly hasVideo: boolean;
}

/** @internal Options of {@link PictureInPictureStore.open}. */
export interface OpenPictureInPictureOptions {
  /** The Document Picture-in-Picture window's size in CSS pixels (the browser may clamp it). */
  width?: number | undefined;
  height?: number | undefined;
  /** The element the user clicked: its closest `data-rk-theme` is copied into the window. */
  from?: Element | null;
}

/**
 * @internal One room's picture-in-picture, shared by the button (which opens it from the user's click) and the
 * `<PictureInPicture>` host (which renders the window's content, or feeds the fallback's video element).
 */
export interface PictureInPictureStore {
  subscribe(listener: () => void): () => void;
  get(): PictureInPictureSnapshot;
  /** Opens picture-in-picture. Call it only inside a click (browsers require the user's gesture). */
  open(options?: OpenPictureInPictureOptions): Promise<void>;
  close(): void;
  /** Registers a host (by a token of its own); the returned function unregisters it, closing the window with the last. */
  host(token: object): () => void;
  /** The video the fallback shows (the host follows the speaker with it). */
  setVideoTarget(track: TrackState | null): void;
}

const CLOSED: PictureInPictureSnapshot = { mode: null, window: null, opening: false, theme: null, owner: null, hasVideo: false };
const stores = new WeakMap<Room, PictureInPictureStore>();

/** Copies the page's stylesheets (RoomKit's and the app's) into the picture-in-picture window's document. */
function copyStyles(from: Document, to: Document) {
  for (const sheet of Array.from(from.styleSheets)) {
    let css: string | undefined;
    try {
      css = Array.from(sheet.cssRules, (rule) => rule.cssText).join('\n');
    } catch {
      // A cross-origin sheet hides its rules: link to it instead.
    }
    const media = sheet.media?.mediaText;
    if (css !== undefined) {
      const style = to.createElement('style');
      style.textContent = css;
      if (media) style.media = media;
      to.head.append(style);
    } else if (sheet.href) {
      const link = to.createElement('link');
      link.rel = 'stylesheet';
      link.href = sheet.href;
      if (media) link.media = media;
      to.head.append(link);
    }
  }
  if (from.documentElement.lang) to.documentElement.lang = from.documentElement.lang;
}

/** @internal The track is a video that plays now (published, unmuted, subscribed). */
export const hasLiveVideo = (track: TrackState | null): track is TrackState & { track: NonNullable<TrackState['track']> } =>
  !!track && !track.muted && !!track.track;

/** @internal The track of `tile` (a participant's camera or screen share) in `store`, or null. */
export const tileTrack = (store: RoomStore, tile: { identity: string; source: string } | null): TrackState | null =>
  (tile && store.getParticipant(tile.identity)?.tracks.find((t) => t.source === tile.source)) || null;

/** @internal The picture-in-picture of `room`, made on first use. */
export function getPictureInPictureStore(room: Room): PictureInPictureStore {
  let store = stores.get(room);
  if (store) return store;
  const listeners = new Set<() => void>();
  let state = CLOSED;
  const hosts: object[] = [];
  /** Bumped by every open and close: an answer that arrives after a close (or a newer open) is closed at once. */
  let generation = 0;
  /** Undoes what the open window or video set up; a promise while the browser has yet to confirm it. */
  let teardown: (() => Promise<void> | undefined) | undefined;
  /** The browser's exit from the video's picture-in-picture, while under way. */
  let exiting: Promise<void> | undefined;

  // The video fallback: one element of ours, kept across speaker changes (the browser's window stays with it).
  let video: HTMLVideoElement | undefined;
  let target: TrackState | null = null;
  let shown: { track: TrackState; release: () => void } | undefined;

  const set = (patch: Partial<PictureInPictureSnapshot>) => {
    const next = { ...state, ...patch };
    if ((Object.keys(patch) as Array<keyof PictureInPictureSnapshot>).every((k) => next[k] === state[k])) return;
    state = next;
    listeners.forEach((l) => l());
  };

  const videoElement = () => {
    if (!video) {
      video = document.createElement('video');
      video.muted = true;
      video.playsInline = true;
      video.autoplay = true;
      video.className = 'rk-video rk-pip-video';
      video.setAttribute('aria-hidden', 'true');
      Object.assign(video.style, { position: 'fixed', width: '1px', height: '1px', opacity: '0', pointerEvents: 'none', bottom: '0', right: '0' });
    }
    return video;
  };
  /** Shows `track` in the fallback's element (same element, so an open picture-in-picture follows). */
  const show = (track: TrackState | null) => {
    if (shown && track && shown.track.track === track.track) return;
    if (shown && video) {
      shown.track.track?.detach(video);
      shown.release();
    }
    shown = undefined;
    if (!hasLiveVideo(track)) return;
    const el = videoElement();
    track.track.attach(el);
    shown = { track, release: getVideoSubscriptions(room).retain(track.publication) };
  };

  /**
   * Leaves the video fallback: out of the browser's picture-in-picture, the track detached, the element out of the
   * page. The browser's exit is asynchronous: while it is under way the returned promise (also `exiting`) is pending,
   * and the element stays as it is until the browser has let go of it.
   */
  const dropVideo = (): Promise<void> | undefined => {
    const el = video;
    const finish = () => {
      show(null);
      el?.remove();
    };
    if (!el || document.pictureInPictureElement !== el) {
      finish();
      return undefined;
    }
    const done: Promise<void> = document
      .exitPictureInPicture()
      .catch(() => undefined)
      .then(() => {
        if (exiting === done) exiting = undefined;
        finish();
      });
    exiting = done;
    return done;
  };

  /** Undoes what is open; the snapshot says closed once the browser has closed it (not when it was asked to). */
  const reset = () => {
    const closing = teardown?.();
    teardown = undefined;
    const closed = () => set({ mode: null, window: null, opening: false, theme: null });
    if (closing) void closing.then(closed);
    else closed();
  };

  async function openDocument(api: DocumentPictureInPictureApi, options: OpenPictureInPictureOptions, mine: number) {
    const win = await api.requestWindow({ width: options.width ?? 360, height: options.height ?? 300 });
    if (mine !== generation) {
      win.close();
      return;
    }
    copyStyles(document, win.document);
    const onPageHide = () => {
      if (state.window === win) reset();
    };
    win.addEventListener('pagehide', onPageHide);
    teardown = () => {
      win.removeEventListener('pagehide', onPageHide);
      win.close();
      return undefined;
    };
    set({ mode: 'document', window: win, opening: false });
  }

  async function openVideo(mine: number) {
    if (!hasLiveVideo(target)) throw new Error('There is no video to show in picture-in-picture.');
    show(target);
    const el = videoElement();
    // In the page (invisible) while in picture-in-picture: some browsers refuse a video that is not.
    if (!el.isConnected) document.body.append(el);
    if (el.readyState < 1) {
      await new Promise<void>((resolve) => {
        const done = () => {
          el.removeEventListener('loadedmetadata', done);
          clearTimeout(timer);
          resolve();
        };
        const timer = setTimeout(done, 3000);
        el.addEventListener('loadedmetadata', done);
      });
    }
    await el.play().catch(() => undefined);
    if (mine === generation) await el.requestPictureInPicture();
    // Closed meanwhile (while the video loaded, or while the browser answered).
    if (mine !== generation) return void dropVideo();
    const onLeave = () => reset();
    el.addEventListener('leavepictureinpicture', onLeave);
    teardown = () => {
      el.removeEventListener('leavepictureinpicture', onLeave);
      return dropVideo();
    };
    set({ mode: 'video', opening: false });
  }

  store = {
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    get: () => state,
    async open(options = {}) {
      if (state.mode || state.opening) return;
      const support = pictureInPictureSupport(room);
      if (!support) return;
      const mine = ++generation;
      set({ opening: true, theme: options.from?.closest('[data-rk-theme]')?.getAttribute('data-rk-theme') ?? null });
      try {
        // A close still under way (the browser leaving an earlier video's picture-in-picture) finishes first.
        if (exiting) await exiting;
        if (support === 'document') await openDocument(documentPipApi()!, options, mine);
        else await openVideo(mine);
      } catch (error) {
        if (mine === generation) {
          if (support === 'video') void dropVideo();
          set({ opening: false, theme: null });
        }
        throw error;
      }
    },
    close() {
      generation++;
      reset();
    },
    host(token) {
      hosts.push(token);
      set({ owner: hosts[0]! });
      let active = true;
      return () => {
        if (!active) return;
        active = false;
        hosts.splice(hosts.indexOf(token), 1);
        if (hosts.length > 0) {
          // The next host takes over the open window.
          set({ owner: hosts[0]! });
          return;
        }
        store!.close();
        target = null;
        set({ owner: null, hasVideo: false });
      };
    },
    setVideoTarget(track) {
      target = track;
      set({ hasVideo: hasLiveVideo(track) });
      // While the video is in picture-in-picture, it follows; a target without video keeps the last one.
      if (state.mode === 'video' && hasLiveVideo(track)) show(track);
    },
  };
  stores.set(room, store);
  return store;
}
