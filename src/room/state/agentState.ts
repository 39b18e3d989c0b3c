import { Track } from 'livekit-client';
import type { ParticipantState, TrackState } from './roomStore.js';

/** The participant attribute in which LiveKit's agents publish their state. */
export const AGENT_STATE_ATTRIBUTE = 'lk.agent.state';

/**
 * An agent's state as its `lk.agent.state` attribute says it. LiveKit's agents use these names; any other string
 * the attribute carries is passed through unchanged.
 */
export type AgentState = 'initializing' | 'idle' | 'listening' | 'thinking' | 'speaking' | (string & {});

/** @internal The agent's state, or undefined while the attribute is absent (the agent has not started). */
export function agentStateOf(participant: Pick<ParticipantState, 'attributes'>): AgentState | undefined {
  return participant.attributes[AGENT_STATE_ATTRIBUTE] || undefined;
}

/** @internal The participant's microphone track (an agent speaks on it), else its first audio track. */
export function audioTrackOf(participant: Pick<ParticipantState, 'tracks'>): TrackState | undefined {
  return (
    participant.tracks.find((t) => t.source === Track.Source.Microphone) ??
    participant.tracks.find((t) => t.kind === Track.Kind.Audio)
  );
}
