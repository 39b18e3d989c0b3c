import { RoomEvent, type RemoteParticipant, type Room } from 'livekit-client';
import { assertCanSendData, getDataBus, sendData, type DataMessage } from '../room/state/dataBus.js';
import { RoomKitError } from '../room/RoomKitError.js';
import { getRoomStore } from '../room/state/roomStore.js';
import { listenWhileHeld, refCounted } from '../room/refCounted.js';

/**
 * The data topic raised hands travel on. RoomKit's own (LiveKit has no wire format for hands), JSON bodies:
 * `{"type":"raise","raisedAt":<epoch ms>}` and `{"type":"lower"}` from the hand's owner (to everyone, or to one
 * new joiner), `{"type":"sync"}` from a session that starts listening (owners of raised hands answer it), and
 * `{"type":"lower-request"}` from an admin to one owner, whose client lowers its hand. A `lower-request` may also come
 * from the server (a packet with no sender: LiveKit's `SendData`, which `createRoomActionsHandler` sends).
 */
export const HAND_TOPIC = 'roomkit.hand';

/** One raised hand. */
export interface RaisedHand {
  /** Whose hand it is. */
  readonly identity: string;
  /** When it was raised (epoch milliseconds, the owner's clock); hands are ordered by it. */
  readonly raisedAt: number;
  /** The local participant's own hand. */
  readonly isLocal: boolean;
}

/** A change worth announcing: a remote hand went up or down, or an admin lowered the local hand. */
export interface HandEvent {
  readonly type: 'raised' | 'lowered' | 'lowered-by-admin';
  readonly identity: string;
}

/** The room's raised hands, kept while a subscriber (or a `retain()`) holds it. */
export interface HandStore {
  subscribe(listener: () => void): () => void;
  /** Raised hands, in the order they were raised. Unchanged lists keep their identity. */
  getHands(): readonly RaisedHand[];
  /** Listens for hands going up or down (for announcements); returns the unsubscribe function. */
  onEvent(listener: (event: HandEvent) => void): () => void;
  /** Raises the local hand. Rejects with `not-permitted` without `canPublishData`. */
  raise(): Promise<void>;
  /** Lowers the local hand. */
  lower(): Promise<void>;
  /**
   * Asks `identity`'s client to lower its hand (its client obeys; the rule is in the guide "Your own UI with
   * hooks", stories/docs/Hooks.mdx). Rejects with `not-permitted` without `roomAdmin` or `canPublishData`.
   */
  lowerHandOf(identity: string): Promise<void>;
  /** Keeps the store listening without a subscriber; returns the release function. */
  retain(): () => void;
}

type Body = { type: 'raise'; raisedAt: number } | { type: 'lower' } | { type: 'sync' } | { type: 'lower-request' };

/** A receiver announces at most this many hand changes from one participant per {@link HAND_ANNOUNCE_WINDOW_MS}. */
const HAND_ANNOUNCE_LIMIT = 4;
const HAND_ANNOUNCE_WINDOW_MS = 10_000;

const decoder = new TextDecoder();
const stores = new WeakMap<Room, HandStore>();

function parse(payload: Uint8Array): Body | undefined {
  try {
    const body = JSON.parse(decoder.decode(payload)) as Record<string, unknown>;
    if (body.type === 'raise') {
      return typeof body.raisedAt === 'number' && Number.isFinite(body.raisedAt) ? { type: 'raise', raisedAt: body.raisedAt } : undefined;
    }
    if (body.type === 'lower' || body.type === 'sync' || body.type === 'lower-request') return { type: body.type };
  } catch {
    // Not ours: ignored.
  }
  return undefined;
}

const byRaisedAt = (a: RaisedHand, b: RaisedHand) => a.raisedAt - b.raisedAt || (a.identity < b.identity ? -1 : a.identity > b.identity ? 1 : 0);

/** @internal Hands and reactions are for listed participants: a hidden observer has no tile to show them on. */
export function assertNotHidden(room: Room): void {
  if (getRoomStore(room).getState().grants.hidden) {
    throw new RoomKitError('not-permitted', 'A hidden observer cannot raise a hand or react: nobody sees its tile. Join without the hidden grant.');
  }
}

