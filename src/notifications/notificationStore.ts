import { ConnectionState, type Room } from 'livekit-client';
import { getChatStore, type ChatMessage } from '../chat/index.js';
import { getDeviceErrors } from '../media/devices/deviceErrors.js';
import { getHandStore, type HandEvent } from '../hands/index.js';
import { listenWhileHeld, refCounted } from '../room/refCounted.js';
import { getRoomStore, type RoomState } from '../room/state/roomStore.js';

/** What a notification is about. */
export type NotificationKind =
  | 'participantJoined'
  | 'participantLeft'
  | 'participantWaiting'
  | 'handRaised'
  | 'recordingStarted'
  | 'recordingStopped'
  | 'deviceLost'
  | 'chatMessage';

/** Every {@link NotificationKind}, in the order the docs list them. */
export const NOTIFICATION_KINDS: readonly NotificationKind[] = [
  'participantJoined',
  'participantLeft',
  'participantWaiting',
  'handRaised',
  'recordingStarted',
  'recordingStopped',
  'deviceLost',
  'chatMessage',
];

/**
 * Which kinds of notification to show (and announce): a kind set to `false` is left out, a kind not named is shown.
 * `{ participantJoined: false, participantLeft: false }` turns joins and leaves off.
 */
export type NotificationKinds = Partial<Record<NotificationKind, boolean>>;

/** A participant a notification names: its identity, and the name shown for it when the notification was made. */
export interface NotificationPerson {
  readonly identity: string;
  /** The display name (the participant's name, else its identity), kept so a leave can still name who left. */
  readonly name: string;
}

interface NotificationBase {
  /** Unique within the room's session; a grouped notification keeps its id as it grows. */
  readonly id: string;
  /** When it was made, or last grew (epoch milliseconds, this browser's clock). */
  readonly time: number;
}

/**
 * One notification: the inputs of its text (`notificationText` turns it into words with your labels), never the
 * words themselves. Joins and leaves are grouped: `people` lists everyone of the burst. `participantWaiting` (for a
 * `roomAdmin` session only) lists who knocked at the waiting room and still waits: it loses a person let in, turned
 * away or gone, and goes with the last.
 */
export type RoomNotification =
  | (NotificationBase & {
      readonly kind: 'participantJoined' | 'participantLeft' | 'participantWaiting';
      readonly people: readonly NotificationPerson[];
    })
  | (NotificationBase & { readonly kind: 'handRaised'; readonly person: NotificationPerson })
  | (NotificationBase & { readonly kind: 'recordingStarted' | 'recordingStopped' })
  | (NotificationBase & { readonly kind: 'deviceLost'; readonly device: 'microphone' | 'camera' })
  | (NotificationBase & {
      readonly kind: 'chatMessage';
      readonly person: NotificationPerson;
      readonly message: string;
      /** The chat message's id (`ChatMessage.id`). */
      readonly messageId: string;
    });

/**
 * At most this many notifications are kept; a new one past it drops the oldest. A region that shows them all
 * never grows past it, however busy the room.
 */
export const NOTIFICATION_LIMIT = 5;

/**
 * The grouping rule of joins (and, alike, leaves): a join joins the newest join notification when that one is still
 * kept (not dismissed, not dropped) and grew less than this many milliseconds ago; otherwise it starts a new one.
 * Several joins in one burst of room events are always one notification.
 */
export const NOTIFICATION_GROUP_WINDOW_MS = 10_000;

/** @internal A room's notifications, made from its events while a subscriber (or a `retain()`) holds it. */
export interface NotificationStore {
  subscribe(listener: () => void): () => void;
  /** The kept notifications, oldest first. Unchanged lists keep their identity, unchanged items theirs. */
  getNotifications(): readonly RoomNotification[];
  /** Removes one notification (unknown ids are ignored). */
  dismiss(id: string): void;
  /** Removes every notification. */
  dismissAll(): void;
  /** Keeps the store listening without a subscriber; returns the release function. */
  retain(): () => void;
}

const stores = new WeakMap<Room, NotificationStore>();

const isLive = (state: ConnectionState) => state === ConnectionState.Connected || state === ConnectionState.SignalReconnecting;

