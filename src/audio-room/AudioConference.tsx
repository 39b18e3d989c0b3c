import { Track } from 'livekit-client';
import { useEffect, useId, useMemo, useRef, useState, type HTMLAttributes } from 'react';
import { useAudioRoomLabels } from './audioRoomLabels.js';
import { Chat, ChatToggle } from '../chat/index.js';
import { ConnectionStateToast } from '../room/ConnectionStateToast.js';
import { cx, flag } from '../ui/dev.js';
import { EncryptedBadge, useIsEncrypted } from '../e2ee/index.js';
import { CloseIcon } from '../ui/icons.js';
import type { RoomKitLabels } from '../ui/labels.js';
import { LeaveButton } from '../room/LeaveButton.js';
import { ListenerList } from './ListenerList.js';
import { LiveAnnouncer } from '../notifications/index.js';
import { MediaDeviceSelect } from '../media/devices/MediaDeviceSelect.js';
import { ParticipantAudioTile } from './ParticipantAudioTile.js';
import { AdminActionsContext, WaitingQueue, useWaitingConnection, type AdminActions } from '../people/index.js';
import { RaiseHandToggle } from '../hands/index.js';
import { RecordingIndicator } from '../recording-control/index.js';
import { BreakoutStatus } from '../breakouts/index.js';
import { RoomAudioRenderer } from '../media/RoomAudioRenderer.js';
import { StartAudio } from '../media/StartAudio.js';
import { Toolbar } from '../ui/Toolbar.js';
import { TrackToggle } from '../media/TrackToggle.js';
import { manageAudioRoom } from './audioRoomSubscriptions.js';
import { useAudioRoomParticipants } from './useAudioRoomParticipants.js';
import { useCan } from '../room/hooks/useCan.js';
import { useRoom } from '../room/useRoom.js';
import type { RoomActions } from '../room/connection/roomActions.js';

/** Props of {@link AudioConference}. */
export interface AudioConferenceProps extends HTMLAttributes<HTMLDivElement>, Omit<AdminActions, 'onSpotlight'> {
  /** Show the chat toggle and panel (default true). */
  chat?: boolean;
  /** Open the chat panel at first (default false). */
  defaultChatOpen?: boolean;
  /** Called after the user left. */
  onLeave?: () => void;
  /**
   * Your room actions route's client, `createRoomActions({ endpoint })`: every admin callback at once (mute, remove,
   * allow or revoke publishing, lower a hand). A callback given as a prop wins over its action.
   */
  actions?: RoomActions;
  /** Height of one listener row in CSS pixels (default 48). Rows have a fixed height: that is what lets the list virtualize. */
  listenerRowHeight?: number;
  /**
   * Height of the listeners' scrolling list in CSS pixels. Omit it to let CSS size it (it fills the room's
   * remaining height) and measure it; where nothing can be measured (server rendering, jsdom) 480 is assumed.
   */
  listenerViewportHeight?: number;
  /** Listener rows mounted beyond each edge of the view, so a fast scroll shows no gap (default 4). */
  listenerOverscan?: number;
  labels?: Partial<RoomKitLabels>;
}

/**
 * A voice room: speakers (participants with `canPublish`) as {@link ParticipantAudioTile}s, listeners (no
 * `canPublish`) in a virtualized list with raised hands first, a control bar with the microphone (only for a session
 * that may publish it), raise hand, chat and leave, and no camera or screen-share control. Hidden participants show
 * nowhere; the local participant shows in its section, marked "(you)". A `roomAdmin` session gets the
 * {@link ParticipantAdminMenu} on every remote tile and row, with this component's `actions` (or its
 * `onMuteParticipant`, `onRemoveParticipant`, `onUpdatePermissions` and `onLowerHand`; allowing a listener to
 * publish brings it on stage).
 *
 * Works without any video: nothing here renders a video track, the session joins without auto-subscribing, and
 * any remote camera or screen share is left unsubscribed; microphones follow the big-room audio policy (every one
 * in a room of up to a dozen, else those speaking and the last dozen heard), played by its `RoomAudioRenderer`.
 *
 * Each section is a labelled region whose heading counts its people ("Speakers (3)", "Listeners (500)").
 * The listeners list mounts only the rows in view (plus `listenerOverscan`), so 500 listeners cost a few dozen
 * rows. One participant speaking re-renders that participant's tile only.
 *
 * Data attributes: `data-listener` when the local participant is a listener, `data-observer` for a hidden observer,
 * `data-chat-open`; each section has `data-section` (`speakers` | `listeners`) and `data-count`.
 *
 * Styled by `@roomkit/react/audio-room.css`, imported after `@roomkit/react/styles.css`.
 *
 * @example
 * ```tsx
 * <RoomProvider connection={connection}>
 *   <AudioConference onLeave={() => navigate('/')} />
 * </RoomProvider>
 * ```
 */
