import type { Room } from 'livekit-client';
import { assertCanSendData, getDataBus, sendData, type DataMessage } from '../room/state/dataBus.js';
import { assertNotHidden } from './handStore.js';
import { RoomKitError } from '../room/RoomKitError.js';
import { getRoomStore } from '../room/state/roomStore.js';
import { listenWhileHeld, refCounted } from '../room/refCounted.js';

/** The data topic reactions travel on (RoomKit's own), JSON bodies `{"emoji":"👏"}`. */
export const REACTION_TOPIC = 'roomkit.reaction';

/** The reactions RoomKit sends and shows; anything else received is ignored. */
export const REACTION_EMOJIS = ['👍', '👏', '😂', '❤️', '🎉', '😮'] as const;

/** One of {@link REACTION_EMOJIS}. */
export type ReactionEmoji = (typeof REACTION_EMOJIS)[number];

/** How long a reaction stays on its sender's tile (milliseconds). */
export const REACTION_DURATION_MS = 4000;

/** A sender may send at most this many reactions in {@link REACTION_WINDOW_MS}. */
export const REACTION_SEND_LIMIT = 3;
/** The sliding window of the sender's limit (milliseconds). */
export const REACTION_WINDOW_MS = 5000;
/** A receiver shows at most this many reactions from one sender in {@link REACTION_WINDOW_MS}, dropping the rest. */
export const REACTION_RECEIVE_LIMIT = 5;

/** A reaction on show. */
export interface Reaction {
  /** Distinct for every reaction shown, so the same emoji twice restarts its animation. */
  readonly id: number;
  readonly emoji: ReactionEmoji;
  /** The sender's identity. */
  readonly from: string;
  readonly isLocal: boolean;
}

/** The reactions on show, one per sender, each for {@link REACTION_DURATION_MS}. */
export interface ReactionStore {
  subscribe(listener: () => void): () => void;
  /** The reaction on `identity`'s tile now, if any. */
  getReaction(identity: string): Reaction | undefined;
  /** Listens for reactions as they arrive (for announcements); returns the unsubscribe function. */
  onReaction(listener: (reaction: Reaction) => void): () => void;
  /** When the local sender may send again (epoch ms); 0 while it may send now. */
  getBlockedUntil(): number;
  /**
   * Sends a reaction to everyone and shows it on the local tile. Rejects with `not-permitted` without
   * `canPublishData`, `bad-request` for an emoji outside {@link REACTION_EMOJIS} and `rate-limited` when over
   * the sender's limit.
   */
  send(emoji: ReactionEmoji): Promise<void>;
}

const decoder = new TextDecoder();
const stores = new WeakMap<Room, ReactionStore>();
const isReactionEmoji = (value: unknown): value is ReactionEmoji => (REACTION_EMOJIS as readonly unknown[]).includes(value);

/** Times within the window, the oldest dropped. */
const recent = (times: readonly number[], now: number) => times.filter((t) => now - t < REACTION_WINDOW_MS);

/** The room's reaction store, created on first use. */
export function getReactionStore(room: Room): ReactionStore {
  let store = stores.get(room);
  if (store) return store;
  const listeners = new Set<() => void>();
  const reactionListeners = new Set<(reaction: Reaction) => void>();
  const shown = new Map<string, Reaction>();
  const timers = new Map<string, ReturnType<typeof setTimeout>>();
  const received = new Map<string, number[]>();
  let sent: number[] = [];
  let blockedUntil = 0;
  let blockTimer: ReturnType<typeof setTimeout> | undefined;
  let nextId = 0;
  const roomStore = getRoomStore(room);

  const notify = () => listeners.forEach((l) => l());
  const show = (from: string, emoji: ReactionEmoji, isLocal: boolean) => {
    const reaction: Reaction = { id: ++nextId, emoji, from, isLocal };
    shown.set(from, reaction);
    clearTimeout(timers.get(from));
    timers.set(
      from,
      setTimeout(() => {
        timers.delete(from);
        if (shown.get(from) === reaction) {
          shown.delete(from);
          notify();
        }
      }, REACTION_DURATION_MS),
    );
    notify();
    reactionListeners.forEach((l) => l(reaction));
  };

  const onData = (message: DataMessage) => {
    const from = message.from;
    if (!from || roomStore.getParticipant(from)?.hidden) return;
    let emoji: unknown;
    try {
      emoji = (JSON.parse(decoder.decode(message.payload)) as { emoji?: unknown }).emoji;
    } catch {
      return;
    }
    if (!isReactionEmoji(emoji)) return;
    const now = Date.now();
    const times = recent(received.get(from) ?? [], now);
    if (times.length >= REACTION_RECEIVE_LIMIT) return; // a flood: dropped
    times.push(now);
    received.set(from, times);
    show(from, emoji, false);
  };

  const hold = refCounted(() => {
    const off = getDataBus(room).subscribe(REACTION_TOPIC, onData);
    return () => {
      off();
      received.clear();
    };
  });

  store = {
    subscribe: (listener) => listenWhileHeld(listeners, listener, hold),
    getReaction: (identity) => shown.get(identity),
    onReaction: (listener) => listenWhileHeld(reactionListeners, listener, hold),
    getBlockedUntil: () => blockedUntil,
    async send(emoji) {
      if (!isReactionEmoji(emoji)) {
        throw new RoomKitError('bad-request', `"${String(emoji)}" is not a reaction RoomKit sends; use one of ${REACTION_EMOJIS.join(' ')}.`);
      }
      assertCanSendData(room);
      assertNotHidden(room);
      const now = Date.now();
      sent = recent(sent, now);
      if (sent.length >= REACTION_SEND_LIMIT) {
        throw new RoomKitError('rate-limited', `At most ${REACTION_SEND_LIMIT} reactions every ${REACTION_WINDOW_MS / 1000} seconds; wait a moment.`);
      }
      sent.push(now);
      if (sent.length >= REACTION_SEND_LIMIT) {
        // Blocked until the oldest leaves the window; subscribers learn both edges.
        blockedUntil = sent[0]! + REACTION_WINDOW_MS;
        clearTimeout(blockTimer);
        blockTimer = setTimeout(() => {
          blockedUntil = 0;
          notify();
        }, blockedUntil - now);
        notify();
      }
      await sendData(room, JSON.stringify({ emoji }), { topic: REACTION_TOPIC, reliable: false });
      show(roomStore.getState().local.identity, emoji, true);
    },
  };
  stores.set(room, store);
  return store;
}
