import { useCallback, useState } from 'react';
import { getHandStore } from './handStore.js';
import type { RoomKitError } from '../room/RoomKitError.js';
import { toRoomKitError } from '../room/toRoomKitError.js';
import { canSendToTiles } from '../room/state/grants.js';
import { useRoomStore } from '../room/RoomContext.js';
import type { RoomHookOptions } from '../room/useRoom.js';
import { useStoreValue } from '../room/useStoreValue.js';
import { showHandsOnTiles } from './HandIndicators.js';

// Hands in use: every tile shows them.
showHandsOnTiles();

/** What {@link useRaiseHand} returns: the local hand, actions, and props to spread on a toggle `<button>`. */
export interface RaiseHandState {
  /** The local participant's hand is up. */
  raised: boolean;
  /** The effective grants allow it (`canPublishData`: hands travel as data messages; never for a hidden observer). */
  allowed: boolean;
  /** A change is being sent. */
  pending: boolean;
  /** The last failure, cleared by the next success. */
  error: RoomKitError | undefined;
  /** Raises, lowers, or sets the hand to `force`. Rejects with `not-permitted` without `canPublishData`. */
  toggle: (force?: boolean) => Promise<void>;
  /** Raises the hand (nothing if it is up). */
  raise: () => Promise<void>;
  /** Lowers the hand (nothing if it is down). */
  lower: () => Promise<void>;
  /** Props for a toggle button: `aria-pressed`, `aria-busy`, `disabled`, `onClick`, `data-state`. */
  buttonProps: {
    type: 'button';
    'aria-pressed': boolean;
    'aria-busy': boolean | undefined;
    disabled: boolean;
    'data-state': 'raised' | 'lowered';
    onClick: () => void;
  };
}

/**
 * Raises and lowers the local participant's hand, for everyone in the room, gated on `canPublishData`.
 *
 * @example
 * ```tsx
 * const { allowed, buttonProps } = useRaiseHand();
 * return allowed ? <button {...buttonProps}>Raise hand</button> : null;
 * ```
 */
export function useRaiseHand(options: RoomHookOptions = {}): RaiseHandState {
  const store = useRoomStore('useRaiseHand', options.room);
  const hands = getHandStore(store.room);
  const raised = useStoreValue(hands.subscribe, () => hands.getHands().some((h) => h.isLocal));
  const allowed = useStoreValue(store.subscribe, () => canSendToTiles(store.getState().grants));
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<RoomKitError | undefined>(undefined);
  const toggle = useCallback(
    async (force?: boolean) => {
      const up = force ?? !hands.getHands().some((h) => h.isLocal);
      setPending(true);
      try {
        await (up ? hands.raise() : hands.lower());
        setError(undefined);
      } catch (e) {
        const failure = toRoomKitError(e);
        setError(failure);
        throw failure;
      } finally {
        setPending(false);
      }
    },
    [hands],
  );
  const raise = useCallback(() => toggle(true), [toggle]);
  const lower = useCallback(() => toggle(false), [toggle]);
  return {
    raised,
    allowed,
    pending,
    error,
    toggle,
    raise,
    lower,
    buttonProps: {
      type: 'button',
      'aria-pressed': raised,
      'aria-busy': pending || undefined,
      disabled: !allowed || pending,
      'data-state': raised ? 'raised' : 'lowered',
      onClick: () => void toggle().catch(() => undefined),
    },
  };
}
