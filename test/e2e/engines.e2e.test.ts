/**
 * The demo meets across engines: the built demo (production React, bundled), the dev media server, Room API and
 * customer backend, joined from Debian's Firefox ESR and Debian's Chromium (test/e2e/engines.ts). One test body runs
 * for each pairing: Firefox with Firefox, Firefox with Chromium (Chromium with Chromium is demo.e2e.test.ts).
 * Each test's name starts with its engines, so a failure says which. Run inside test/e2e/netns.sh.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startDemo, type Demo } from '../../demo/serve';
import { launchEngine, type Engine, type EngineName, type EnginePage } from './engines';
import { WAIT } from './wait';

let demo: Demo;
const engines = new Map<EngineName, Engine>();
/** The pages the current test opened: closed after it, and described when it fails. */
const opened: Array<{ name: string; page: EnginePage }> = [];
let room = '';
let rooms = 0;

beforeAll(async () => {
  demo = await startDemo({ port: 0, mediaPort: 0, roomApiPort: 0, quiet: true, frozen: true, built: true });
  // one browser at a time: started one after the other, not at once, on a 2-core machine
  for (const name of ['firefox', 'chromium'] as const) engines.set(name, await launchEngine(name));
}, 120_000);

afterAll(async () => {
  for (const engine of engines.values()) await engine.close();
  await demo?.close();
});

beforeEach(({ task }) => {
  room = `x${task.id.replace(/[^a-z0-9]/gi, '').slice(-8)}${rooms++}`;
  for (const engine of engines.values()) engine.logs.length = 0;
});

afterEach(async ({ task }) => {
  if (task.result?.state === 'fail') console.log(`FAILED TEST "${task.name}":\n${await explainFailure()}`);
  for (const { page } of opened.splice(0)) await page.close();
});

async function explainFailure(): Promise<string> {
  const lines = [...[...engines.values()].flatMap((e) => e.logs)];
  for (const { name, page } of opened) {
    const client = await page.page
      .evaluate(() => {
        const r = (window as unknown as { __roomkitDemo?: { room?: DemoRoom } }).__roomkitDemo?.room;
        if (!r) return '(no room)';
        return `${r.state}; others: ${[...r.remoteParticipants.values()].map((p) => `${p.identity} [${[...p.trackPublications.values()].map((t) => `${t.source}${t.isSubscribed ? '' : ' unsubscribed'}`).join(', ')}]`).join('; ')}`;
      })
      .catch((error: unknown) => `(unreadable: ${String(error)})`);
    const videos = await page.page
      .evaluate(() =>
        [...document.querySelectorAll<HTMLElement>('[role="group"][aria-label]')].map((tile) => {
          const video = tile.querySelector('video');
          return `${tile.getAttribute('aria-label')} ${tile.dataset.video}: ${video ? `${video.videoWidth}x${video.videoHeight} t=${video.currentTime.toFixed(1)} paused=${video.paused} ready=${video.readyState}` : 'no video'}`;
        }),
      )
      .catch(() => []);
    const inbound = await page.page
      .evaluate(async () => {
        const r = (window as unknown as { __roomkitDemo?: { room?: DemoRoom } }).__roomkitDemo?.room;
        const out: string[] = [];
        for (const person of r?.remoteParticipants.values() ?? []) {
          for (const t of person.trackPublications.values()) {
            const stats: string[] = [];
            (await t.track?.receiver?.getStats())?.forEach((s: Record<string, unknown>) => {
              if (s.type === 'inbound-rtp') stats.push(`packets=${String(s.packetsReceived)} frames=${String(s.framesDecoded ?? '-')} ssrc=${String(s.ssrc)}`);
            });
            out.push(`${person.identity} ${t.source}: ${stats.join(' ') || 'no inbound-rtp'}`);
          }
        }
        return out;
      })
      .catch(() => []);
    const visibility = await page.page.evaluate(() => document.visibilityState).catch(() => '?');
    lines.push(`--- ${name} (${page.engine}, page ${visibility}): ${client}`, ...videos, ...inbound);
  }
  for (const r of demo.media?.rooms() ?? []) {
    if (!r.name.startsWith(`${room}-`)) continue;
    for (const p of r.participants) lines.push(`server: ${p.name} pc=${p.connectionState} tracks=[${p.tracks.map((t) => `${t.source} received=${t.packetsReceived} layers=${t.layers.join('/')}`).join(' ')}] receives=[${p.subscriptions.join(' ')}] forwarded=${JSON.stringify(p.media.tracks)} data dropped=${p.droppedDataPackets} undelivered=${p.undeliveredDataPackets} replayed=${p.replayedDataPackets}`);
  }
  return lines.join('\n');
}

