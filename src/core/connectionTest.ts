/**
 * The connection test before joining, without React: a small store of steps and their results, and the policy
 * that runs them. The steps themselves (livekit-client: a Room of the test's own, published tracks, WebRTC
 * statistics) live in `connectionTestRun.ts`, which this module imports only when a test starts, so an app that
 * never tests pays for this file alone. The testing kit registers a simulated driver for its rooms instead.
 */
import type { Room } from 'livekit-client';
import type { ConnectionDetails } from './connectionResponse.js';
import { canPublishSource, computeGrants, type Grants } from './grants.js';
import { RoomKitError } from './RoomKitError.js';
import { sessionConnections } from './sessionConnections.js';
import { toDeviceError } from './toDeviceError.js';
import { toRoomKitError } from './toRoomKitError.js';
import { validateMediaUrl, validateToken } from './token.js';

/** The steps of a connection test, in the order they run and show. */
export type ConnectionTestStepId = 'signalling' | 'webrtc' | 'publishAudio' | 'publishVideo' | 'roundTrip' | 'turn';

/** Every step, in the order it runs and shows. TURN comes last: it joins again, relayed only. */
export const CONNECTION_TEST_STEPS: readonly ConnectionTestStepId[] = ['signalling', 'webrtc', 'publishAudio', 'publishVideo', 'roundTrip', 'turn'];

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
  /** The round trip is above {@link CONNECTION_TEST_HIGH_ROUND_TRIP_MS}: the call will feel delayed. */
  | 'high-round-trip'
  /** The browser reported no round trip. */
  | 'round-trip-unavailable';

/** Why a step failed, was skipped, or what it found. */
export type ConnectionTestReason = ConnectionTestFailure | ConnectionTestSkip | ConnectionTestFinding;

/** A round trip above this many milliseconds is a `high-round-trip` finding. */
export const CONNECTION_TEST_HIGH_ROUND_TRIP_MS = 300;

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
 * @internal Drivers by room: the testing kit registers a simulated one for each TestRoom (scripted results), so
 * the hook and components run unchanged with no server behind them.
 */
export const connectionTestDrivers = new WeakMap<Room, ConnectionTestDriver>();

/** @internal The reason publishing `source` is skipped, if it is: grants first, then the person's switch. */
export function publishSkip(grants: Grants, source: 'microphone' | 'camera', device: ConnectionTestDevice): ConnectionTestSkip | undefined {
  if (!canPublishSource(grants, source)) return 'not-permitted';
  if (device === false) return 'switched-off';
  return undefined;
}

/** A connection test: a store of its result, with start and cancel. Create it with {@link createConnectionTest}. */
export interface ConnectionTestStore {
  /** The current result (the same object until something changes). */
  getResult(): ConnectionTestResult;
  /** Calls `listener` after each change; returns the function that stops. */
  subscribe(listener: () => void): () => void;
  /** Starts a test (stopping one that runs). */
  start(options?: ConnectionTestOptions): void;
  /** Stops a running test: what it opened is closed, unfinished steps read `skipped` (`cancelled`). */
  cancel(): void;
}

const pendingSteps: readonly ConnectionTestStep[] = CONNECTION_TEST_STEPS.map((id) => ({ id, status: 'pending' }));
const IDLE: ConnectionTestResult = { state: 'idle', steps: pendingSteps };
/**
 * @internal What the runner uses of RoomKit's other modules, handed to it rather than imported: the module loaded
 * on demand then shares no module with the bundle that loads it.
 */
export interface RunnerKit {
  RoomKitError: typeof RoomKitError;
  computeGrants: typeof computeGrants;
  publishSkip: typeof publishSkip;
  toDeviceError: typeof toDeviceError;
  toRoomKitError: typeof toRoomKitError;
  validateMediaUrl: typeof validateMediaUrl;
  validateToken: typeof validateToken;
  highRoundTripMs: number;
}

const loadRunner = (): Promise<ConnectionTestDriver> =>
  import('./connectionTestRun.js').then((m) => (run: ConnectionTestRun) =>
    m.runConnectionTest(run, {
      RoomKitError,
      computeGrants,
      publishSkip,
      toDeviceError,
      toRoomKitError,
      validateMediaUrl,
      validateToken,
      highRoundTripMs: CONNECTION_TEST_HIGH_ROUND_TRIP_MS,
    }),
  );

const unfinished = (s: ConnectionTestStep) => s.status === 'pending' || s.status === 'running';

/**
 * Creates a connection test for `room`'s session (the connection PreJoin would join with, unless `start` is given
 * one). The test uses a livekit-client Room of its own and closes everything it opened when it ends or is
 * cancelled: its Room, tracks and listeners.
 *
 * @example
 * ```ts
 * const test = createConnectionTest();
 * test.subscribe(() => console.log(test.getResult()));
 * test.start({ connection: { url: 'wss://media.example.com', token }, video: false });
 * ```
 */
export function createConnectionTest(room?: Room): ConnectionTestStore {
  let result = IDLE;
  let controller: AbortController | undefined;
  const listeners = new Set<() => void>();
  const set = (next: ConnectionTestResult) => {
    result = next;
    for (const l of [...listeners]) l();
  };

  function finish(run: AbortController, state: ConnectionTestState, reason?: ConnectionTestReason) {
    if (controller !== run) return;
    controller = undefined;
    const steps = result.steps.map((s) => (unfinished(s) ? { id: s.id, status: 'skipped' as const, reason: reason ?? 'earlier-step-failed' } : s));
    const failed = steps.some((s) => s.status === 'failed');
    set({ state: state === 'cancelled' ? state : failed ? 'failed' : 'passed', steps });
  }

  return {
    getResult: () => result,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    start(options = {}) {
      controller?.abort();
      const run = new AbortController();
      controller = run;
      set({ state: 'running', steps: pendingSteps });
      const update = (step: ConnectionTestStep) => {
        if (controller !== run) return;
        set({ state: 'running', steps: result.steps.map((s) => (s.id === step.id ? step : s)) });
      };
      const held = room ? sessionConnections.get(room)?.() : undefined;
      // Only the URL and token: the session's own record holds more (the token's claims).
      const given = options.connection ?? (held ? { url: held.url, token: held.token } : undefined);
      const simulated = room ? connectionTestDrivers.get(room) : undefined;
      const driver = simulated ? Promise.resolve(simulated) : loadRunner();
      driver
        .then((drive) =>
          run.signal.aborted
            ? undefined
            : drive({ connection: given, audio: options.audio ?? true, video: options.video ?? true, signal: run.signal, update }),
        )
        .then(
          () => finish(run, 'passed'),
          (error: unknown) => {
            // A failure outside any step (the runner's module did not load, say) fails the step that was due.
            const due = result.steps.find(unfinished);
            if (due && controller === run) {
              const cause = error instanceof RoomKitError ? error : new RoomKitError('connect-failed', `The connection test failed: ${String(error)}`, { cause: error });
              update({ id: due.id, status: 'failed', reason: 'failed', error: cause });
            }
            finish(run, 'failed');
          },
        );
    },
    cancel() {
      const run = controller;
      if (!run) return;
      run.abort();
      finish(run, 'cancelled', 'cancelled');
    },
  };
}
