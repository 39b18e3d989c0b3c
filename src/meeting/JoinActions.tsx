import { LeaveButton } from '../room/LeaveButton.js';
import { connectionOf, providedSessions } from '../room/connection/sessionConnections.js';
import { useRoom } from '../room/useRoom.js';
import { useLabels, type RoomKitLabels } from '../ui/labels.js';
import { defaultWaitingLabels } from '../people/index.js';

const WAITING_DEFAULTS = defaultWaitingLabels();

/**
 * What a conference shows in place of its control bar while it is not in a session (joining, refused, ended, or
 * waiting to be let in): none of the meeting's controls can work there. "Try again" after a failed join (the
 * provider's session joins again, fetching a connection query first), Cancel while waiting (it leaves), and Leave
 * when the app gave `onLeave` (its way back). Nothing otherwise.
 */
export function JoinActions({
  failed,
  waiting = false,
  onLeave,
  labels: overrides,
}: {
  failed: boolean;
  waiting?: boolean;
  onLeave: (() => void) | undefined;
  labels: Partial<RoomKitLabels> | undefined;
}) {
  const room = useRoom();
  const labels = useLabels(overrides, WAITING_DEFAULTS);
  const provided = providedSessions.get(room);
  const retry = provided?.session.retry;
  // Only a provider that joins can join again: a connection query (fetched again) or details to connect with.
  const given = provided?.props;
  const joins = !!given && !!((given.connection as { refetch?: unknown } | null | undefined)?.refetch || connectionOf(given));
  const canRetry = failed && retry !== undefined && joins;
  if (waiting) {
    return (
      <div className="rk-control-bar rk-join-actions">
        <LeaveButton labels={overrides} onLeave={onLeave}>
          {labels.cancelWaiting}
        </LeaveButton>
      </div>
    );
  }
  if (!canRetry && !onLeave) return null;
  return (
    <div className="rk-control-bar rk-join-actions">
      {canRetry ? (
        <button type="button" className="rk-button rk-button-primary" onClick={retry}>
          {labels.tryAgain}
        </button>
      ) : null}
      {onLeave ? <LeaveButton labels={overrides} onLeave={onLeave} /> : null}
    </div>
  );
}
