import { RoomEvent, type Participant, type Room } from 'livekit-client';

/**
 * @internal Who is end-to-end encrypted in one room, and whose media this session cannot decrypt.
 *
 * Encrypted is livekit-client's own answer: the room while its encryption is on (`room.isE2EEEnabled`), a remote
 * participant while every track it publishes is announced as encrypted (`participant.isEncrypted`). Cannot decrypt
 * starts with livekit-client's `EncryptionError` naming a participant (a wrong or missing key: its frames are
 * dropped). livekit-client says nothing when frames decrypt again: the decryption monitor (`decryptionMonitor.ts`,
 * started with the encryption, so apps without it bundle none of it) reads the media and ends the mark. A
 * participant that publishes again or leaves starts with a clean slate.
 */
export interface EncryptionStore {
  subscribe(listener: () => void): () => void;
  /** This session encrypts (its encryption is on). */
  roomEncrypted(): boolean;
  /** `identity`'s media is encrypted (the local participant: while the room's encryption is on). */
  isEncrypted(identity: string): boolean;
  /** This session cannot decrypt `identity`'s media. */
  decryptionFailed(identity: string): boolean;
  /** Everyone this session cannot decrypt. */
  failed(): ReadonlySet<string>;
  /** Ends `identity`'s mark (its frames decrypt again). */
  forget(identity: string): void;
}

const stores = new WeakMap<Room, EncryptionStore>();

/** @internal The encryption store of `room`, made on first use; it listens while anyone subscribes. */
export function getEncryptionStore(room: Room): EncryptionStore {
  let store = stores.get(room);
  if (store) return store;
  const listeners = new Set<() => void>();
  let failed: ReadonlySet<string> = new Set();
  const notify = () => listeners.forEach((l) => l());
  const forget = (identity: string) => {
    if (!failed.has(identity)) return;
    const next = new Set(failed);
    next.delete(identity);
    failed = next;
    notify();
  };
  const onError = (_error: Error, participant?: Participant) => {
    if (!participant || participant.isLocal || failed.has(participant.identity)) return;
    failed = new Set(failed).add(participant.identity);
    notify();
  };
  // A participant that publishes again (or leaves) starts with a clean slate: its new tracks tell anew.
  const onPublished = (_publication: unknown, participant: Participant) => forget(participant.identity);
  const onLeft = (participant: Participant) => forget(participant.identity);
  const events: Array<[RoomEvent, (...args: never[]) => void]> = [
    [RoomEvent.EncryptionError, onError],
    [RoomEvent.ParticipantEncryptionStatusChanged, notify],
    [RoomEvent.TrackPublished, onPublished],
    [RoomEvent.TrackUnpublished, notify],
    [RoomEvent.LocalTrackPublished, notify],
    [RoomEvent.LocalTrackUnpublished, notify],
    [RoomEvent.ParticipantDisconnected, onLeft],
    [RoomEvent.Disconnected, notify],
  ];
  store = {
    subscribe(listener) {
      if (listeners.size === 0) for (const [event, handler] of events) room.on(event, handler as never);
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0) for (const [event, handler] of events) room.off(event, handler as never);
      };
    },
    roomEncrypted: () => room.isE2EEEnabled,
    isEncrypted(identity) {
      if (identity === room.localParticipant.identity) return room.isE2EEEnabled;
      return room.getParticipantByIdentity(identity)?.isEncrypted ?? false;
    },
    decryptionFailed: (identity) => failed.has(identity),
    failed: () => failed,
    forget,
  };
  stores.set(room, store);
  return store;
}
