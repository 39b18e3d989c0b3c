import { RoomKitError } from '../room/RoomKitError.js';
import type { SimContext } from './simulatedServer.js';

/*
 * Text streams as the simulated server carries them: a remote participant's stream reaches this session as the
 * DataPackets a LiveKit server relays (header, chunks, trailer) through livekit-client's own stream handling;
 * the local participant's `sendText`/`streamText` are received and recorded.
 */

/** Options of `TestRoom.deliverText`. */
export interface DeliverTextOptions {
  /** The text stream's topic (default `lk.chat`). */
  topic?: string;
  /** The stream's attributes (sent in its header). */
  attributes?: Record<string, string>;
  /** Attributes sent in the stream's trailer (merged into the header's when it ends). */
  trailerAttributes?: Record<string, string>;
  /** The stream id (default a fresh one); a second stream with the same id on `lk.chat` is an edit. */
  id?: string;
  /** The sender's timestamp (epoch ms, default now). */
  timestamp?: number;
}

/** Options of `TestRoom.deliverTranscription`. */
export interface DeliverTranscriptionOptions {
  /** A final segment (default true); interim ones are replaced by later text with the same `segmentId`. */
  final?: boolean;
  /** The segment this text belongs to (default a fresh one). */
  segmentId?: string;
  /** The transcribed track (default the speaker's microphone). */
  trackSid?: string;
  /** Who sends it (default the speaker; an agent sends transcriptions of the people it hears). */
  from?: string;
}

/** A text stream the local participant sent, as the simulated server received it. */
export interface SentText {
  /** The stream id. */
  id: string;
  text: string;
  topic: string;
  attributes: Record<string, string> | undefined;
  /** `create` for `sendText`, or what `streamText` was given (`update` for an edit). */
  type: 'create' | 'update';
  /** The options as passed to `sendText` / `streamText`. */
  options: Record<string, unknown>;
}

const encoder = new TextEncoder();
let streamCounter = 0;

/** @internal A fresh stream or segment id. */
export function newStreamId(prefix: string): string {
  return `${prefix}_${Date.now().toString(36)}_${(++streamCounter).toString(36)}`;
}

/** The server relays `from`'s text stream to this session. */
export function deliverTextStream(ctx: SimContext, from: string, text: string | readonly string[], options: DeliverTextOptions = {}): void {
  if (typeof (ctx.room as unknown as { registerTextStreamHandler?: unknown }).registerTextStreamHandler !== 'function') {
    throw new RoomKitError(
      'unsupported-livekit-version',
      'Text streams (deliverText, deliverTranscription) need livekit-client 2.9 or later; this livekit-client has none. Use deliverChat for legacy chat.',
    );
  }
  for (const packet of textStreamPackets(from, text, options)) ctx.internals.handleDataPacket(packet, 0);
}

/**
 * @internal The data packets a server relays for one text stream: a header, one chunk per piece of `text`, a
 * trailer — the shape livekit-client's incoming stream manager reads (uncompressed, not inline).
 */
export function textStreamPackets(from: string, text: string | readonly string[], options: DeliverTextOptions = {}): unknown[] {
  const pieces = typeof text === 'string' ? [text] : text;
  const chunks = pieces.map((p) => encoder.encode(p));
  const streamId = options.id ?? newStreamId('TS');
  const total = chunks.reduce((n, c) => n + c.byteLength, 0);
  const envelope = (value: unknown) => ({ participantIdentity: from, kind: 0, destinationIdentities: [], value });
  return [
    envelope({
      case: 'streamHeader',
      value: {
        streamId,
        timestamp: BigInt(options.timestamp ?? Date.now()),
        topic: options.topic ?? 'lk.chat',
        mimeType: 'text/plain',
        totalLength: BigInt(total),
        encryptionType: 0,
        attributes: { ...options.attributes },
        compression: 0,
        inlineContent: undefined,
        contentHeader: { case: 'textHeader', value: { operationType: 0, version: 0, replyToStreamId: '', attachedStreamIds: [], generated: false } },
      },
    }),
    ...chunks.map((content, i) =>
      envelope({ case: 'streamChunk', value: { streamId, chunkIndex: BigInt(i), content, version: 0 } }),
    ),
    envelope({ case: 'streamTrailer', value: { streamId, reason: '', attributes: { ...options.trailerAttributes } } }),
  ];
}

/**
 * @internal Answers the local participant's `sendText` and `streamText` as the simulated server would: recorded
 * in `sent` (oldest first), refused without `canPublishData`. Nothing where livekit-client has no `sendText`.
 */
export function installTextStreamReceiver(ctx: SimContext, sent: SentText[]): void {
  const lp = ctx.room.localParticipant;
  // A livekit-client without text streams (before 2.9) keeps lacking them: RoomKit falls back to legacy chat.
  if (typeof (lp as unknown as { sendText?: unknown }).sendText !== 'function') return;
  const refuse = () => {
    if (ctx.local.permission.canPublishData === false) {
      throw new RoomKitError('not-permitted', 'The simulated server dropped a text stream: the session lacks canPublishData.');
    }
  };
  const info = (id: string, topic: string, size: number, attributes: Record<string, string> | undefined) => ({
    id,
    mimeType: 'text/plain',
    timestamp: Date.now(),
    topic,
    size,
    attributes,
    encryptionType: 0,
  });
  const target = lp as unknown as Record<string, unknown>;
  target.sendText = async (text: string, options: { topic?: string; attributes?: Record<string, string> } = {}) => {
    refuse();
    const id = newStreamId('TS');
    const topic = options.topic ?? '';
    sent.push({ id, text, topic, attributes: options.attributes, type: 'create', options: { ...options } });
    return info(id, topic, encoder.encode(text).byteLength, options.attributes);
  };
  target.streamText = async (
    options: { topic?: string; streamId?: string; type?: 'create' | 'update'; attributes?: Record<string, string> } = {},
  ) => {
    refuse();
    const id = options.streamId ?? newStreamId('TS');
    const topic = options.topic ?? '';
    let text = '';
    return {
      info: info(id, topic, 0, options.attributes),
      write: async (piece: string) => {
        text += piece;
      },
      close: async () => {
        sent.push({ id, text, topic, attributes: options.attributes, type: options.type ?? 'create', options: { ...options } });
      },
    };
  };
}
