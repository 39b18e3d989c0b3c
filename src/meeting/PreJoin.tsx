import type { LocalVideoTrack } from 'livekit-client';
import { useEffect, useId, useRef, useState, type FormEvent, type HTMLAttributes, type ReactNode } from 'react';
import { getDeviceErrors } from '../media/devices/deviceErrors.js';
import { createPreviewTrack } from '../media/devices/deviceStore.js';
import { getEffectsStore } from '../media/effects/effects.js';
import type { RoomKitError } from '../room/RoomKitError.js';
import { toDeviceError } from '../media/devices/toDeviceError.js';
import { rememberChoices } from '../media/devices/userChoices.js';
import { cx } from '../ui/dev.js';
import { CameraIcon, MicIcon, SoundIcon } from '../ui/icons.js';
import { useLabels, type RoomKitLabels } from '../ui/labels.js';
import { CameraFlipButton } from '../media/devices/CameraFlip.js';
import { ConnectionTest, useConnectionTestLabels } from '../connection-test/index.js';
import { MediaDeviceSelect } from '../media/devices/MediaDeviceSelect.js';
import { useCan } from '../room/hooks/useCan.js';
import { useGrants } from '../room/hooks/useGrants.js';
import { useLocalParticipant } from '../room/hooks/useLocalParticipant.js';
import { useMediaDevices } from '../media/devices/useMediaDevices.js';
import { useRoom } from '../room/useRoom.js';
import { useUserChoices } from '../media/devices/useUserChoices.js';
import { useSupport } from '../room/hooks/useBrowserSupport.js';
import { detectSpeakerSelection, joinSupport } from '../room/browserSupport.js';
import { defaultPreJoinLabels } from './preJoinLabels.js';



/** What the user chose before joining. */
export interface PreJoinChoices {
  displayName: string;
  /** Publish the microphone on join (always false for a viewer). */
  audioEnabled: boolean;
  /** Publish the camera on join (always false for a viewer). */
  videoEnabled: boolean;
  audioDeviceId: string | undefined;
  videoDeviceId: string | undefined;
  /** The speaker chosen (where the browser can choose one); the room plays remote audio on it already. */
  audioOutputDeviceId: string | undefined;
  /** The session joins as a viewer: it may not publish. */
  viewer: boolean;
}

/** Props of {@link PreJoin}. */
export interface PreJoinProps extends Omit<HTMLAttributes<HTMLFormElement>, 'onSubmit'> {
  /** Called when the user joins. Typically: set RoomProvider's `connect`, `audio` and `video` from it. */
  onSubmit: (choices: PreJoinChoices) => void;
  /**
   * Initial choices where nothing is remembered (display name from the token by default; microphone and camera on).
   * Remembered choices ({@link useUserChoices}) win; RoomProvider's `rememberChoices={false}` turns them off.
   */
  defaults?: Partial<Pick<PreJoinChoices, 'displayName' | 'audioEnabled' | 'videoEnabled'>>;
  labels?: Partial<RoomKitLabels>;
  /**
   * Background effects and noise filter under the preview, typically `<EffectsControl config={…} />`. The chosen
   * effect applies to the preview and carries over to the camera published on join.
   */
  effects?: ReactNode;
  /**
   * Offer "Test connection" (default true): it tests the connection RoomProvider would join with (signalling,
   * WebRTC, publishing the microphone and camera that are switched on and allowed, round trip, TURN) and shows each
   * step's result. Its livekit-client steps load when pressed. False leaves the button out.
   */
  connectionTest?: boolean;
}

/** Subscribing keeps the room's device errors watched while PreJoin shows; it reads them elsewhere. */
const watchOnly = () => undefined;

/**
 * The screen before joining: display name, microphone and camera switches with device selects, a speaker select
 * (where the browser can choose one), and a camera preview. Render it inside `<RoomProvider connect={false}>` so it
 * knows the grants: a session that may not publish joins as a viewer, with no device preview. `data-viewer` is
 * present then.
 *
 * It starts from the remembered choices and remembers what is submitted (not for a hidden observer, nor with
 * RoomProvider's `rememberChoices={false}`). Rendered on the server it shows the defaults, and the remembered
 * choices right after hydrating (a field the person already changed keeps their change). A camera that cannot
 * open is named with its fix on the camera switch (`data-error`, `labels.deviceProblem`) with a "Try again"
 * button; joining still works (with the microphone).
 *
 * In a browser that cannot join calls (`useBrowserSupport().join` is `'no'`: no WebRTC) it says so and which browsers
 * can (`labels.browserCannotJoin`, the Join button's description) and disables Join; the preview and the device
 * choices still work where the camera opens, and "Test connection" is left out (it needs WebRTC).
 *
 * "Test connection" runs the connection test ({@link ConnectionTest}) with RoomProvider's connection and the
 * devices chosen here: a viewer's test skips publishing, showing why; a switched-off device is never opened.
 */
