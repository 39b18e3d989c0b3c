/**
 * `npm run bench`: RoomKit against @livekit/components-react on the same work. Prints a table and, last, one
 * line `BENCH {json}`. Everything it starts listens on 127.0.0.1 and is stopped before it exits; the connect
 * measurement runs in a loopback-only network namespace. See bench/README.md for how each figure is measured.
 */
import { spawn } from 'node:child_process';
import { loadavg } from 'node:os';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { BigRoomRun } from './bigRoom';
import { bigRoomKeys, bigRoomRows, bigRoomRunKeys, bigRoomRunRows } from './bigRoomReport';
import type { WebinarResult } from './webinar';
import { runBundle, type BundleResult } from './bundle';
import { buildPage, launch, PAGE_OUT, servePage } from './browser';
import {
  runAgentSpeaking,
  runLeaks,
  runRender,
  runScale,
  runSpeakerView,
  type AgentSpeakingResult,
  type LeakResult,
  type RenderResult,
  type ScaleResult,
  type SpeakerViewResult,
} from './scenarios';
import { benchOutcome, formatTable, parseBenchArgs, type Row } from './report';
import type { StoreCostResult } from './storeCost';

const root = resolve(import.meta.dirname, '..');
const started = Date.now();
const log = (message: string) => process.stderr.write(`bench: ${message} (${Math.round((Date.now() - started) / 1000)} s)\n`);

interface ConnectResult {
  runs: number;
  bareMs: number;
  providerMs: number;
  connectRatio: number;
  bare: number[];
  provider: number[];
}

