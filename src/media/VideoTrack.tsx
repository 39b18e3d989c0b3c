import type { Track } from 'livekit-client';
import { forwardRef, useEffect, useRef, useState, type RefObject, type VideoHTMLAttributes } from 'react';
import { getVideoSubscriptions } from './videoSubscriptions.js';
import type { TrackState } from '../room/state/roomStore.js';
import { useRoom } from '../room/useRoom.js';
import { cx, flag } from '../ui/dev.js';

/** Attaches livekit-client's track to the element while both exist. */
function useAttachedMedia(element: RefObject<HTMLMediaElement | null>, media: Track | undefined) {
  useEffect(() => {
    const el = element.current;
    if (!el || !media) return;
    media.attach(el);
    return () => {
      // livekit-client keeps detached <audio> elements in a module-wide pool for reuse, and keeps adding to it
      // while every pooled element still has a parent. An unmounted element still has one (the removed subtree
      // stays whole), so each unmount pooled another element and, through it, the whole removed subtree. Out
      // of the document, it leaves its parent first; then the pool holds at most one bare element.
      if (!el.isConnected) el.remove();
      media.detach(el);
    };
  }, [element, media]);
}

/** Props of {@link VideoTrack}. */
export interface VideoTrackProps extends Omit<VideoHTMLAttributes<HTMLVideoElement>, 'children'> {
  /** The track to show (from `useTracks`, `useParticipant(…).tracks`). */
  track: TrackState;
  /**
   * Keep the remote video subscribed only while this element is on screen (default true): off-screen tiles
   * stop receiving video and resume when shown.
   */
  manageSubscription?: boolean;
}

/**
 * A `<video>` showing one track. Data attributes: `data-local` (present for the local participant's
 * track), `data-muted` (present when muted), `data-source` (camera | screen_share).
 */
export const VideoTrack = forwardRef<HTMLVideoElement, VideoTrackProps>(function VideoTrack(
  { track, manageSubscription = true, className, muted = true, playsInline = true, autoPlay = true, ...rest },
  forwardedRef,
) {
  const room = useRoom();
  const element = useRef<HTMLVideoElement | null>(null);
  const [visible, setVisible] = useState(true);
  const media = track.track;

  useAttachedMedia(element, media);

  useEffect(() => {
    const el = element.current;
    if (!el || typeof IntersectionObserver === 'undefined') return;
    // Set state only on a real change. The observer's first report ("visible") repeats the initial state, and
    // React keeps even an equal update queued until the component next renders, then renders it once more for
    // it: every tile would render twice on its first update (a speaking change, a mute).
    let last = true;
    const observer = new IntersectionObserver(
      (entries) => {
        const next = entries.some((e) => e.isIntersecting);
        if (next === last) return;
        last = next;
        setVisible(next);
      },
      { threshold: 0 },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  const { publication } = track;
  useEffect(() => {
    if (!manageSubscription || !visible) return;
    return getVideoSubscriptions(room).retain(publication);
  }, [room, publication, manageSubscription, visible]);

  return (
    <video
      {...rest}
      ref={(el) => {
        element.current = el;
        if (typeof forwardedRef === 'function') forwardedRef(el);
        else if (forwardedRef) forwardedRef.current = el;
      }}
      className={cx('rk-video', className)}
      muted={muted}
      playsInline={playsInline}
      autoPlay={autoPlay}
      data-local={flag(!!media?.isLocal)}
      data-muted={flag(track.muted)}
      data-source={track.source}
    />
  );
});

/** Props of {@link AudioTrack}. */
export interface AudioTrackProps {
  track: TrackState;
  /** Playback volume, 0 to 1. */
  volume?: number;
}

/** Plays one remote audio track through a hidden `<audio>` element. */
export function AudioTrack({ track, volume }: AudioTrackProps) {
  const element = useRef<HTMLAudioElement | null>(null);
  useAttachedMedia(element, track.track);
  useEffect(() => {
    if (element.current && volume !== undefined) element.current.volume = volume;
  }, [volume]);
  return <audio ref={element} className="rk-audio" autoPlay hidden data-source={track.source} />;
}
