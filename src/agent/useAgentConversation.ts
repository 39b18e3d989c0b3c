import { useEffect, useRef, useState } from 'react';
import type { AgentState } from '../room/state/agentState.js';
import { DEFAULT_AGENT_TIMEOUT, findAgent, findAgentState, watchForAgent } from './agentConversationStore.js';
import type { RoomKitError } from '../room/RoomKitError.js';
import { useRoomStore } from '../room/RoomContext.js';
import type { RoomHookOptions } from '../room/useRoom.js';
import { useStoreValue } from '../room/useStoreValue.js';
import { showAgentOnTiles } from '../tile/index.js';

// An app that talks with an agent shows it on its tiles too (tile/agentOnTiles.tsx).
showAgentOnTiles();

/**
 * Where an agent conversation stands: `connecting` (the room is not connected yet), `waiting` (connected, no agent
 * yet), `ready` (the agent is in the room), `unavailable` (no agent joined within the timeout: `agent-unavailable`),
 * `ended` (the session ended).
 */
export type AgentConversationStatus = 'connecting' | 'waiting' | 'ready' | 'unavailable' | 'ended';

/** Options of {@link useAgentConversation}. */
export interface UseAgentConversationOptions extends RoomHookOptions {
  /**
   * How long to wait for an agent once connected, in milliseconds (default 20 000); `Infinity` waits forever.
   * The clock stops when the agent joins.
   */
  agentTimeout?: number;
  /** Called with the `agent-unavailable` error when the timeout passes without an agent. May be inline. */
  onError?: (error: RoomKitError) => void;
}

/** What {@link useAgentConversation} returns. */
export interface AgentConversationInfo {
  status: AgentConversationStatus;
  /** The agent's identity while it is in the room. */
  agentIdentity: string | undefined;
  /** Its `lk.agent.state` (`initializing`, `listening`, `thinking`, `speaking`, …); undefined before it says. */
  agentState: AgentState | undefined;
  /** The `agent-unavailable` error while `status` is `unavailable`. */
  error: RoomKitError | undefined;
}

/**
 * The state of a conversation with an AI agent: whether the agent is there, its state, and a timeout that ends
 * the wait with an `agent-unavailable` error when no agent joins in time. It re-renders only when one of the
 * returned values changes, never for the agent's audio level or transcriptions. Call it once per conversation
 * (it owns the timeout); `AgentConversation` does.
 */
export function useAgentConversation(options: UseAgentConversationOptions = {}): AgentConversationInfo {
  const store = useRoomStore('useAgentConversation', options.room);
  const timeout = options.agentTimeout ?? DEFAULT_AGENT_TIMEOUT;
  const onError = useRef(options.onError);
  useEffect(() => {
    onError.current = options.onError;
  });
  const agentIdentity = useStoreValue(store.subscribe, () => findAgent(store)?.identity);
  const agentState = useStoreValue(store.subscribe, () => findAgentState(store));
  const connection = useStoreValue(store.subscribe, () => store.getState().connectionState);
  const ended = useStoreValue(store.subscribe, () => store.getState().connectionState === 'disconnected' && store.getState().disconnectReason !== undefined);
  const [error, setError] = useState<RoomKitError | undefined>(undefined);
  // The agent came after all: the wait is over (adjusted during render, never shown stale).
  if (agentIdentity !== undefined && error !== undefined) setError(undefined);
  useEffect(
    () =>
      watchForAgent(store, timeout, (failure) => {
        setError(failure);
        onError.current?.(failure);
      }),
    [store, timeout],
  );
  const status: AgentConversationStatus = ended
    ? 'ended'
    : agentIdentity !== undefined
      ? 'ready'
      : connection !== 'connected'
        ? 'connecting'
        : error
          ? 'unavailable'
          : 'waiting';
  return { status, agentIdentity, agentState, error: status === 'unavailable' ? error : undefined };
}
