import type { Room } from 'livekit-client';

/** The parts of livekit-client's `TextStreamReader` RoomKit reads (present since livekit-client 2.9). */
export interface TextStreamReaderLike {
  readonly info: {
    readonly id: string;
    readonly timestamp: number;
    readonly topic: string;
    readonly attributes?: Record<string, string> | undefined;
  };
  [Symbol.asyncIterator](): AsyncIterator<string>;
}

/** The sender of a text stream, as livekit-client names it. */
export interface TextStreamSender {
  readonly identity: string;
}

type Handler = (reader: TextStreamReaderLike, sender: TextStreamSender) => void;

interface TextStreamRoom {
  registerTextStreamHandler?: (topic: string, handler: Handler) => void;
  unregisterTextStreamHandler?: (topic: string) => void;
  localParticipant: { sendText?: unknown; streamText?: unknown };
}

/** @internal The installed livekit-client can receive text streams (2.9 and later; 2.0–2.8 cannot). */
export function canReceiveTextStreams(room: Room): boolean {
  return typeof (room as unknown as TextStreamRoom).registerTextStreamHandler === 'function';
}

/** @internal The installed livekit-client can send text streams (`sendText` and `streamText`). */
export function canSendTextStreams(room: Room): boolean {
  const lp = (room as unknown as TextStreamRoom).localParticipant;
  return typeof lp?.sendText === 'function' && typeof lp.streamText === 'function';
}

/**
 * @internal Registers the room's one handler for `topic` (livekit-client allows one per topic and throws on a
 * second). Returns the unregister function, or undefined when this livekit-client has no text streams or the
 * topic is already taken by someone else (another library in the same page).
 */
export function registerTextStreams(room: Room, topic: string, handler: Handler): (() => void) | undefined {
  if (!canReceiveTextStreams(room)) return undefined;
  const r = room as unknown as Required<TextStreamRoom>;
  try {
    r.registerTextStreamHandler(topic, handler);
  } catch {
    return undefined;
  }
  let registered = true;
  return () => {
    if (!registered) return;
    registered = false;
    r.unregisterTextStreamHandler(topic);
  };
}

/**
 * @internal Reads a text stream chunk by chunk, calling `onText` with the text so far (and the stream's
 * attributes, which its trailer may extend) after each chunk and once more when it ends with `done` true.
 * Never rejects: a stream that breaks off ends with the text received.
 */
export async function readTextStream(
  reader: TextStreamReaderLike,
  onText: (text: string, done: boolean) => void,
): Promise<void> {
  let text = '';
  try {
    for await (const chunk of { [Symbol.asyncIterator]: () => reader[Symbol.asyncIterator]() }) {
      text += chunk;
      onText(text, false);
    }
  } catch {
    // The sender left or the stream broke off: keep what arrived.
  }
  onText(text, true);
}

function compareVersions(a: string, b: string): number {
  const pa = a.split(/[.-]/).map((n) => Number.parseInt(n, 10) || 0);
  const pb = b.split(/[.-]/).map((n) => Number.parseInt(n, 10) || 0);
  for (let i = 0; i < 3; i++) {
    const d = (pa[i] ?? 0) - (pb[i] ?? 0);
    if (d !== 0) return d;
  }
  return 0;
}

/**
 * @internal Whether the server forwards text streams, decided as LiveKit's components decide it: LiveKit Cloud
 * (edition 1) or a server newer than 1.8.2. Chat's legacy copies then carry `ignoreLegacy: true`.
 */
export function serverSupportsDataStreams(room: Room): boolean {
  const info = (room as unknown as { serverInfo?: { edition?: number; version?: string } }).serverInfo;
  if (!info) return false;
  return info.edition === 1 || (!!info.version && compareVersions(info.version, '1.8.2') > 0);
}
