import { RoomEvent, type Participant, type RemoteParticipant, type Room } from 'livekit-client';

/**
 * @internal Who is end-to-end encrypted in one room, and whose media this session cannot decrypt.
 *
 * Encrypted is livekit-client's own answer: the room while its encryption is on (`room.isE2EEEnabled`), a remote
 * participant while every track it publishes is announced as encrypted (`participant.isEncrypted`).
 *
 * Cannot decrypt starts with livekit-client's `EncryptionError` naming a participant (a wrong or missing key: its
 * frames are dropped). livekit-client says nothing when frames decrypt again, and throttles its errors (at most one
 * a second, five a minute per track), so the media itself tells the rest: while anyone is marked, their receivers'
 * statistics are read every {@link DECODE_POLL_MS}. Frames decoded again (video frames, or at least half a second
 * of audio that is not concealment) end the mark, in whichever order the two sides re-keyed. After a key change
 * here ({@link EncryptionStore.keyChanged}), a participant still marked whose packets keep arriving undecoded for
 * {@link STALLED_READS} reads, or that livekit-client reports again, is failed anew, so it is reported again. A participant that publishes again or leaves starts with a clean slate.
 */
export interface EncryptionStore {
  subscribe(listener: () => void): () => void;
  /** Called with an identity each time it fails: first marked, or still undecodable after a key change here. */
  onFailure(listener: (identity: string, cause?: Error) => void): () => void;
  /** This session encrypts (its encryption is on). */
  roomEncrypted(): boolean;
  /** `identity`'s media is encrypted (the local participant: while the room's encryption is on). */
  isEncrypted(identity: string): boolean;
  /** This session cannot decrypt `identity`'s media. */
  decryptionFailed(identity: string): boolean;
  /**
   * This session's key changed (for `identity` alone where the key provider says so): each marked participant is
   * checked again, and stays marked until its frames decode; where no statistics can tell, the mark is dropped and
   * the next frames tell again.
   */
  keyChanged(identity?: string): void;
  /** Reads the marked participants' receivers once now (the poll does it every {@link DECODE_POLL_MS}). */
  poll(): Promise<void>;
}

/** How often the receivers of participants marked as undecryptable are read. */
export const DECODE_POLL_MS = 1000;
/** Audio samples (48 kHz) that must decode between two reads to count as decrypting: more than a jitter buffer holds. */
const AUDIO_PROGRESS = 24_000;
/**
 * Reads in a row, after a key change here, with packets arriving and nothing decoded, that say a participant is
 * still on a key this session lacks. Not one: a video that decrypts again still waits for its next key frame.
 */
export const STALLED_READS = 4;

/** What a participant's receivers have done so far: video frames decoded, audio samples that were not concealment, packets. */
export interface DecodeSample {
  frames: number;
  samples: number;
  packets: number;
}
/** @internal Reads a participant's receivers; undefined where nothing can be read (no subscribed track, no stats). */
export type DecodeProbe = (participant: RemoteParticipant) => Promise<DecodeSample | undefined>;

/** livekit-client's receivers: `inbound-rtp` statistics of every subscribed track. */
const receiverProbe: DecodeProbe = async (participant) => {
  const receivers = [...participant.trackPublications.values()].flatMap((p) => (p.track?.receiver ? [p.track.receiver] : []));
  if (receivers.length === 0) return undefined;
  const sample: DecodeSample = { frames: 0, samples: 0, packets: 0 };
  let read = false;
  for (const receiver of receivers) {
    const report = await receiver.getStats().catch(() => undefined);
    report?.forEach((stat: Record<string, unknown>) => {
      if (stat.type !== 'inbound-rtp') return;
      read = true;
      const n = (key: string) => (typeof stat[key] === 'number' ? (stat[key] as number) : 0);
      sample.frames += n('framesDecoded');
      sample.samples += n('totalSamplesReceived') - n('concealedSamples');
      sample.packets += n('packetsReceived');
    });
  }
  return read ? sample : undefined;
};

