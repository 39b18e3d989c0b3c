/**
 * The big room's part of `npm run bench`: its BENCH keys and table rows from what bench/bigRoom.ts measured, and
 * the summary of repeated runs (`npm run bench -- --only bigroom --runs 5`).
 */
import type { BigRoomResult, BigRoomRun, Crowd, Lib } from './bigRoom';
import type { Row } from './report';

/**
 * The targets at 300 publishers (issue 39): RoomKit's main-thread time against the floor's in the same run (plain
 * livekit-client showing the same tracks, bench/page/floor.ts), in the worst case and the meeting, and the meeting's
 * offers. The absolute main-thread figures are reports: they do not survive a slower machine.
 */
export const TARGETS = { worstRatio: 1.3, meetingRatio: 1.15, meetingOffersPerChange: 0.2 } as const;

/** RoomKit's main-thread time over the floor's, in one run's results (null without both). */
export function floorRatio(results: readonly BigRoomResult[] | null, crowd: Crowd): number | null {
  const rk = find(results, 'roomkit', 300, crowd)?.mainThreadMsPerS;
  const floor = find(results, 'floor', 300, crowd)?.mainThreadMsPerS;
  return rk !== undefined && floor ? Math.round((rk / floor) * 100) / 100 : null;
}

const find = (results: readonly BigRoomResult[] | null, lib: Lib, publishers: number, crowd: Crowd = 'worst') =>
  results?.find((r) => r.lib === lib && r.publishers === publishers && r.crowd === crowd);

/** Main-thread cost at 300 publishers over that at 100: how the page's cost grows with the room. */
function growth(results: readonly BigRoomResult[] | null, lib: Lib): number | null {
  const at100 = find(results, lib, 100)?.mainThreadMsPerS;
  const at300 = find(results, lib, 300)?.mainThreadMsPerS;
  return at100 && at300 !== undefined ? Math.round((at300 / at100) * 100) / 100 : null;
}

/** The big room's BENCH keys (the 300-publisher figures), RoomKit's and the anchor's. */
export function bigRoomKeys(results: readonly BigRoomResult[] | null) {
  const rk = find(results, 'roomkit', 300);
  const lk = find(results, 'livekit', 300);
  const rkMeeting = find(results, 'roomkit', 300, 'meeting');
  const lkMeeting = find(results, 'livekit', 300, 'meeting');
  return {
    bigRoomPeakSubscriptions: rk?.peakSubscriptions ?? null,
    anchorBigRoomPeakSubscriptions: lk?.peakSubscriptions ?? null,
    bigRoomSubscribed: rk?.subscribed ?? null,
    anchorBigRoomSubscribed: lk?.subscribed ?? null,
    bigRoomVideoKbps: rk?.videoKbps ?? null,
    anchorBigRoomVideoKbps: lk?.videoKbps ?? null,
    bigRoomFirstVideoMs: rk?.firstVideoMs ?? null,
    anchorBigRoomFirstVideoMs: lk?.firstVideoMs ?? null,
    bigRoomMainThreadMsPerS: rk?.mainThreadMsPerS ?? null,
    anchorBigRoomMainThreadMsPerS: lk?.mainThreadMsPerS ?? null,
    bigRoomCostGrowth: growth(results, 'roomkit'),
    anchorBigRoomCostGrowth: growth(results, 'livekit'),
    bigRoomAudioSubscriptions: rk?.audioSubscriptions ?? null,
    anchorBigRoomAudioSubscriptions: lk?.audioSubscriptions ?? null,
    bigRoomSpeechStartMs: rk?.speechStartMs ?? null,
    anchorBigRoomSpeechStartMs: lk?.speechStartMs ?? null,
    bigRoomLayerSwitchesPerFlip: rk?.layerSwitchesPerFlip ?? null,
    anchorBigRoomLayerSwitchesPerFlip: lk?.layerSwitchesPerFlip ?? null,
    bigRoomOffersPerSpeakerChange: rk?.offersPerSpeakerChange ?? null,
    anchorBigRoomOffersPerSpeakerChange: lk?.offersPerSpeakerChange ?? null,
    bigRoomMeetingMainThreadMsPerS: rkMeeting?.mainThreadMsPerS ?? null,
    anchorBigRoomMeetingMainThreadMsPerS: lkMeeting?.mainThreadMsPerS ?? null,
    bigRoomMeetingOffersPerSpeakerChange: rkMeeting?.offersPerSpeakerChange ?? null,
    bigRoomFloorMainThreadMsPerS: find(results, 'floor', 300)?.mainThreadMsPerS ?? null,
    bigRoomFloorMeetingMainThreadMsPerS: find(results, 'floor', 300, 'meeting')?.mainThreadMsPerS ?? null,
    bigRoomMainThreadRatio: floorRatio(results, 'worst'),
    bigRoomMeetingMainThreadRatio: floorRatio(results, 'meeting'),
    anchorBigRoomMeetingOffersPerSpeakerChange: lkMeeting?.offersPerSpeakerChange ?? null,
  };
}

