/**
 * The connection test before joining, without React: a small store of steps and their results, and the policy
 * that runs them. The steps themselves (livekit-client: a Room of the test's own, published tracks, WebRTC
 * statistics) live in `connectionTestRun.ts`, which this module imports only when a test starts, so an app that
 * never tests pays for this file alone. The testing kit registers a simulated driver for its rooms instead.
 */
import type { Room } from 'livekit-client';
import type {
  ConnectionTestDevice,
  ConnectionTestDriver,
  ConnectionTestOptions,
  ConnectionTestReason,
  ConnectionTestResult,
  ConnectionTestRun,
  ConnectionTestSkip,
  ConnectionTestState,
  ConnectionTestStep,
  ConnectionTestStepId,
} from './connectionTestTypes.js';
import { canPublishSource, computeGrants, type Grants } from '../room/state/grants.js';
import { RoomKitError } from '../room/RoomKitError.js';
import { connectionOf, providedSessions } from '../room/connection/sessionConnections.js';
import { toDeviceError } from '../media/devices/toDeviceError.js';
import { toRoomKitError } from '../room/toRoomKitError.js';
import { validateMediaUrl, validateToken } from '../room/connection/token.js';

/** Every step, in the order it runs and shows. TURN comes last: it joins again, relayed only. */
export const CONNECTION_TEST_STEPS: readonly ConnectionTestStepId[] = ['signalling', 'webrtc', 'publishAudio', 'publishVideo', 'roundTrip', 'turn'];

/** A round trip above this many milliseconds is a `high-round-trip` finding. */
export const CONNECTION_TEST_HIGH_ROUND_TRIP_MS = 300;

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
      const provided = room ? providedSessions.get(room)?.props : undefined;
      const given = options.connection ?? (provided ? connectionOf(provided) : undefined);
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
