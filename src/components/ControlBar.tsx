import { Track } from 'livekit-client';
import { Fragment, useState, type HTMLAttributes, type ReactNode } from 'react';
import { getChatStore } from '../core/chatStore.js';
import { canSendToTiles } from '../core/grants.js';
import { useRoomStore } from '../hooks/RoomContext.js';
import { useCan } from '../hooks/useCan.js';
import { useParticipantList } from '../hooks/useParticipantList.js';
import { useHasTranscriptions } from '../hooks/useTranscriptions.js';
import { useStoreValue } from '../hooks/useStoreValue.js';
import { cx, devWarn, flag } from './dev.js';
import { useFold } from './fold.js';
import { CameraFlipButton } from './CameraFlip.js';
import { CaptionsIcon, ChatIcon, PeopleIcon } from './icons.js';
import { useLabels, type RoomKitLabels } from './labels.js';
import { LeaveButton } from './LeaveButton.js';
import { MediaDeviceSelect } from './MediaDeviceSelect.js';
import { MoreMenu } from './MoreMenu.js';
import { PictureInPicture, PictureInPictureButton } from './PictureInPicture.js';
import { RaiseHandToggle } from './RaiseHand.js';
import { ReactionsMenu } from './Reactions.js';
import { TrackToggle } from './TrackToggle.js';
import { useControllableState } from './useControllableState.js';

/** Which controls a {@link ControlBar} shows. Grants still decide: asking for a forbidden control warns and shows nothing. */
export interface ControlBarControls {
  microphone?: boolean;
  camera?: boolean;
  screenShare?: boolean;
  /**
   * Device selects beside the microphone (with the speaker, where the browser can choose it) and camera toggles, and
   * a camera flip where the device has a front and a back camera (default true).
   */
  devices?: boolean;
  chat?: boolean;
  /** A participant-list toggle beside chat, named with the count of listed participants (default false). */
  participants?: boolean;
  /** A captions toggle, shown once the room has transcriptions (default false). */
  captions?: boolean;
  /** A raise-hand toggle (default false); needs `canPublishData`. */
  raiseHand?: boolean;
  /** A reactions menu (default false); needs `canPublishData`. */
  reactions?: boolean;
  /**
   * A picture-in-picture toggle (default false), where the browser offers it: the speaker (or the pinned tile)
   * in a small window while the user is in another tab. The bar also mounts the `<PictureInPicture>` that fills it.
   */
  pictureInPicture?: boolean;
  /**
   * Background effects and noise filter, as an element the app renders (typically `<EffectsControl collapsible
   * config={…} />`), so apps that never offer effects ship none of their code. It hides itself per grants.
   */
  effects?: ReactNode;
  leave?: boolean;
}

/**
 * @internal The controls that fold into the bar's "More" menu when the bar is too narrow for them all, least used
 * first (the microphone, camera, chat and leave controls never fold). Before any folds, labels hide and icons
 * remain. This list alone decides the order: a new control becomes foldable by naming it here.
 */
export const FOLD_ORDER: readonly string[] = ['speakerDevice', 'cameraDevice', 'microphoneDevice', 'effects', 'pictureInPicture', 'extra', 'screenShare', 'captions', 'cameraFlip', 'reactions', 'raiseHand', 'participants'];

/** The media section's controls; the others start the conversation and panels section. */
const MEDIA = new Set(['microphone', 'microphoneDevice', 'speakerDevice', 'camera', 'cameraDevice', 'cameraFlip', 'effects', 'screenShare']);

/** Props of {@link ControlBar}. */
export interface ControlBarProps extends HTMLAttributes<HTMLDivElement> {
  controls?: ControlBarControls;
  /** With `controls.chat`: whether the chat panel is open (for `aria-pressed`). */
  chatOpen?: boolean;
  onChatToggle?: () => void;
  /** With `controls.participants`: whether the participant list is open (for `aria-pressed`). */
  participantsOpen?: boolean;
  onParticipantsToggle?: () => void;
  /** With `controls.captions`: whether captions are shown (controlled); omit to let the bar keep it. */
  captions?: boolean;
  /** With `controls.captions`: whether captions are shown at first when uncontrolled (default true). */
  defaultCaptions?: boolean;
  /** Called with the new value when the captions toggle is pressed. */
  onCaptionsChange?: (captions: boolean) => void;
  onLeave?: () => void;
  labels?: Partial<RoomKitLabels>;
  /** Extra controls at the end of the bar, before leave; on a narrow bar they fold into the More menu (see `FOLD_ORDER`). */
  extra?: ReactNode;
}