const v = (x: number | string | null) => (x === null ? '–' : `${x}`);
/** Speaker changes whose speech start the worst case measures (bigRoom.ts `SPEECH_TURNS`). */
const SPEECH_TURNS_SHOWN = 3;
const sections = (r: BigRoomResult) => `${r.receiveSections.audio} + ${r.receiveSections.video}`;

/** The big room's table rows: both sizes of the worst crowd, then the meeting; a scenario without figures says why. */
export function bigRoomRows(run: BigRoomRun | null, reason: string | undefined): Array<Row | string> {
  const results = run?.results ?? null;
  const rows: Array<Row | string> = [];
  const skipped = (what: string) => `Big room (${what}): no figures, ${reason ?? run?.failures.join('; ') ?? 'no result'}`;
  for (const publishers of [100, 300]) {
    const r = find(results, 'roomkit', publishers);
    const a = find(results, 'livekit', publishers);
    if (!r && !a) {
      rows.push(skipped(`${publishers} synthetic publishers`));
      continue;
    }
    // One library's figures may be missing (its scenario failed, named below the table): its column shows –.
    const both = (f: (x: BigRoomResult) => string | number | null): [string, string] => [r ? v(f(r)) : '–', a ? v(f(a)) : '–'];
    const met = (f: (r: BigRoomResult, a: BigRoomResult) => boolean) => (r && a ? f(r, a) : null);
    const tiles = r?.tiles ?? a?.tiles ?? 0;
    rows.push(
      `Big room, worst case: every publisher speaks in turn, nobody twice (Chromium, dev media server, ${publishers} synthetic publishers with 3-layer simulcast cameras; VideoConference, 1280×720, page of ${r?.tiles ?? '–'} / ${a?.tiles ?? '–'})`,
      ['video subscriptions at most, during the join', ...both((x) => x.peakSubscriptions), `≤ page + 2 (${tiles + 2})`, r ? r.peakSubscriptions <= r.tiles + 2 : null],
      ['cameras subscribed after settling', ...both((x) => x.subscribed), `= page (${tiles})`, r ? r.subscribed === r.tiles : null],
      ['layers forwarded after settling', ...both((x) => JSON.stringify(x.layers)), '', null],
      ['video received, kbit/s', ...both((x) => x.videoKbps), a ? `≤ anchor / 4 (${Math.floor(a.videoKbps / 4)})` : '≤ anchor / 4', met((r, a) => r.videoKbps <= a.videoKbps / 4)],
      ['join to the first page of video playing, ms', ...both((x) => x.firstVideoMs), '≤ anchor', met((r, a) => r.firstVideoMs !== null && (a.firstVideoMs === null || r.firstVideoMs <= a.firstVideoMs))],
      ['layer switches per page flip', ...both((x) => x.layerSwitchesPerFlip), '', null],
      ['page flip to its video playing, ms', ...both((x) => x.flipMs.map(v).join(' ')), '', null],
      ['microphones subscribed at the end of the window', ...both((x) => x.audioSubscriptions), '', null],
      [
        `speech start to its first audio at the page, ms (${SPEECH_TURNS_SHOWN} turns; announced)`,
        ...both((x) => `${v(x.speechStartMs)} (${x.speechStarts.map((t) => v(t.announcedMs)).join(' ')})`),
        '',
        null,
      ],
      [`offers per speaker change (${r?.speakerChanges ?? a?.speakerChanges ?? '–'} changes)`, ...both((x) => x.offersPerSpeakerChange), '', null],
      ['receive sections of the last offer, audio + video', ...both(sections), '', null],
      ['main-thread task time, ms per s (a report: it depends on the machine)', ...both((x) => x.mainThreadMsPerS), '', null],
      ...floorRows(results, publishers, 'worst', TARGETS.worstRatio),
    );
  }
  const cost = (lib: Lib) => growth(results, lib);
  if (find(results, 'roomkit', 100) && find(results, 'roomkit', 300)) {
    rows.push(['main-thread cost at 300 over 100 publishers', v(cost('roomkit')), v(cost('livekit')), '≤ 1.3', (cost('roomkit') ?? Infinity) <= 1.3]);
  }
  const r = find(results, 'roomkit', 300, 'meeting');
  const a = find(results, 'livekit', 300, 'meeting');
  if (!r && !a) rows.push(skipped('300 synthetic publishers, meeting'));
  else {
    const both = (f: (x: BigRoomResult) => string | number): [string, string] => [r ? v(f(r)) : '–', a ? v(f(a)) : '–'];
    rows.push(
      `Big room, meeting: 10 regular speakers among 300 publishers take turns, each returning once in the window (${r?.speakerChanges ?? a?.speakerChanges ?? '–'} changes, after a first round)`,
      ['microphones subscribed at the end of the window', ...both((x) => x.audioSubscriptions), '', null],
      [
        'offers per speaker change',
        ...both((x) => x.offersPerSpeakerChange),
        `≤ ${TARGETS.meetingOffersPerChange}`,
        r ? r.offersPerSpeakerChange <= TARGETS.meetingOffersPerChange : null,
      ],
      ['receive sections of the last offer, audio + video', ...both(sections), '', null],
      ['main-thread task time, ms per s (a report)', ...both((x) => x.mainThreadMsPerS), '', null],
      ...floorRows(results, 300, 'meeting', TARGETS.meetingRatio),
    );
  }
  return rows;
}

