import { RoomEvent, type Participant, type RemoteParticipant, type Room } from 'livekit-client';
import { getEncryptionStore } from './encryptionStore.js';

/**
 * @internal The end of "cannot decrypt". livekit-client announces a failure (`EncryptionError`) but not a recovery,
 * and throttles its errors (at most one a second, five a minute per track), so the media tells the rest: while
 * anyone is marked, their receivers' statistics are read every {@link DECODE_POLL_MS}.
 *
 * - Frames decoded again (video frames, or at least half a second of audio that is not concealment) end the mark,
 *   in whichever order the two sides re-keyed: the tile keeps its video subscribed beneath the notice for this.
 * - A participant's first failure is reported at once, with livekit-client's error. After that, only the media
 *   speaks for it: after a key change here ({@link DecryptionMonitor.keyChanged}) a participant still marked, and a
 *   participant marked again after it recovered, are reported once {@link STALLED_READS} reads in a row show packets
 *   arriving and nothing decoded; where nothing can be read, the mark is dropped (after a key change) or reported at
 *   once (marked again). livekit-client's later errors are no evidence: its worker reports frames that were in
 *   flight when the key changed, after the change and after later frames decoded.
 *
 * Started with the encryption (`createEncryption`), so apps without it bundle none of this.
 */
export interface DecryptionMonitor {
  /** This session's key changed (for `identity` alone where the key provider says so). */
  keyChanged(identity?: string): void;
  /** Reads the marked participants' receivers once now (the poll does it every {@link DECODE_POLL_MS}). */
  poll(): Promise<void>;
  stop(): void;
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
  let sample: DecodeSample | undefined;
  for (const publication of participant.trackPublications.values()) {
    const report = await publication.track?.receiver?.getStats().catch(() => undefined);
    report?.forEach((stat: Record<string, number | string>) => {
      if (stat.type !== 'inbound-rtp') return;
      const n = (key: string) => Number(stat[key] ?? 0);
      sample ??= { frames: 0, samples: 0, packets: 0 };
      sample.frames += n('framesDecoded');
      sample.samples += n('totalSamplesReceived') - n('concealedSamples');
      sample.packets += n('packetsReceived');
    });
  }
  return sample;
};

/** Where one marked participant stands: its reads since its mark or the last key change, and whether to report it again. */
interface Mark {
  last?: DecodeSample | undefined;
  stalled: number;
  /** Marked for the first time and not reported yet: its error (or, failing that, the next microtask) reports it. */
  fresh: boolean;
  /** Marked again after it recovered, or a key changed here since it was reported: stalled reads report it. */
  recheck: boolean;
  /** Reported since it was marked. */
  reported: boolean;
}

/**
 * @internal Watches `room`'s undecryptable participants until `stop`, calling `report` each time one fails: first
 * marked, or still failing after a key change here. `probe` replaces the receivers (the testing kit).
 */
export function monitorDecryption(room: Room, report: (identity: string, cause?: Error) => void, probe: DecodeProbe = receiverProbe): DecryptionMonitor {
  const store = getEncryptionStore(room);
  const marks = new Map<string, Mark>();
  /** Participants whose mark the media ended here: a later mark is believed once the media confirms it. */
  const recovered = new Set<string>();
  let ending: string | undefined;
  const end = (identity: string) => {
    ending = identity;
    store.forget(identity);
    ending = undefined;
  };
  let timer: ReturnType<typeof setInterval> | undefined;
  const reportOnce = (identity: string, mark: Mark, cause?: Error) => {
    mark.fresh = mark.recheck = false;
    mark.reported = true;
    report(identity, cause);
  };
  const onError = (error: Error | undefined, participant?: Participant) => {
    const mark = participant && !participant.isLocal && marks.get(participant.identity);
    if (mark && mark.fresh) reportOnce(participant.identity, mark, error);
  };
  const check = async (identity: string) => {
    const participant = room.remoteParticipants.get(identity);
    const sample = participant && (await probe(participant));
    const mark = marks.get(identity);
    if (!mark || !store.decryptionFailed(identity)) return;
    const last = mark.last;
    mark.last = sample;
    // Nothing to read (no subscribed track, no statistics): a key change drops the mark, and the next error tells;
    // a participant marked again is reported on the error's word.
    if (!sample) {
      if (mark.recheck && mark.reported) end(identity);
      else if (mark.recheck) reportOnce(identity, mark);
      return;
    }
    if (!last) return;
    if (sample.frames > last.frames || sample.samples - last.samples >= AUDIO_PROGRESS) end(identity);
    else if (mark.recheck && sample.packets > last.packets && ++mark.stalled >= STALLED_READS) reportOnce(identity, mark);
  };
  // Follows the store: a new mark is reported, an ended one forgotten; the reads run while anyone is marked.
  const sync = () => {
    const failed = store.failed();
    for (const identity of failed) {
      if (marks.has(identity)) continue;
      // A first mark is reported with livekit-client's error where it follows in the same event (onError), else on
      // its own; a participant that recovered here is marked again on the error's word, and reported on the media's.
      const again = recovered.has(identity);
      const mark: Mark = { stalled: 0, fresh: !again, recheck: again, reported: false };
      marks.set(identity, mark);
      if (!again) queueMicrotask(() => mark.fresh && reportOnce(identity, mark));
    }
    for (const identity of marks.keys()) {
      if (failed.has(identity)) continue;
      marks.delete(identity);
      // Publishing again or leaving starts clean: the next failure is a first one.
      if (ending === identity) recovered.add(identity);
      else recovered.delete(identity);
    }
    if (failed.size > 0 && !timer) timer = setInterval(() => void monitor.poll(), DECODE_POLL_MS);
    if (failed.size === 0 && timer) {
      clearInterval(timer);
      timer = undefined;
    }
  };
  const monitor: DecryptionMonitor = {
    keyChanged(identity) {
      for (const [who, mark] of marks) {
        if (identity !== undefined && identity !== who) continue;
        // The old key's reads say nothing about the new one: start counting again.
        Object.assign(mark, { last: undefined, stalled: 0, recheck: true });
        void check(who);
      }
    },
    async poll() {
      await Promise.all([...marks.keys()].map(check));
    },
    stop() {
      stopStore();
      room.off(RoomEvent.EncryptionError, onError);
      clearInterval(timer);
    },
  };
  const stopStore = store.subscribe(sync);
  room.on(RoomEvent.EncryptionError, onError);
  sync();
  return monitor;
}
