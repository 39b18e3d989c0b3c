import { useCallback, useEffect, useId, useRef, useState, type FormEvent, type HTMLAttributes } from 'react';
import type { BreakoutsInfo, RoomActionResult } from '../room/connection/roomAction.js';
import type { BreakoutActions } from '../room/connection/roomActions.js';
import { useCan } from '../room/hooks/useCan.js';
import { useParticipants } from '../room/hooks/useParticipants.js';
import { useRoomInfo } from '../room/hooks/useRoomInfo.js';
import { cx } from '../ui/dev.js';
import { useLabels, type RoomKitLabels } from '../ui/labels.js';
import { defaultBreakoutLabels } from './breakoutLabels.js';
import { addBreakoutsToSessions } from './breakoutFollow.js';

// A host who visits a breakout room follows the route's answer like everyone else.
addBreakoutsToSessions();

/** Props of {@link BreakoutRooms}. */
export interface BreakoutRoomsProps extends HTMLAttributes<HTMLElement> {
  /** Your room actions route's breakout actions: `createRoomActions({ endpoint }).forRoom(room).breakouts`. */
  actions: BreakoutActions;
  labels?: Partial<RoomKitLabels>;
}

/** `count` people split at random over `rooms` rooms, as evenly as they go: each person's room index. */
export function splitAtRandom(identities: readonly string[], rooms: number): Record<string, number> {
  const shuffled = [...identities];
  for (let i = shuffled.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [shuffled[i], shuffled[j]] = [shuffled[j]!, shuffled[i]!];
  }
  return Object.fromEntries(shuffled.map((identity, i) => [identity, i % rooms]));
}

/**
 * The host's breakout rooms, for `roomAdmin` sessions only (nothing otherwise): choose how many rooms and their
 * names, assign each person by hand or split at random, and open them; then visit a room, return, send a message to
 * every room, and close them all after a countdown. Hidden participants, recorders, agents and people still in the
 * waiting room are never listed. Everything runs on your server through `actions` (the room actions route).
 */
