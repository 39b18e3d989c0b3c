import { defaultCaptionsLabels, type CaptionsLabels } from '../captions/index.js';
import { defaultChatLabels, type ChatLabels } from '../chat/index.js';
import { defaultAgentStateLabels, defaultTileLabels, showAgentOnTiles, type TileLabels } from '../tile/index.js';
import { useLabels, type CommonLabels, type RoomKitLabels } from '../ui/labels.js';

/**
 * The agent conversation's labels (`AgentConversation` and its parts). Optional in `RoomKitLabels`: their
 * English defaults, `defaultAgentLabels`, ship with the agent components, so an app without agents carries none of
 * them. A translation should give them.
 */
export interface AgentConversationLabels {
  /** The agent conversation's region name. */
  agentConversation?: string;
  /** The transcript's name (a log of what both sides said and typed). */
  agentTranscript?: string;
  /** The transcript while nothing has been said or typed yet. */
  agentTranscriptEmpty?: string;
  /** Who said a line of the transcript when it is the person in this session. */
  agentYou?: string;
  /** The transcript's button back to the newest line, shown while the person has scrolled back. */
  agentJumpToLatest?: string;
  /** Shown while the room is connected and no agent has joined yet. */
  agentWaiting?: string;
  /** Shown once the conversation's session has ended. */
  agentEnded?: string;
  /** The agent control bar's name. */
  agentControls?: string;
  /** The text input's label (a message typed to the agent). */
  agentMessage?: string;
  /** The text input's placeholder. */
  agentMessagePlaceholder?: string;
  /** The button that ends the conversation (leaves the room). */
  agentEnd?: string;
}

declare module '../ui/labels.js' {
  interface RoomKitLabels extends AgentConversationLabels {}
}

/** The labels only agent conversations use. */
export type AgentLabelKey = keyof AgentConversationLabels;

/** @internal The strings the agent conversation shows: the common ones, its own, and those of chat, captions and tiles it uses. */
export type AgentLabels = CommonLabels & Required<AgentConversationLabels> & ChatLabels & CaptionsLabels & TileLabels;

/**
 * English defaults of the agent conversation labels (`AgentConversation` and its parts). They live apart from
 * `defaultLabels` so that an app without agents does not ship them.
 */
export const defaultAgentLabels: Required<AgentConversationLabels> = {
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

// Every component of this entry reads its strings here: an app that shows one shows agents on its tiles too.
showAgentOnTiles();

const DEFAULTS = { ...defaultChatLabels, ...defaultCaptionsLabels, ...defaultTileLabels, ...defaultAgentStateLabels, ...defaultAgentLabels };

/** @internal `useLabels` with the agent defaults: English defaults, then the provider's overrides, then a component's. */
export function useAgentLabels(overrides?: Partial<RoomKitLabels>): AgentLabels {
  return useLabels(overrides, DEFAULTS);
}