/** Messages from others that arrived while the chat panel was closed (0 while it is open). */
function useUnreadChat(open: boolean): number {
  const store = useRoomStore('ControlBar');
  const chat = getChatStore(store.room);
  const received = useStoreValue(chat.subscribe, () => chat.getMessages().reduce((n, m) => (m.isLocal ? n : n + 1), 0));
  const [seen, setSeen] = useState(received);
  // While open, everything is seen: adjusted during render, so the count never shows for a frame.
  if (open && seen !== received) setSeen(received);
  return open ? 0 : Math.max(0, received - seen);
}

/** The chat toggle: the only part of the bar that follows chat (for its unread count). */
function ChatToggle({ open, onToggle, labels }: { open: boolean; onToggle: (() => void) | undefined; labels: RoomKitLabels }) {
  const unread = useUnreadChat(open);
  return (
    <button
      type="button"
      className="rk-button rk-chat-toggle"
      aria-pressed={open}
      onClick={onToggle}
      data-unread={unread || undefined}
      // One name however a browser joins the label and the count (which it contains, as axe wants): "Chat, 2 unread".
      aria-label={unread ? `${labels.showChat}, ${labels.unreadMessages(unread)}` : undefined}
    >
      <ChatIcon />
      <span className="rk-button-label">{labels.showChat}</span>
      {unread ? (
        <>
          {' '}
          <span className="rk-unread">{unread}</span>
        </>
      ) : null}
    </button>
  );
}

/** The participant-list toggle: the only part of the bar that follows joins and leaves (for its count). */
function ParticipantsToggle({ open, onToggle, labels }: { open: boolean; onToggle: (() => void) | undefined; labels: RoomKitLabels }) {
  const { total } = useParticipantList();
  return (
    <button type="button" className="rk-button rk-participants-toggle" aria-pressed={open} onClick={onToggle} data-count={total}>
      <PeopleIcon />
      <span className="rk-button-label">{labels.participantsToggle(total)}</span>
    </button>
  );
}

/**
 * The meeting's toolbar: microphone, camera and screen-share toggles with device selects, chat (with the count of
 * messages that arrived while its panel was closed, `data-unread`), participants
 * (named with the count of listed participants, `data-count`), captions, leave.
 * Publishing controls appear only where the effective grants allow them.
 * Its sections are those of the meeting apps people know: media, then conversation and panels, then leave apart.
 * It measures its own width (not the window's) and stays one row: too narrow for its labelled controls, it shows
 * icons alone (`data-compact`; each label remains its control's name and shows as a tooltip on hover and keyboard
 * focus), and too narrow for those, it moves its less
 * used controls (device selects first; the microphone, camera, chat and leave never) into a "More" menu button.
 */
