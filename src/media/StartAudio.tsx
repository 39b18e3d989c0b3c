import { forwardRef, type ButtonHTMLAttributes } from 'react';
import { useRoomStore } from '../room/RoomContext.js';
import { useStoreValue } from '../room/useStoreValue.js';
import { cx } from '../ui/dev.js';
import { useLabels, type RoomKitLabels } from '../ui/labels.js';

/** Props of {@link StartAudio}. */
export interface StartAudioProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  labels?: Partial<RoomKitLabels>;
}

/** A button shown only while the browser blocks audio autoplay; a click starts the room's audio. */
export const StartAudio = forwardRef<HTMLButtonElement, StartAudioProps>(function StartAudio(
  { labels: overrides, className, onClick, children, ...rest },
  ref,
) {
  const store = useRoomStore('StartAudio');
  const labels = useLabels(overrides);
  const blocked = useStoreValue(store.subscribe, () => !store.getState().canPlaybackAudio);
  if (!blocked) return null;
  return (
    <button
      type="button"
      {...rest}
      ref={ref}
      className={cx('rk-button rk-start-audio', className)}
      onClick={(event) => {
        onClick?.(event);
        if (!event.defaultPrevented) void store.room.startAudio();
      }}
    >
      {children ?? labels.startAudio}
    </button>
  );
});
