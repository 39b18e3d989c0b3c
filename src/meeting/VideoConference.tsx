import { Track, type ScreenShareCaptureOptions } from 'livekit-client';
import { useEffect, useRef, useState, type HTMLAttributes, type ReactNode } from 'react';
import { Captions } from '../captions/index.js';
import { Chat, defaultChatLabels } from '../chat/index.js';
import { ConnectionStateToast } from '../room/ConnectionStateToast.js';
import { ControlBar } from './ControlBar.js';
import { JoinActions } from './JoinActions.js';
import { cx, flag } from '../ui/dev.js';
import { FocusLayout, GridLayout, useTileKeys, SpeakerLayout, usePinned, defaultLayoutLabels } from '../layouts/index.js';
import { useSpotlight } from '../room/hooks/useSpotlight.js';
import { EncryptedBadge, useIsEncrypted, defaultEncryptionLabels } from '../e2ee/index.js';
import { CloseIcon, KeyboardIcon, SpeakerViewIcon } from '../ui/icons.js';
import { useLabels, type RoomKitLabels } from '../ui/labels.js';
import { LiveAnnouncer, Notifications, type NotificationsProps, NOTIFICATION_KINDS, type NotificationKinds } from '../notifications/index.js';
import { ParticipantList, AdminActionsContext, type AdminActions, defaultPeopleLabels, splitAdminActions, useAdminActions, useWaitingConnection } from '../people/index.js';
import { RecordingControl, RecordingIndicator } from '../recording-control/index.js';
import { BreakoutStatus } from '../breakouts/index.js';
import { MeetingShortcutsDialog, useMeetingShortcuts, defaultShortcutsLabels, type MeetingShortcuts } from '../shortcuts/index.js';
import { RoomAudioRenderer } from '../media/RoomAudioRenderer.js';
import { StartAudio } from '../media/StartAudio.js';
import { useControllableState } from '../ui/useControllableState.js';
import { useCan } from '../room/hooks/useCan.js';
import { useRoom } from '../room/useRoom.js';
import { getVideoSubscriptions } from '../media/videoSubscriptions.js';
import type { RoomActions } from '../room/connection/roomActions.js';
import { showAgentOnTiles } from '../tile/index.js';

// An agent in the meeting shows its state and its voice on its tile (tile/agentOnTiles.tsx).
showAgentOnTiles();

/** This file's English defaults besides the common ones. */
const DEFAULTS = { ...defaultChatLabels, ...defaultEncryptionLabels, ...defaultLayoutLabels, ...defaultPeopleLabels, ...defaultShortcutsLabels };



