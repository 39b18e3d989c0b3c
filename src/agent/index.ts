/**
 * `@roomkit/react/agent`: a conversation with an AI agent (LiveKit Agents) as a room kind of its own: the
 * `AgentConversation` prefab, its parts (presence, visualizer, transcript, control bar) and hooks. Its stylesheet is
 * `@roomkit/react/agent.css`, after `@roomkit/react/styles.css`. A meeting app that never imports this entry ships
 * none of it. (`useAgent`, for an agent in a meeting, is in the root entry.)
 *
 * @packageDocumentation
 */
export { AgentConversation } from './AgentConversation.js';
export type { AgentConversationProps } from './AgentConversation.js';
export { AgentPresence } from './AgentPresence.js';
export type { AgentPresenceProps } from './AgentPresence.js';
export { AgentVisualizer } from './AgentVisualizer.js';
export type { AgentVisualizerProps } from './AgentVisualizer.js';
export { AgentTranscript } from './AgentTranscript.js';
export type { AgentTranscriptProps } from './AgentTranscript.js';
export { AgentControlBar } from './AgentControlBar.js';
export { showAgentOnTiles } from '../tile/index.js';
export type { AgentControlBarProps, AgentControlBarControls } from './AgentControlBar.js';
export { defaultAgentLabels } from './agentLabels.js';
export type { AgentLabelKey } from './agentLabels.js';
export type { AgentConversationLabels } from './agentLabels.js';
export { useAgentConversation } from './useAgentConversation.js';
export type { AgentConversationInfo, AgentConversationStatus, UseAgentConversationOptions } from './useAgentConversation.js';
export { useAgentTranscript } from './useAgentTranscript.js';
export type { ConversationEntry } from './agentConversationStore.js';
export { DEFAULT_AGENT_TIMEOUT, supportsPreConnectBuffer } from './agentConversationStore.js';