export function BreakoutRooms({ actions, labels: overrides, className, ...rest }: BreakoutRoomsProps) {
  const labels = useLabels(overrides, defaultBreakoutLabels);
  const admin = useCan('roomAdmin');
  const here = useRoomInfo().name;
  const everyone = useParticipants();
  const self = everyone.find((p) => p.isLocal);
  const people = everyone.filter((p) => !p.isLocal && !p.hidden && !p.waiting && p.kind !== 'egress' && p.kind !== 'agent');
  const [plan, setPlan] = useState<BreakoutsInfo | null>(null);
  const [count, setCount] = useState(2);
  const [names, setNames] = useState<Record<number, string>>({});
  const [assigned, setAssigned] = useState<Record<string, number>>({});
  const [message, setMessage] = useState('');
  const [countdown, setCountdown] = useState(30);
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | undefined>(undefined);
  const [seen, setSeen] = useState<Record<string, string>>({});
  const heading = useId();

  // While one action runs, the buttons say so (aria-disabled) and do nothing, but keep focus: a button disabled under
  // the pointer would drop the keyboard's place.
  const busy = useRef(false);
  const run = useCallback(async (call: () => Promise<RoomActionResult>) => {
    if (busy.current) return;
    busy.current = true;
    setPending(true);
    setFailure(undefined);
    try {
      const result = await call();
      if (result.breakouts !== undefined) setPlan(result.breakouts);
    } catch (error) {
      setFailure(error instanceof Error ? error.message : String(error));
    } finally {
      busy.current = false;
      setPending(false);
    }
  }, []);
  // What is open now (another host may have opened them), again in each room this host visits.
  useEffect(() => {
    if (admin && here) void run(actions.onList);
  }, [admin, actions, here, run]);
  if (!admin) return null;

  const nameOf = (identity: string) => seen[identity] ?? everyone.find((p) => p.identity === identity)?.name ?? identity;
  const roomName = (i: number) => names[i] ?? labels.breakoutRoomName(i + 1);
  const open = (event: FormEvent) => {
    event.preventDefault();
    setSeen(Object.fromEntries(people.map((p) => [p.identity, p.name || p.identity])));
    const rooms = Array.from({ length: count }, (_, i) => ({ name: roomName(i).trim() || labels.breakoutRoomName(i + 1), identities: people.filter((p) => assigned[p.identity] === i).map((p) => p.identity) }));
    void run(() => actions.onOpen(rooms));
  };

  return (
    <section aria-labelledby={heading} {...rest} className={cx('rk-breakout-rooms', className)} aria-busy={pending || undefined}>
      <h3 id={heading} className="rk-breakout-heading">
        {labels.breakoutRooms}
      </h3>
      {plan === null ? (
        <form className="rk-breakout-form" onSubmit={open}>
          <label className="rk-field">
            {labels.breakoutRoomCount}
            <input className="rk-input" type="number" min={1} max={100} value={count} onChange={(e) => setCount(Math.min(100, Math.max(1, Math.floor(Number(e.target.value)) || 1)))} />
          </label>
          {Array.from({ length: count }, (_, i) => (
            <label key={i} className="rk-field">
              <span className="rk-visually-hidden">{labels.breakoutRoomNameField(i + 1)}</span>
              <input className="rk-input" value={roomName(i)} maxLength={64} onChange={(e) => setNames({ ...names, [i]: e.target.value })} />
            </label>
          ))}
          <ul className="rk-breakout-people">
            {people.map((p) => (
              <li key={p.identity}>
                <span>{p.name || p.identity}</span>
                <select
                  className="rk-select"
                  aria-label={labels.breakoutRoomFor(p.name || p.identity)}
                  value={assigned[p.identity] !== undefined && assigned[p.identity]! < count ? String(assigned[p.identity]) : ''}
                  onChange={(e) => setAssigned({ ...assigned, [p.identity]: e.target.value === '' ? -1 : Number(e.target.value) })}
                >
                  <option value="">{labels.mainRoom}</option>
                  {Array.from({ length: count }, (_, i) => (
                    <option key={i} value={i}>
                      {roomName(i)}
                    </option>
                  ))}
                </select>
              </li>
            ))}
          </ul>
          <div className="rk-breakout-actions">
            <button type="button" className="rk-button" disabled={people.length === 0} aria-disabled={pending || undefined} onClick={() => setAssigned(splitAtRandom(people.map((p) => p.identity), count))}>
              <span className="rk-button-label">{labels.splitAtRandom}</span>
            </button>
            <button type="submit" className="rk-button" aria-disabled={pending || undefined}>
              <span className="rk-button-label">{labels.openBreakoutRooms}</span>
            </button>
          </div>
        </form>
      ) : (
        <>
          <ul className="rk-breakout-list">
            {plan.rooms.map((room) => (
              <li key={room.slug} data-here={room.slug === here ? '' : undefined}>
                <span className="rk-breakout-room-name">{room.name}</span>
                <span className="rk-breakout-members">{room.identities.length ? room.identities.map(nameOf).join(', ') : labels.breakoutRoomEmpty}</span>
                {room.slug !== here && self ? (
                  <button type="button" className="rk-button" aria-disabled={pending || undefined} onClick={() => void run(() => actions.onMove(self.identity, room.slug))}>
                    <span className="rk-button-label">{labels.visitBreakoutRoom(room.name)}</span>
                  </button>
                ) : null}
              </li>
            ))}
          </ul>
          {here !== plan.mainRoom && self ? (
            <button type="button" className="rk-button" aria-disabled={pending || undefined} onClick={() => void run(() => actions.onMove(self.identity, null))}>
              <span className="rk-button-label">{labels.returnToMainRoom}</span>
            </button>
          ) : null}
          <form
            className="rk-breakout-form"
            onSubmit={(event) => {
              event.preventDefault();
              if (message.trim()) void run(() => actions.onBroadcast(message.trim())).then(() => setMessage(''));
            }}
          >
            <label className="rk-field">
              {labels.broadcastField}
              <input className="rk-input" value={message} maxLength={1000} onChange={(e) => setMessage(e.target.value)} />
            </label>
            <button type="submit" className="rk-button" disabled={!message.trim()} aria-disabled={pending || undefined}>
              <span className="rk-button-label">{labels.sendBroadcast}</span>
            </button>
          </form>
          <div className="rk-breakout-actions">
            <label className="rk-field">
              {labels.closeCountdownField}
              <input className="rk-input" type="number" min={0} max={600} value={countdown} onChange={(e) => setCountdown(Math.min(600, Math.max(0, Math.floor(Number(e.target.value)) || 0)))} />
            </label>
            <button type="button" className="rk-button" disabled={plan.closesAt !== undefined} aria-disabled={pending || undefined} onClick={() => void run(() => actions.onClose(countdown))}>
              <span className="rk-button-label">{labels.closeBreakoutRooms}</span>
            </button>
          </div>
        </>
      )}
      {failure ? (
        <p role="alert" className="rk-error-text">
          {labels.breakoutFailed(failure)}
        </p>
      ) : null}
    </section>
  );
}
