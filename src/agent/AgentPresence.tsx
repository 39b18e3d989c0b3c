import { Track } from 'livekit-client';
import type { HTMLAttributes } from 'react';
import { findAgent, findAgentState, findAvatar } from './agentConversationStore.js';
import { useRoomStore } from '../room/RoomContext.js';
import { useStoreValue } from '../room/useStoreValue.js';
import { useAgentLabels } from './agentLabels.js';
import { AgentVisualizer } from './AgentVisualizer.js';
import { cx, flag } from '../ui/dev.js';
import type { RoomKitLabels } from '../ui/labels.js';
import { VideoTrack } from '../media/VideoTrack.js';

/** Props of {@link AgentPresence}. */
export interface AgentPresenceProps extends HTMLAttributes<HTMLDivElement> {
  /** The visualizer's variant when the agent shows no video (default `bar`). */
  variant?: 'bar' | 'radial';
  labels?: Partial<RoomKitLabels>;
}

/**
 * The agent, large: its video when it publishes a camera (or when an avatar worker publishes one on its behalf,
 * `lk.publish_on_behalf`), else an {@link AgentVisualizer} driven by its voice and state; below it, its state in
 * words (`labels.agentState`, a polite status). `data-agent-state` carries the state, `data-video` is present while
 * the video shows. It re-renders when the agent's state or video changes, never while the agent speaks.
 */
export function AgentPresence({ variant = 'bar', labels: overrides, className, ...rest }: AgentPresenceProps) {
  const labels = useAgentLabels(overrides);
  const store = useRoomStore('AgentPresence');
  const present = useStoreValue(store.subscribe, () => findAgent(store) !== undefined);
  const state = useStoreValue(store.subscribe, () => findAgentState(store));
  const video = useStoreValue(store.subscribe, () => {
    const agent = findAgent(store);
    if (!agent) return undefined;
    const isVideo = (t: (typeof agent.tracks)[number]) => t.kind === Track.Kind.Video && t.source !== Track.Source.ScreenShare && !t.muted;
    return agent.tracks.find(isVideo) ?? findAvatar(store, agent.identity)?.tracks.find(isVideo);
  });
  return (
    <div {...rest} className={cx('rk-agent-presence', className)} data-agent-state={state} data-video={flag(video !== undefined)}>
      {video ? <VideoTrack className="rk-agent-video" track={video} /> : <AgentVisualizer variant={variant} />}
      <p className="rk-agent-presence-state" role="status">
        {present ? labels.agentState(state) : ''}
      </p>
    </div>
  );
}