/** Props of {@link VideoConference}. */
export interface VideoConferenceProps extends HTMLAttributes<HTMLDivElement>, AdminActions {
  /** Show the chat toggle and panel (default true). */
  chat?: boolean;
  /** Open the chat panel at first (default false). */
  defaultChatOpen?: boolean;
  /** Show the participants toggle and list panel (default true). One side panel is open at a time: opening it closes chat. */
  participants?: boolean;
  /** Open the participant list at first (default false; `defaultChatOpen` wins if both are set). */
  defaultParticipantsOpen?: boolean;
  /**
   * Shown under the participant list in the participants panel: a host's tools, such as
   * `<BreakoutRooms actions={useRoomActions(actions).breakouts} />` (which shows to `roomAdmin` sessions only). An app
   * that gives none ships none of their code.
   */
  participantsPanelExtra?: ReactNode;
  /** Captions shown (controlled); the toggle appears once the room has transcriptions. */
  captions?: boolean;
  /** Captions shown at first when uncontrolled (default true). */
  defaultCaptions?: boolean;
  /** Called when the captions toggle is pressed. */
  onCaptionsChange?: (captions: boolean) => void;
  /**
   * Your room actions route's client, `createRoomActions({ endpoint })`: every admin and recording callback below
   * at once (mute, remove, allow or revoke publishing, lower a hand; start and stop recording). A callback given as a
   * prop wins over its action.
   */
  actions?: RoomActions;
  /** Starts recording on your server; with `onStopRecording`, shows RecordingControl to `roomRecord` sessions. */
  onStartRecording?: () => Promise<unknown>;
  onStopRecording?: () => Promise<unknown>;
  /** Called after the user left. */
  onLeave?: () => void;
  /**
   * The layout when nothing is pinned, spotlighted or shared: `'grid'` or `'speaker'` (controlled). A pinned tile,
   * else the room's spotlight, else a screen share, shows in the focus layout whatever this says.
   */
  layout?: ConferenceLayout;
  /** The layout at first when uncontrolled (default `'grid'`). */
  defaultLayout?: ConferenceLayout;
  /** Called when the user switches between grid and speaker view. */
  onLayoutChange?: (layout: ConferenceLayout) => void;
  /**
   * Background effects and the noise filter in the control bar, as an element you render (typically
   * `<EffectsControl collapsible config={…} />`), so apps that never offer effects ship none of their code.
   */
  effects?: ReactNode;
  /** Grid paging: at most this many tiles on a page (default 25). */
  maxTilesPerPage?: number;
  /**
   * The notification toasts, in a lane of their own at the top of the stage that never covers a tile (on by default): `false` turns every kind off (neither shown nor said;
   * reconnects, reactions and the like are still said), or `{ kinds, duration }` as on {@link Notifications}, e.g.
   * `{ kinds: { participantJoined: false, participantLeft: false } }`.
   */
  notifications?: boolean | Pick<NotificationsProps, 'kinds' | 'duration'>;
  /**
   * Keyboard shortcuts (on by default: `DEFAULT_MEETING_SHORTCUTS`, Alt+Shift and a letter, ⌥⇧ on a Mac):
   * `{ toggleMicrophone: 'Alt+Shift+U', raiseHand: false }` rebinds or turns off single ones, `false` turns them all
   * off. A "Keyboard shortcuts" button beside the layout toggle, and the `showShortcuts` keys, open the list
   * ({@link MeetingShortcutsDialog}); the chat keys open chat with focus in its message field. See `useMeetingShortcuts`.
   */
  shortcuts?: MeetingShortcuts | false;
  /**
   * What the control bar's screen share asks the browser for, merged over `DEFAULT_SCREEN_SHARE_OPTIONS` (which ask
   * for the shared tab's sound); `{ audio: false }` shares the picture alone. See `useTrackToggle`.
   */
  screenShareOptions?: ScreenShareCaptureOptions;
  labels?: Partial<RoomKitLabels>;
}

const NO_NOTIFICATIONS: NotificationKinds = Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, false]));

/** Focus into the chat panel: its message field, or its log where this session may not send. */
const focusChatIn = (root: HTMLElement | null) => (root?.querySelector<HTMLElement>('.rk-chat-form input:not(:disabled)') ?? root?.querySelector<HTMLElement>('.rk-chat-log'))?.focus();

/** The layouts a {@link VideoConference} switches between. */
export type ConferenceLayout = 'grid' | 'speaker';

/**
 * A complete meeting: grid (or a focus layout while someone shares a screen), control bar, chat, connection
 * toasts, recording state, audio, and {@link Notifications} (toasts of joins, hands, recording, lost devices and
 * messages while chat is closed, said politely to screen readers; `notifications` turns kinds off). Everything
 * follows the grants: viewers get no publish controls, hidden observers no self tile but a badge, admins a menu on each tile.
 * Until a session is live (before the first join, after a failed join or a session that ended) the stage shows
 * a `.rk-placeholder` status in words (connecting…, or what went wrong) instead of tiles.
 * Live captions appear over the stage once the room has transcriptions, with a toggle in the control bar.
 * Tiles carry a pin toggle: a pinned tile goes large (focus layout) until unpinned, for this user; otherwise the
 * room's spotlight (`useSpotlight`, set by an admin for everyone: the admin menu's "Spotlight for everyone" with
 * `actions` or `onSpotlight`) goes large, else a screen share takes the stage, else the grid or the speaker view, switched from the control bar (`layout`, `defaultLayout`,
 * `onLayoutChange`). `data-layout` says which shows ("grid" | "speaker" | "focus").
 * A participants toggle opens the {@link ParticipantList} as a side panel in place of chat (one panel at a time).
 * On a small screen (the conference under 48rem wide) the open panel covers the stage, with a close button that
 * returns focus to its toggle, and the control bar folds its less used controls into a "More" menu.
 * `data-chat-open`, `data-participants-open`, `data-captions` and `data-observer` are present when true.
 */
