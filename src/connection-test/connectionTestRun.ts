/**
 * The connection test's steps against a real media server, with livekit-client's public Room API: one Room of the
 * test's own joins with the connection (signalling, then WebRTC), publishes a microphone and a camera track and
 * confirms each (the server's acknowledgement, then bytes sent), reads the round trip from the connected ICE
 * candidate pair, leaves, and, where the server offers TURN, joins once more relayed only. Loaded on demand by
 * `connectionTestStore.ts`; everything it opens is closed before it resolves, on success, failure or cancel.
 *
 * livekit-client's own `ConnectionCheck` was read for facts and not used: each of its checks joins anew, decides by
 * sleeping (three and five seconds for publishing), skips TURN silently, and leaves its published tracks running.
 */
import { ConnectionState, createLocalAudioTrack, createLocalVideoTrack, Room, RoomEvent, type LocalTrack } from 'livekit-client';
// Types only: what it needs of RoomKit's other modules arrives as `kit`, so this module, loaded on demand, shares
// no module with the rest of the bundle (a bundler that inlines `import()` would otherwise wrap each shared module
// for lazy start-up, and every app would pay for those wrappers).
import type {
  ConnectionTestDevice,
  ConnectionTestFailure,
  ConnectionTestMeasurement,
  ConnectionTestRun,
  ConnectionTestStepId,
  RunnerKit,
} from './connectionTestTypes.js';
import type { RoomKitError } from '../room/RoomKitError.js';

/** How long a condition (bytes sent, a round trip reported) may take before its step fails. */
const CONFIRM_WITHIN_MS = 10_000;
/** How often statistics are read while waiting for such a condition. */
const POLL_MS = 100;

/** The parts of livekit-client's engine the test reads, where the installed version has them (2.0 and later do). */
interface EngineView {
  latestJoinResponse?: { iceServers?: Array<{ urls?: string[] }>; serverVersion?: string; serverInfo?: { version?: string } };
  pcManager?: { publisher?: { getStats?(): Promise<RTCStatsReport> | undefined }; subscriber?: { getStats?(): Promise<RTCStatsReport> | undefined } };
  client?: { rtt?: number };
}
const engineOf = (room: Room): EngineView | undefined => (room as unknown as { engine?: EngineView }).engine;

class Stopped extends Error {}

/** Resolves after `ms`, or rejects with {@link Stopped} when the run is stopped first. */
function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(new Stopped());
    const onAbort = () => {
      clearTimeout(timer);
      reject(new Stopped());
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * Reads `probe` until it returns a value: the value decides, the deadline only ends a wait for something that
 * never comes (undefined then).
 */
async function until<T>(probe: () => Promise<T | undefined>, signal: AbortSignal): Promise<T | undefined> {
  const deadline = Date.now() + CONFIRM_WITHIN_MS;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() >= deadline) return undefined;
    await pause(POLL_MS, signal);
  }
}

/** The statistics of the Room's peer connections (one or two). */
async function peerStats(room: Room): Promise<RTCStatsReport[]> {
  const pcs = engineOf(room)?.pcManager;
  const reports = await Promise.all([pcs?.publisher?.getStats?.(), pcs?.subscriber?.getStats?.()].map((p) => p?.catch(() => undefined)));
  return reports.filter((r): r is RTCStatsReport => r !== undefined);
}

interface SelectedPair {
  candidateType?: string;
  protocol?: string;
  roundTripMs?: number;
}

/** The succeeded ICE candidate pair a transport selected (or, where the browser names none, a nominated one). */
function selectedPair(report: RTCStatsReport): SelectedPair | undefined {
  let pairId: string | undefined;
  report.forEach((s: { type?: string; selectedCandidatePairId?: string }) => {
    if (s.type === 'transport' && s.selectedCandidatePairId) pairId = s.selectedCandidatePairId;
  });
  let pair: { state?: string; nominated?: boolean; localCandidateId?: string; currentRoundTripTime?: number } | undefined;
  report.forEach((s: { type?: string; id?: string; state?: string; nominated?: boolean }) => {
    if (s.type !== 'candidate-pair' || s.state !== 'succeeded') return;
    if (pairId ? s.id === pairId : s.nominated) pair = s;
  });
  if (!pair) return undefined;
  const local = pair.localCandidateId ? (report.get(pair.localCandidateId) as { candidateType?: string; protocol?: string } | undefined) : undefined;
  const found: SelectedPair = {};
  if (local?.candidateType) found.candidateType = local.candidateType;
  if (local?.protocol) found.protocol = local.protocol;
  if (typeof pair.currentRoundTripTime === 'number') found.roundTripMs = Math.round(pair.currentRoundTripTime * 1000);
  return found;
}

