import { Track } from 'livekit-client';
import { useId, useState, type FormEvent, type HTMLAttributes } from 'react';
import { getChatStore } from '../chat/index.js';
import type { RoomKitError } from '../room/RoomKitError.js';
import { toRoomKitError } from '../room/toRoomKitError.js';
import { useRoomStore } from '../room/RoomContext.js';
import { useCan } from '../room/hooks/useCan.js';
import { useSupport } from '../room/hooks/useBrowserSupport.js';
import { detectScreenShare } from '../room/browserSupport.js';
import { useStoreValue } from '../room/useStoreValue.js';
import { useAgentLabels, type AgentLabels } from './agentLabels.js';
import { AudioVisualizer } from '../media/AudioVisualizer.js';
import { cx } from '../ui/dev.js';
import type { RoomKitLabels } from '../ui/labels.js';
import { LeaveButton } from '../room/LeaveButton.js';
import { MediaDeviceSelect } from '../media/devices/MediaDeviceSelect.js';
import { TrackToggle } from '../media/TrackToggle.js';

/** Which controls an {@link AgentControlBar} shows. Grants still decide: a control the session may not use is absent. */
export interface AgentControlBarControls {
  /** The microphone toggle with its level (default true). */
  microphone?: boolean;
  /** Device selects beside the microphone and camera (default true). */
  devices?: boolean;
  /** A camera toggle, for agents that see (default false). */
  camera?: boolean;
  /** A screen-share toggle, for agents that see (default false). */
  screenShare?: boolean;
  /** A text input that sends typed messages on `lk.chat` (default true); disabled with a reason without `canPublishData`. */
  chat?: boolean;
  /** The end-conversation button (default true). */
  end?: boolean;
}

/** Props of {@link AgentControlBar}. */
export interface AgentControlBarProps extends HTMLAttributes<HTMLDivElement> {
  controls?: AgentControlBarControls;
  /** Called after the conversation ended (the room disconnected) from the end button. */
  onEnd?: () => void;
  labels?: Partial<RoomKitLabels>;
}

/**
 * The controls of a conversation with an agent: the microphone with its level and device choice, optional camera
 * and screen share (for agents that see), a text input for typed messages, and "End conversation". Grant-aware: a
 * publishing control is absent without its grant, the text input is disabled with a visible reason without
 * `canPublishData`. It follows nothing of the agent: the agent speaking, changing state or being transcribed
 * never re-renders it; the microphone level is drawn straight to the DOM.
 */
export function AgentControlBar({ controls = {}, onEnd, labels: overrides, className, ...rest }: AgentControlBarProps) {
  const labels = useAgentLabels(overrides);
  const want = { microphone: true, devices: true, camera: false, screenShare: false, chat: true, end: true, ...controls };
  const mic = useCan('canPublish', { source: 'microphone' });
  const cam = useCan('canPublish', { source: 'camera' });
  const canShare = useSupport('screenShare', detectScreenShare) !== 'no';
  const screen = useCan('canPublish', { source: 'screen_share' }) && canShare;
  return (
    <div role="toolbar" aria-label={labels.agentControls} {...rest} className={cx('rk-agent-controls', className)}>
      {want.microphone && mic ? (
        <span className="rk-control-group" data-control="microphone">
          <TrackToggle source={Track.Source.Microphone} labels={overrides} />
          <MicrophoneLevel />
          {want.devices ? <MediaDeviceSelect kind="audioinput" labels={overrides} /> : null}
        </span>
      ) : null}
      {want.camera && cam ? (
        <span className="rk-control-group" data-control="camera">
          <TrackToggle source={Track.Source.Camera} labels={overrides} />
          {want.devices ? <MediaDeviceSelect kind="videoinput" labels={overrides} /> : null}
        </span>
      ) : null}
      {want.screenShare && screen ? <TrackToggle source={Track.Source.ScreenShare} labels={overrides} /> : null}
      {want.chat ? <MessageInput labels={labels} /> : null}
      {want.end ? (
        <LeaveButton labels={overrides} className="rk-agent-end" onLeave={onEnd}>
          {labels.agentEnd}
        </LeaveButton>
      ) : null}
    </div>
  );
}

/** The local microphone's level: the only part of the bar that follows the local microphone track. */
function MicrophoneLevel() {
  const store = useRoomStore('AgentControlBar');
  const track = useStoreValue(store.subscribe, () => store.getState().local.tracks.find((t) => t.source === Track.Source.Microphone));
  return <AudioVisualizer className="rk-agent-mic-level" track={track} bars={3} />;
}

/** The text input: keeps its own draft, so typing re-renders it alone. */
function MessageInput({ labels }: { labels: AgentLabels }) {
  const store = useRoomStore('AgentControlBar');
  const canSend = useStoreValue(store.subscribe, () => store.getState().grants.canPublishData);
  const [draft, setDraft] = useState('');
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<RoomKitError | undefined>(undefined);
  const inputId = useId();
  const reasonId = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const text = draft.trim();
    if (!text || !canSend || sending) return;
    setSending(true);
    getChatStore(store.room)
      .send(text)
      .then(
        () => {
          setDraft('');
          setError(undefined);
        },
        (e: unknown) => setError(toRoomKitError(e)),
      )
      .finally(() => setSending(false));
  };
  return (
    <form className="rk-agent-message" onSubmit={submit}>
      <label className="rk-visually-hidden" htmlFor={inputId}>
        {labels.agentMessage}
      </label>
      <input
        id={inputId}
        className="rk-input"
        value={draft}
        placeholder={labels.agentMessagePlaceholder}
        onChange={(e) => setDraft(e.target.value)}
        disabled={!canSend}
        aria-describedby={canSend ? undefined : reasonId}
        maxLength={2000}
        autoComplete="off"
      />
      <button type="submit" className="rk-button" disabled={!canSend || sending || draft.trim() === ''}>
        {labels.chatSend}
      </button>
      {!canSend ? (
        <span id={reasonId} className="rk-chat-reason">
          {labels.chatSendDisabled}
        </span>
      ) : null}
      {error && canSend ? (
        <span role="alert" className="rk-chat-error">
          {labels.chatSendFailed(error.message)}
        </span>
      ) : null}
    </form>
  );
}
