import { Track } from 'livekit-client';
import { getPinStore } from './pinStore.js';
import { useIsPinned } from './usePinned.js';
import { useRoom } from '../room/useRoom.js';
import { useParticipant } from '../room/hooks/useParticipant.js';
import { cx } from '../ui/dev.js';
import { PinIcon } from '../ui/icons.js';
import { useLabels, type RoomKitLabels } from '../ui/labels.js';
import { displayName } from '../room/displayName.js';
import { defaultLayoutLabels } from './layoutLabels.js';



/** Props of {@link PinButton}. */
export interface PinButtonProps {
  /** The participant whose tile it pins. */
  identity: string;
  /** Which of their tiles: the camera (default) or the screen share. */
  source?: Track.Source.Camera | Track.Source.ScreenShare;
  className?: string;
  labels?: Partial<RoomKitLabels>;
}

/**
 * A tile's pin toggle: pins the tile (it goes large in `FocusLayout`, and `VideoConference` switches to it) or
 * unpins it. A button named "Pin Ada" with `aria-pressed`; `data-pinned` when pinned. The default tiles of the
 * layouts carry one; add it to your own tiles through `actions`.
 */
export function PinButton({ identity, source = Track.Source.Camera, className, labels: overrides }: PinButtonProps) {
  const labels = useLabels(overrides, defaultLayoutLabels);
  const participant = useParticipant(identity);
  const pinned = useIsPinned(identity, source);
  const pins = getPinStore(useRoom());
  if (!participant) return null;
  const name = displayName(participant);
  return (
    <button
      type="button"
      className={cx('rk-button rk-icon-button rk-pin-button', className)}
      aria-pressed={pinned}
      aria-label={source === Track.Source.ScreenShare ? labels.pinScreen(name) : labels.pin(name)}
      data-pinned={pinned ? '' : undefined}
      onClick={() => pins.set(pinned ? null : { identity, source })}
    >
      <PinIcon />
    </button>
  );
}