/** What the demo page exposes of livekit-client's Room, as far as these tests read it. */
interface DemoRoom {
  state: string;
  remoteParticipants: Map<
    string,
    {
      identity: string;
      name?: string;
      trackPublications: Map<string, { source: string; isSubscribed: boolean; isMuted: boolean; track?: { receiver?: RTCRtpReceiver } }>;
    }
  >;
}

/** Opens the demo in `engine` as `name` and joins the test's room. */
async function join(engine: EngineName, name: string): Promise<EnginePage> {
  const page = await engines.get(engine)!.newPage(name);
  opened.push({ name, page });
  await page.page.goto(`${demo.url}?name=${encodeURIComponent(name)}&role=publisher&room=${room}&capture=small`);
  await clickButton(page, 'Join');
  await page.page.waitForSelector('[role="toolbar"][aria-label="Meeting controls"]');
  return page;
}

/** Clicks the enabled button whose accessible name (its aria-label, else its text) is exactly `name`. */
async function clickButton(page: EnginePage, name: string): Promise<void> {
  const handle = await page.page.waitForFunction(
    (label: string) =>
      [...document.querySelectorAll<HTMLButtonElement>('button')].find((b) => !b.disabled && (b.getAttribute('aria-label') ?? b.textContent?.trim()) === label),
    {},
    name,
  );
  await (handle as unknown as { click(): Promise<void> }).click();
}

/** Waits until `page` plays `who`'s camera: decoded frames, and its time moving on. */
async function seesVideoOf(page: EnginePage, who: string): Promise<void> {
  await page.page.waitForFunction(
    (name: string) => {
      const video = document.querySelector<HTMLVideoElement>(`[role="group"][aria-label="${name}"] video`);
      if (!video || video.videoWidth === 0) return false;
      const w = window as unknown as { __t?: Record<string, number> };
      w.__t ??= {};
      const before = w.__t[name];
      w.__t[name] = video.currentTime;
      return before !== undefined && video.currentTime > before;
    },
    { timeout: WAIT.timeout, polling: 300 },
    who,
  );
}

/**
 * Waits until `page` hears `who`: the receiver of `who`'s microphone decodes sound above silence (inbound-rtp
 * `audioLevel`, which both engines compute from the decoded audio; their fake microphones play a tone).
 */
async function hears(page: EnginePage, who: string): Promise<void> {
  const level = () =>
    page.page.evaluate(async (name: string) => {
      const r = (window as unknown as { __roomkitDemo?: { room?: DemoRoom } }).__roomkitDemo?.room;
      const person = [...(r?.remoteParticipants.values() ?? [])].find((p) => p.name === name);
      const microphone = [...(person?.trackPublications.values() ?? [])].find((t) => t.source === 'microphone');
      let loudest = 0;
      (await microphone?.track?.receiver?.getStats())?.forEach((s: { type: string; audioLevel?: number }) => {
        if (s.type === 'inbound-rtp') loudest = Math.max(loudest, s.audioLevel ?? 0);
      });
      return loudest;
    }, who);
  await expect.poll(level, WAIT).toBeGreaterThan(0.01);
}