export function PreJoin({ onSubmit, defaults = {}, labels: overrides, effects, connectionTest = true, className, ...rest }: PreJoinProps) {
  const labels = useLabels(overrides, defaultPreJoinLabels);
  const testLabels = useConnectionTestLabels(overrides);
  const room = useRoom();
  const local = useLocalParticipant();
  // A waiting room's guest (a token without any right) chooses a camera and microphone too: they publish once a host
  // lets them in with publishing (a viewer's admission publishes nothing).
  const grants = useGrants();
  const waitingGuest = !grants.canPublish && !grants.canSubscribe && !grants.canPublishData && !grants.hidden;
  const canMic = useCan('canPublish', { source: 'microphone' }) || waitingGuest;
  const canCam = useCan('canPublish', { source: 'camera' }) || waitingGuest;
  const viewer = !canMic && !canCam;
  // The speaker select's own conditions (MediaDeviceSelect): its row and its name show only with it.
  const canSubscribe = useCan('canSubscribe');
  const canChooseOutput = useSupport('speakerSelection', detectSpeakerSelection) === 'yes';
  const canChooseSpeaker = canSubscribe && canChooseOutput;
  // No WebRTC (WebKitGTK, some in-app browsers): the preview may still work, joining cannot. Unknown (the server and
  // the hydrating render) joins, as a browser that can.
  const cannotJoin = useSupport('join', joinSupport) === 'no';
  const { choices: remembered } = useUserChoices();
  // What the person changed on this screen; until then what this browser remembers, else the defaults. The
  // remembered choices live in the browser only: the server, and the render that hydrates its HTML, read none and
  // show the defaults, and the remembered ones follow right after.
  const [nameEdit, setName] = useState<string>();
  const [audioEdit, setAudio] = useState<boolean>();
  const [videoEdit, setVideo] = useState<boolean>();
  const name = nameEdit ?? remembered.displayName ?? defaults.displayName ?? local.name ?? '';
  const audio = audioEdit ?? remembered.audioEnabled ?? defaults.audioEnabled ?? true;
  const video = videoEdit ?? remembered.videoEnabled ?? defaults.videoEnabled ?? true;
  const [previewError, setPreviewError] = useState<RoomKitError | undefined>(undefined);
  const [attempt, setAttempt] = useState(0);
  const [testing, setTesting] = useState(false);
  const cams = useMediaDevices('videoinput');
  const mics = useMediaDevices('audioinput');
  const speakers = useMediaDevices('audiooutput');
  const previewEl = useRef<HTMLVideoElement>(null);
  const nameId = useId();
  const problemId = useId();
  const cannotJoinId = useId();
  const showPreview = canCam && video;
  const cameraId = cams.activeDeviceId;

  // Listening before joining, so a device refused when the session publishes shows on its toggle.
  useEffect(() => getDeviceErrors(room).subscribe(watchOnly), [room]);

  useEffect(() => {
    const el = previewEl.current;
    if (!showPreview) return;
    let cancelled = false;
    let track: LocalVideoTrack | undefined;
    let removeEffects: (() => void) | undefined;
    createPreviewTrack(room, cameraId).then(
      (t) => {
        if (cancelled) return void t.stop();
        track = t;
        removeEffects = getEffectsStore(room).addPreviewTrack(t);
        setPreviewError(undefined);
        if (el) t.attach(el);
      },
      (error: unknown) => {
        if (!cancelled) setPreviewError(toDeviceError(error, 'videoinput'));
      },
    );
    return () => {
      cancelled = true;
      removeEffects?.();
      if (track) {
        if (el) track.detach(el);
        track.stop();
      }
    };
  }, [room, showPreview, cameraId, attempt]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (cannotJoin) return;
    // The test joins with the same identity: it stops (unmounting closes its Room) before the session joins.
    setTesting(false);
    rememberChoices(room, viewer ? { displayName: name.trim() } : { displayName: name.trim(), audioEnabled: audio, videoEnabled: video });
    onSubmit({
      displayName: name.trim(),
      audioEnabled: canMic && audio,
      videoEnabled: canCam && video,
      audioDeviceId: mics.activeDeviceId,
      videoDeviceId: cams.activeDeviceId,
      audioOutputDeviceId: speakers.activeDeviceId,
      viewer,
    });
  };

  return (
    <form {...rest} className={cx('rk-root rk-prejoin', className)} onSubmit={submit} data-viewer={viewer ? '' : undefined}>
      {canCam ? (
        <div className="rk-prejoin-preview">
          {showPreview ? (
            <video ref={previewEl} className="rk-video" aria-label={labels.cameraPreview} muted playsInline autoPlay data-local="" />
          ) : (
            <div className="rk-tile-placeholder">
              <span className="rk-tile-placeholder-text">{labels.previewOff}</span>
            </div>
          )}
          {previewError && video ? (
            <p role="alert" className="rk-error-text" id={problemId}>
              {labels.deviceProblem('camera', previewError.code)}{' '}
              <button type="button" className="rk-button" onClick={() => setAttempt((n) => n + 1)}>
                {labels.tryAgain}
              </button>
            </p>
          ) : null}
        </div>
      ) : null}
      {effects}
      {cannotJoin ? (
        <p className="rk-prejoin-notice" id={cannotJoinId}>
          {labels.browserCannotJoin}
        </p>
      ) : null}
      {viewer ? <p className="rk-prejoin-notice">{labels.viewerNotice}</p> : null}
      <label className="rk-field" htmlFor={nameId}>
        <span className="rk-field-label">{labels.displayName}</span>
        <input id={nameId} className="rk-input" value={name} onChange={(e) => setName(e.target.value)} autoComplete="name" />
      </label>
      {!viewer || canChooseSpeaker ? (
        <div className="rk-prejoin-devices">
          {canMic ? (
            <span className="rk-control-group">
              <button type="button" className="rk-button" aria-pressed={audio} data-state={audio ? 'on' : 'off'} onClick={() => setAudio(!audio)}>
                <MicIcon off={!audio} />
                <span className="rk-button-label">{labels.microphone}</span>
              </button>
              <MediaDeviceSelect kind="audioinput" labels={overrides} />
            </span>
          ) : null}
          {canCam ? (
            <span className="rk-control-group">
              <button
                type="button"
                className="rk-button"
                aria-pressed={video}
                data-state={video ? 'on' : 'off'}
                data-error={previewError && video ? previewError.code : undefined}
                aria-describedby={previewError && video ? problemId : undefined}
                onClick={() => setVideo(!video)}
              >
                <CameraIcon off={!video} />
                <span className="rk-button-label">{labels.camera}</span>
              </button>
              <MediaDeviceSelect kind="videoinput" labels={overrides} />
              <CameraFlipButton labels={overrides} />
            </span>
          ) : null}
          {canChooseSpeaker ? (
            // Named as the microphone and camera rows are (an icon and a word where they have their switch), so the
            // speaker's select, which can read the same device name as the microphone's, is told apart.
            <span className="rk-control-group rk-prejoin-speaker">
              <span className="rk-prejoin-device-name">
                <SoundIcon />
                <span>{labels.speaker}</span>
              </span>
              <MediaDeviceSelect kind="audiooutput" labels={overrides} />
            </span>
          ) : null}
        </div>
      ) : null}
      {cannotJoin ? null : connectionTest && testing ? (
        <ConnectionTest
          autoStart
          autoFocus
          labels={overrides}
          audio={audio && { deviceId: mics.activeDeviceId }}
          video={video && { deviceId: cams.activeDeviceId }}
        />
      ) : connectionTest ? (
        <button type="button" className="rk-button" onClick={() => setTesting(true)}>
          {testLabels.testConnection}
        </button>
      ) : null}
      <button type="submit" className="rk-button rk-button-primary" disabled={cannotJoin} aria-describedby={cannotJoin ? cannotJoinId : undefined}>
        {viewer ? labels.joinAsViewer : labels.join}
      </button>
    </form>
  );
}
