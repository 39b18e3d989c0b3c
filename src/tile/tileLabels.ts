/**
 * The strings a tile adds for an AI agent and a screen share's sound. Part of `RoomKitLabels` (give them to `<RoomProvider labels>` or a component's `labels`); their English
 * defaults ship with the components that show them.
 */
export interface TileLabels {
  /** An agent's state on its tile (`lk.agent.state`; undefined before it says). */
  agentState: (state: string | undefined) => string;
  /** The label of an agent's tile beside its name. */
  agent: string;
  /** A screen-share tile's mark while the share carries sound (its `screen_share_audio`). */
  screenShareSound: string;
}

declare module '../ui/labels.js' {
  interface RoomKitLabels extends TileLabels {}
}

/**
 * English default of {@link TileLabels.agentState}: the words of an agent's tile (`showAgentOnTiles`), the audio room's
 * agent and the agent conversation. Apart from the rest, so a tile that shows no agent state ships none of them.
 */
export const defaultAgentStateLabels: Pick<TileLabels, 'agentState'> = {
  agentState: (state) =>
    state === undefined
      ? 'Connecting…'
      : ({ initializing: 'Starting…', idle: 'Idle', listening: 'Listening', thinking: 'Thinking…', speaking: 'Speaking' } as Record<string, string>)[state] ?? state,
};

/** English defaults of {@link TileLabels} that every tile shows (the agent's state words are {@link defaultAgentStateLabels}). */
export const defaultTileLabels: Omit<TileLabels, 'agentState'> = {
  agent: 'AI agent',
  screenShareSound: 'Shared with sound',
};
