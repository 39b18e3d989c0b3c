import { LocalAudioTrack, type AudioCaptureOptions, type Room, type TrackPublishOptions } from 'livekit-client';
import { agentStateOf } from '../room/state/agentState.js';
import type { ChatMessage } from '../chat/index.js';
import { RoomKitError } from '../room/RoomKitError.js';
import type { ParticipantState, RoomStore } from '../room/state/roomStore.js';
import type { TranscriptionSegment } from '../captions/index.js';

/** How long an agent conversation waits for an agent once connected, by default (milliseconds). */
export const DEFAULT_AGENT_TIMEOUT = 20_000;

/**
 * The attribute an avatar worker sets to the identity of the agent it publishes video for. Such a participant is
 * of kind `agent` too, but is not the agent one talks to.
 */
export const PUBLISH_ON_BEHALF_ATTRIBUTE = 'lk.publish_on_behalf';

/** @internal The agent a conversation talks to: the first visible remote participant of kind `agent` that is not an avatar worker. */
export function findAgent(store: RoomStore): ParticipantState | undefined {
  return store.getRemoteParticipants().find((p) => p.kind === 'agent' && !p.attributes[PUBLISH_ON_BEHALF_ATTRIBUTE]);
}

/** @internal Whom an avatar worker (publishing video on the agent's behalf) stands for, if anyone does. */
export function findAvatar(store: RoomStore, agentIdentity: string): ParticipantState | undefined {
  return store.getRemoteParticipants().find((p) => p.attributes[PUBLISH_ON_BEHALF_ATTRIBUTE] === agentIdentity);
}

/** @internal The agent's state, or undefined while there is no agent or it has not said. */
export function findAgentState(store: RoomStore): string | undefined {
  const agent = findAgent(store);
  return agent ? agentStateOf(agent) : undefined;
}

/**
 * Calls `onTimeout` once when the room has been connected for `timeoutMs` without an agent. The clock starts
 * when the room is connected and no agent is present; an agent joining (or the room leaving `connected`) stops
 * it, and it starts afresh if the agent leaves. A deliberate timer, by specification: the one place an agent
 * conversation waits on time. Returns the function that stops watching.
 */
export function watchForAgent(store: RoomStore, timeoutMs: number, onTimeout: (error: RoomKitError) => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const check = () => {
    const waiting = store.getState().connectionState === 'connected' && findAgent(store) === undefined;
    if (waiting && timer === undefined && Number.isFinite(timeoutMs)) {
      timer = setTimeout(() => {
        onTimeout(
          new RoomKitError('agent-unavailable', `No agent joined the room within ${timeoutMs} ms of connecting.`, {
            details: { timeoutMs },
          }),
        );
      }, timeoutMs);
    } else if (!waiting && timer !== undefined) {
      clearTimeout(timer);
      timer = undefined;
    }
  };
  const unsubscribe = store.subscribe(check);
  check();
  return () => {
    unsubscribe();
    if (timer !== undefined) clearTimeout(timer);
  };
}

/**
 * Whether the installed livekit-client can record the microphone before the agent is there and hand the recording
 * to the agent once it joins (its pre-connect audio buffer, sent on the `lk.agent.pre-connect-audio-buffer`
 * byte-stream topic; the installed 2.23 has it, the peer floor 2.0 does not). Needs `MediaRecorder` in the browser too.
 */
export function supportsPreConnectBuffer(): boolean {
  return typeof (LocalAudioTrack.prototype as unknown as { startPreConnectBuffer?: unknown }).startPreConnectBuffer === 'function';
}

/**
 * Opens the microphone for an agent conversation. Before the room is connected it asks livekit-client for its
 * pre-connect audio buffer (`preConnectBuffer: true`): the microphone records from now on, livekit-client publishes
 * it once the room connects and sends what was recorded to the agent when it joins, so nothing said early is lost.
 * On a livekit-client without the buffer the option is ignored: the microphone opens now and is published once
 * connected, and speech before the agent joins is not heard. Resolves whether the buffer was asked for.
 */
export async function openAgentMicrophone(room: Room, options: { preConnectBuffer: boolean }): Promise<boolean> {
  const buffered = options.preConnectBuffer && room.state !== 'connected' && supportsPreConnectBuffer();
  const publish = (buffered ? { preConnectBuffer: true } : {}) as TrackPublishOptions;
  // livekit-client (2.23) reads the option from the capture options merged over its publishDefaults
  // (LocalParticipant.setTrackEnabled), not from the publish options its type declares it in: give it in both, so
  // the buffer starts with this release and with one that reads the publish options. getUserMedia ignores the key.
  const capture = (buffered ? { preConnectBuffer: true } : undefined) as AudioCaptureOptions | undefined;
  await room.localParticipant.setMicrophoneEnabled(true, capture, publish);
  return buffered;
}

/** One line of an agent conversation's transcript. */
export interface ConversationEntry {
  /** Unique in the transcript (the kind, the sender and the segment or message id). */
  readonly key: string;
  /** `speech` for a transcription of someone's voice, `chat` for a typed message on `lk.chat`. */
  readonly type: 'speech' | 'chat';
  /** `user` for the person in this session, `agent` for the other side. */
  readonly from: 'user' | 'agent';
  /** The identity of whoever spoke or typed it. */
  readonly identity: string;
  readonly text: string;
  /** False while a spoken line is interim (it will be replaced in place); typed messages are always final. */
  readonly final: boolean;
  /**
   * Epoch milliseconds the transcript is ordered by: when a spoken line's first words arrived here, when a typed
   * message was sent (the sender's clock).
   */
  readonly timestamp: number;
}

/**
 * @internal Merges transcriptions and chat into one transcript, oldest first (stable for equal times). An entry keeps
 * its identity while its segment or message does, so a list re-render leaves unchanged lines alone.
 */
export function createTranscriptMerger(): (
  segments: readonly TranscriptionSegment[],
  messages: readonly ChatMessage[],
  localIdentity: string,
) => readonly ConversationEntry[] {
  const cache = new WeakMap<object, { local: string; entry: ConversationEntry }>();
  const entryOf = (source: TranscriptionSegment | ChatMessage, localIdentity: string): ConversationEntry => {
    const hit = cache.get(source);
    if (hit && hit.local === localIdentity) return hit.entry;
    const entry: ConversationEntry =
      'speaker' in source
        ? {
            key: `speech:${source.sender}:${source.id}`,
            type: 'speech',
            from: source.speaker === localIdentity ? 'user' : 'agent',
            identity: source.speaker,
            text: source.text,
            final: source.final,
            timestamp: source.firstReceivedTime,
          }
        : {
            key: `chat:${source.from}:${source.id}`,
            type: 'chat',
            from: source.isLocal || source.from === localIdentity ? 'user' : 'agent',
            identity: source.from,
            text: source.message,
            final: true,
            timestamp: source.timestamp,
          };
    cache.set(source, { local: localIdentity, entry });
    return entry;
  };
  return (segments, messages, localIdentity) => {
    const all = [...segments.map((s) => entryOf(s, localIdentity)), ...messages.map((m) => entryOf(m, localIdentity))];
    // Array.prototype.sort is stable: lines of equal time keep their arrival order.
    return all.sort((a, b) => a.timestamp - b.timestamp);
  };
}