/** @internal The room's notification store, created on first use. */
export function getNotificationStore(room: Room): NotificationStore {
  let store = stores.get(room);
  if (store) return store;
  const roomStore = getRoomStore(room);
  const listeners = new Set<() => void>();
  let items: readonly RoomNotification[] = [];
  let counter = 0;

  const notify = () => listeners.forEach((l) => l());
  const nextId = () => `n${++counter}`;
  const personOf = (identity: string, names?: Map<string, string>): NotificationPerson => {
    const p = roomStore.getParticipant(identity);
    return { identity, name: (p ? p.name || p.identity : names?.get(identity)) || identity };
  };

  /** Appends (or, for a grown group, moves to the end) and keeps the newest {@link NOTIFICATION_LIMIT}. */
  const push = (item: RoomNotification) => {
    const next = items.filter((n) => n.id !== item.id);
    next.push(item);
    items = next.length > NOTIFICATION_LIMIT ? next.slice(next.length - NOTIFICATION_LIMIT) : next;
    notify();
  };
  const removeWhere = (test: (n: RoomNotification) => boolean) => {
    const next = items.filter((n) => !test(n));
    if (next.length === items.length) return;
    items = next;
    notify();
  };

  const group = (kind: 'participantJoined' | 'participantLeft' | 'participantWaiting', people: NotificationPerson[]) => {
    const now = Date.now();
    let last: RoomNotification | undefined;
    for (let i = items.length - 1; i >= 0 && !last; i--) if (items[i]!.kind === kind) last = items[i];
    if (last && last.kind === kind && now - last.time < NOTIFICATION_GROUP_WINDOW_MS) {
      push({ ...last, people: [...last.people, ...people], time: now });
    } else {
      push({ id: nextId(), kind, people, time: now });
    }
  };

  const hold = refCounted(() => {
    // Joins, leaves and recording: from the room store, only while the session is live. The participants already
    // there when this session connects (or reconnects) are no news.
    let prev: RoomState = roomStore.getState();
    const names = new Map<string, string>();
    const remember = (identities: readonly string[]) => {
      for (const id of identities) {
        const p = roomStore.getParticipant(id);
        if (p) names.set(id, p.name || p.identity);
      }
    };
    remember(prev.remoteIdentities);
    const offRoom = roomStore.subscribe(() => {
      const next = roomStore.getState();
      const live = isLive(prev.connectionState) && isLive(next.connectionState);
      if (next.remoteIdentities !== prev.remoteIdentities) {
        remember(next.remoteIdentities);
        const after = new Set(next.remoteIdentities);
        if (live) {
          const before = new Set(prev.remoteIdentities);
          const joined = next.remoteIdentities.filter((id) => !before.has(id)).map((id) => personOf(id, names));
          const left = prev.remoteIdentities.filter((id) => !after.has(id)).map((id) => personOf(id, names));
          if (joined.length) group('participantJoined', joined);
          if (left.length) group('participantLeft', left);
        }
        // Forget who is gone: a long meeting's comings and goings must not pile up.
        for (const id of names.keys()) if (!after.has(id)) names.delete(id);
      }
      // Knocks, for whoever may let people in; a person no longer waiting leaves the notification (the last takes it).
      if (next.waitingIdentities !== prev.waitingIdentities) {
        const waiting = new Set(next.waitingIdentities);
        const before = new Set(prev.waitingIdentities);
        const knocked = next.waitingIdentities.filter((id) => !before.has(id)).map((id) => personOf(id));
        if (live && next.grants.roomAdmin && knocked.length) group('participantWaiting', knocked);
        for (const n of items) {
          if (n.kind !== 'participantWaiting' || n.people.every((p) => waiting.has(p.identity))) continue;
          const people = n.people.filter((p) => waiting.has(p.identity));
          if (people.length === 0) removeWhere((m) => m.id === n.id);
          else {
            // In place: shrinking is not news, so it keeps its position (and its time).
            items = items.map((m) => (m.id === n.id ? { ...n, people } : m));
            notify();
          }
        }
      }
      if (live && next.info.isRecording !== prev.info.isRecording) {
        push({ id: nextId(), kind: next.info.isRecording ? 'recordingStarted' : 'recordingStopped', time: Date.now() });
      }
      prev = next;
    });

    // Hands: the hand store's events are already remote-only and rate-limited per participant.
    const offHands = getHandStore(room).onEvent((event: HandEvent) => {
      if (event.type === 'raised') push({ id: nextId(), kind: 'handRaised', person: personOf(event.identity, names), time: Date.now() });
      else if (event.type === 'lowered') removeWhere((n) => n.kind === 'handRaised' && n.person.identity === event.identity);
    });

    // Chat: messages from others that arrive while no chat is on screen.
    const chat = getChatStore(room);
    const last = (messages: readonly ChatMessage[]) => messages[messages.length - 1];
    let seen = last(chat.getMessages());
    const offChat = chat.subscribe(() => {
      const messages = chat.getMessages();
      // Found by id from the end: an edit replaces a message object, and the history drops its oldest past its cap.
      let start = seen ? messages.length : 0;
      if (seen) {
        for (let i = messages.length - 1; i >= 0; i--) {
          if (messages[i]!.id === seen.id && messages[i]!.from === seen.from) {
            start = i + 1;
            break;
          }
        }
      }
      seen = last(messages) ?? seen;
      // On screen (`ChatStore.show`): the chat's log says them, and the ones kept before go.
      if (chat.isShown()) return removeWhere((n) => n.kind === 'chatMessage');
      for (const m of messages.slice(start)) {
        if (m.isLocal) continue;
        push({ id: nextId(), kind: 'chatMessage', person: personOf(m.from, names), message: m.message, messageId: m.id, time: Date.now() });
      }
    });

    // A camera or microphone that went away on its own; gone again once it works (a restart, or the user's retry).
    const devices = getDeviceErrors(room);
    const lost = { microphone: false, camera: false };
    const offDevices = devices.subscribe(() => {
      for (const device of ['microphone', 'camera'] as const) {
        const isLost = devices.get(device)?.code === 'device-lost';
        if (isLost === lost[device]) continue;
        lost[device] = isLost;
        const old = (n: RoomNotification) => n.kind === 'deviceLost' && n.device === device;
        if (isLost) push({ id: items.find(old)?.id ?? nextId(), kind: 'deviceLost', device, time: Date.now() });
        else removeWhere(old);
      }
    });

    return () => {
      offRoom();
      offHands();
      offChat();
      offDevices();
    };
  });

  store = {
    subscribe: (listener) => listenWhileHeld(listeners, listener, hold),
    getNotifications: () => items,
    dismiss: (id) => removeWhere((n) => n.id === id),
    dismissAll: () => removeWhere(() => true),
    retain: hold,
  };
  stores.set(room, store);
  return store;
}

/** @internal `items` without the kinds `kinds` turns off; the same array when it turns none off. */
export function withKinds(items: readonly RoomNotification[], kinds: NotificationKinds | undefined): readonly RoomNotification[] {
  if (!kinds || !items.some((n) => kinds[n.kind] === false)) return items;
  return items.filter((n) => kinds[n.kind] !== false);
}