export function VideoConference(props: VideoConferenceProps) {
  const [adminProps, {
  chat = true,
  defaultChatOpen = false,
  participants = true,
  defaultParticipantsOpen = false,
  participantsPanelExtra,
  captions: captionsProp,
  defaultCaptions = true,
  onCaptionsChange,
  layout: layoutProp,
  defaultLayout = 'grid',
  onLayoutChange,
  onStartRecording,
  onStopRecording,
  onLeave,
  actions,
  maxTilesPerPage,
  effects,
  notifications = true,
  shortcuts,
  screenShareOptions,
  labels: overrides,
  className,
  ...rest
}] = splitAdminActions(props);
  const labels = useLabels(overrides, DEFAULTS);
  const [panel, setPanel] = useState<'chat' | 'participants' | undefined>(
    defaultChatOpen ? 'chat' : defaultParticipantsOpen ? 'participants' : undefined,
  );
  const chatOpen = panel === 'chat';
  const participantsOpen = panel === 'participants';
  const [captions, setCaptions] = useControllableState(captionsProp, defaultCaptions, onCaptionsChange);
  const [layout, setLayout] = useControllableState(layoutProp, defaultLayout, onLayoutChange);
  const [pinned] = usePinned();
  const spotlight = useSpotlight();
  const hidden = useCan('hidden');
  const encrypted = useIsEncrypted();
  // Its layouts manage subscriptions; say so from the first commit, even while they are not mounted yet, so the
  // session joins without auto-subscribing (a big room is never subscribed whole).
  const room = useRoom();
  useEffect(() => getVideoSubscriptions(room).manage(), [room]);
  const canRecord = useCan('roomRecord');
  const tiles = useTileKeys();
  const sharing = tiles.some((k) => k.endsWith(Track.Source.ScreenShare));
  const shown = pinned || spotlight.length || sharing ? 'focus' : layout;
  const connection = useWaitingConnection(labels, 'VideoConference');
  const root = useRef<HTMLDivElement>(null);
  // The close button shows on small screens, where the panel covers the stage: focus goes back to its toggle (or to
  // the More button holding it).
  const closePanel = () => {
    const bar = root.current;
    (bar?.querySelector<HTMLElement>(chatOpen ? '.rk-chat-toggle' : '.rk-participants-toggle') ?? bar?.querySelector<HTMLElement>('.rk-more-toggle'))?.focus();
    setPanel(undefined);
  };
  // The actions' callbacks are one object per room, so this memo holds while the props do.
  const bound = actions?.forRoom(room);
  const admin = useAdminActions(adminProps, bound?.admin);
  // Keyboard shortcuts: chat's opens the panel and puts focus in it (once it is shown); the list is a dialog.
  const [shortcutsOpen, setShortcutsOpen] = useState(false);
  // The list goes with the toolbar that opens it: when the session ends it closes, and stays closed on a rejoin.
  if (shortcutsOpen && !connection.inSession) setShortcutsOpen(false);
  const focusChat = useRef(false);
  useEffect(() => {
    if (!chatOpen || !focusChat.current) return;
    focusChat.current = false;
    focusChatIn(root.current);
  }, [chatOpen]);
  // Like the toolbar, only in a session: before it, nothing they do could work.
  const keys = useMeetingShortcuts({
    ...(!connection.inSession ? { shortcuts: false } : shortcuts === undefined ? {} : { shortcuts }),
    ...(overrides ? { labels: overrides } : {}),
    ...(chat
      ? {
          onOpenChat: () => {
            if (chatOpen) return focusChatIn(root.current);
            focusChat.current = true;
            setPanel('chat');
          },
        }
      : {}),
    onShowShortcuts: () => setShortcutsOpen(true),
  });
  const startRecording = onStartRecording ?? bound?.recording.onStartRecording;
  const stopRecording = onStopRecording ?? bound?.recording.onStopRecording;

  return (
    <AdminActionsContext.Provider value={admin}>
      <div
        ref={root}
        role="region"
        aria-label={labels.conference}
        {...rest}
        className={cx('rk-root rk-conference', className)}
        data-chat-open={chatOpen ? '' : undefined}
        data-participants-open={participants && participantsOpen ? '' : undefined}
        data-captions={captions ? '' : undefined}
        data-observer={hidden ? '' : undefined}
        data-encrypted={encrypted ? '' : undefined}
        data-layout={connection.inSession ? shown : undefined}
      >
        <div className="rk-conference-header">
          <RecordingIndicator labels={overrides} />
          {encrypted ? <EncryptedBadge label={labels.encrypted} /> : null}
          {spotlight.length && connection.inSession ? (
            <span className="rk-badge rk-spotlight-badge" role="status" data-pinned={flag(!!pinned)}>
              {pinned ? labels.spotlightPinned : labels.spotlightOn}
            </span>
          ) : null}
          {hidden ? (
            <span className="rk-badge rk-observer-badge" role="status">
              {labels.hiddenObserver}
            </span>
          ) : null}
          {canRecord && startRecording && stopRecording ? (
            <RecordingControl onStartRecording={startRecording} onStopRecording={stopRecording} labels={overrides} />
          ) : null}
          {connection.inSession ? <ConnectionStateToast labels={overrides} /> : null}
          {connection.inSession ? <BreakoutStatus labels={overrides} /> : null}
        </div>
        <div className="rk-conference-body">
          <div className="rk-conference-stage">
            {!connection.inSession ? (
              // Before the first join, and after a failed one or a session that ended: words, not a nameless tile.
              <div className="rk-placeholder" role="status" data-state={connection.waiting ? 'waiting' : connection.state}>
                {connection.text ?? labels.connecting}
              </div>
            ) : shown === 'focus' ? (
              <FocusLayout labels={overrides} />
            ) : shown === 'speaker' ? (
              <SpeakerLayout labels={overrides} />
            ) : (
              <GridLayout labels={overrides} {...(maxTilesPerPage ? { maxTilesPerPage } : {})} />
            )}
            {captions ? <Captions labels={overrides} className="rk-conference-captions" /> : null}
            {notifications === false ? (
              <LiveAnnouncer labels={overrides} kinds={NO_NOTIFICATIONS} />
            ) : (
              <Notifications labels={overrides} className="rk-conference-notifications" {...(notifications === true ? {} : notifications)} />
            )}
          </div>
          {(chat && chatOpen) || (participants && participantsOpen) ? (
            <div className="rk-conference-panel">
              <button type="button" className="rk-button rk-icon-button rk-panel-close" aria-label={labels.closePanel(chatOpen ? labels.chat : labels.participants)} onClick={closePanel}>
                <CloseIcon />
              </button>
              {chatOpen ? (
                <Chat labels={overrides} className="rk-conference-chat" />
              ) : participantsPanelExtra ? (
                <div className="rk-conference-participants rk-people-panel">
                  <ParticipantList labels={overrides} />
                  {participantsPanelExtra}
                </div>
              ) : (
                <ParticipantList labels={overrides} className="rk-conference-participants" />
              )}
            </div>
          ) : null}
        </div>
        {connection.inSession ? (
          <ControlBar
            labels={overrides}
            controls={{ chat, participants, captions: true, raiseHand: true, reactions: true, pictureInPicture: true, effects }}
            chatOpen={chatOpen}
            participantsOpen={participantsOpen}
            onParticipantsToggle={() => setPanel((open) => (open === 'participants' ? undefined : 'participants'))}
            captions={captions}
            onCaptionsChange={setCaptions}
            onChatToggle={() => setPanel((open) => (open === 'chat' ? undefined : 'chat'))}
            extra={
              <>
                <button
                  type="button"
                  className="rk-button rk-layout-toggle"
                  aria-pressed={layout === 'speaker'}
                  onClick={() => setLayout(layout === 'speaker' ? 'grid' : 'speaker')}
                >
                  <SpeakerViewIcon />
                  <span className="rk-button-label">{labels.speakerView}</span>
                </button>
                {keys.shortcuts.length ? (
                  <button type="button" className="rk-button rk-shortcuts-toggle" aria-haspopup="dialog" onClick={() => setShortcutsOpen(true)}>
                    <KeyboardIcon />
                    <span className="rk-button-label">{labels.keyboardShortcuts}</span>
                  </button>
                ) : null}
              </>
            }
            onLeave={onLeave}
            screenShareOptions={screenShareOptions}
          />
        ) : (
          // Not in a session (joining, refused, ended): none of the meeting's controls can work, so only what can.
          <JoinActions failed={connection.failed} waiting={connection.waiting} labels={overrides} onLeave={onLeave} />
        )}
        {shortcutsOpen ? <MeetingShortcutsDialog shortcuts={keys.shortcuts} apple={keys.apple} labels={overrides} onClose={() => setShortcutsOpen(false)} /> : null}
        <StartAudio labels={overrides} />
        <RoomAudioRenderer />
      </div>
    </AdminActionsContext.Provider>
  );
}
