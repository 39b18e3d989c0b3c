import { AudioVisualizer } from '../media/AudioVisualizer.js';
import { agentStateOf, audioTrackOf } from '../room/state/agentState.js';
import { cx } from '../ui/dev.js';
import { addTileFeature, type TilePlaceholderProps } from '../ui/tileFeatures.js';
import { defaultAgentStateLabels } from './tileLabels.js';

/** An agent's tile without video: its state in words and its voice as bars, never an empty camera box. */
function AgentPlaceholder({ participant, labels, className }: TilePlaceholderProps) {
  const state = agentStateOf(participant);
  return (
    <div className={cx('rk-tile-placeholder rk-tile-agent', className)} data-reason="agent" data-agent-state={state ?? 'connecting'}>
      <AudioVisualizer track={audioTrackOf(participant)} className="rk-agent-visualizer" />
      {/* The tile's labels hold the provider's and the app's words; English where neither gives them. */}
      <span className="rk-agent-state">{(labels.agentState ?? defaultAgentStateLabels.agentState)(state)}</span>
    </div>
  );
}

/**
 * Shows an AI agent on every participant tile: while the agent has no video, its tile shows its state in words
 * ("Listening", `labels.agentState`) and an {@link AudioVisualizer} of its voice (`data-reason="agent"`) instead of
 * the camera-off placeholder. `VideoConference`, the recording template and every part of
 * `@roomkit/react/agent` (and `useAgent`) call it as they load; a meeting composed from `GridLayout` or
 * `ParticipantTile` that uses none of them calls it once, at module level, to show agents the same way (without it,
 * an agent's tile shows its initial like anyone's, and the app ships no visualizer).
 *
 * @example
 * ```tsx
 * import { showAgentOnTiles } from '@roomkit/react/agent';
 *
 * showAgentOnTiles();
 * ```
 */
export function showAgentOnTiles(): void {
  addTileFeature({ name: 'agent', order: 40, placeholder: (participant) => participant.kind === 'agent' && AgentPlaceholder });
}
