import { useContext, useId, useState } from 'react';
import { useWaitingRoom } from '../waiting-room/index.js';
import { displayName } from '../room/displayName.js';
import { flag } from '../ui/dev.js';
import { useLabels, type RoomKitLabels } from '../ui/labels.js';
import { AdminActionsContext } from './AdminActions.js';
import { defaultPeopleLabels } from './peopleLabels.js';

/** Who a pending or failed action is about: one identity, or everyone waiting. */
type Target = { identity: string } | { all: true };
const ALL = '\u0000all';
const keyOf = (target: Target) => ('all' in target ? ALL : target.identity);

/**
 * @internal The participant list's waiting-room section, for a `roomAdmin`: who waits, in knock order, with Admit
 * and Deny per person and Admit all (the buttons its actions allow; the names alone without them). Each button is
 * busy while its action runs; a failure is said next to the buttons until the next action, or until the person it
 * names leaves the queue.
 */
export function WaitingQueue({ labels: overrides }: { labels: Partial<RoomKitLabels> | undefined }) {
  const labels = useLabels(overrides, defaultPeopleLabels);
  const { queue } = useWaitingRoom();
  const { onAdmit, onAdmitAll, onDeny } = useContext(AdminActionsContext);
  const [pending, setPending] = useState<ReadonlySet<string>>(() => new Set());
  const [failure, setFailure] = useState<{ key: string; message: string } | undefined>();
  const headingId = useId();
  if (queue.length === 0) return null;

  const run = async (target: Target, call: () => Promise<unknown>) => {
    const key = keyOf(target);
    setFailure(undefined);
    setPending((keys) => new Set(keys).add(key));
    try {
      await call();
    } catch (error) {
      setFailure({ key, message: error instanceof Error ? error.message : String(error) });
    } finally {
      setPending((keys) => {
        const next = new Set(keys);
        next.delete(key);
        return next;
      });
    }
  };
  // A failure about someone who has left the queue (admitted elsewhere, gone) says nothing any more.
  const shownFailure = failure && (failure.key === ALL || queue.some((p) => p.identity === failure.key)) ? failure : undefined;

  return (
    <section className="rk-waiting-queue" aria-labelledby={headingId} data-count={queue.length}>
      <div className="rk-waiting-queue-header">
        <h3 id={headingId}>
          {labels.waitingQueue(queue.length)}
        </h3>
        {onAdmitAll && queue.length > 1 ? (
          <button
            type="button"
            className="rk-button rk-button-primary rk-admit-all"
            aria-busy={pending.has(ALL) || undefined}
            disabled={pending.has(ALL)}
            onClick={() => void run({ all: true }, onAdmitAll)}
          >
            {labels.admitAll}
          </button>
        ) : null}
      </div>
      <ul role="list">
        {queue.map((participant) => {
          const { identity } = participant;
          const name = displayName(participant);
          const busy = pending.has(identity) || pending.has(ALL);
          return (
            <li key={identity} className="rk-participant-row rk-waiting-row" data-identity={identity} data-pending={flag(busy)}>
              <span className="rk-avatar rk-participant-avatar" aria-hidden="true">
                {name.slice(0, 1).toUpperCase()}
              </span>
              <span className="rk-participant-row-name">{name}</span>
              {(
                [
                  ['admit', onAdmit, labels.admit, labels.admitPerson],
                  ['deny', onDeny, labels.deny, labels.denyPerson],
                ] as const
              ).map(([action, act, label, nameFor]) =>
                act ? (
                  <button
                    key={action}
                    type="button"
                    className={`rk-button rk-${action}`}
                    aria-label={nameFor(name)}
                    aria-busy={busy || undefined}
                    disabled={busy}
                    onClick={() => void run({ identity }, () => act(identity))}
                  >
                    {label}
                  </button>
                ) : null,
              )}
            </li>
          );
        })}
      </ul>
      {shownFailure ? (
        <p role="alert" className="rk-error-text">
          {labels.adminActionFailed(shownFailure.message)}
        </p>
      ) : null}
    </section>
  );
}