/** The tile's `data-video` for `who` on `page` ("on", "muted", "off"…). */
const videoState = (page: EnginePage, who: string) =>
  page.page.evaluate((name: string) => document.querySelector(`[role="group"][aria-label="${name}"]`)?.getAttribute('data-video') ?? null, who);

/** Whether `who`'s tile on `page` shows the muted-microphone indicator. */
const showsMicMuted = (page: EnginePage, who: string) =>
  page.page.evaluate((name: string) => !!document.querySelector(`[role="group"][aria-label="${name}"] [aria-label="Microphone muted"]`), who);

async function openChat(page: EnginePage, toggle = 'Chat'): Promise<void> {
  await clickButton(page, toggle);
  await page.page.waitForSelector('.rk-chat-form input:not([disabled])');
}

async function sendChat(page: EnginePage, text: string): Promise<void> {
  const input = await page.page.waitForSelector('.rk-chat-form input:not([disabled])');
  await input!.type(text);
  await page.page.keyboard.press('Enter');
}

const chatTexts = (page: EnginePage) => page.page.evaluate(() => [...document.querySelectorAll('.rk-chat-log li')].map((li) => li.textContent ?? ''));

/**
 * Who joins first matters: the first page receives the second one's tracks through a renegotiation, the second
 * receives the first one's as it joins. Chromium with Chromium is demo.e2e.test.ts.
 */
const PAIRS: ReadonlyArray<readonly [EngineName, EngineName]> = [
  ['firefox', 'chromium'],
  ['chromium', 'firefox'],
  ['firefox', 'firefox'],
];

describe.each(PAIRS)('%s with %s', (first, second) => {
  it(`${first} and ${second}: each sees the other's camera playing and hears the other's microphone`, async () => {
    const a = await join(first, 'Ada');
    const b = await join(second, 'Bo');
    await seesVideoOf(a, 'Bo');
    await seesVideoOf(b, 'Ada');
    await hears(a, 'Bo');
    await hears(b, 'Ada');
  });

  it(`${first} and ${second}: chat goes both ways, and what arrives while the chat is closed shows when it opens`, async () => {
    const a = await join(first, 'Cy');
    const b = await join(second, 'Di');
    await openChat(a);
    await openChat(b);
    await sendChat(a, `hello from ${first}`);
    await expect.poll(() => chatTexts(b), WAIT).toEqual(expect.arrayContaining([expect.stringContaining(`hello from ${first}`)]));
    await sendChat(b, `hi back from ${second}`);
    await expect.poll(() => chatTexts(a), WAIT).toEqual(expect.arrayContaining([expect.stringContaining(`hi back from ${second}`)]));
    await b.page.evaluate(() => document.querySelector<HTMLButtonElement>('.rk-panel-close')!.click());
    await b.page.waitForSelector('.rk-chat', { hidden: true });
    await sendChat(a, `while closed from ${first}`);
    await openChat(b, 'Chat, 1 unread');
    await expect.poll(() => chatTexts(b), WAIT).toEqual(expect.arrayContaining([expect.stringContaining(`while closed from ${first}`)]));
  });

  it(`${first} and ${second}: muting and unmuting the camera and microphone shows on the other side`, async () => {
    const a = await join(first, 'Eve');
    const b = await join(second, 'Fin');
    await seesVideoOf(b, 'Eve');
    await clickButton(a, 'Camera');
    await expect.poll(() => videoState(b, 'Eve'), WAIT).not.toBe('on');
    await clickButton(a, 'Microphone');
    await expect.poll(() => showsMicMuted(b, 'Eve'), WAIT).toBe(true);
    await clickButton(a, 'Camera');
    await expect.poll(() => videoState(b, 'Eve'), WAIT).toBe('on');
    await seesVideoOf(b, 'Eve');
    await clickButton(a, 'Microphone');
    await expect.poll(() => showsMicMuted(b, 'Eve'), WAIT).toBe(false);
    await hears(b, 'Eve');
  });
});
