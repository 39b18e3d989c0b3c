import { ConnectionState, Track } from 'livekit-client';
import { forwardRef, useEffect, useId, useRef, useState, type ButtonHTMLAttributes, type HTMLAttributes, type MouseEvent, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { getPictureInPictureStore, pictureInPictureSupport, tileTrack, type PictureInPictureStore } from './pictureInPictureStore.js';
import { getVideoSubscriptions } from '../media/videoSubscriptions.js';
import { useRoomStore } from '../room/RoomContext.js';
import { useCan } from '../room/hooks/useCan.js';
import { usePictureInPicture } from './usePictureInPicture.js';
import { usePictureInPictureTarget } from './usePictureInPictureTarget.js';
import { useStoreValue } from '../room/useStoreValue.js';
import { cx, DEV, devWarn, flag } from '../ui/dev.js';
import { PictureInPictureIcon } from '../ui/icons.js';
import { useLabels, type RoomKitLabels, type CommonLabels } from '../ui/labels.js';
import { LeaveButton } from '../room/LeaveButton.js';
import { ParticipantTile } from '../tile/index.js';
import { TrackToggle } from '../media/TrackToggle.js';
import { defaultPictureInPictureLabels, type PictureInPictureLabels } from './pictureInPictureLabels.js';

/** The strings this file shows. */
type Labels = CommonLabels & PictureInPictureLabels;


type VideoSource = Track.Source.Camera | Track.Source.ScreenShare;

/** Props of {@link PictureInPictureView}. */
export interface PictureInPictureViewProps extends HTMLAttributes<HTMLDivElement> {
  /**
   * The participant to show. By default the tile picture-in-picture follows: the pinned tile, else the main
   * speaker (as in the speaker view), else the first remote participant with video, else the local one.
   */
  identity?: string;
  /** With `identity`: camera (default) or screen share. */
  source?: VideoSource;
  /** Called after the leave button disconnected the room. */
  onLeave?: (() => void) | undefined;
  labels?: Partial<RoomKitLabels>;
}

/**
 * What the Document Picture-in-Picture window shows: one participant's tile (following the speaker), a
 * microphone toggle (absent where the grants forbid publishing it: viewers, hidden observers) and a leave
 * button. `<PictureInPicture>` renders it into the window; render it inline to design your own.
 */
export function PictureInPictureView({ identity, source = Track.Source.Camera, onLeave, labels: overrides, className, ...rest }: PictureInPictureViewProps) {
  const labels = useLabels(overrides, defaultPictureInPictureLabels);
  const store = useRoomStore('PictureInPictureView');
  const followed = usePictureInPictureTarget();
  const tile = identity !== undefined ? { identity, source } : followed;
  const mic = useCan('canPublish', { source: 'microphone' });
  // Keep the shown video subscribed whatever the page shows (the speaker may be on another grid page), and
  // whether or not the page's visibility observer sees into the window.
  const publication = useStoreValue(store.subscribe, () => tileTrack(store, tile)?.publication ?? null);
  useEffect(() => (publication ? getVideoSubscriptions(store.room).retain(publication) : undefined), [store.room, publication]);
  return (
    <div role="region" aria-label={labels.pictureInPictureWindow} {...rest} className={cx('rk-pip-view', className)}>
      <div className="rk-pip-stage">
        {tile ? <ParticipantTile key={`${tile.source}:${tile.identity}`} identity={tile.identity} source={tile.source} labels={overrides} /> : null}
      </div>
      <div role="toolbar" aria-label={labels.controls} className="rk-pip-controls">
        {mic ? <TrackToggle source={Track.Source.Microphone} labels={overrides} /> : null}
        <LeaveButton labels={overrides} onLeave={onLeave} />
      </div>
    </div>
  );
}

/** Props of {@link PictureInPicture}. */
export interface PictureInPictureProps {
  /** What the Document Picture-in-Picture window shows (default `<PictureInPictureView>`). */
  children?: ReactNode;
  /** Called after the window's leave button disconnected the room. */
  onLeave?: (() => void) | undefined;
  labels?: Partial<RoomKitLabels>;
}

/** The fallback's feed: the followed participant's video, into the element the browser shows. */
function VideoFeed({ pip }: { pip: PictureInPictureStore }) {
  const store = useRoomStore('PictureInPicture');
  const target = usePictureInPictureTarget({ requireVideo: true });
  const track = useStoreValue(store.subscribe, () => tileTrack(store, target));
  useEffect(() => pip.setVideoTarget(track), [pip, track]);
  return null;
}

/** The window's content, portalled into its document. */
function DocumentWindow({ win, theme, labels, children }: { win: Window; theme: string | null; labels: Labels; children: ReactNode }) {
  useEffect(() => {
    win.document.title = labels.pictureInPictureWindow;
  }, [win, labels.pictureInPictureWindow]);
  return createPortal(
    <div className="rk-root rk-pip" data-rk-theme={theme ?? undefined}>
      {children}
    </div>,
    win.document.body,
  );
}

/**
 * Renders picture-in-picture while the user has it open: into the Document Picture-in-Picture window (the page's
 * stylesheets are copied in; `children`, default `<PictureInPictureView>`), or, with the video-only fallback, by
 * feeding the followed participant's video to the element the browser shows. Renders nothing in the page.
 * Mount it where it stays mounted (`ControlBar` with `controls.pictureInPicture` does; a second one for the same
 * room stands by and takes over when the first unmounts); {@link PictureInPictureButton} and
 * {@link usePictureInPicture} open it. Unmounting the last one, or the session ending, closes the window.
 */
export function PictureInPicture({ children, onLeave, labels: overrides }: PictureInPictureProps) {
  const store = useRoomStore('PictureInPicture');
  const pip = getPictureInPictureStore(store.room);
  const labels = useLabels(overrides, defaultPictureInPictureLabels);
  const [support] = useState(() => pictureInPictureSupport(store.room));
  const [token] = useState(() => ({}));
  useEffect(() => pip.host(token), [pip, token]);
  // One host renders the window's content; another one mounted for the same room stands by.
  const win = useStoreValue(pip.subscribe, () => (pip.get().owner === token ? pip.get().window : null));
  const theme = useStoreValue(pip.subscribe, () => pip.get().theme);
  const ended = useStoreValue(store.subscribe, () => store.getState().connectionState === ConnectionState.Disconnected);
  useEffect(() => {
    if (ended) pip.close();
  }, [ended, pip]);
  return (
    <>
      {support === 'video' ? <VideoFeed pip={pip} /> : null}
      {win ? (
        <DocumentWindow win={win} theme={theme} labels={labels}>
          {children ?? <PictureInPictureView labels={overrides} onLeave={onLeave} />}
        </DocumentWindow>
      ) : null}
    </>
  );
}

/** Props of {@link PictureInPictureButton}. */
export interface PictureInPictureButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'onError'> {
  /** The Document Picture-in-Picture window's size in CSS pixels (defaults 360 × 300). */
  width?: number;
  height?: number;
  /** Called when the browser refused to open picture-in-picture. */
  onError?: (error: Error) => void;
  labels?: Partial<RoomKitLabels>;
}

/**
 * A toggle that opens picture-in-picture from the user's click, and closes it (`aria-pressed` while open;
 * `data-state` "on" | "off", `data-pending` while the browser answers). Never opens by itself. Absent where the
 * browser offers no picture-in-picture, and until a `<PictureInPicture>` is mounted for the room; with the
 * video-only fallback, `aria-disabled` (with the reason as its description) while nobody's video is on.
 * Works for every grant: a viewer or hidden observer may watch; the window's microphone toggle follows the grants.
 */
export const PictureInPictureButton = forwardRef<HTMLButtonElement, PictureInPictureButtonProps>(function PictureInPictureButton(
  { width, height, onError, labels: overrides, className, onClick, children, ...rest },
  ref,
) {
  const labels = useLabels(overrides, defaultPictureInPictureLabels);
  const store = useRoomStore('PictureInPictureButton');
  const pipStore = getPictureInPictureStore(store.room);
  const hosted = useStoreValue(pipStore.subscribe, () => pipStore.get().owner !== null);
  const pip = usePictureInPicture({ width, height });
  const onErrorRef = useRef(onError);
  onErrorRef.current = onError;
  const reasonId = useId();
  if (!pip.supported || !hosted) return null;
  const blocked = !pip.available && !pip.active;
  return (
    <>
      <button
        type="button"
        {...rest}
        ref={ref}
        className={cx('rk-button rk-pip-toggle', className)}
        aria-pressed={pip.active}
        aria-disabled={blocked || undefined}
        aria-describedby={blocked ? reasonId : rest['aria-describedby']}
        title={blocked ? labels.pictureInPictureNoVideo : rest.title}
        data-state={pip.active ? 'on' : 'off'}
        data-pending={flag(pip.opening)}
        onClick={(event: MouseEvent<HTMLButtonElement>) => {
          onClick?.(event);
          if (event.defaultPrevented || blocked || pip.opening) return;
          if (pip.active) {
            pip.close();
            return;
          }
          pip.open(event.currentTarget).catch((error: unknown) => {
            // The browser's DOMException (NotAllowedError without a gesture) passes as it is.
            const err = error instanceof Error || (typeof DOMException !== 'undefined' && error instanceof DOMException) ? (error as Error) : new Error(String(error));
            if (onErrorRef.current) onErrorRef.current(err);
            else if (DEV) devWarn(`Picture-in-picture did not open: ${err.message}`);
          });
        }}
      >
        {children ?? (
          <>
            <PictureInPictureIcon />
            <span className="rk-button-label">{labels.pictureInPicture}</span>
          </>
        )}
      </button>
      {blocked ? (
        <span id={reasonId} className="rk-visually-hidden">
          {labels.pictureInPictureNoVideo}
        </span>
      ) : null}
    </>
  );
});