/** The floor's main-thread time (RoomKit's column), and RoomKit's over it against `target` at 300 publishers. */
function floorRows(results: readonly BigRoomResult[] | null, publishers: number, crowd: Crowd, target: number): Row[] {
  const floor = find(results, 'floor', publishers, crowd);
  const rk = find(results, 'roomkit', publishers, crowd);
  if (!floor) return [];
  const ratio = rk && floor.mainThreadMsPerS ? Math.round((rk.mainThreadMsPerS / floor.mainThreadMsPerS) * 100) / 100 : null;
  return [
    ['floor (plain livekit-client, the same tracks, no React): main-thread task time, ms per s', v(floor.mainThreadMsPerS), '', '', null],
    [
      'RoomKit over the floor, main-thread time',
      v(ratio),
      '',
      publishers === 300 ? `≤ ${target}` : '',
      publishers === 300 && ratio !== null ? ratio <= target : null,
    ],
  ];
}

/** RoomKit's 300-publisher figures of each of several runs, per key: what `--runs` reports beside the last run's keys. */
export function bigRoomRunKeys(runs: ReadonlyArray<BigRoomRun | null>) {
  const each = (pick: (r: BigRoomResult) => number | null, crowd: Crowd) =>
    runs.map((run) => {
      const r = find(run?.results ?? null, 'roomkit', 300, crowd);
      return r ? pick(r) : null;
    });
  return {
    bigRoomMainThreadRatioRuns: runs.map((run) => floorRatio(run?.results ?? null, 'worst')),
    bigRoomMeetingMainThreadRatioRuns: runs.map((run) => floorRatio(run?.results ?? null, 'meeting')),
    bigRoomMainThreadMsPerSRuns: each((r) => r.mainThreadMsPerS, 'worst'),
    bigRoomOffersPerSpeakerChangeRuns: each((r) => r.offersPerSpeakerChange, 'worst'),
    bigRoomMeetingMainThreadMsPerSRuns: each((r) => r.mainThreadMsPerS, 'meeting'),
    bigRoomMeetingOffersPerSpeakerChangeRuns: each((r) => r.offersPerSpeakerChange, 'meeting'),
  };
}

/** The rows of several runs: RoomKit's figures at 300 publishers, one column of runs per key, against the targets. */
export function bigRoomRunRows(runs: ReadonlyArray<BigRoomRun | null>): Array<Row | string> {
  const keys = bigRoomRunKeys(runs);
  const all = (values: Array<number | null>, target: number) => values.every((x) => x !== null && x <= target);
  const list = (values: Array<number | null>) => values.map(v).join(', ');
  return [
    `Big room, ${runs.length} runs: RoomKit at 300 publishers, each run's figure`,
    ['worst case: RoomKit over the floor, main-thread time', list(keys.bigRoomMainThreadRatioRuns), '', `≤ ${TARGETS.worstRatio} in every run`, all(keys.bigRoomMainThreadRatioRuns, TARGETS.worstRatio)],
    ['worst case: main-thread task time, ms per s (a report)', list(keys.bigRoomMainThreadMsPerSRuns), '', '', null],
    ['worst case: offers per speaker change', list(keys.bigRoomOffersPerSpeakerChangeRuns), '', '', null],
    ['meeting: RoomKit over the floor, main-thread time', list(keys.bigRoomMeetingMainThreadRatioRuns), '', `≤ ${TARGETS.meetingRatio} in every run`, all(keys.bigRoomMeetingMainThreadRatioRuns, TARGETS.meetingRatio)],
    ['meeting: main-thread task time, ms per s (a report)', list(keys.bigRoomMeetingMainThreadMsPerSRuns), '', '', null],
    [
      'meeting: offers per speaker change',
      list(keys.bigRoomMeetingOffersPerSpeakerChangeRuns),
      '',
      `≤ ${TARGETS.meetingOffersPerChange}`,
      all(keys.bigRoomMeetingOffersPerSpeakerChangeRuns, TARGETS.meetingOffersPerChange),
    ],
  ];
}
