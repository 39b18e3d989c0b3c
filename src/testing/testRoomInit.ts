import type { RoomOptions } from 'livekit-client';
import type { BrowserSupport } from '../room/browserSupport.js';
import type { SimulatedDeviceFailure, SimulatedDeviceKind, SimulatedDevices } from './simulatedMedia.js';
import type { TestGrants, TestParticipantInit } from './simulatedParticipants.js';

/** Options of {@link createTestRoom}. */
export interface TestRoomInit {
  /** The room name (default "test-room"). */
  name?: string;
  metadata?: string;
  recording?: boolean;
  local?: {
    identity?: string;
    name?: string;
    metadata?: string;
    grants?: TestGrants;
    /** Start with the camera published. */
    camera?: boolean;
    /** Start with the microphone published. */
    microphone?: boolean;
  };
  /** Remote participants, or a count of generated ones ("Participant 1"…). */
  participants?: TestParticipantInit[] | number;
  /**
   * A count of generated listeners of an audio room, joining after `participants`: "Listener 1"… (identities
   * `listener-1`…), without the `canPublish` permission and without tracks.
   */
  listeners?: number;
  /** The initial connection state (default connected); `signalReconnecting`: only the signalling connection resumes. */
  connectionState?: 'connected' | 'connecting' | 'reconnecting' | 'signalReconnecting' | 'disconnected';
  /** Simulated devices for `useMediaDevices` and device menus (a camera's `facingMode`: a phone's front or back). */
  devices?: SimulatedDevices;
  /** Devices the simulated browser refuses, by kind (`{ videoinput: 'permission-denied' }`); see {@link TestRoom.setDeviceFailure}. */
  deviceFailures?: Partial<Record<SimulatedDeviceKind, SimulatedDeviceFailure>>;
  /**
   * What the simulated screen picker gives when a share asks for sound (`audio` in its capture options, as RoomKit's
   * screen share does by default): `true`, a tab with its sound (Chromium's "Also share tab audio"), published as
   * `screen_share_audio` beside the picture, unless the grants leave that source out; `false` (default), the picture
   * alone, as for a window or a browser without shared sound. `TestRoom.endScreenShare()` stops the share as the
   * browser's own "Stop sharing" does.
   */
  screenShareAudio?: boolean;
  /** Start with the browser blocking audio autoplay. */
  audioPlaybackBlocked?: boolean;
  /**
   * An end-to-end encrypted room, as with `RoomProvider`'s `e2ee`: the session's encryption is on and remote tracks
   * are announced encrypted (a participant may say `encrypted: false`). See {@link TestRoom.setDecryptionFailed}.
   */
  encrypted?: boolean;
  /**
   * What the simulated browser can do, for `useBrowserSupport()`, `getBrowserSupport(room)` and every prefab in this
   * room, key by key over the real browser's answer. By default it can join (`join: 'yes'`: the simulated server
   * needs no WebRTC, so jsdom joins), share a screen (`screenShare: 'yes'`, with `screenShareAudio: 'unknown'`: the
   * simulated picker gives sound as `screenShareAudio` says) and list its simulated cameras (`cameraSwitch:
   * 'unknown'`); the other keys are the real browser's. Give `{ join: 'no' }` to show a browser that cannot join
   * (PreJoin's message, the `browser-unsupported` failure), `{ speakerSelection: 'no' }` for one without a speaker
   * select, `{ pictureInPicture: 'no' }` for one without picture-in-picture.
   */
  browserSupport?: Partial<BrowserSupport>;
  /** Options for the underlying livekit-client Room. */
  roomOptions?: RoomOptions;
  /**
   * The simulated server's version (default "1.9.0", which forwards text streams: chat's legacy copies then
   * carry `ignoreLegacy: true`). Give "1.8.0" to test against an older server.
   */
  serverVersion?: string;
}
