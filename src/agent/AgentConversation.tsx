import { useEffect, useRef, type HTMLAttributes } from 'react';
import { openAgentMicrophone } from './agentConversationStore.js';
import type { RoomKitError } from '../room/RoomKitError.js';
import { AgentControlBar, type AgentControlBarControls } from './AgentControlBar.js';
import { useAgentLabels } from './agentLabels.js';
import { AgentPresence } from './AgentPresence.js';
import { AgentTranscript } from './AgentTranscript.js';
import { cx } from '../ui/dev.js';
import type { RoomKitLabels } from '../ui/labels.js';
import { RoomAudioRenderer } from '../media/RoomAudioRenderer.js';
import { StartAudio } from '../media/StartAudio.js';
import { useAgentConversation } from './useAgentConversation.js';
import { useCan } from '../room/hooks/useCan.js';
import { useRoom } from '../room/useRoom.js';

/** Props of {@link AgentConversation}. */
export interface AgentConversationProps extends Omit<HTMLAttributes<HTMLElement>, 'onError'> {
  /**
   * How long to wait for the agent once connected, in milliseconds (default 20 000; `Infinity` waits forever).
   * When it passes without an agent, the conversation shows the `agent-unavailable` error in words.
   */
  agentTimeout?: number;
  /** Open the microphone as the conversation mounts (default true), before the agent joins. */
  microphone?: boolean;
  /**
   * Record the microphone from the start, before the room connects and the agent joins, and hand the recording to
   * the agent when it joins (livekit-client's pre-connect audio buffer), so nothing said early is lost (default
   * true). Needs a livekit-client that has it and `MediaRecorder`; elsewhere speech before the agent joins is not heard.
   */
  preConnectBuffer?: boolean;
  /** The control bar's controls (camera and screen share are off by default; turn them on for agents that see). */
  controls?: AgentControlBarControls;
  /** The agent's visualizer while it shows no video (default `bar`). */
  visualizer?: 'bar' | 'radial';
  /** Called after the person ended the conversation. */
  onEnd?: () => void;
  /** Called with the `agent-unavailable` error when no agent joins in time. May be inline. */
  onError?: (error: RoomKitError) => void;
  labels?: Partial<RoomKitLabels>;
}

/**
 * A conversation between one person and one AI agent (a LiveKit agent: a participant of kind `agent` with
 * `lk.agent.state`, transcriptions on `lk.transcription`, chat on `lk.chat`). The agent large
 * ({@link AgentPresence}: its video, or a visualizer of its voice and state), one {@link AgentTranscript} of both
 * sides' speech and typed messages, and an {@link AgentControlBar}. It opens the microphone at once, recording
 * before the agent joins (`preConnectBuffer`); says it is waiting while no agent is there; and after `agentTimeout`
 * without one, shows the `agent-unavailable` error in words (`labels.roomError`) and calls `onError`.
 *
 * `data-status` is `connecting` | `waiting` | `ready` | `unavailable` | `ended`; `data-agent-state` carries the
 * agent's state. The agent's voice level and interim transcriptions never re-render the control bar or earlier
 * transcript lines.
 *
 * Styled by `@roomkit/react/agent.css`, imported after `@roomkit/react/styles.css`.
 *
 * @example
 * ```tsx
 * <RoomProvider connection={connection}>
 *   <AgentConversation agentTimeout={15_000} onEnd={() => navigate('/')} />
 * </RoomProvider>
 * ```
 */
export function AgentConversation({
  agentTimeout,
  microphone = true,
  preConnectBuffer = true,
  controls,
  visualizer = 'bar',
  onEnd,
  onError,
  labels: overrides,
  className,
  ...rest
}: AgentConversationProps) {
  const labels = useAgentLabels(overrides);
  const room = useRoom();
  const { status, agentState } = useAgentConversation({
    ...(agentTimeout === undefined ? {} : { agentTimeout }),
    ...(onError ? { onError } : {}),
  });
  const micAllowed = useCan('canPublish', { source: 'microphone' });
  const opened = useRef<object | null>(null);
  const buffer = useRef(preConnectBuffer);
  buffer.current = preConnectBuffer;
  useEffect(() => {
    // Once per room: the person may mute it afterwards.
    if (!microphone || !micAllowed || opened.current === room) return;
    opened.current = room;
    openAgentMicrophone(room, { preConnectBuffer: buffer.current }).catch(() => {
      // A refused device is reported by livekit-client's MediaDevicesError: the microphone toggle shows it.
    });
  }, [room, microphone, micAllowed]);

  return (
    <section
      aria-label={labels.agentConversation}
      {...rest}
      className={cx('rk-root rk-agent-conversation', className)}
      data-status={status}
      data-agent-state={agentState}
    >
      <div className="rk-agent-stage">
        <AgentPresence variant={visualizer} labels={overrides} />
        {status === 'connecting' || status === 'waiting' ? (
          <p className="rk-agent-status" role="status">
            {status === 'connecting' ? labels.connecting : labels.agentWaiting}
          </p>
        ) : status === 'unavailable' ? (
          <p className="rk-agent-status rk-agent-error" role="alert">
            {labels.roomError('agent-unavailable')}
          </p>
        ) : status === 'ended' ? (
          <p className="rk-agent-status" role="status">
            {labels.agentEnded}
          </p>
        ) : null}
      </div>
      <AgentTranscript labels={overrides} />
      <AgentControlBar controls={controls} labels={overrides} {...(onEnd ? { onEnd } : {})} />
      <RoomAudioRenderer />
      <StartAudio labels={overrides} />
    </section>
  );
}
