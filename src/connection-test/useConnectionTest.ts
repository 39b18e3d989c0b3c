import type { Room } from 'livekit-client';
import { useCallback, useContext, useEffect, useMemo, useRef, useSyncExternalStore } from 'react';
import { createConnectionTest } from './connectionTestStore.js';
import type { ConnectionTestOptions, ConnectionTestState, ConnectionTestStep } from './connectionTestTypes.js';
import { RoomStoreContext } from '../room/RoomContext.js';

/** Options of {@link useConnectionTest}: what to test, read when the test starts. */
export interface UseConnectionTestOptions extends ConnectionTestOptions {
  /** The room whose session's connection to test (and, with the testing kit, whose simulated test to run). Default: the nearest `<RoomProvider>`'s. */
  room?: Room | undefined;
}

/** What {@link useConnectionTest} returns. The same object until the result changes. */
export interface ConnectionTestControls {
  /** The state of the whole test: idle, running, then passed (findings allowed), failed or cancelled. */
  state: ConnectionTestState;
  /** Every step with its status, in order; unchanged steps keep their identity. */
  steps: readonly ConnectionTestStep[];
  /** The test is running. */
  running: boolean;
  /** Starts the test (again), with the hook's options and `overrides`; a running test is stopped first. */
  start: (overrides?: ConnectionTestOptions) => void;
  /** Stops a running test and closes what it opened. */
  cancel: () => void;
}

/**
 * Tests the connection before joining: signalling, the WebRTC connection, publishing the microphone and camera
 * (skipped with the reason for a token without the grant, or a device switched off), the round trip, and TURN (a
 * `finding`, not a failure, when the server offers none). Each step reports its status, what it measured, and why
 * it failed; `labels.connectionTestFix` words the fix. It re-renders only when the result changes, and stops the
 * test (closing its Room and tracks) on unmount.
 *
 * It tests the connection the nearest `<RoomProvider>` would join with, unless you pass one. Its livekit-client
 * code loads when a test starts, so an app that never calls `start` does not download it.
 *
 * @example
 * ```tsx
 * const test = useConnectionTest({ video: false });
 * return (
 *   <>
 *     <button type="button" onClick={() => test.start()} disabled={test.running}>Test connection</button>
 *     <ul>{test.steps.map((s) => <li key={s.id}>{s.id}: {s.status}</li>)}</ul>
 *   </>
 * );
 * ```
 */
export function useConnectionTest(options: UseConnectionTestOptions = {}): ConnectionTestControls {
  const fromProvider = useContext(RoomStoreContext);
  const room = options.room ?? fromProvider?.room;
  const test = useMemo(() => createConnectionTest(room), [room]);
  const result = useSyncExternalStore(test.subscribe, test.getResult, test.getResult);
  // Options are read when the test starts; a new options object never restarts anything.
  const latest = useRef(options);
  latest.current = options;
  useEffect(() => () => test.cancel(), [test]);
  const start = useCallback(
    (overrides?: ConnectionTestOptions) => {
      const { room: _room, ...given } = latest.current;
      test.start({ ...given, ...overrides });
    },
    [test],
  );
  return useMemo(
    () => ({ state: result.state, steps: result.steps, running: result.state === 'running', start, cancel: test.cancel }),
    [result, start, test],
  );
}
