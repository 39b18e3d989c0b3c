import type { AudioCaptureOptions, ScreenShareCaptureOptions } from 'livekit-client';
import { canPublishSource, type Grants } from '../room/state/grants.js';

/**
 * The sound constraints of {@link DEFAULT_SCREEN_SHARE_OPTIONS}: a shared tab's sound is music or a film's
 * soundtrack, not a voice at a microphone, so the voice processing browsers apply by default is off. Chromium's echo
 * cancellation takes the tab's own playback for an echo of itself: in Chromium 156, a plain livekit-client page heard a
 * shared tab's 0.212 RMS tone at 0.065 RMS with `audio: true`, and at 0.211 with these
 * (test/e2e/screenShareAudio.e2e.test.ts). `restrictOwnAudio` keeps the
 * meeting page's own playback (the others' voices) out of a screen's system sound, where the browser can (Chromium
 * 141+ on Windows and macOS); where it cannot, echo cancellation stays on for that purpose.
 */
const SHARE_SOUND = Object.freeze({
  echoCancellation: false,
  noiseSuppression: false,
  autoGainControl: false,
  restrictOwnAudio: true,
}) as AudioCaptureOptions;

/**
 * What RoomKit's screen share asks the browser for unless the app says otherwise (`screenShareOptions` on
 * `useTrackToggle`, `TrackToggle`, `ControlBar` and `VideoConference`, shallowly merged over these):
 *
 * - `audio`: the shared tab's sound (Chromium ticks "Also share tab audio" for a tab, and offers the system's sound
 *   for a screen on Windows and ChromeOS), as LiveKit's own `ControlBar` asks, but without the voice processing meant
 *   for microphones (echo cancellation, noise suppression, automatic gain), which damages music and, shared from a
 *   tab, cancels much of the sound itself; and without the meeting page's own playback (`restrictOwnAudio`). Where
 *   the browser or the person gives no sound (a window, Firefox, Safari, the box unticked), the share is video only,
 *   with no error. `audio: true` takes the browser's defaults; `audio: false` asks for none.
 * - `selfBrowserSurface: 'exclude'`: the meeting's own tab is not offered (LiveKit's `ControlBar` includes it): with
 *   its sound, it would send everyone's voices back to them, and its picture shows the share inside itself.
 * - `surfaceSwitching: 'include'`: Chromium's "Share this tab instead", so a presenter moves to another tab without
 *   stopping; the sound follows the tab.
 *
 * Left to the browser: `systemAudio` (Chromium offers it), `suppressLocalAudioPlayback` (off: the presenter keeps
 * hearing what they share), `contentHint`, `preferCurrentTab`; the resolution is livekit-client's (at most 1080p).
 */
export const DEFAULT_SCREEN_SHARE_OPTIONS: Readonly<ScreenShareCaptureOptions> = Object.freeze({
  audio: SHARE_SOUND,
  selfBrowserSurface: 'exclude',
  surfaceSwitching: 'include',
});

/** Whether the browser can keep the capturing page's own playback out of captured system sound. */
function filtersOwnAudio(): boolean {
  const supported = globalThis.navigator?.mediaDevices?.getSupportedConstraints?.() as Record<string, boolean | undefined> | undefined;
  return supported?.restrictOwnAudio === true;
}

/**
 * @internal What RoomKit passes to `setScreenShareEnabled(true, …)`: the app's `options` shallowly merged over
 * {@link DEFAULT_SCREEN_SHARE_OPTIONS}, with these corrections:
 *
 * - No sound is asked for where the grants do not allow publishing `screen_share_audio` (a token whose
 *   `canPublishSources` names `screen_share` alone): livekit-client would refuse to publish it and, publishing the
 *   share's tracks together, give up the whole share.
 * - With the default sound, where the browser cannot filter the page's own playback out (`restrictOwnAudio`), echo
 *   cancellation stays on, so a screen's system sound does not carry the others' voices back to them.
 * - `suppressLocalAudioPlayback` goes where the browser reads it, into the sound's constraints: livekit-client (2.23)
 *   types the option but does not pass it to `getDisplayMedia`.
 */
export function screenCaptureOptions(grants: Grants, options: ScreenShareCaptureOptions | undefined): ScreenShareCaptureOptions {
  const merged: ScreenShareCaptureOptions = { ...DEFAULT_SCREEN_SHARE_OPTIONS, ...options };
  if (!merged.audio) return merged;
  if (!canPublishSource(grants, 'screen_share_audio')) return { ...merged, audio: false };
  let audio = merged.audio;
  if (audio === SHARE_SOUND && !filtersOwnAudio()) audio = { ...SHARE_SOUND, echoCancellation: true };
  if (merged.suppressLocalAudioPlayback !== undefined) {
    audio = { ...(typeof audio === 'object' ? audio : {}), suppressLocalAudioPlayback: merged.suppressLocalAudioPlayback } as AudioCaptureOptions;
  }
  return audio === merged.audio ? merged : { ...merged, audio };
}
