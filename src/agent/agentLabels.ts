import { useContext, useMemo } from 'react';
import { defaultLabels, LabelsContext, type RoomKitLabels } from '../ui/labels.js';

/** The labels only agent conversations use (optional in {@link RoomKitLabels}, as their defaults ship apart). */
export type AgentLabelKey =
  | 'agentConversation'
  | 'agentTranscript'
  | 'agentTranscriptEmpty'
  | 'agentYou'
  | 'agentJumpToLatest'
  | 'agentWaiting'
  | 'agentEnded'
  | 'agentControls'
  | 'agentMessage'
  | 'agentMessagePlaceholder'
  | 'agentEnd';

/** @internal Every label, the agent conversations' included. */
export type AgentLabels = RoomKitLabels & Required<Pick<RoomKitLabels, AgentLabelKey>>;

/**
 * English defaults of the agent conversation labels (`AgentConversation` and its parts). They live apart from
 * `defaultLabels` so that an app without agents does not ship them.
 */
export const defaultAgentLabels: Required<Pick<RoomKitLabels, AgentLabelKey>> = {
  agentConversation: 'Conversation with an AI agent',
  agentTranscript: 'Transcript',
  agentTranscriptEmpty: 'Nothing said yet. Speak, or type a message.',
  agentYou: 'You',
  agentJumpToLatest: 'Jump to latest',
  agentWaiting: 'Waiting for the agent to join…',
  agentEnded: 'The conversation has ended.',
  agentControls: 'Conversation controls',
  agentMessage: 'Message to the agent',
  agentMessagePlaceholder: 'Type a message…',
  agentEnd: 'End conversation',
};

/** @internal `useLabels` with the agent defaults: English defaults, then the provider's overrides, then a component's. */
export function useAgentLabels(overrides?: Partial<RoomKitLabels>): AgentLabels {
  const fromProvider = useContext(LabelsContext);
  return useMemo(() => ({ ...defaultLabels, ...defaultAgentLabels, ...fromProvider, ...overrides }) as AgentLabels, [fromProvider, overrides]);
}