const probes = new WeakMap<Room, DecodeProbe>();
/** @internal Replaces how `room`'s receivers are read (the testing kit's simulated media). */
export function setDecodeProbe(room: Room, probe: DecodeProbe): void {
  probes.set(room, probe);
}

/** Where one marked participant stands: the last read of its receivers, and whether a key change asks again. */
interface Mark {
  last?: DecodeSample | undefined;
  recheck: boolean;
  /** Reads in a row since the key change with packets and nothing decoded. */
  stalled?: number;
}

const stores = new WeakMap<Room, EncryptionStore>();

/** @internal The encryption store of `room`, made on first use; it listens while anyone subscribes. */
export function getEncryptionStore(room: Room): EncryptionStore {
  let store = stores.get(room);
  if (store) return store;
  const listeners = new Set<() => void>();
  const failureListeners = new Set<(identity: string, cause?: Error) => void>();
  let marks: ReadonlyMap<string, Mark> = new Map();
  let timer: ReturnType<typeof setInterval> | undefined;
  const notify = () => listeners.forEach((l) => l());
  const failed = (identity: string, cause?: Error) => failureListeners.forEach((l) => l(identity, cause));
  const schedule = () => {
    const wanted = marks.size > 0 && listeners.size > 0;
    if (wanted && !timer) timer = setInterval(() => void store!.poll(), DECODE_POLL_MS);
    if (!wanted && timer) {
      clearInterval(timer);
      timer = undefined;
    }
  };
  const setMarks = (next: Map<string, Mark>) => {
    marks = next;
    schedule();
    notify();
  };
  const forget = (identity: string) => {
    if (!marks.has(identity)) return;
    const next = new Map(marks);
    next.delete(identity);
    setMarks(next);
  };
  const onError = (error: Error | undefined, participant?: Participant) => {
    if (!participant || participant.isLocal) return;
    const mark = marks.get(participant.identity);
    if (mark && !mark.recheck) return;
    if (mark) mark.recheck = false;
    else setMarks(new Map(marks).set(participant.identity, { recheck: false }));
    failed(participant.identity, error);
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
  /** One read of a marked participant: decoded again ends the mark; after a key change, packets but nothing decoded fails it anew. */
  const check = async (identity: string, mark: Mark) => {
    const participant = room.remoteParticipants.get(identity);
    const sample = participant ? await (probes.get(room) ?? receiverProbe)(participant) : undefined;
    if (marks.get(identity) !== mark) return;
    const last = mark.last;
    mark.last = sample;
    if (!sample) {
      // Nothing to read (no subscribed track, no statistics): a key change drops the mark, and the next error tells.
      if (mark.recheck) forget(identity);
      return;
    }
    if (!last) return;
    if (sample.frames > last.frames || sample.samples - last.samples >= AUDIO_PROGRESS) forget(identity);
    else if (mark.recheck && sample.packets > last.packets && (mark.stalled = (mark.stalled ?? 0) + 1) >= STALLED_READS) {
      mark.recheck = false;
      failed(identity);
    }
  };
  store = {
    subscribe(listener) {
      if (listeners.size === 0) for (const [event, handler] of events) room.on(event, handler as never);
      listeners.add(listener);
      schedule();
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0) for (const [event, handler] of events) room.off(event, handler as never);
        schedule();
      };
    },
    onFailure(listener) {
      failureListeners.add(listener);
      return () => void failureListeners.delete(listener);
    },
    roomEncrypted: () => room.isE2EEEnabled,
    isEncrypted(identity) {
      if (identity === room.localParticipant.identity) return room.isE2EEEnabled;
      return room.getParticipantByIdentity(identity)?.isEncrypted ?? false;
    },
    decryptionFailed: (identity) => marks.has(identity),
    keyChanged(identity) {
      for (const [who, mark] of marks) {
        if (identity !== undefined && identity !== who) continue;
        // The old key's reads say nothing about the new one: start counting again.
        mark.recheck = true;
        mark.last = undefined;
        mark.stalled = 0;
        void check(who, mark);
      }
    },
    async poll() {
      await Promise.all([...marks].map(([identity, mark]) => check(identity, mark)));
    },
  };
  stores.set(room, store);
  return store;
}
