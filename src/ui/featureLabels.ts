/**
 * The agent conversation's labels (`AgentConversation` and its parts). Optional in {@link RoomKitLabels}: their
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

/**
 * The recording template's labels (`RecordingView`). Optional in {@link RoomKitLabels}: their English defaults,
 * `defaultRecordingLabels`, ship with `RecordingView`, so an app without a recording template carries none of them.
 */
export interface RecordingViewLabels {
  /** The recording view's region name. */
  recordingView?: string;
  /** Shown on the recording's stage while no one else is in the room. */
  recordingWaiting?: string;
}
