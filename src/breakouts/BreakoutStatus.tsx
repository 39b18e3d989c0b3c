import { useEffect, useState, type HTMLAttributes } from 'react';
import { useParticipantName } from './participantName.js';
import { cx } from '../ui/dev.js';
import { useLabels, type RoomKitLabels } from '../ui/labels.js';
import { defaultBreakoutLabels } from './breakoutLabels.js';
import { useBreakout } from './useBreakout.js';

/** Props of {@link BreakoutStatus}. */
export interface BreakoutStatusProps extends HTMLAttributes<HTMLDivElement> {
  labels?: Partial<RoomKitLabels>;
}

/** Whole seconds left until `closesAt`, ticking once a second while it runs. */
function useSecondsLeft(closesAt: number | undefined): number | undefined {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (closesAt === undefined) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [closesAt]);
  return closesAt === undefined ? undefined : Math.max(0, Math.ceil((closesAt - now) / 1000));
}

/**
 * Says where this session is in a meeting's breakout rooms: "You are in Room 2", the countdown once a host closes
 * the rooms, and a host's latest message to every room. A status region (screen readers hear each change); nothing
 * in a main room without a broadcast. `VideoConference` and `AudioConference` show it.
 */
export function BreakoutStatus({ labels: overrides, className, ...rest }: BreakoutStatusProps) {
  const labels = useLabels(overrides, defaultBreakoutLabels);
  const { room, broadcast } = useBreakout();
  const seconds = useSecondsLeft(room?.closesAt);
  const from = useParticipantName(broadcast?.from);
  if (!room && !broadcast) return null;
  return (
    <div role="status" {...rest} className={cx('rk-breakout-status', className)}>
      {room ? <span className="rk-badge rk-breakout-room">{labels.inBreakoutRoom(room.name)}</span> : null}
      {seconds !== undefined ? <span className="rk-badge rk-breakout-closing">{labels.breakoutClosing(seconds)}</span> : null}
      {broadcast ? <span className="rk-breakout-broadcast">{labels.breakoutBroadcast(from ?? labels.mainRoom, broadcast.message)}</span> : null}
    </div>
  );
}