async function connectedPair(room: Room): Promise<SelectedPair | undefined> {
  for (const report of await peerStats(room)) {
    const pair = selectedPair(report);
    if (pair) return pair;
  }
  return undefined;
}

/** Bytes a published track's sender has sent (undefined until the first). */
async function bytesSent(track: LocalTrack): Promise<number | undefined> {
  const report = await track.sender?.getStats().catch(() => undefined);
  let bytes = 0;
  report?.forEach((s: { type?: string; bytesSent?: number }) => {
    if (s.type === 'outbound-rtp' && typeof s.bytesSent === 'number') bytes += s.bytesSent;
  });
  return bytes > 0 ? bytes : undefined;
}

const deviceId = (device: ConnectionTestDevice) => (typeof device === 'object' && device.deviceId ? { deviceId: device.deviceId } : undefined);

/** Runs the steps against the media server at `run.connection`. */
export async function runConnectionTest(run: ConnectionTestRun, kit: RunnerKit): Promise<void> {
  const { signal } = run;
  const { RoomKitError, computeGrants, publishSkip, toDeviceError, toRoomKitError, validateMediaUrl, validateToken } = kit;
  const CONNECTION_TEST_HIGH_ROUND_TRIP_MS = kit.highRoundTripMs;
  const failure = (code: ConnectionTestFailure, message: string, cause?: unknown): { reason: ConnectionTestFailure; error: RoomKitError } => ({
    reason: code,
    error: new RoomKitError(code === 'unauthorized' || code === 'unreachable' ? code : 'connect-failed', message, { cause }),
  });
  const report = (id: ConnectionTestStepId, status: 'running' | 'passed' | 'finding', measurement?: ConnectionTestMeasurement, reason?: 'no-turn' | 'turn-unknown' | 'high-round-trip' | 'round-trip-unavailable') =>
    run.update({ id, status, ...(reason ? { reason } : {}), ...(measurement ? { measurement } : {}) });
  const fail = (id: ConnectionTestStepId, f: { reason: ConnectionTestFailure; error: RoomKitError }) => run.update({ id, status: 'failed', ...f });

  // 1. Signalling: the connection is checked before any traffic, then the WebSocket join.
  report('signalling', 'running');
  if (!run.connection) {
    return fail('signalling', {
      reason: 'missing-connection',
      error: new RoomKitError('missing-connection', 'The connection test has no connection: RoomProvider has none yet, and none was given to start().'),
    });
  }
  const { url, token } = run.connection;
  let claims;
  try {
    claims = validateToken(token);
    validateMediaUrl(url);
  } catch (error) {
    const e = toRoomKitError(error);
    return fail('signalling', { reason: e.code === 'token-expired' ? 'token-expired' : 'invalid-connection', error: e });
  }

  const opened: LocalTrack[] = [];
  const room = new Room({ adaptiveStream: false, dynacast: false });
  let relayRoom: Room | undefined;
  const stop = () => {
    void room.disconnect();
    void relayRoom?.disconnect();
  };
  signal.addEventListener('abort', stop, { once: true });
  let iceServers: Array<{ urls?: string[] }> | undefined;
  let signalled = false;
  const onSignal = () => {
    signalled = true;
    const join = engineOf(room)?.latestJoinResponse;
    iceServers = join?.iceServers;
    const version = join?.serverInfo?.version || join?.serverVersion;
    report('signalling', 'passed', version ? { serverVersion: version } : undefined);
    report('webrtc', 'running');
  };
  room.on(RoomEvent.SignalConnected, onSignal);

  try {
    // 2. WebRTC: connect() resolves once the peer connection is connected (ICE and DTLS); the statistics say how.
    try {
      await room.connect(url, token, { autoSubscribe: false, maxRetries: 0 });
    } catch (error) {
      if (signal.aborted) throw new Stopped();
      const e = toRoomKitError(error);
      if (!signalled) {
        return fail('signalling', e.code === 'unauthorized' ? failure('unauthorized', e.message, error) : failure('unreachable', e.message, error));
      }
      return fail('webrtc', failure('ice-failed', `Signalling worked, but no WebRTC connection could be made: ${e.message}`, error));
    }
    if (signal.aborted) throw new Stopped();
    const pair = await connectedPair(room);
    report('webrtc', 'passed', pair ? { ...(pair.candidateType ? { candidateType: pair.candidateType } : {}), ...(pair.protocol ? { protocol: pair.protocol } : {}) } : undefined);

    // 3, 4. Publishing, where the grants allow it (the server's permissions, else the token's) and the device is on.
    const grants = computeGrants(claims.video, room.localParticipant.permissions);
    for (const [id, source, device] of [
      ['publishAudio', 'microphone', run.audio],
      ['publishVideo', 'camera', run.video],
    ] as const) {
      const skip = publishSkip(grants, source, device);
      if (skip) {
        run.update({ id, status: 'skipped', reason: skip });
        continue;
      }
      report(id, 'running');
      let track: LocalTrack;
      try {
        track = source === 'microphone' ? await createLocalAudioTrack(deviceId(device)) : await createLocalVideoTrack({ ...deviceId(device), resolution: { width: 640, height: 360 } });
      } catch (error) {
        const e = toDeviceError(error, source === 'microphone' ? 'audioinput' : 'videoinput');
        fail(id, { reason: e.code === 'permission-denied' || e.code === 'device-not-found' || e.code === 'device-in-use' ? e.code : 'device-error', error: e });
        continue;
      }
      opened.push(track);
      if (signal.aborted) throw new Stopped();
      try {
        // Resolves on the server's acknowledgement (trackPublished).
        await room.localParticipant.publishTrack(track, { simulcast: false, name: 'roomkit-connection-test' });
      } catch (error) {
        if (signal.aborted) throw new Stopped();
        fail(id, failure('publish-refused', `The media server did not accept the ${source}: ${toRoomKitError(error).message}`, error));
        continue;
      }
      const sent = await until(() => bytesSent(track), signal);
      if (sent === undefined) fail(id, failure('no-media-sent', `The ${source} was published, but no media left the browser within ${CONFIRM_WITHIN_MS / 1000} s.`));
      else report(id, 'passed', { bytesSent: sent });
      await room.localParticipant.unpublishTrack(track, true).catch(() => undefined);
    }

    // 5. Round trip: the connected candidate pair's, else the signalling ping's.
    report('roundTrip', 'running');
    const rtt = await until(async () => (await connectedPair(room))?.roundTripMs ?? (engineOf(room)?.client?.rtt || undefined), signal);
    if (rtt === undefined) report('roundTrip', 'finding', undefined, 'round-trip-unavailable');
    else report('roundTrip', rtt > CONNECTION_TEST_HIGH_ROUND_TRIP_MS ? 'finding' : 'passed', { roundTripMs: rtt }, rtt > CONNECTION_TEST_HIGH_ROUND_TRIP_MS ? 'high-round-trip' : undefined);
    await room.disconnect();

    // 6. TURN: a finding when the server offers none; else a second join, relayed only (after leaving: same identity).
    report('turn', 'running');
    if (iceServers === undefined) return report('turn', 'finding', undefined, 'turn-unknown');
    const turnServers = iceServers.flatMap((s) => s.urls ?? []).filter((u) => /^turns?:/i.test(u)).length;
    if (turnServers === 0) return report('turn', 'finding', { turnServers: 0 }, 'no-turn');
    relayRoom = new Room({ adaptiveStream: false, dynacast: false });
    try {
      await relayRoom.connect(url, token, { autoSubscribe: false, maxRetries: 0, rtcConfig: { iceTransportPolicy: 'relay' } });
    } catch (error) {
      if (signal.aborted) throw new Stopped();
      return fail('turn', failure('turn-failed', `No connection could be made through the server's TURN relay: ${toRoomKitError(error).message}`, error));
    }
    const relayed = await connectedPair(relayRoom);
    if (relayed?.candidateType !== undefined && relayed.candidateType !== 'relay') {
      return fail('turn', failure('turn-failed', `The relay-only connection used a ${relayed.candidateType} candidate instead of TURN.`));
    }
    report('turn', 'passed', { turnServers, candidateType: 'relay', ...(relayed?.protocol ? { protocol: relayed.protocol } : {}) });
  } catch (error) {
    if (!(error instanceof Stopped) && !signal.aborted) throw error;
  } finally {
    signal.removeEventListener('abort', stop);
    room.off(RoomEvent.SignalConnected, onSignal);
    for (const track of opened) track.stop();
    if (room.state !== ConnectionState.Disconnected) await room.disconnect();
    if (relayRoom && relayRoom.state !== ConnectionState.Disconnected) await relayRoom.disconnect();
  }
}