export function AudioConference({
  chat = true,
  defaultChatOpen = false,
  onLeave,
  actions,
  onMuteParticipant,
  onRemoveParticipant,
  onUpdatePermissions,
  onLowerHand,
  onAdmit,
  onAdmitAll,
  onDeny,
  listenerRowHeight = 48,
  listenerViewportHeight,
  listenerOverscan = 4,
  labels: overrides,
  className,
  ...rest
}: AudioConferenceProps) {
  const labels = useAudioRoomLabels(overrides);
  const room = useRoom();
  // From the first commit, so the session joins without auto-subscribing: no camera is ever subscribed.
  useEffect(() => manageAudioRoom(room), [room]);
  const [chatOpen, setChatOpen] = useState(defaultChatOpen);
  const hidden = useCan('hidden');
  const encrypted = useIsEncrypted();
  const microphone = useCan('canPublish', { source: 'microphone' });
  const speaker = useCan('canPublish');
  // Hands travel as data; asking the bar for a control the grants forbid would only warn.
  const canSendData = useCan('canPublishData');
  const isAdmin = useCan('roomAdmin');
  const { speakers, listeners } = useAudioRoomParticipants();
  const connection = useWaitingConnection(labels, 'AudioConference');
  const speakersId = useId();
  const listenersId = useId();
  const root = useRef<HTMLDivElement>(null);
  // The actions' callbacks are one object per room, so this memo holds while the props do.
  const bound = actions?.forRoom(room).admin;
  const admin = useMemo<AdminActions>(
    () => ({
      onMuteParticipant: onMuteParticipant ?? bound?.onMuteParticipant,
      onRemoveParticipant: onRemoveParticipant ?? bound?.onRemoveParticipant,
      onUpdatePermissions: onUpdatePermissions ?? bound?.onUpdatePermissions,
      onLowerHand: onLowerHand ?? bound?.onLowerHand,
      onAdmit: onAdmit ?? bound?.onAdmit,
      onAdmitAll: onAdmitAll ?? bound?.onAdmitAll,
      onDeny: onDeny ?? bound?.onDeny,
    }),
    [onMuteParticipant, onRemoveParticipant, onUpdatePermissions, onLowerHand, onAdmit, onAdmitAll, onDeny, bound],
  );
  const closeChat = () => {
    const bar = root.current;
    (bar?.querySelector<HTMLElement>('.rk-chat-toggle') ?? bar?.querySelector<HTMLElement>('.rk-more-toggle'))?.focus();
    setChatOpen(false);
  };
  const listener = !hidden && !speaker;

  return (
    <AdminActionsContext.Provider value={admin}>
      <div
        ref={root}
        role="region"
        aria-label={labels.audioConference}
        {...rest}
        className={cx('rk-root rk-conference rk-audio-conference', className)}
        data-chat-open={flag(chat && chatOpen)}
        data-observer={flag(hidden)}
        data-listener={flag(listener)}
        data-encrypted={flag(encrypted)}
      >
        <div className="rk-conference-header">
          <RecordingIndicator labels={overrides} />
          {encrypted ? <EncryptedBadge label={labels.encrypted} /> : null}
          {hidden ? (
            <span className="rk-badge rk-observer-badge" role="status">
              {labels.hiddenObserver}
            </span>
          ) : listener ? (
            <span className="rk-badge rk-listener-badge">{labels.audioListening}</span>
          ) : null}
          {connection.inSession ? <ConnectionStateToast labels={overrides} /> : null}
          {connection.inSession ? <BreakoutStatus labels={overrides} /> : null}
        </div>
        <div className="rk-conference-body">
          <div className="rk-conference-stage rk-audio-stage">
            {!connection.inSession ? (
              <div className="rk-placeholder" role="status" data-state={connection.waiting ? 'waiting' : connection.state}>
                {connection.text ?? labels.connecting}
              </div>
            ) : (
              <>
                {isAdmin ? <WaitingQueue labels={overrides} /> : null}
                <section className="rk-audio-section rk-audio-speakers" aria-labelledby={speakersId} data-section="speakers" data-count={speakers.length}>
                  <h2 id={speakersId} className="rk-audio-heading">
                    {labels.audioSpeakers(speakers.length)}
                  </h2>
                  {speakers.length === 0 ? (
                    <p className="rk-audio-empty">{labels.audioNoSpeakers}</p>
                  ) : (
                    // Focusable: when more speakers than fit scroll (a phone, a big panel), a keyboard user scrolls them here.
                    <ul role="list" className="rk-audio-speaker-grid" aria-labelledby={speakersId} tabIndex={0}>
                      {speakers.map((identity) => (
                        <li key={identity} className="rk-audio-speaker-cell">
                          <ParticipantAudioTile identity={identity} labels={overrides} />
                        </li>
                      ))}
                    </ul>
                  )}
                </section>
                <section className="rk-audio-section rk-audio-listeners" aria-labelledby={listenersId} data-section="listeners" data-count={listeners.length}>
                  <h2 id={listenersId} className="rk-audio-heading">
                    {labels.audioListeners(listeners.length)}
                  </h2>
                  {listeners.length === 0 ? (
                    <p className="rk-audio-empty">{labels.audioNoListeners}</p>
                  ) : (
                    <ListenerList
                      identities={listeners}
                      label={labels.audioListeners(listeners.length)}
                      labels={labels}
                      overrides={overrides}
                      rowHeight={listenerRowHeight}
                      viewportHeight={listenerViewportHeight}
                      overscan={listenerOverscan}
                    />
                  )}
                </section>
              </>
            )}
          </div>
          {chat && chatOpen ? (
            <div className="rk-conference-panel">
              <button type="button" className="rk-button rk-icon-button rk-panel-close" aria-label={labels.closePanel(labels.chat)} onClick={closeChat}>
                <CloseIcon />
              </button>
              <Chat labels={overrides} className="rk-conference-chat" />
            </div>
          ) : null}
        </div>
        {/* The audio room's bar: the microphone (for speakers), raise hand, chat and leave; no camera, screen or meeting extras. */}
        <Toolbar
          labels={labels}
          entries={[
            ['microphone', microphone && <TrackToggle source={Track.Source.Microphone} labels={overrides} />, 'mic'],
            ['microphoneDevice', microphone && <MediaDeviceSelect kind="audioinput" labels={overrides} />, 'mic'],
            ['speakerDevice', microphone && <MediaDeviceSelect kind="audiooutput" labels={overrides} />, 'mic'],
            ['raiseHand', canSendData && !hidden && <RaiseHandToggle labels={overrides} />],
            // Someone waiting to be let in reads nothing of the room.
            ['chat', chat && !connection.waiting && <ChatToggle open={chatOpen} onToggle={() => setChatOpen((open) => !open)} labels={labels} />],
            ['leave', <LeaveButton labels={overrides} onLeave={onLeave} />],
          ]}
        />
        <StartAudio labels={overrides} />
        <RoomAudioRenderer />
        <LiveAnnouncer labels={overrides} />
      </div>
    </AdminActionsContext.Provider>
  );
}
