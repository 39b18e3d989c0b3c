import type { Room } from 'livekit-client';
import { CONNECTION_TEST_STEPS, connectionTestDrivers, publishSkip } from './connectionTestStore.js';
import type {
  ConnectionTestDriver,
  ConnectionTestFailure,
  ConnectionTestFinding,
  ConnectionTestMeasurement,
  ConnectionTestStep,
  ConnectionTestStepId,
} from './connectionTestTypes.js';
import { getRoomStore } from '../room/state/roomStore.js';

/** A scripted result for one step of a simulated connection test. */
export type SimulatedConnectionTestStep =
  | { status: 'passed'; measurement?: ConnectionTestMeasurement }
  | { status: 'failed'; reason: ConnectionTestFailure }
  | { status: 'finding'; reason: ConnectionTestFinding; measurement?: ConnectionTestMeasurement };

/**
 * How a simulated connection test goes ({@link scriptConnectionTest}). Unscripted steps pass with
 * plausible measurements; publishing is skipped, as in a real test, for a session without the grant
 * (`not-permitted`) or a device switched off (`switched-off`), and every step after a failed signalling or WebRTC
 * step is skipped (`earlier-step-failed`).
 */
export interface SimulatedConnectionTest {
  /** Results by step. */
  steps?: Partial<Record<ConnectionTestStepId, SimulatedConnectionTestStep>>;
  /** This step stays `running` until the script's `release()` (or a cancel): the running state. */
  hold?: ConnectionTestStepId;
}

const PASSED: Record<ConnectionTestStepId, ConnectionTestMeasurement> = {
  signalling: { serverVersion: '1.9.0' },
  webrtc: { candidateType: 'host', protocol: 'udp' },
  publishAudio: { bytesSent: 4_800 },
  publishVideo: { bytesSent: 96_000 },
  roundTrip: { roundTripMs: 24 },
  turn: { candidateType: 'relay', protocol: 'udp', turnServers: 2 },
};

/** What {@link scriptConnectionTest} returns. */
export interface ScriptedConnectionTest {
  /** Lets the step the script holds (`hold`) finish. */
  release(): void;
}

/**
 * Makes `room`'s connection test (`useConnectionTest`, `ConnectionTest`, PreJoin's "Test connection") go as
 * scripted, for tests that start from now on; no server is involved. A TestRoom starts with an empty script: every
 * step passes, and publishing follows its grants. Steps advance one per microtask, never on a timer.
 *
 * @example
 * ```ts
 * const room = createTestRoom({ local: { grants: { canPublish: false } } });
 * scriptConnectionTest(room, { steps: { turn: { status: 'finding', reason: 'no-turn' } } });
 * ```
 */
export function scriptConnectionTest(room: Room, script: SimulatedConnectionTest): ScriptedConnectionTest {
  const store = getRoomStore(room);
  let release: (() => void) | undefined;
  const driver: ConnectionTestDriver = async (run) => {
    const { steps = {}, hold } = script;
    let blocked = false;
    for (const id of CONNECTION_TEST_STEPS) {
      if (run.signal.aborted) return;
      if (blocked) {
        run.update({ id, status: 'skipped', reason: 'earlier-step-failed' });
        continue;
      }
      const source = id === 'publishAudio' ? 'microphone' : id === 'publishVideo' ? 'camera' : undefined;
      const skip = source && publishSkip(store.getState().grants, source, source === 'microphone' ? run.audio : run.video);
      if (skip) {
        run.update({ id, status: 'skipped', reason: skip });
        continue;
      }
      run.update({ id, status: 'running' });
      if (hold === id) {
        await new Promise<void>((resolve) => {
          release = resolve;
          run.signal.addEventListener('abort', () => resolve(), { once: true });
        });
        release = undefined;
        if (run.signal.aborted) return;
      } else {
        await Promise.resolve();
      }
      const scripted = steps[id] ?? { status: 'passed' };
      const step: ConnectionTestStep =
        scripted.status === 'failed'
          ? { id, status: 'failed', reason: scripted.reason }
          : { id, status: scripted.status, ...(scripted.status === 'finding' ? { reason: scripted.reason } : {}), measurement: scripted.measurement ?? PASSED[id] };
      run.update(step);
      if (scripted.status === 'failed' && (id === 'signalling' || id === 'webrtc')) blocked = true;
    }
  };
  connectionTestDrivers.set(room, driver);
  return { release: () => release?.() };
}
