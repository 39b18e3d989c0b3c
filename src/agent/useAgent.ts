import { agentStateOf, audioTrackOf, type AgentState } from '../room/state/agentState.js';
import type { ParticipantState, TrackState } from '../room/state/roomStore.js';
import { type TranscriptionSegment, useTranscriptions } from '../captions/index.js';
import { useRoomStore } from '../room/RoomContext.js';
import type { RoomHookOptions } from '../room/useRoom.js';
import { useStoreValue } from '../room/useStoreValue.js';
import { showAgentOnTiles } from '../tile/index.js';

// A meeting that looks for its agent shows it on its tiles: its state and its voice (tile/agentOnTiles.tsx).
showAgentOnTiles();

/** Options of {@link useAgent}. */
export interface UseAgentOptions extends RoomHookOptions {
  /** The agent's identity, when the room may hold several; default the first agent to join. */
  identity?: string;
}

/** What {@link useAgent} returns. */
export interface AgentInfo {
  /** The agent participant, or undefined while no agent is in the room. */
  participant: ParticipantState | undefined;
  /** Its state from the `lk.agent.state` attribute; undefined while there is no agent or it has not said. */
  state: AgentState | undefined;
  /** The track it speaks on, once published. */
  audioTrack: TrackState | undefined;
  /** What it said, as transcription segments (interim ones replaced in place), oldest first. */
  transcriptions: readonly TranscriptionSegment[];
}

/**
 * The room's AI agent: the participant of kind `agent` (hidden ones excluded), its state, its audio track and
 * its transcriptions. Re-renders when the agent's participant state or its transcription changes.
 */
export function useAgent(options: UseAgentOptions = {}): AgentInfo {
  const store = useRoomStore('useAgent', options.room);
  const wanted = options.identity;
  const participant = useStoreValue(store.subscribe, () => {
    if (wanted !== undefined) {
      const p = store.getParticipant(wanted);
      return p && p.kind === 'agent' ? p : undefined;
    }
    return store.getRemoteParticipants().find((p) => p.kind === 'agent');
  });
  const transcriptions = useTranscriptions({ speaker: participant?.identity ?? '\u0000none', ...(options.room ? { room: options.room } : {}) });
  return {
    participant,
    state: participant ? agentStateOf(participant) : undefined,
    audioTrack: participant ? audioTrackOf(participant) : undefined,
    transcriptions,
  };
}
