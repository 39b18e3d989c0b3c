import {
  CONNECTION_TEST_STEPS,
  publishSkip,
  type ConnectionTestDriver,
  type ConnectionTestFailure,
  type ConnectionTestFinding,
  type ConnectionTestMeasurement,
  type ConnectionTestStep,
  type ConnectionTestStepId,
} from '../core/connectionTest.js';
import type { RoomStore } from '../core/roomStore.js';

/** A scripted result for one step of a simulated connection test. */
export type SimulatedConnectionTestStep =
  | { status: 'passed'; measurement?: ConnectionTestMeasurement }
  | { status: 'failed'; reason: ConnectionTestFailure }
  | { status: 'finding'; reason: ConnectionTestFinding; measurement?: ConnectionTestMeasurement };

/**
 * How a TestRoom's connection test goes ({@link TestRoom.scriptConnectionTest}). Unscripted steps pass with
 * plausible measurements; publishing is skipped, as in a real test, for a session without the grant
 * (`not-permitted`) or a device switched off (`switched-off`), and every step after a failed signalling or WebRTC
 * step is skipped (`earlier-step-failed`).
 */
export interface SimulatedConnectionTest {
  /** Results by step. */
  steps?: Partial<Record<ConnectionTestStepId, SimulatedConnectionTestStep>>;
  /** This step stays `running` until {@link TestRoom.releaseConnectionTest} (or a cancel): the running state. */
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

/** @internal A simulated test's driver and its release: steps advance one per microtask, never on a timer. */
export function simulatedConnectionTest(store: RoomStore, script: () => SimulatedConnectionTest) {
  let release: (() => void) | undefined;
  const driver: ConnectionTestDriver = async (run) => {
    const { steps = {}, hold } = script();
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
  return { driver, release: () => release?.() };
}
