import { RoomEvent, type Room } from 'livekit-client';
import { readTextStream, registerTextStreams, type TextStreamReaderLike, type TextStreamSender } from '../room/state/textStreams.js';
import { listenWhileHeld, refCounted } from '../room/refCounted.js';

/** The text-stream topic speech-to-text travels on. */
export const TRANSCRIPTION_TOPIC = 'lk.transcription';
/** Stream attributes LiveKit's agents set on transcriptions. */
export const TRANSCRIPTION_ATTRIBUTES = {
  final: 'lk.transcription_final',
  segmentId: 'lk.segment_id',
  trackId: 'lk.transcribed_track_id',
} as const;

/**
 * One segment of transcribed speech. An interim segment is replaced (a new object, same position) by its updates
 * and by its final version; segments that did not change keep their identity.
 */
export interface TranscriptionSegment {
  /** The segment id (`lk.segment_id`), or the stream id when the sender gave none. */
  readonly id: string;
  /** The text so far. */
  readonly text: string;
  /** The final version: it will not change any more. */
  readonly final: boolean;
  /** Whose speech this is: the owner of the transcribed track, else the sender of the stream. */
  readonly speaker: string;
  /** Who sent the transcription (an agent transcribing someone else sends it on their behalf). */
  readonly sender: string;
  /** The transcribed track's sid (`lk.transcribed_track_id`), when given. */
  readonly trackSid: string | undefined;
  /** When the segment's first text arrived here (epoch milliseconds). */
  readonly firstReceivedTime: number;
  /** When its latest text arrived here (epoch milliseconds). */
  readonly lastReceivedTime: number;
}

/** A room's transcriptions, kept while a subscriber (or a `retain()`) holds them. */
export interface TranscriptionStore {
  subscribe(listener: () => void): () => void;
  /** The segments, oldest first; at most the last {@link MAX_SEGMENTS}. */
  getSegments(): readonly TranscriptionSegment[];
  /** Keeps listening without a subscriber; returns the release function. */
  retain(): () => void;
}

/** How many segments a room keeps. */
export const MAX_SEGMENTS = 200;

const stores = new WeakMap<Room, TranscriptionStore>();

function ownerOfTrack(room: Room, trackSid: string | undefined): string | undefined {
  if (!trackSid) return undefined;
  if (room.localParticipant.trackPublications.has(trackSid)) return room.localParticipant.identity;
  for (const p of room.remoteParticipants.values()) if (p.trackPublications.has(trackSid)) return p.identity;
  return undefined;
}

/** The room's transcription store, created on first use. It owns the room's one `lk.transcription` handler. */
export function getTranscriptionStore(room: Room): TranscriptionStore {
  let store = stores.get(room);
  if (store) return store;
  const listeners = new Set<() => void>();
  const byKey = new Map<string, TranscriptionSegment>();
  let segments: readonly TranscriptionSegment[] = [];

  const upsert = (key: string, next: TranscriptionSegment) => {
    const prev = byKey.get(key);
    if (prev && prev.text === next.text && prev.final === next.final && prev.speaker === next.speaker) return;
    byKey.set(key, next);
    if (prev) {
      segments = segments.map((s) => (s === prev ? next : s));
    } else {
      const list = segments.length >= MAX_SEGMENTS ? segments.slice(1 - MAX_SEGMENTS) : segments.slice();
      if (segments.length >= MAX_SEGMENTS) {
        const dropped = segments[0]!;
        for (const [k, s] of byKey) if (s === dropped) byKey.delete(k);
      }
      list.push(next);
      segments = list;
    }
    listeners.forEach((l) => l());
  };

  const onStream = (reader: TextStreamReaderLike, sender: TextStreamSender) => {
    const attributes = () => reader.info.attributes ?? {};
    const segmentId = attributes()[TRANSCRIPTION_ATTRIBUTES.segmentId] || reader.info.id;
    const key = `${sender.identity}\u0000${segmentId}`;
    void readTextStream(reader, (text, done) => {
      const attrs = attributes();
      const flag = attrs[TRANSCRIPTION_ATTRIBUTES.final];
      // Interim streams say "false"; a stream that says nothing is final once it ends.
      const final = flag === 'true' || (done && flag === undefined);
      if (!done && text === '') return;
      const trackSid = attrs[TRANSCRIPTION_ATTRIBUTES.trackId] || undefined;
      const prev = byKey.get(key);
      const now = Date.now();
      upsert(key, {
        id: segmentId,
        text,
        final,
        speaker: ownerOfTrack(room, trackSid) ?? prev?.speaker ?? sender.identity,
        sender: sender.identity,
        trackSid: trackSid ?? prev?.trackSid,
        firstReceivedTime: prev?.firstReceivedTime ?? now,
        lastReceivedTime: now,
      });
    });
  };

  // Moved to another room (LiveKit's MoveParticipant): the old room's captions are not this room's.
  const onMoved = () => {
    if (segments.length === 0) return;
    segments = [];
    byKey.clear();
    listeners.forEach((l) => l());
  };

  const hold = refCounted(() => {
    const off = registerTextStreams(room, TRANSCRIPTION_TOPIC, onStream);
    if (RoomEvent.Moved) room.on(RoomEvent.Moved, onMoved); // livekit-client 2.12+
    return () => {
      off?.();
      if (RoomEvent.Moved) room.off(RoomEvent.Moved, onMoved);
    };
  });

  store = {
    subscribe: (listener) => listenWhileHeld(listeners, listener, hold),
    getSegments: () => segments,
    retain: hold,
  };
  stores.set(room, store);
  return store;
}
