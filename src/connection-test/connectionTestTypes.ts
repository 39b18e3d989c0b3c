/**
 * The connection test's types, apart from its store (`connectionTestStore.ts`) so that the steps loaded on demand
 * (`connectionTestRun.ts`) import them without importing the store that loads them.
 */
import type { ConnectionDetails } from '../room/connection/connectionResponse.js';
import type { computeGrants, Grants } from '../room/state/grants.js';
import type { RoomKitError } from '../room/RoomKitError.js';
import type { toDeviceError } from '../media/devices/toDeviceError.js';
import type { toRoomKitError } from '../room/toRoomKitError.js';
import type { validateMediaUrl, validateToken } from '../room/connection/token.js';

/** The steps of a connection test, in the order they run and show. */
export type ConnectionTestStepId = 'signalling' | 'webrtc' | 'publishAudio' | 'publishVideo' | 'roundTrip' | 'turn';

/**
 * A step's status. `finding` is something worth knowing that is not a failure: the server offers no TURN relay, or
 * the round trip is long.
 */
export type ConnectionTestStepStatus = 'pending' | 'running' | 'passed' | 'failed' | 'skipped' | 'finding';

/** Why a step failed; `labels.connectionTestFix` puts the fix in words. */
export type ConnectionTestFailure =
  /** No connection to test: RoomProvider has none yet, and none was given. */
  | 'missing-connection'
  /** The token or URL is malformed, or an API key was given (`error.code` says which). */
  | 'invalid-connection'
  /** The token has expired. */
  | 'token-expired'
  /** The media server refused the token. */
  | 'unauthorized'
  /** The media server could not be reached. */
  | 'unreachable'
  /** Signalling worked but no WebRTC (ICE) connection could be made: UDP and TCP to the media server are blocked. */
  | 'ice-failed'
  /** The browser or the person refused the microphone or camera. */
  | 'permission-denied'
  /** No microphone or camera found. */
  | 'device-not-found'
  /** The microphone or camera is held by another app. */
  | 'device-in-use'
  /** The microphone or camera could not start for another reason. */
  | 'device-error'
  /** The media server did not accept the published track. */
  | 'publish-refused'
  /** The track was published but no media left the browser. */
  | 'no-media-sent'
  /** The server offers TURN, but no relayed connection could be made through it. */
  | 'turn-failed'
  /** Anything else; `error` holds the cause. */
  | 'failed';

/** Why a step was skipped. */
export type ConnectionTestSkip =
  /** The token's grants (or the server's permissions) do not allow publishing this source: a viewer. */
  | 'not-permitted'
  /** The person switched this device off (`audio: false` / `video: false`): the test never opens it. */
  | 'switched-off'
  /** An earlier step failed, so this one could not run. */
  | 'earlier-step-failed'
  /** The test was stopped before this step finished. */
  | 'cancelled';

/** What a `finding` step found. */
export type ConnectionTestFinding =
  /** The server offers no TURN relay: a network that blocks direct UDP and TCP cannot connect. */
  | 'no-turn'
  /** Whether the server offers TURN could not be read (an older livekit-client). */
  | 'turn-unknown'
  /** The round trip is above 300 ms (`CONNECTION_TEST_HIGH_ROUND_TRIP_MS`): the call will feel delayed. */
  | 'high-round-trip'
  /** The browser reported no round trip. */
  | 'round-trip-unavailable';

/** Why a step failed, was skipped, or what it found. */
export type ConnectionTestReason = ConnectionTestFailure | ConnectionTestSkip | ConnectionTestFinding;

/** What a step measured, where it did. */
export interface ConnectionTestMeasurement {
  /** The round trip to the media server in milliseconds (ICE candidate pair, else the signalling ping). */
  roundTripMs?: number;
  /** The local ICE candidate of the connection: `host` (direct), `srflx`/`prflx` (through NAT) or `relay` (TURN). */
  candidateType?: string;
  /** The transport of that candidate: `udp` or `tcp`. */
  protocol?: string;
  /** Bytes the published track sent. */
  bytesSent?: number;
  /** How many TURN addresses the server offered. */
  turnServers?: number;
  /** The media server's version, from its join response. */
  serverVersion?: string;
}

/** One step of a connection test and its result. Unchanged steps keep their identity from one result to the next. */
export interface ConnectionTestStep {
  /** Which step. */
  readonly id: ConnectionTestStepId;
  /** Where it stands. */
  readonly status: ConnectionTestStepStatus;
  /** Why it failed, was skipped, or what it found (absent when pending, running or passed). */
  readonly reason?: ConnectionTestReason;
  /** What it measured. */
  readonly measurement?: ConnectionTestMeasurement;
  /** A failure's cause for developers (an English message), as a RoomKitError. */
  readonly error?: RoomKitError;
}

/** The state of a whole test. A test with findings and no failure has `passed`. */
export type ConnectionTestState = 'idle' | 'running' | 'passed' | 'failed' | 'cancelled';

/** A connection test's result: immutable, replaced on every change. */
export interface ConnectionTestResult {
  /** The state of the whole test. */
  readonly state: ConnectionTestState;
  /** Every step, in order. */
  readonly steps: readonly ConnectionTestStep[];
}

/** A device to test publishing with: `false` skips it (`switched-off`); `true` or `{}` uses the default device. */
export type ConnectionTestDevice = boolean | { deviceId?: string | undefined };

/** What to test. */
export interface ConnectionTestOptions {
  /**
   * The connection to test (your backend's `{ token, url }`). Default: the one the nearest `<RoomProvider>` would
   * join with. The test joins with it for a few seconds, so others in that room see you come and go: give a token
   * for a room of its own to avoid that.
   */
  connection?: ConnectionDetails | undefined;
  /** Test publishing the microphone (default true; skipped anyway without the grant). */
  audio?: ConnectionTestDevice | undefined;
  /** Test publishing the camera (default true; skipped anyway without the grant). */
  video?: ConnectionTestDevice | undefined;
}

/** @internal What a driver gets: the options, a way to report, and the signal that stops it. */
export interface ConnectionTestRun {
  readonly connection: ConnectionDetails | undefined;
  readonly audio: ConnectionTestDevice;
  readonly video: ConnectionTestDevice;
  readonly signal: AbortSignal;
  /** Replaces a step's result (the id stays). Ignored once the run is stopped. */
  update(step: ConnectionTestStep): void;
}

/** @internal Runs the steps, reporting each; resolves when done (or stopped). */
export type ConnectionTestDriver = (run: ConnectionTestRun) => Promise<void>;

/**
 * @internal What the runner uses of RoomKit's other modules, handed to it rather than imported: the module loaded
 * on demand then shares no module with the bundle that loads it.
 */
export interface RunnerKit {
  RoomKitError: typeof RoomKitError;
  computeGrants: typeof computeGrants;
  publishSkip: (grants: Grants, source: 'microphone' | 'camera', device: ConnectionTestDevice) => ConnectionTestSkip | undefined;
  toDeviceError: typeof toDeviceError;
  toRoomKitError: typeof toRoomKitError;
  validateMediaUrl: typeof validateMediaUrl;
  validateToken: typeof validateToken;
  highRoundTripMs: number;
}
