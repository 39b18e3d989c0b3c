import { useEffect, useMemo, useRef, type HTMLAttributes } from 'react';
import type { ConnectionTestFailure, ConnectionTestStep } from './connectionTestTypes.js';
import { useConnectionTest, type UseConnectionTestOptions } from './useConnectionTest.js';
import { defaultConnectionTestLabels, type ConnectionTestLabels } from './connectionTestLabels.js';
import { cx } from '../ui/dev.js';
import { useLabels, type RoomKitLabels } from '../ui/labels.js';

/**
 * Props of {@link ConnectionTest}: what to test ({@link UseConnectionTestOptions}, read when the test starts), and
 * how the panel behaves.
 *
 * The panel carries `data-state` (idle, running, passed, failed, cancelled); each step's `<li>` carries
 * `data-step` (signalling, webrtc, publishAudio, publishVideo, roundTrip, turn) and `data-status` (pending,
 * running, passed, failed, skipped, finding).
 */
export interface ConnectionTestProps extends Omit<HTMLAttributes<HTMLElement>, 'children'>, UseConnectionTestOptions {
  /** Start a test when the panel mounts (PreJoin's "Test connection" does this). */
  autoStart?: boolean;
  /** Move focus to the panel when it mounts, for a panel that replaces the button the person pressed. */
  autoFocus?: boolean;
  labels?: Partial<RoomKitLabels>;
}

/** @internal The connection test's labels: the English defaults under the provider's and the component's. */
export function useConnectionTestLabels(overrides: Partial<RoomKitLabels> | undefined): ConnectionTestLabels {
  const labels: Partial<ConnectionTestLabels> = useLabels(overrides);
  return useMemo(() => {
    const merged = { ...defaultConnectionTestLabels };
    for (const key of Object.keys(merged) as Array<keyof ConnectionTestLabels>) {
      if (labels[key] !== undefined) (merged as Record<string, unknown>)[key] = labels[key];
    }
    return merged;
  }, [labels]);
}

function Step({ step, labels }: { step: ConnectionTestStep; labels: ConnectionTestLabels }) {
  const result = step.status === 'pending' || step.status === 'running' ? '' : labels.connectionTestResult(step);
  // A failed step's reason is always a failure (the store sets no other).
  const failed = step.status === 'failed' ? (step.reason as ConnectionTestFailure | undefined) : undefined;
  return (
    <li className="rk-connection-test-step" data-step={step.id} data-status={step.status} aria-busy={step.status === 'running' || undefined}>
      <span className="rk-connection-test-name">{labels.connectionTestStep(step.id)}</span>{' '}
      <span className="rk-badge rk-connection-test-status">{labels.connectionTestStatus(step.status)}</span>
      {result ? <span className="rk-connection-test-result">{result}</span> : null}
      {failed ? <span className="rk-connection-test-fix rk-error-text">{labels.connectionTestFix(failed)}</span> : null}
    </li>
  );
}

/**
 * The connection test as a panel: a list of the steps, each with its name, its status in words, what it found,
 * and the fix in words when it failed; a summary that is announced politely when the test ends; and a button
 * that stops a running test or runs it again. Built on {@link useConnectionTest}; PreJoin loads it when the
 * person presses "Test connection".
 *
 * @example
 * ```tsx
 * <RoomProvider connection={connection} connect={false}>
 *   <ConnectionTest autoStart video={false} />
 * </RoomProvider>
 * ```
 */
export function ConnectionTest({ autoStart, autoFocus, labels: overrides, room, connection, audio, video, className, ...rest }: ConnectionTestProps) {
  const labels = useConnectionTestLabels(overrides);
  const test = useConnectionTest({ room, connection, audio, video });
  const root = useRef<HTMLElement>(null);
  const starting = useRef({ autoStart, autoFocus, start: test.start });
  useEffect(() => {
    const { autoStart: start, autoFocus: focus } = starting.current;
    if (focus) root.current?.focus();
    if (start) starting.current.start();
  }, []);
  const finished = test.state !== 'idle' && test.state !== 'running';
  return (
    <section
      {...rest}
      ref={root}
      tabIndex={autoFocus ? -1 : rest.tabIndex}
      className={cx('rk-connection-test', className)}
      aria-label={labels.connectionTest}
      data-state={test.state}
    >
      <ol className="rk-connection-test-steps" aria-label={labels.connectionTest}>
        {test.steps.map((step) => (
          <Step key={step.id} step={step} labels={labels} />
        ))}
      </ol>
      <p role="status" className="rk-connection-test-summary">
        {finished ? labels.connectionTestSummary({ state: test.state, steps: test.steps }) : ''}
      </p>
      <button type="button" className="rk-button" onClick={test.running ? test.cancel : () => test.start()}>
        {test.running ? labels.stopConnectionTest : test.state === 'idle' ? labels.testConnection : labels.testConnectionAgain}
      </button>
    </section>
  );
}