/** The room's hand store, created on first use. */
export function getHandStore(room: Room): HandStore {
  let store = stores.get(room);
  if (store) return store;
  const listeners = new Set<() => void>();
  const eventListeners = new Set<(event: HandEvent) => void>();
  const entries = new Map<string, RaisedHand>();
  let hands: readonly RaisedHand[] = [];
  const roomStore = getRoomStore(room);
  const localIdentity = () => roomStore.getState().local.identity;
  const assertListed = () => assertNotHidden(room);

  const announced = new Map<string, number[]>();
  /** The state always follows; announcements of one participant toggling its hand over and over are dropped. */
  const mayAnnounce = (identity: string) => {
    const now = Date.now();
    const times = (announced.get(identity) ?? []).filter((t) => now - t < HAND_ANNOUNCE_WINDOW_MS);
    announced.set(identity, times);
    if (times.length >= HAND_ANNOUNCE_LIMIT) return false;
    times.push(now);
    return true;
  };
  const changed = (event?: HandEvent) => {
    hands = [...entries.values()].sort(byRaisedAt);
    listeners.forEach((l) => l());
    if (event && (event.type === 'lowered-by-admin' || mayAnnounce(event.identity))) eventListeners.forEach((l) => l(event));
  };
  const set = (identity: string, raisedAt: number, isLocal: boolean) => {
    if (entries.get(identity)?.raisedAt === raisedAt) return;
    const wasRaised = entries.has(identity);
    entries.set(identity, { identity, raisedAt, isLocal });
    changed(wasRaised || isLocal ? undefined : { type: 'raised', identity });
  };
  const remove = (identity: string, event?: HandEvent) => {
    if (!entries.delete(identity)) return;
    changed(event);
  };

  /** Sending is best effort for replies: a session that may not send data simply does not answer. */
  const send = (body: Body, destinationIdentities?: string[]) =>
    sendData(room, JSON.stringify(body), { topic: HAND_TOPIC, ...(destinationIdentities ? { destinationIdentities } : {}) });
  const trySend = (body: Body, destinationIdentities?: string[]) => {
    const state = roomStore.getState();
    if (!state.grants.canPublishData || state.connectionState !== 'connected') return;
    send(body, destinationIdentities).catch(() => {
      // A lost reply: the other side asks again when it reconnects.
    });
  };
  const own = () => entries.get(localIdentity());

  const lowerOwn = async (event?: HandEvent) => {
    const mine = own();
    if (!mine) return;
    remove(mine.identity, event);
    try {
      await send({ type: 'lower' });
    } catch (error) {
      // Nobody else learned it: keep showing the hand as raised, as everyone else still sees it.
      set(mine.identity, mine.raisedAt, true);
      throw error;
    }
  };

  const onData = (message: DataMessage) => {
    const from = message.from;
    // A hidden participant is never listed, so it has no hand to show either.
    if (from === localIdentity() || (from && roomStore.getParticipant(from)?.hidden)) return;
    const body = parse(message.payload);
    if (!body) return;
    if (body.type === 'lower-request') {
      // Obeyed from anyone: lowering is harmless and the owner may raise again (stories/docs/Hooks.mdx: "Raised hands").
      // From the server too (no sender: LiveKit's SendData, as createRoomActionsHandler sends it).
      if (own()) void lowerOwn({ type: 'lowered-by-admin', identity: localIdentity() }).catch(() => undefined);
      return;
    }
    // Everything else is a participant's news of its own hand, and the server has none.
    if (!from) return;
    if (body.type === 'raise') set(from, body.raisedAt, false);
    else if (body.type === 'lower') remove(from, { type: 'lowered', identity: from });
    else {
      const mine = own();
      if (mine) trySend({ type: 'raise', raisedAt: mine.raisedAt }, [from]);
    }
  };
  const onJoined = (participant: RemoteParticipant) => {
    const mine = own();
    if (mine) trySend({ type: 'raise', raisedAt: mine.raisedAt }, [participant.identity]);
  };
  const onLeft = (participant: RemoteParticipant) => {
    announced.delete(participant.identity);
    remove(participant.identity);
  };
  const onConnected = () => {
    trySend({ type: 'sync' });
    const mine = own();
    if (mine) trySend({ type: 'raise', raisedAt: mine.raisedAt });
  };
  const onDisconnected = () => {
    if (entries.size === 0) return;
    entries.clear();
    changed();
  };

  const hold = refCounted(() => {
    const off = getDataBus(room).subscribe(HAND_TOPIC, onData);
    room.on(RoomEvent.ParticipantConnected, onJoined);
    room.on(RoomEvent.ParticipantDisconnected, onLeft);
    room.on(RoomEvent.Connected, onConnected);
    room.on(RoomEvent.Reconnected, onConnected);
    room.on(RoomEvent.Disconnected, onDisconnected);
    // Catch up: whoever has a hand up answers.
    trySend({ type: 'sync' });
    return () => {
      off();
      room.off(RoomEvent.ParticipantConnected, onJoined);
      room.off(RoomEvent.ParticipantDisconnected, onLeft);
      room.off(RoomEvent.Connected, onConnected);
      room.off(RoomEvent.Reconnected, onConnected);
      room.off(RoomEvent.Disconnected, onDisconnected);
      // Unheard from now on, others' hands would go stale: forget them; the next holder's sync asks again.
      for (const entry of [...entries.values()]) if (!entry.isLocal) entries.delete(entry.identity);
      hands = [...entries.values()].sort(byRaisedAt);
    };
  });

  store = {
    subscribe: (listener) => listenWhileHeld(listeners, listener, hold),
    getHands: () => hands,
    onEvent: (listener) => listenWhileHeld(eventListeners, listener, hold),
    async raise() {
      assertCanSendData(room);
      assertListed();
      if (own()) return;
      const raisedAt = Date.now();
      await send({ type: 'raise', raisedAt });
      set(localIdentity(), raisedAt, true);
    },
    lower: () => lowerOwn(),
    async lowerHandOf(identity) {
      if (!roomStore.getState().grants.roomAdmin) {
        throw new RoomKitError('not-permitted', 'Only a roomAdmin may lower another participant\'s hand. Ask your backend for a token with roomAdmin.');
      }
      if (identity === localIdentity()) return lowerOwn();
      await send({ type: 'lower-request' }, [identity]);
    },
    retain: hold,
  };
  stores.set(room, store);
  return store;
}
