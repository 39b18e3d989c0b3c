import { describe, expect, it } from 'vitest';
import type { BigRoomResult, BigRoomRun } from '../../bench/bigRoom';
import { bigRoomKeys, bigRoomRows, bigRoomRunKeys } from '../../bench/bigRoomReport';
import { benchOutcome, parseBenchArgs } from '../../bench/report';

/** One scenario's figures, as bench/bigRoom.ts reports them. */
function result(lib: 'roomkit' | 'livekit' | 'floor', publishers: number, crowd: 'worst' | 'meeting', mainThreadMsPerS: number): BigRoomResult {
  return {
    lib,
    publishers,
    crowd,
    tiles: 24,
    peakSubscriptions: 24,
    subscribed: 24,
    audioSubscriptions: 3,
    videoKbps: 1800,
    firstVideoMs: 1200,
    windowMs: 9000,
    mainThreadMsPerS,
    speakerChanges: 3,
    offers: 3,
    offerRequests: 3,
    offersPerSpeakerChange: 1,
    receiveSections: { audio: 6, video: 27 },
    reusedSections: 2,
    layerSwitchesPerFlip: crowd === 'worst' ? 0 : null,
    flipMs: crowd === 'worst' ? [1500, 1600, 1700] : [],
    speechStarts: crowd === 'worst' ? [{ announcedMs: 200, audioMs: 300 }] : [],
    speechStartMs: crowd === 'worst' ? 300 : null,
    layers: { q: 24 },
    problems: [],
  };
}

const complete: BigRoomRun = {
  results: [
    ...(['roomkit', 'livekit'] as const).flatMap((lib) => [result(lib, 100, 'worst', 40), result(lib, 300, 'worst', 44), result(lib, 300, 'meeting', 25)]),
    // The floor (plain livekit-client, the same tracks): RoomKit over it is 44 / 40 = 1.1 and 25 / 20 = 1.25.
    result('floor', 100, 'worst', 36),
    result('floor', 300, 'worst', 40),
    result('floor', 300, 'meeting', 20),
  ],
  failures: [],
};

describe('the bench outcome: a run that skips never does so in silence', () => {
  it('passes when every scenario completed and every key has a figure', () => {
    expect(benchOutcome({ a: 1, b: 'text', c: [1, 2] }, [])).toEqual({ exitCode: 0, messages: [] });
    expect(benchOutcome(bigRoomKeys(complete.results), complete.failures).exitCode).toBe(0);
  });

  it('fails naming the scenario that did not complete and the keys left without a figure', () => {
    // The anchor's page never joined the 300-publisher room: its figures are missing, RoomKit's are there.
    const run: BigRoomRun = {
      results: complete.results.filter((r) => !(r.lib === 'livekit' && r.publishers === 300 && r.crowd === 'worst')),
      failures: ['big room (livekit, 300 publishers, worst crowd): viewer-livekit joins big-livekit-300: not within 120 s'],
    };
    const outcome = benchOutcome(bigRoomKeys(run.results), run.failures);
    expect(outcome.exitCode).toBe(1);
    expect(outcome.messages[0]).toBe(`scenario failed: ${run.failures[0]}`);
    const missing = outcome.messages[1]!.replace(/^no figure for \d+ key\(s\): /, '').split(', ');
    expect(missing).toContain('anchorBigRoomMainThreadMsPerS');
    expect(missing).toContain('anchorBigRoomOffersPerSpeakerChange');
    expect(missing.filter((key) => !key.startsWith('anchor'))).toEqual([]); // RoomKit's figures are all there
    // The table keeps RoomKit's figures, with – for the anchor's; the failure is named on stderr.
    expect(bigRoomRows(run, undefined)).toContainEqual(['main-thread task time, ms per s (a report: it depends on the machine)', '44', '–', '', null]);
    // The target is RoomKit against the floor in the same run: met in the worst case, missed in the meeting.
    expect(bigRoomRows(run, undefined)).toContainEqual(['RoomKit over the floor, main-thread time', '1.1', '', '≤ 1.3', true]);
    expect(bigRoomRows(run, undefined)).toContainEqual(['RoomKit over the floor, main-thread time', '1.25', '', '≤ 1.15', false]);
    expect(bigRoomKeys(run.results)).toMatchObject({ bigRoomMainThreadRatio: 1.1, bigRoomMeetingMainThreadRatio: 1.25, bigRoomFloorMainThreadMsPerS: 40 });
    // With neither library's figures, the table says why instead of printing dashes.
    const none: BigRoomRun = { results: [], failures: ['big room (roomkit, 300 publishers, worst crowd): x'] };
    expect(bigRoomRows(none, undefined)).toContain(`Big room (300 synthetic publishers): no figures, ${none.failures[0]}`);
  });

  it('fails when the big-room process printed nothing at all (not root, a crash)', () => {
    const outcome = benchOutcome(bigRoomKeys(null), ['needs root for a loopback-only network namespace (unshare -n)']);
    expect(outcome.exitCode).toBe(1);
    expect(outcome.messages).toHaveLength(2);
  });

  it('counts a null, a non-finite number and a list holding either as a missing figure', () => {
    for (const value of [null, undefined, Number.NaN, Infinity, [1, null], [Number.NaN]]) {
      expect(benchOutcome({ key: value }, [])).toEqual({ exitCode: 1, messages: ['no figure for 1 key(s): key'] });
    }
  });

  it("lists each run's figure per key, a failed run as missing", () => {
    const keys = bigRoomRunKeys([complete, { results: [], failures: ['x'] }, complete]);
    expect(keys.bigRoomMainThreadMsPerSRuns).toEqual([44, null, 44]);
    expect(keys.bigRoomMeetingMainThreadMsPerSRuns).toEqual([25, null, 25]);
    expect(keys.bigRoomMainThreadRatioRuns).toEqual([1.1, null, 1.1]);
    expect(keys.bigRoomMeetingMainThreadRatioRuns).toEqual([1.25, null, 1.25]);
    expect(benchOutcome(keys, []).exitCode).toBe(1);
  });
});

describe('bench arguments', () => {
  it('runs everything once by default, the big room alone N times on request, and refuses anything else', () => {
    expect(parseBenchArgs([])).toEqual({ only: undefined, runs: 1 });
    expect(parseBenchArgs(['--only', 'bigroom', '--runs', '5'])).toEqual({ only: 'bigroom', runs: 5 });
    expect(() => parseBenchArgs(['--runs', '5'])).toThrow(/with --only bigroom/);
    expect(() => parseBenchArgs(['--only', 'webinar'])).toThrow(/only the big room/);
    expect(() => parseBenchArgs(['--only', 'bigroom', '--runs', '0'])).toThrow(/whole number/);
    expect(() => parseBenchArgs(['--fast'])).toThrow(/unknown arguments: --fast/);
  });
});
