import type { Track } from 'livekit-client';
import { forwardRef, type CSSProperties, type ForwardedRef, type HTMLAttributes } from 'react';
import { audioTrackOf, type AgentState } from '../room/state/agentState.js';
import { findAgent, findAgentState } from './agentConversationStore.js';
import type { TrackState } from '../room/state/roomStore.js';
import { useRoomStore } from '../room/RoomContext.js';
import { useStoreValue } from '../room/useStoreValue.js';
import { cx } from '../ui/dev.js';
import { useBarLevels } from '../media/useBarLevels.js';

/** Props of {@link AgentVisualizer}. */
export interface AgentVisualizerProps extends HTMLAttributes<HTMLDivElement> {
  /** `bar` (a row of bars, the default) or `radial` (spokes around a circle). */
  variant?: 'bar' | 'radial';
  /** How many bars or spokes (default 5 for `bar`, 16 for `radial`). */
  bars?: number;
  /** The audio to show; default the agent's microphone (the first agent in the room). */
  track?: TrackState | Track | MediaStreamTrack;
  /** The state to show; default the agent's `lk.agent.state`. */
  state?: AgentState;
}

/**
 * A large visualizer of an AI agent: bars (`variant="bar"`) or spokes (`variant="radial"`) that move with the
 * agent's voice, and a look per state (`data-agent-state`: initializing, listening, thinking, speaking; absent
 * before the agent says). Levels are written straight to the DOM each animation frame (`--rk-level` on each bar,
 * 0–1; `--rk-index` and `--rk-count` place the radial spokes), so the agent speaking re-renders nothing; the
 * visualizer re-renders only when the agent's state or track changes. Decorative: hidden from screen readers
 * (say the state in words beside it). `data-state` is "live" while measuring, "static" without Web Audio or a
 * track; `data-variant` is the variant.
 */
export const AgentVisualizer = forwardRef(function AgentVisualizer(
  { variant = 'bar', bars, track, state, className, ...rest }: AgentVisualizerProps,
  ref: ForwardedRef<HTMLDivElement>,
) {
  const store = useRoomStore('AgentVisualizer');
  const agentTrack = useStoreValue(store.subscribe, () => {
    const agent = track === undefined ? findAgent(store) : undefined;
    return agent ? audioTrackOf(agent) : undefined;
  });
  const agentState = useStoreValue(store.subscribe, () => (state === undefined ? findAgentState(store) : undefined));
  const shown = track ?? agentTrack;
  const count = Math.max(1, Math.floor(bars ?? (variant === 'radial' ? 16 : 5)));
  const { setRef, live } = useBarLevels(shown, count, ref);
  return (
    <div
      ref={setRef}
      aria-hidden="true"
      {...rest}
      className={cx('rk-agent-visualizer', className)}
      data-variant={variant}
      data-agent-state={state ?? agentState}
      data-state={live ? 'live' : 'static'}
      style={{ '--rk-count': count, ...rest.style } as CSSProperties}
    >
      {Array.from({ length: count }, (_, i) => (
        <span key={i} className="rk-agent-bar" style={variant === 'radial' ? ({ '--rk-index': i } as CSSProperties) : undefined} />
      ))}
    </div>
  );
});

