import { Track, type ScreenShareCaptureOptions } from 'livekit-client';
import type { HTMLAttributes, ReactNode } from 'react';
import { canSendToTiles } from '../room/state/grants.js';
import { useRoomStore } from '../room/RoomContext.js';
import { useCan } from '../room/hooks/useCan.js';
import { useSupport } from '../room/hooks/useBrowserSupport.js';
import { detectScreenShare } from '../room/browserSupport.js';
import { useParticipantList, defaultPeopleLabels, type PeopleLabels } from '../people/index.js';
import { useHasTranscriptions, defaultCaptionsLabels, type CaptionsLabels } from '../captions/index.js';
import { useStoreValue } from '../room/useStoreValue.js';
import { ChatToggle, defaultChatLabels, type ChatLabels } from '../chat/index.js';
import { DEV, devWarn } from '../ui/dev.js';
import { CameraFlipButton } from '../media/devices/CameraFlip.js';
import { CaptionsIcon, PeopleIcon } from '../ui/icons.js';
import { useLabels, type RoomKitLabels, type CommonLabels } from '../ui/labels.js';
import { LeaveButton } from '../room/LeaveButton.js';
import { MediaDeviceSelect } from '../media/devices/MediaDeviceSelect.js';
import { PictureInPicture, PictureInPictureButton } from '../picture-in-picture/index.js';
import { RaiseHandToggle, ReactionsMenu } from '../hands/index.js';
import { Toolbar, type ToolbarEntry } from '../ui/Toolbar.js';
import { TrackToggle } from '../media/TrackToggle.js';
import { useControllableState } from '../ui/useControllableState.js';

/** This file's English defaults besides the common ones. */
const DEFAULTS = { ...defaultCaptionsLabels, ...defaultChatLabels, ...defaultPeopleLabels };

/** The strings this file shows. */
type Labels = CommonLabels & CaptionsLabels & ChatLabels & PeopleLabels;


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
  onLeave?: (() => void) | undefined;
  /**
   * What the screen-share toggle asks the browser for, merged over `DEFAULT_SCREEN_SHARE_OPTIONS` (which ask for the
   * shared tab's sound); `{ audio: false }` shares the picture alone. See `useTrackToggle`.
   */
  screenShareOptions?: ScreenShareCaptureOptions | undefined;
  labels?: Partial<RoomKitLabels>;
  /** Extra controls at the end of the bar, before leave; on a narrow bar they fold into the More menu (see `FOLD_ORDER`). */
  extra?: ReactNode;
}

/** The participant-list toggle: the only part of the bar that follows joins and leaves (for its count). */
function ParticipantsToggle({ open, onToggle, labels }: { open: boolean; onToggle: (() => void) | undefined; labels: Labels }) {
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
  screenShareOptions,
  labels: overrides,
  className,
  extra,
  ...rest
}: ControlBarProps) {
  const labels = useLabels(overrides, DEFAULTS);
  const [captions, setCaptions] = useControllableState(captionsProp, defaultCaptions, onCaptionsChange);
  const hasTranscriptions = useHasTranscriptions(!!controls.captions);
  const mic = useCan('canPublish', { source: 'microphone' });
  const cam = useCan('canPublish', { source: 'camera' });
  const screenAllowed = useCan('canPublish', { source: 'screen_share' });
  // A phone's browser cannot share a screen: no button (nor a place for one in the bar).
  const canShare = useSupport('screenShare', detectScreenShare) !== 'no';
  const screen = screenAllowed && canShare;
  // Hands and reactions travel as data; a hidden observer has no tile to show them on.
  const store = useRoomStore('ControlBar');
  const data = useStoreValue(store.subscribe, () => canSendToTiles(store.getState().grants));
  const want = { microphone: true, camera: true, screenShare: true, devices: true, chat: false, participants: false, captions: false, raiseHand: false, reactions: false, pictureInPicture: false, leave: true, ...controls };
  for (const [name, allowed] of [['microphone', mic], ['camera', cam], ['screenShare', screenAllowed]] as const) {
    if (DEV && controls[name] && !allowed) devWarn(`ControlBar: controls.${name} is ignored because this session's grants do not allow publishing it.`);
  }
  for (const name of ['raiseHand', 'reactions'] as const) {
    if (DEV && controls[name] && !data) devWarn(`ControlBar: controls.${name} is ignored because this session lacks the canPublishData grant or is a hidden observer.`);
  }
  // The bar's controls in order, in sections as in the meeting apps people know: media first, then the
  // conversation and the panels, then leave apart (each later section starts with `data-section-start`, which the
  // stylesheet turns into free space). A control sharing a group with the one before it sits beside it (a device
  // select beside its toggle). Absent ones are false. A foldable one also needs its name in FOLD_ORDER.
  const entries: ToolbarEntry[] = [
    ['microphone', want.microphone && mic && <TrackToggle source={Track.Source.Microphone} labels={overrides} />, 'mic'],
    ['microphoneDevice', want.microphone && mic && want.devices && <MediaDeviceSelect kind="audioinput" labels={overrides} />, 'mic'],
    ['speakerDevice', want.microphone && mic && want.devices && <MediaDeviceSelect kind="audiooutput" labels={overrides} />, 'mic'],
    ['camera', want.camera && cam && <TrackToggle source={Track.Source.Camera} labels={overrides} />, 'cam'],
    ['cameraDevice', want.camera && cam && want.devices && <MediaDeviceSelect kind="videoinput" labels={overrides} />, 'cam'],
    ['cameraFlip', want.camera && cam && want.devices && <CameraFlipButton labels={overrides} />, 'cam'],
    ['effects', controls.effects],
    ['screenShare', want.screenShare && screen && <TrackToggle source={Track.Source.ScreenShare} labels={overrides} screenShareOptions={screenShareOptions} />],
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
    ['leave', want.leave && <LeaveButton labels={overrides} onLeave={onLeave} />],
  ];
  return (
    <Toolbar {...rest} entries={entries} labels={labels} className={className}>
      {/* Renders nothing in the bar (only into the picture-in-picture window); keep it out of any menu that unmounts. */}
      {want.pictureInPicture ? <PictureInPicture labels={overrides} onLeave={onLeave} /> : null}
    </Toolbar>
  );
}
