import type {
  ConnectionTestFailure,
  ConnectionTestResult,
  ConnectionTestStep,
  ConnectionTestStepId,
  ConnectionTestStepStatus,
} from './connectionTestTypes.js';

/**
 * The connection test's strings (PreJoin's "Test connection" button included). They are part of
 * {@link RoomKitLabels} (pass them to `<RoomProvider labels>` or a component's `labels`), but their English defaults
 * ({@link defaultConnectionTestLabels}) live apart from `defaultLabels`, so an app that renders neither PreJoin nor
 * the test does not ship them.
 */
export interface ConnectionTestLabels {
  /** PreJoin's button that opens the test, and the panel's button before a first run. */
  testConnection: string;
  /** The button that runs a finished test again. */
  testConnectionAgain: string;
  /** The button that stops a running test. */
  stopConnectionTest: string;
  /** The accessible name of the list of steps. */
  connectionTest: string;
  /** A step's name: "Signalling connection", "Publishing video"… */
  connectionTestStep: (step: ConnectionTestStepId) => string;
  /** A step's status in words (shown beside it, so it never rests on colour alone). */
  connectionTestStatus: (status: ConnectionTestStepStatus) => string;
  /** What a finished step found or measured, or why it was skipped: "Connected directly over UDP", "24 ms". */
  connectionTestResult: (step: ConnectionTestStep) => string;
  /** The fix for a failed step, in words for the person in front of the screen. */
  connectionTestFix: (reason: ConnectionTestFailure) => string;
  /** The whole test in one sentence (shown, and announced politely when the test ends). */
  connectionTestSummary: (result: ConnectionTestResult) => string;
}

const STEPS: Record<ConnectionTestStepId, string> = {
  signalling: 'Signalling connection',
  webrtc: 'WebRTC connection',
  publishAudio: 'Publishing audio',
  publishVideo: 'Publishing video',
  roundTrip: 'Round trip',
  turn: 'Relay server (TURN)',
};

const STATUSES: Record<ConnectionTestStepStatus, string> = {
  pending: 'Waiting',
  running: 'Testing…',
  passed: 'Passed',
  failed: 'Failed',
  skipped: 'Skipped',
  finding: 'Note',
};

const FIXES: Record<ConnectionTestFailure, string> = {
  'missing-connection': 'The meeting details have not arrived yet. Wait a moment, then test again.',
  'invalid-connection': 'The meeting link is not valid. Ask the organiser for a new link.',
  'token-expired': 'Your access to the meeting has expired. Reload the page to get a fresh one.',
  unauthorized: 'The server refused your access to the meeting. Reload the page; if it persists, ask the organiser for a new link.',
  unreachable: 'The media server could not be reached. Check your internet connection, or try without a VPN or proxy.',
  'ice-failed': 'Your network blocks video calls. Try another network (a phone hotspot), or ask your IT team to allow WebRTC (UDP) traffic.',
  'permission-denied': 'The browser blocked the device. Allow it in the address bar, then test again.',
  'device-not-found': 'No device found. Connect one, then test again.',
  'device-in-use': 'Another app is using the device. Close that app, then test again.',
  'device-error': 'The device could not start. Reconnect it or choose another, then test again.',
  'publish-refused': 'The server did not accept your audio or video. Reload the page; if it persists, contact the organiser.',
  'no-media-sent': 'Nothing could be sent. Your network may block video calls: try another network, or without a VPN.',
  'turn-failed': 'The relay server could not be reached. Networks that block direct connections will fail: try another network.',
  failed: 'Something went wrong. Test again; if it persists, reload the page.',
};

const FAILED: Record<ConnectionTestFailure, string> = {
  'missing-connection': 'No meeting details yet',
  'invalid-connection': 'The meeting details are not valid',
  'token-expired': 'Access expired',
  unauthorized: 'Access refused by the server',
  unreachable: 'Server not reachable',
  'ice-failed': 'No media connection could be made',
  'permission-denied': 'Blocked by the browser',
  'device-not-found': 'No device found',
  'device-in-use': 'Device in use',
  'device-error': 'The device could not start',
  'publish-refused': 'Not accepted by the server',
  'no-media-sent': 'Nothing was sent',
  'turn-failed': 'Relay not reachable',
  failed: 'Failed unexpectedly',
};

function describeConnection(step: ConnectionTestStep): string {
  const m = step.measurement;
  const via = m?.protocol ? ` over ${m.protocol.toUpperCase()}` : '';
  if (m?.candidateType === 'relay') return `Connected through a relay${via}`;
  if (m?.candidateType === 'host') return `Connected directly${via}`;
  if (m?.candidateType) return `Connected through your router${via}`;
  return 'Connected';
}

declare module '../ui/labels.js' {
  interface RoomKitLabels extends Partial<ConnectionTestLabels> {}
}

/** The English defaults of {@link ConnectionTestLabels}. */
export const defaultConnectionTestLabels: ConnectionTestLabels = {
  testConnection: 'Test connection',
  testConnectionAgain: 'Test again',
  stopConnectionTest: 'Stop test',
  connectionTest: 'Connection test',
  connectionTestStep: (step) => STEPS[step],
  connectionTestStatus: (status) => STATUSES[status],
  connectionTestResult: (step) => {
    const m = step.measurement;
    switch (step.reason) {
      case 'not-permitted':
        return 'Your role may not publish this';
      case 'switched-off':
        return 'Switched off';
      case 'earlier-step-failed':
        return 'Needs the steps above';
      case 'cancelled':
        return 'Stopped';
      case 'no-turn':
        return 'The server offers no relay: networks that block direct connections cannot join';
      case 'turn-unknown':
        return 'Could not tell whether the server offers a relay';
      case 'high-round-trip':
        return `${m?.roundTripMs ?? '?'} ms: the call may feel delayed`;
      case 'round-trip-unavailable':
        return 'The browser did not report it';
      case undefined:
        break;
      default:
        return FAILED[step.reason];
    }
    if (step.status !== 'passed') return '';
    switch (step.id) {
      case 'signalling':
        return m?.serverVersion ? `Connected to the media server (version ${m.serverVersion})` : 'Connected to the media server';
      case 'webrtc':
      case 'turn':
        return describeConnection(step);
      case 'publishAudio':
      case 'publishVideo':
        return m?.bytesSent ? `Sent ${Math.max(1, Math.round(m.bytesSent / 1000))} kB` : 'Sent';
      case 'roundTrip':
        return `${m?.roundTripMs ?? '?'} ms`;
    }
  },
  connectionTestFix: (reason) => FIXES[reason],
  connectionTestSummary: ({ state, steps }) => {
    const failed = steps.filter((s) => s.status === 'failed').length;
    const notes = steps.filter((s) => s.status === 'finding').length;
    switch (state) {
      case 'idle':
        return '';
      case 'running':
        return 'Testing your connection…';
      case 'cancelled':
        return 'Connection test stopped';
      case 'failed':
        return failed === 1 ? 'Connection test: 1 step failed' : `Connection test: ${failed} steps failed`;
      case 'passed':
        return notes === 0 ? 'Connection test passed' : notes === 1 ? 'Connection test passed, with 1 note' : `Connection test passed, with ${notes} notes`;
    }
  },
};