/** Runs a bench script in a Node process of its own and returns its `PREFIX {json}` line. */
async function runChild(command: string, args: string[], prefix: string): Promise<{ json: string | null; code: number | null; out: string }> {
  const child = spawn(command, args, { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  const code = await new Promise<number | null>((done) => child.on('close', done));
  const line = out.split('\n').find((l) => l.startsWith(`${prefix} `));
  return { json: code === 0 && line ? line.slice(prefix.length + 1) : null, code, out };
}

/** Runs a bench script in its own process inside a loopback-only network namespace and reads its `PREFIX {json}` line. */
async function runInNamespace<T>(script: string, args: string[], prefix: string): Promise<{ result: T | null; reason?: string }> {
  if (process.getuid?.() !== 0) return { result: null, reason: 'needs root for a loopback-only network namespace (unshare -n)' };
  const { json, code, out } = await runChild(
    'bash',
    [resolve(root, 'test/e2e/netns.sh'), process.execPath, '--import', 'tsx', resolve(root, script), ...args],
    prefix,
  );
  if (!json) return { result: null, reason: `${script} failed (exit ${code}): ${out.trim().slice(-500)}` };
  return { result: JSON.parse(json) as T };
}

/** Prints the table, the details and the BENCH line, then exits 1 naming every failure and missing figure, else 0. */
async function finish(rows: ReadonlyArray<Row | string>, footer: string[], details: Record<string, unknown>, bench: Record<string, unknown>, failures: string[]): Promise<never> {
  console.log(['', ...formatTable(rows), '', ...footer].join('\n'));
  const file = resolve(PAGE_OUT, '..', 'results.json');
  await mkdir(resolve(file, '..'), { recursive: true });
  await writeFile(file, JSON.stringify({ ...details, BENCH: bench }, null, 2));
  console.log(`details: ${file}`);
  console.log(`BENCH ${JSON.stringify(bench)}`);
  const outcome = benchOutcome(bench, failures);
  for (const message of outcome.messages) process.stderr.write(`bench: FAILED, ${message}\n`);
  process.exit(outcome.exitCode);
}

/** What a big-room process did not complete: its failure as a whole, or the scenarios that failed in it. */
const bigRoomFailures = (run: { result: BigRoomRun | null; reason?: string }) => (run.result ? run.result.failures : [run.reason ?? 'bench/bigRoom.ts printed no result']);

const options = parseBenchArgs(process.argv.slice(2));
if (options.only === 'bigroom') {
  log('benchmark page');
  await buildPage();
  const runs: Array<{ result: BigRoomRun | null; reason?: string }> = [];
  /** The machine's load (1-minute average) at the start and the end of each run: main-thread figures depend on it. */
  const loads: string[] = [];
  for (let i = 1; i <= options.runs; i++) {
    log(`big room, run ${i} of ${options.runs}: 100 and 300 synthetic publishers, worst case and meeting (media server, loopback namespace)`);
    const load = loadavg()[0]!.toFixed(2);
    runs.push(await runInNamespace<BigRoomRun>('bench/bigRoom.ts', ['100', '300'], 'BIGROOM'));
    loads.push(`${load} → ${loadavg()[0]!.toFixed(2)}`);
  }
  const last = runs[runs.length - 1]!;
  const results = runs.map((r) => r.result);
  await finish(
    [...bigRoomRows(last.result, last.reason), ...(options.runs > 1 ? bigRoomRunRows(results) : [])],
    [`load average (1 min) at the start → end of each run: ${loads.join(', ')}`, `runtime ${Math.round((Date.now() - started) / 1000)} s; the keys are the last run's`],
    { bigRoomRuns: runs, loads },
    { ...bigRoomKeys(last.result?.results ?? null), ...(options.runs > 1 ? bigRoomRunKeys(results) : {}) },
    runs.flatMap((run, i) => bigRoomFailures(run).map((f) => (options.runs > 1 ? `run ${i + 1}: ${f}` : f))),
  );
}

log('bundles');
const bundle: BundleResult = await runBundle();
log('store cost per event (Node)');
const storeRun = await runChild(process.execPath, ['--import', 'tsx', resolve(root, 'bench/storeCost.ts')], 'STORE');
if (!storeRun.json) throw new Error(`bench/storeCost.ts failed (exit ${storeRun.code}): ${storeRun.out}`);
const store = JSON.parse(storeRun.json) as StoreCostResult;

log('benchmark page');
await buildPage();
const server = await servePage();
const browser = await launch();
const renders: Record<string, RenderResult> = {};
const speaker: Record<string, SpeakerViewResult> = {};
let scale: Record<string, ScaleResult>;
let leaks: LeakResult;
let agent: AgentSpeakingResult;
try {
  for (const layout of ['all', 'page'] as const) {
    for (const lib of ['roomkit', 'livekit'] as const) {
      log(`render isolation: ${lib}, ${layout === 'all' ? 'all tiles' : 'grid page'}`);
      renders[`${lib}:${layout}`] = await runRender(browser, server.url, lib, layout);
    }
  }
  for (const lib of ['roomkit', 'livekit'] as const) {
    log(`speaker view: ${lib}`);
    speaker[lib] = await runSpeakerView(browser, server.url, lib);
  }
  scale = {};
  for (const lib of ['roomkit', 'livekit'] as const) {
    log(`scale: ${lib}, 1000 participants`);
    scale[lib] = await runScale(browser, server.url, lib);
  }
  log('an agent speaking: renders while its visualizer draws');
  agent = await runAgentSpeaking(browser, server.url);
  log('leaks: 1000 mount/unmount cycles');
  leaks = await runLeaks(browser, server.url);
} finally {
  await browser.close();
  await server.close();
}

log('connect overhead (media server, loopback namespace)');
const connect = await runInNamespace<ConnectResult>('bench/connect.ts', [], 'CONNECT');
log('big room: 100 and 300 synthetic publishers, worst case and meeting (media server, loopback namespace)');
const bigRoomRun = await runInNamespace<BigRoomRun>('bench/bigRoom.ts', ['100', '300'], 'BIGROOM');
const bigRoom = { results: bigRoomRun.result?.results ?? null, failures: bigRoomFailures(bigRoomRun), reason: bigRoomRun.reason };
log('webinar: 1000 participants, 20 cameras (media server, loopback namespace)');
const webinar = await runInNamespace<WebinarResult[]>('bench/webinar.ts', [], 'WEBINAR');
const runtimeS = Math.round((Date.now() - started) / 1000);

// ---- report ----------------------------------------------------------------------------------------------

const rk = renders['roomkit:all']!;
const lk = renders['livekit:all']!;
const rkPage = renders['roomkit:page']!;
const lkPage = renders['livekit:page']!;
const ms = (x: number | null | undefined) => (x === null || x === undefined ? '–' : x.toFixed(1));
const round1 = (x: number | null) => (x === null ? null : Math.round(x * 10) / 10);
const version = async (name: string) =>
  (JSON.parse(await readFile(resolve(root, 'node_modules', name, 'package.json'), 'utf8')) as { version: string }).version;

const web = (lib: 'roomkit' | 'livekit') => webinar.result?.find((r) => r.lib === lib);

const BENCH = {
  tarballKb: bundle.tarballKb,
  bundleKb: bundle.bundleKb,
  bundleInitialKb: bundle.bundleInitialKb,
  firstPaintPartsKb: bundle.firstPaintPartsKb,
  anchorBundleKb: bundle.anchorBundleKb,
  bundleRatio: bundle.bundleRatio,
  equalFeaturesKb: bundle.equalFeaturesKb,
  equalFeaturesRatio: bundle.equalFeaturesRatio,
  coreKb: bundle.coreKb,
  anchorCoreKb: bundle.anchorCoreKb,
  speakerTileRenders: rk.speaker.tileRendersPerChange,
  anchorSpeakerTileRenders: lk.speaker.tileRendersPerChange,
  muteTileRenders: rk.mute.tileRendersPerChange,
  anchorMuteTileRenders: lk.mute.tileRendersPerChange,
  speakerCommitMs: round1(rk.speaker.medianCommitMs),
  anchorSpeakerCommitMs: round1(lk.speaker.medianCommitMs),
  muteCommitMs: round1(rk.mute.medianCommitMs),
  anchorMuteCommitMs: round1(lk.mute.medianCommitMs),
  idleTileRenders: rk.idleTileRenders,
  anchorIdleTileRenders: lk.idleTileRenders,
  pageSpeakerTileRenders: rkPage.speaker.tileRendersPerChange,
  anchorPageSpeakerTileRenders: lkPage.speaker.tileRendersPerChange,
  offPageSpeakerTileRenders: rkPage.offPage?.tileRendersPerChange ?? null,
  anchorOffPageSpeakerTileRenders: lkPage.offPage?.tileRendersPerChange ?? null,
  speakerViewTileRenders: speaker.roomkit!.tileRendersPerChange,
  anchorSpeakerViewTileRenders: speaker.livekit!.tileRendersPerChange,
  speakerViewMaxTileRenders: speaker.roomkit!.maxTileRenders,
  speakerViewMountedTiles: speaker.roomkit!.mountedTiles,
  anchorSpeakerViewMountedTiles: speaker.livekit!.mountedTiles,
  mountedTiles1000: scale.roomkit!.mountedTiles,
  subscribedVideo1000: scale.roomkit!.subscribedVideo,
  anchorMountedTiles1000: scale.livekit!.mountedTiles,
  anchorSubscribedVideo1000: scale.livekit!.subscribedVideo,
  storeNsPerEvent100: store.at100.nsPerEvent,
  storeNsPerEvent1000: store.at1000.nsPerEvent,
  eventCostRatio: store.eventCostRatio,
  agentSpeakingOtherRenders: Math.round(agent.otherRendersPerSecond * 100) / 100,
  agentVisualizerFps: Math.round(agent.framesPerSecond),
  leakCycles: leaks.cycles,
  leakedListeners: leaks.leakedListeners,
  leakedTrackListeners: leaks.leakedTrackListeners,
  heapGrowthMb: leaks.heapGrowthMb,
  connectMs: connect.result?.providerMs ?? null,
  bareConnectMs: connect.result?.bareMs ?? null,
  connectRatio: connect.result?.connectRatio ?? null,
  ...(connect.result ? {} : { connectSkipped: connect.reason }),
  ...bigRoomKeys(bigRoom.results),
  ...(bigRoom.results ? {} : { bigRoomSkipped: bigRoom.reason }),
  webinarFirstVideoMs: web('roomkit')?.firstVideoMs ?? null,
  anchorWebinarFirstVideoMs: web('livekit')?.firstVideoMs ?? null,
  webinarMainThreadMsPerS: web('roomkit')?.mainThreadMsPerS ?? null,
  anchorWebinarMainThreadMsPerS: web('livekit')?.mainThreadMsPerS ?? null,
  webinarHeapMb: web('roomkit')?.heapMb ?? null,
  anchorWebinarHeapMb: web('livekit')?.heapMb ?? null,
  ...(webinar.result ? {} : { webinarSkipped: webinar.reason }),
  runtimeS,
};

const rows: Array<Row | string> = [
  'Bundle (Vite, minified, gzip -9; react, react-dom, livekit-client, @tanstack/react-query external)',
  // Issue 39's decision: the full conference keeps its features and never grows past the anchor; the promise is the parts.
  ['provider + VideoConference + stylesheet, kB', `${bundle.bundleKb}`, `${bundle.anchorBundleKb}`, `ratio ${bundle.bundleRatio} ≤ 1.0`, bundle.bundleRatio <= 1],
  ["a meeting from parts with the anchor's features (composedMeeting.tsx), kB", `${bundle.equalFeaturesKb}`, `${bundle.anchorBundleKb}`, `ratio ${bundle.equalFeaturesRatio} ≤ 0.6`, bundle.equalFeaturesRatio <= 0.6],
  ['of which loads before the conference first paints, kB', `${bundle.bundleInitialKb}`, '', `≤ ${Math.round(bundle.anchorBundleKb * 5) / 10} (½ anchor)`, bundle.bundleInitialKb <= bundle.anchorBundleKb / 2],
  ['what the first paint shows, its parts alone (grid, tiles, 4 controls, connection state), kB', `${bundle.firstPaintPartsKb}`, '', '', null],
  ['provider + useParticipants, kB', `${bundle.coreKb}`, `${bundle.anchorCoreKb}`, '≤ 7', bundle.coreKb <= 7],
  ['packed tarball (npm pack), kB (unpacked)', `${bundle.tarballKb} (${bundle.tarballUnpackedKb})`, '', '≤ 300', bundle.tarballKb <= 300],
  `Render isolation (Chromium, 100 participants, all ${rk.mountedTiles} tiles mounted; ${rk.speaker.samples} changes each)`,
  ['tile renders per active-speaker change', `${rk.speaker.tileRendersPerChange}`, `${lk.speaker.tileRendersPerChange}`, '≤ 2', rk.speaker.tileRendersPerChange <= 2],
  ['tile renders per microphone mute', `${rk.mute.tileRendersPerChange}`, `${lk.mute.tileRendersPerChange}`, '≤ 2', rk.mute.tileRendersPerChange <= 2],
  ['speaker change: event to last commit, median ms', ms(rk.speaker.medianCommitMs), ms(lk.speaker.medianCommitMs), '', null],
  ['mute: event to last commit, median ms', ms(rk.mute.medianCommitMs), ms(lk.mute.medianCommitMs), '', null],
  ['tile renders while idle for 5 s', `${rk.idleTileRenders}`, `${lk.idleTileRenders}`, '0', rk.idleTileRenders === 0],
  `Render isolation (grid page of ${rkPage.mountedTiles} / ${lkPage.mountedTiles} tiles, 100 participants)`,
  ['tile renders per speaker change on the page', `${rkPage.speaker.tileRendersPerChange}`, `${lkPage.speaker.tileRendersPerChange}`, '≤ 2', rkPage.speaker.tileRendersPerChange <= 2],
  ['tile renders per speaker change on another page', `${BENCH.offPageSpeakerTileRenders}`, `${BENCH.anchorOffPageSpeakerTileRenders}`, '0', BENCH.offPageSpeakerTileRenders === 0],
  ['tile renders while idle for 5 s', `${rkPage.idleTileRenders}`, `${lkPage.idleTileRenders}`, '0', rkPage.idleTileRenders === 0],
  `Speaker view (100 participants; SpeakerLayout vs components-react FocusLayout + CarouselLayout; ${speaker.roomkit!.samples.length} speaker changes, 5 on screen, 5 off)`,
  ['tiles mounted', `${speaker.roomkit!.mountedTiles}`, `${speaker.livekit!.mountedTiles}`, '', null],
  [
    'tile renders per speaker change (speaking flags + the move)',
    `${BENCH.speakerViewTileRenders}`,
    `${BENCH.anchorSpeakerViewTileRenders}`,
    '≤ 4 (2 + 2)',
    BENCH.speakerViewTileRenders <= 4,
  ],
  ['speaker change to the large tile showing them, median ms', ms(speaker.roomkit!.medianMsToLargeTile), ms(speaker.livekit!.medianMsToLargeTile), 'RoomKit: hold 1200', null],
  'Scale (1000 participants, VideoConference, page of 25)',
  ['subscription management settled (exactly the page subscribed), ms', `${scale.roomkit!.settled ? Math.round(scale.roomkit!.settledMs) : 'not settled'}`, '', '', scale.roomkit!.settled],
  ['tiles mounted', `${scale.roomkit!.mountedTiles}`, `${scale.livekit!.mountedTiles}`, '25', scale.roomkit!.mountedTiles === 25],
  ['remote cameras subscribed (isDesired && isSubscribed)', `${scale.roomkit!.subscribedVideo}`, `${scale.livekit!.subscribedVideo}`, '≤ 25', scale.roomkit!.subscribedVideo <= 25],
  ['store: setSpeaking + flush, median ns, 100 → 1000', `${store.at100.nsPerEvent} → ${store.at1000.nsPerEvent}`, '', `ratio ${store.eventCostRatio} ≤ 1.5`, store.eventCostRatio <= 1.5],
  `An agent speaking (VideoConference, 25 participants; ${agent.frames} visualizer frames in ${agent.seconds.toFixed(1)} s)`,
  ['renders of other components per second', `${BENCH.agentSpeakingOtherRenders}`, '', '0', BENCH.agentSpeakingOtherRenders === 0],
  ['visualizer frames drawn per second', `${BENCH.agentVisualizerFps}`, '', '', null],
  `Leaks (${leaks.cycles} mount/unmount cycles of RoomProvider + VideoConference, ${leaks.participants} participants, Chromium)`,
  ['listeners left on Room + participants', `${leaks.leakedListeners}`, '', '0', leaks.leakedListeners === 0],
  ['listeners left on publications + tracks', `${leaks.leakedTrackListeners}`, '', '', null],
  ['heap growth after forced GC, MB', `${leaks.heapGrowthMb}`, '', '≤ 0.5', leaks.heapGrowthMb <= 0.5],
  'Connect (Chromium, dev media server on 127.0.0.1)',
  connect.result
    ? [`to Connected, median ms of ${connect.result.runs}: RoomProvider | bare`, `${connect.result.providerMs}`, `bare ${connect.result.bareMs}`, `ratio ${connect.result.connectRatio} ≤ 1.05`, connect.result.connectRatio <= 1.05]
    : ['RoomProvider mount → Connected vs bare room.connect()', 'skipped', connect.reason ?? '', '≤ 1.05', null],
];

rows.push(...bigRoomRows(bigRoomRun.result, bigRoomRun.reason));
{
  const r = web('roomkit');
  const a = web('livekit');
  if (!r || !a) rows.push(`Webinar (1000 participants): skipped, ${webinar.reason ?? 'no result'}`);
  else {
    const v = (x: number | null) => (x === null ? '–' : `${x}`);
    rows.push(
      `Webinar (Chromium, dev media server, 20 panelists with cameras and 980 listeners with muted microphones; ${r.hands} hands and ${r.chats} chat messages in the window)`,
      ['join to every panelist camera playing, ms', `${v(r.firstVideoMs)}${r.settled ? '' : ' (not settled)'}`, `${v(a.firstVideoMs)}${a.settled ? '' : ' (not settled)'}`, '≤ anchor', r.firstVideoMs !== null && (a.firstVideoMs === null || r.firstVideoMs <= a.firstVideoMs)],
      ['main-thread task time, ms per s', `${r.mainThreadMsPerS}`, `${a.mainThreadMsPerS}`, '≤ anchor', r.mainThreadMsPerS <= a.mainThreadMsPerS],
      ['JS heap after GC, MB', `${r.heapMb}`, `${a.heapMb}`, '≤ anchor', r.heapMb <= a.heapMb],
      ['participant list: open to first rows | scroll to the end, ms (steps)', r.list ? `${v(r.list.openMs)} | ${v(r.list.scrollMs)} (${r.list.steps})` : '–', 'no list', '', null],
    );
  }
}

const failures = [
  ...(connect.result ? [] : [`connect: ${connect.reason ?? 'no result'}`]),
  ...bigRoom.failures,
  ...(webinar.result ? [] : [`webinar: ${webinar.reason ?? 'no result'}`]),
];
await finish(
  rows,
  [
    `@livekit/components-react ${await version('@livekit/components-react')} with @livekit/components-styles ${await version('@livekit/components-styles')}, ` +
      `livekit-client ${await version('livekit-client')}, react ${await version('react')}; runtime ${runtimeS} s`,
  ],
  { bundle, store, renders, scale, agent, leaks, connect, bigRoom, webinar },
  BENCH,
  failures,
);
