import { useCallback, useState } from 'react';
import { getReactionStore, REACTION_EMOJIS, type ReactionEmoji } from './reactionStore.js';
import type { RoomKitError } from '../room/RoomKitError.js';
import { toRoomKitError } from '../room/toRoomKitError.js';
import { canSendToTiles } from '../room/state/grants.js';
import { useRoomStore } from '../room/RoomContext.js';
import type { RoomHookOptions } from '../room/useRoom.js';
import { useStoreValue } from '../room/useStoreValue.js';
import { showReactionsOnTiles } from './ReactionIndicator.js';

// Reactions in use: every tile shows them.
showReactionsOnTiles();

/** What {@link useSendReaction} returns. */
export interface SendReactionState {
  /** The reactions one may send. */
  emojis: readonly ReactionEmoji[];
  /** The effective grants allow sending (`canPublishData`; never for a hidden observer). */
  allowed: boolean;
  /** Over the rate limit: sending is refused until it clears (the hook re-renders then). */
  limited: boolean;
  /** The last failure, cleared by the next success. */
  error: RoomKitError | undefined;
  /**
   * Sends a reaction to everyone; it shows on the local tile too. Rejects with `not-permitted` without
   * `canPublishData` and `rate-limited` while `limited`.
   */
  send: (emoji: ReactionEmoji) => Promise<void>;
}

/** Sends reactions, gated on `canPublishData` and rate-limited on this side (a few every few seconds). */
export function useSendReaction(options: RoomHookOptions = {}): SendReactionState {
  const store = useRoomStore('useSendReaction', options.room);
  const reactions = getReactionStore(store.room);
  const allowed = useStoreValue(store.subscribe, () => canSendToTiles(store.getState().grants));
  const limited = useStoreValue(reactions.subscribe, () => reactions.getBlockedUntil() > 0);
  const [error, setError] = useState<RoomKitError | undefined>(undefined);
  const send = useCallback(
    async (emoji: ReactionEmoji) => {
      try {
        await reactions.send(emoji);
        setError(undefined);
      } catch (e) {
        const failure = toRoomKitError(e);
        setError(failure);
        throw failure;
      }
    },
    [reactions],
  );
  return { emojis: REACTION_EMOJIS, allowed, limited, error, send };
}