export function ControlBar({
  controls = {},
  chatOpen,
  onChatToggle,
  participantsOpen,
  onParticipantsToggle,
  captions: captionsProp,
  defaultCaptions = true,
  onCaptionsChange,
  onLeave,
  labels: overrides,
  className,
  extra,
  ...rest
}: ControlBarProps) {
  const labels = useLabels(overrides);
  const [captions, setCaptions] = useControllableState(captionsProp, defaultCaptions, onCaptionsChange);
  const hasTranscriptions = useHasTranscriptions(!!controls.captions);
  const mic = useCan('canPublish', { source: 'microphone' });
  const cam = useCan('canPublish', { source: 'camera' });
  const screen = useCan('canPublish', { source: 'screen_share' });
  // Hands and reactions travel as data; a hidden observer has no tile to show them on.
  const store = useRoomStore('ControlBar');
  const data = useStoreValue(store.subscribe, () => canSendToTiles(store.getState().grants));
  const want = { microphone: true, camera: true, screenShare: true, devices: true, chat: false, participants: false, captions: false, raiseHand: false, reactions: false, pictureInPicture: false, leave: true, ...controls };
  for (const [name, allowed] of [['microphone', mic], ['camera', cam], ['screenShare', screen]] as const) {
    if (controls[name] && !allowed) devWarn(`ControlBar: controls.${name} is ignored because this session's grants do not allow publishing it.`);
  }
  for (const name of ['raiseHand', 'reactions'] as const) {
    if (controls[name] && !data) devWarn(`ControlBar: controls.${name} is ignored because this session lacks the canPublishData grant or is a hidden observer.`);
  }
  // The bar's controls in order, in sections as in the meeting apps people know: media first, then the
  // conversation and the panels, then leave apart (each later section starts with `data-section-start`, which the
  // stylesheet turns into free space). A control sharing a group with the one before it sits beside it (a device
  // select beside its toggle). Absent ones are false. A foldable one also needs its name in FOLD_ORDER.
  const entries: Array<[id: string, node: ReactNode, group?: string]> = [
    ['microphone', want.microphone && mic && <TrackToggle source={Track.Source.Microphone} labels={overrides} />, 'mic'],
    ['microphoneDevice', want.microphone && mic && want.devices && <MediaDeviceSelect kind="audioinput" labels={overrides} />, 'mic'],
    ['speakerDevice', want.microphone && mic && want.devices && <MediaDeviceSelect kind="audiooutput" labels={overrides} />, 'mic'],
    ['camera', want.camera && cam && <TrackToggle source={Track.Source.Camera} labels={overrides} />, 'cam'],
    ['cameraDevice', want.camera && cam && want.devices && <MediaDeviceSelect kind="videoinput" labels={overrides} />, 'cam'],
    ['cameraFlip', want.camera && cam && want.devices && <CameraFlipButton labels={overrides} />, 'cam'],
    ['effects', controls.effects],
    ['screenShare', want.screenShare && screen && <TrackToggle source={Track.Source.ScreenShare} labels={overrides} />],
    ['raiseHand', want.raiseHand && data && <RaiseHandToggle labels={overrides} />],
    ['reactions', want.reactions && data && <ReactionsMenu labels={overrides} />],
    [
      'captions',
      want.captions && hasTranscriptions && (
        <button type="button" className="rk-button rk-captions-toggle" aria-pressed={captions} onClick={() => setCaptions(!captions)}>
          <CaptionsIcon />
          <span className="rk-button-label">{labels.showCaptions}</span>
        </button>
      ),
    ],
    ['chat', want.chat && <ChatToggle open={!!chatOpen} onToggle={onChatToggle} labels={labels} />],
    ['participants', want.participants && <ParticipantsToggle open={!!participantsOpen} onToggle={onParticipantsToggle} labels={labels} />],
    ['pictureInPicture', want.pictureInPicture && <PictureInPictureButton labels={overrides} />],
    ['extra', extra],
    ['leave', want.leave && <LeaveButton labels={overrides} {...(onLeave ? { onLeave } : {})} />],
  ];
  const present = entries.filter(([, node]) => node != null && node !== false);
  const [ref, fold] = useFold(
    present.map(([id]) => id),
    FOLD_ORDER,
  );
  const more: ReactNode[] = [];
  const bar: ReactNode[] = [];
  const slot = ([id, node]: (typeof present)[number], sectionStart?: boolean) => {
    if (!fold.folded.includes(id)) {
      return (
        <span key={id} className="rk-control-slot" data-control={id} data-section-start={flag(!!sectionStart)}>
          {node}
        </span>
      );
    }
    more.push(<Fragment key={id}>{node}</Fragment>);
    return null;
  };
  let middle = false;
  for (let i = 0; i < present.length; ) {
    const name = present[i]![2];
    const members = [present[i++]!];
    while (name && present[i]?.[2] === name) members.push(present[i++]!);
    const id = members[0]![0];
    // free space before the conversation and panels (unless they open the bar) and before leave
    const sectionStart = bar.length > 0 && (id === 'leave' || (!middle && !MEDIA.has(id)));
    if (!MEDIA.has(id)) middle = true;
    if (id === 'leave' && more.length > 0) bar.push(<MoreMenu key="more" labels={labels}>{more}</MoreMenu>);
    bar.push(
      name ? (
        <span key={name} className="rk-control-group" data-section-start={flag(sectionStart)}>
          {members.map((member) => slot(member))}
        </span>
      ) : (
        slot(members[0]!, sectionStart)
      ),
    );
  }
  if (!want.leave && more.length > 0) bar.push(<MoreMenu key="more" labels={labels}>{more}</MoreMenu>);
  return (
    <div ref={ref} role="toolbar" aria-label={labels.controls} {...rest} className={cx('rk-control-bar', className)} data-compact={flag(fold.compact)}>
      {bar}
      {/* Renders nothing in the bar (only into the picture-in-picture window); keep it out of any menu that unmounts. */}
      {want.pictureInPicture ? <PictureInPicture labels={overrides} {...(onLeave ? { onLeave } : {})} /> : null}
    </div>
  );
}
