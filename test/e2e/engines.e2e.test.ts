/**
 * The demo meets across engines: the built demo (production React, bundled), the dev media server, Room API and
 * customer backend, joined from Debian's Firefox ESR and Debian's Chromium (test/e2e/engines.ts). One test body runs
 * for each pairing: Firefox with Firefox, Firefox with Chromium (Chromium with Chromium is demo.e2e.test.ts).
 * Then the rest of a meeting in one Firefox + Chromium room per scenario, both directions in that room where a
 * scenario has two: screen share, switching devices, a media server restart, token refresh, a waiting room's
 * admission and a breakout move. Each test's name starts with its engines, so a failure says which. Run inside
 * test/e2e/netns.sh.
 *
 * Tokens live 60 s here (the service's minimum): the token-refresh scenario (the last test) has to outlive one. Its
 * two people join before the other tests and are checked after them, so its wait overlaps their work.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startDemo, type Demo } from '../../demo/serve';
import { launchEngine, type Engine, type EngineName, type EnginePage, type PageNeeds } from './engines';
import { WAIT } from './wait';

let demo: Demo;
const engines = new Map<EngineName, Engine>();
/** The pages the current test opened: closed after it, and described when it fails. */
const opened: Array<{ name: string; page: EnginePage }> = [];
let room = '';
let rooms = 0;
/** The token-refresh scenario's two people and the tokens they joined with (see the file's comment). */
let refresh: { fox: EnginePage; chrome: EnginePage; first: string[] } | undefined;

beforeAll(async () => {
  demo = await startDemo({ port: 0, mediaPort: 0, roomApiPort: 0, quiet: true, frozen: true, built: true, ttlSeconds: 60 });
  // one browser at a time: started one after the other, not at once, on a 2-core machine
  for (const name of ['firefox', 'chromium'] as const) engines.set(name, await launchEngine(name));
  // Their cameras stay off until the check (a re-join publishes what PreJoin chose), so they cost the tests between
  // next to nothing.
  const fox = await open('firefox', 'Tia', { room: 'refresh', cameraOff: true });
  const chrome = await open('chromium', 'Tom', { room: 'refresh', cameraOff: true });
  refresh = { fox, chrome, first: [await demoToken(fox), await demoToken(chrome)] };
}, 120_000);

afterAll(async () => {
  await refresh?.fox.close();
  await refresh?.chrome.close();
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

interface JoinOptions extends PageNeeds {
  /** The demo backend's role (default `publisher`). */
  role?: string;
  /** The room (default the test's). */
  room?: string;
  /** What shows once the page is in (default the meeting's toolbar). */
  ready?: string;
  /** A script that runs in the page before its own (puppeteer's evaluateOnNewDocument). */
  before?: () => void;
  /** Turns the camera off in PreJoin, so the person joins (and re-joins) with it off. */
  cameraOff?: boolean;
}

/** Opens the demo on `page` as `name` and joins `room` from PreJoin. */
async function enter(page: EnginePage, name: string, { role = 'publisher', room: where = room, ready = '[role="toolbar"][aria-label="Meeting controls"]', before, cameraOff }: JoinOptions): Promise<void> {
  if (before) await page.page.evaluateOnNewDocument(before);
  await page.page.goto(`${demo.url}?name=${encodeURIComponent(name)}&role=${role}&room=${where}&capture=small`);
  if (cameraOff) await toggleFrom(page, 'Camera', true, '');
  await clickButton(page, 'Join');
  await page.page.waitForSelector(ready);
}

/** A page of its own in `engine` that joins as `name`; the caller closes it. */
async function open(engine: EngineName, name: string, options: JoinOptions = {}): Promise<EnginePage> {
  const page = await engines.get(engine)!.newPage(name, options);
  await enter(page, name, options);
  return page;
}

/** Opens the demo in `engine` as `name` and joins the test's room; the page closes after the test. */
async function join(engine: EngineName, name: string, options: JoinOptions = {}): Promise<EnginePage> {
  const page = await engines.get(engine)!.newPage(name, options);
  opened.push({ name, page });
  await enter(page, name, options);
  return page;
}

/** The token the demo page holds now. */
const demoToken = (page: EnginePage) => page.page.evaluate(() => (window as unknown as { __roomkitDemo: { token: string } }).__roomkitDemo.token);

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

/** Waits until `page` plays `who`'s camera (or screen share): decoded frames, and its time moving on. */
async function seesVideoOf(page: EnginePage, who: string, source: 'camera' | 'screen_share' = 'camera', bound = WAIT.timeout): Promise<void> {
  await page.page.evaluate(() => delete (window as unknown as { __t?: unknown }).__t);
  await page.page.waitForFunction(
    (name: string, from: string) => {
      const video = document.querySelector<HTMLVideoElement>(`[role="group"][aria-label="${name}"][data-source="${from}"] video`);
      if (!video || video.videoWidth === 0) return false;
      const w = window as unknown as { __t?: Record<string, number> };
      w.__t ??= {};
      const before = w.__t[name + from];
      w.__t[name + from] = video.currentTime;
      return before !== undefined && video.currentTime > before;
    },
    { timeout: bound, polling: 300 },
    who,
    source,
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

/** Clicks the enabled button whose accessible name starts with `prefix` ("Participants (2)"). */
async function clickButtonStarting(page: EnginePage, prefix: string): Promise<void> {
  const handle = await page.page.waitForFunction(
    (start: string) => [...document.querySelectorAll<HTMLButtonElement>('button')].find((b) => !b.disabled && (b.getAttribute('aria-label') ?? b.textContent?.trim() ?? '').startsWith(start)),
    {},
    prefix,
  );
  await (handle as unknown as { click(): Promise<void> }).click();
}

/** Chooses the option labelled `option` in the select named `name` (its aria-label or its label's text). */
async function choose(page: EnginePage, name: string, option: string): Promise<void> {
  const value = await page.page
    .waitForFunction(
    (n: string, o: string) => {
      const select = [...document.querySelectorAll('select')].find((s) => !s.disabled && (s.getAttribute('aria-label') ?? s.labels?.[0]?.textContent) === n);
      return [...(select?.options ?? [])].find((x) => x.textContent === o)?.value;
    },
      {},
      name,
      option,
    )
    .catch(async (error: unknown) => {
      const selects = await page.page.evaluate(() =>
        [...document.querySelectorAll('select')].map((s) => `${s.getAttribute('aria-label') ?? s.labels?.[0]?.textContent ?? '?'}: ${[...s.options].map((o) => o.textContent).join(' | ')}`),
      );
      throw new Error(`no option "${option}" in the select "${name}"; the page's selects: ${selects.join('; ') || 'none'}`, { cause: error });
    });
  const chosen = (await value.jsonValue()) as string;
  await page.page.evaluate(
    (n: string, v: string) => {
      const select = [...document.querySelectorAll('select')].find((s) => (s.getAttribute('aria-label') ?? s.labels?.[0]?.textContent) === n)!;
      // React reads a select's change from the native value setter and a bubbling change event
      Object.getOwnPropertyDescriptor(HTMLSelectElement.prototype, 'value')!.set!.call(select, v);
      select.dispatchEvent(new Event('change', { bubbles: true }));
    },
    name,
    chosen,
  );
}

/**
 * Records every state the connection toast takes on `page` from now on, as the page commits it: a look now and then
 * could miss a short outage between two looks.
 */
const recordConnection = (page: EnginePage) =>
  page.page.evaluate(() => {
    // the whole document: a re-join after a failed resume renders the meeting, and its toast, anew
    const seen: string[] = ((window as unknown as { __states: string[] }).__states = []);
    const look = () => {
      const state = document.querySelector<HTMLElement>('.rk-toast[data-state]')?.dataset.state ?? 'none';
      if (seen.at(-1) !== state) seen.push(state);
    };
    look();
    new MutationObserver(look).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-state'] });
  });

/** Whether the toast recorded by {@link recordConnection} has left `connected` and come back to it. */
const wentDownAndBack = (page: EnginePage) =>
  page.page.evaluate(() => {
    const seen = (window as unknown as { __states: string[] }).__states;
    return seen.some((state) => state !== 'connected') && seen.at(-1) === 'connected';
  });

/**
 * Presses the `name` toggle (the meeting toolbar's, or `within` another scope) once it is `pressed` (a camera chosen in
 * PreJoin publishes after the join), and waits for it to show the other state.
 */
async function toggleFrom(page: EnginePage, name: string, pressed: boolean, within = '[role="toolbar"][aria-label="Meeting controls"] '): Promise<void> {
  const shows = (state: boolean) =>
    page.page.waitForFunction(
      (scope: string, label: string, want: string) =>
        [...document.querySelectorAll(`${scope}button`)].some((b) => (b.getAttribute('aria-label') ?? b.textContent?.trim()) === label && b.getAttribute('aria-pressed') === want),
      {},
      within,
      name,
      String(state),
    );
  await shows(pressed);
  await clickButton(page, name);
  await shows(!pressed);
}

/** The tiles on `page`'s stage, by name. */
const tileNames = (page: EnginePage) =>
  page.page.evaluate(() => [...new Set([...document.querySelectorAll('.rk-conference-stage .rk-tile')].map((t) => (t.getAttribute('aria-label') ?? '').split(/[ ,]/)[0]))].sort());

/**
 * A second camera and a second microphone for a Firefox page. Firefox's fake media has one of each, whatever the
 * prefs: MediaEngineFake enumerates one "Default Video Device" and one "Default Audio Device" (the pref
 * `media.getusermedia.fake-camera-name` renames the camera, none adds one), and real devices need a camera or a
 * sound server that this machine does not have. So the page lists two more beside them: "Second camera", a canvas
 * painted green on the left and magenta on the right (no fake camera looks like that, so the other side can tell it
 * arrived), and "Second microphone", a 440 Hz tone. They come from getUserMedia with their deviceId, as a real
 * device would, so the demo's selects, RoomKit, livekit-client and Firefox's RTCRtpSender switch to them unchanged.
 */
function addSecondDevices(): void {
  const CAMERA = 'rk-second-camera';
  const MICROPHONE = 'rk-second-microphone';
  const devices = navigator.mediaDevices;
  const enumerate = devices.enumerateDevices.bind(devices);
  const getUserMedia = devices.getUserMedia.bind(devices);
  const info = (deviceId: string, kind: MediaDeviceKind, label: string) => ({ deviceId, kind, label, groupId: 'rk-second', toJSON: () => ({ deviceId, kind, label }) }) as MediaDeviceInfo;
  devices.enumerateDevices = async () => {
    const listed = await enumerate();
    // like a real device, named only once the page may capture
    const named = listed.some((d) => d.label !== '');
    return [...listed, info(CAMERA, 'videoinput', named ? 'Second camera' : ''), info(MICROPHONE, 'audioinput', named ? 'Second microphone' : '')];
  };
  const asks = (wanted: boolean | MediaTrackConstraints | undefined, id: string) => {
    const d = typeof wanted === 'object' ? wanted.deviceId : undefined;
    const v = typeof d === 'object' && !Array.isArray(d) ? (d.exact ?? d.ideal) : d;
    return Array.isArray(v) ? v.includes(id) : v === id;
  };
  // A device's track: its settings name its deviceId, and it takes the resolution livekit-client applies after a
  // switch as a camera that has only one (Firefox rejects applyConstraints on a canvas's track, which would end it).
  const as = (track: MediaStreamTrack, deviceId: string) => {
    const settings = track.getSettings.bind(track);
    track.getSettings = () => ({ ...settings(), deviceId });
    track.applyConstraints = () => Promise.resolve();
    return track;
  };
  devices.getUserMedia = async (constraints: MediaStreamConstraints = {}) => {
    const camera = asks(constraints.video, CAMERA);
    const microphone = asks(constraints.audio, MICROPHONE);
    if (!camera && !microphone) return getUserMedia(constraints);
    const rest = { video: camera ? false : (constraints.video ?? false), audio: microphone ? false : (constraints.audio ?? false) };
    const tracks = rest.video || rest.audio ? (await getUserMedia(rest)).getTracks() : [];
    if (camera) {
      const canvas = Object.assign(document.createElement('canvas'), { width: 320, height: 240 });
      // in the document, as Firefox captures a canvas's frames as its document paints
      canvas.style.cssText = 'position: fixed; left: 0; top: 0; width: 4px; height: 4px; opacity: 0.01; pointer-events: none';
      document.body.append(canvas);
      const g = canvas.getContext('2d')!;
      let n = 0;
      const paint = () => {
        g.fillStyle = 'rgb(0, 255, 0)';
        g.fillRect(0, 0, 160, 240);
        g.fillStyle = 'rgb(255, 0, 255)';
        g.fillRect(160, 0, 160, 240);
        g.fillStyle = 'rgb(0, 0, 0)';
        g.fillRect(0, (n++ * 8) % 240, 320, 4);
      };
      paint();
      setInterval(paint, 100);
      tracks.push(as(canvas.captureStream(10).getVideoTracks()[0]!, CAMERA));
    }
    if (microphone) {
      const context = new AudioContext();
      const tone = context.createOscillator();
      const out = context.createMediaStreamDestination();
      tone.frequency.value = 440;
      tone.connect(out);
      tone.start();
      tracks.push(as(out.stream.getAudioTracks()[0]!, MICROPHONE));
    }
    return new MediaStream(tracks);
  };
}

/** The mean colour of the left and the right half of `who`'s camera on `page`. */
const halves = (page: EnginePage, who: string) =>
  page.page.evaluate((name: string) => {
    const video = document.querySelector<HTMLVideoElement>(`[role="group"][aria-label="${name}"][data-source="camera"] video`);
    if (!video || video.videoWidth === 0) return null;
    const canvas = Object.assign(document.createElement('canvas'), { width: 32, height: 24 });
    const g = canvas.getContext('2d')!;
    g.drawImage(video, 0, 0, 32, 24);
    const mean = (x: number) => {
      const { data } = g.getImageData(x, 0, 16, 24);
      const sum = [0, 0, 0];
      for (let i = 0; i < data.length; i += 4) for (let c = 0; c < 3; c++) sum[c]! += data[i + c]!;
      return sum.map((v) => Math.round(v / (data.length / 4)));
    };
    return { left: mean(0), right: mean(16) };
  }, who);

describe('firefox and chromium in one room', () => {
  it('firefox+chromium: each shares a screen, and the other sees the share playing', async () => {
    const fox = await join('firefox', 'Sam', { screen: true });
    const chrome = await join('chromium', 'Sue');
    await clickButton(fox, 'Share screen');
    await seesVideoOf(chrome, 'Sam', 'screen_share');
    await clickButton(chrome, 'Share screen');
    await seesVideoOf(fox, 'Sue', 'screen_share');
    // Firefox shares a screen's picture only: its share carries no sound, and the tile does not claim any.
    const soundMark = (page: EnginePage, who: string) =>
      page.page.evaluate((name: string) => !!document.querySelector(`[role="group"][aria-label="${name}"][data-source="screen_share"] [data-share-sound]`), who);
    expect(await soundMark(chrome, 'Sam')).toBe(false);
  });

  // The one skip issue 52 allows in Firefox. It runs to print its reason (a skipped test's name alone is not in the
  // default reporter's output), then marks itself skipped.
  it('firefox+chromium: the sound of a screen shared from Firefox', (ctx) => {
    console.log('SKIPPED in Firefox: Firefox cannot capture a screen’s sound (its getDisplayMedia returns video only)');
    ctx.skip();
  });

  it('firefox+chromium: the person in Firefox switches camera and microphone from the meeting’s selects, and Chromium receives the new ones', async () => {
    const fox = await join('firefox', 'Vic', { before: addSecondDevices });
    // wide enough that the toolbar shows the device selects instead of folding them away
    await fox.page.setViewport({ width: 1280, height: 720 });
    const chrome = await join('chromium', 'Val');
    await seesVideoOf(chrome, 'Vic');
    await hears(chrome, 'Vic');
    const isSecond = (h: Awaited<ReturnType<typeof halves>>) => !!h && h.left[1]! > 180 && h.left[0]! < 80 && h.right[0]! > 180 && h.right[1]! < 80 && h.right[2]! > 180;
    expect(isSecond(await halves(chrome, 'Vic'))).toBe(false);
    await choose(fox, 'Choose camera', 'Second camera');
    await expect.poll(async () => isSecond(await halves(chrome, 'Vic')), WAIT).toBe(true);
    await seesVideoOf(chrome, 'Vic');
    await choose(fox, 'Choose microphone', 'Second microphone');
    const publishedMicrophone = () =>
      fox.page.evaluate(() => {
        const r = (window as unknown as { __roomkitDemo: { room: { localParticipant: { getTrackPublication(s: string): { track?: { mediaStreamTrack: MediaStreamTrack } } | undefined } } } }).__roomkitDemo.room;
        return r.localParticipant.getTrackPublication('microphone')?.track?.mediaStreamTrack.getSettings().deviceId;
      });
    await expect.poll(publishedMicrophone, WAIT).toBe('rk-second-microphone');
    await hears(chrome, 'Vic');
  });

  it('firefox+chromium: after the media server restarts, both are back and see and hear each other', async () => {
    const fox = await join('firefox', 'Rex');
    const chrome = await join('chromium', 'Roy');
    await seesVideoOf(fox, 'Roy');
    await seesVideoOf(chrome, 'Rex');
    for (const page of [fox, chrome]) await recordConnection(page);
    await demo.media!.restart({ downMs: 1500 });
    // Each page loses the connection and reconnects (in full: a new session on the restarted server).
    for (const page of [fox, chrome]) await expect.poll(() => wentDownAndBack(page), { timeout: 60_000, interval: 250 }).toBe(true);
    await seesVideoOf(fox, 'Roy', 'camera', 30_000);
    await seesVideoOf(chrome, 'Rex', 'camera', 30_000);
    await hears(fox, 'Roy');
    await hears(chrome, 'Rex');
  });

  it('chromium+firefox: a Firefox guest waits, a Chromium host admits them, and they meet', async () => {
    const host = await join('chromium', 'Hal', { role: 'admin' });
    await clickButtonStarting(host, 'Participants');
    const guest = await join('firefox', 'Gil', { role: 'guest', ready: '.rk-waiting, [role="status"]' });
    await guest.page.waitForFunction(() => [...document.querySelectorAll('[role="status"]')].some((s) => s.textContent?.includes('Waiting for the host to let you in')));
    expect(await guest.page.$('[role="toolbar"][aria-label="Meeting controls"]')).toBeNull();
    await clickButton(host, 'Admit Gil');
    await guest.page.waitForSelector('[role="toolbar"][aria-label="Meeting controls"]');
    await seesVideoOf(host, 'Gil');
    await seesVideoOf(guest, 'Hal');
    await hears(host, 'Gil');
  });

  it('chromium+firefox: a Chromium host moves a Firefox person into a breakout room, where they meet and hear the one moved there with them', async () => {
    const host = await join('chromium', 'Ada', { role: 'admin' });
    const fox = await join('firefox', 'Bea');
    const chrome = await join('chromium', 'Cal');
    await expect.poll(() => tileNames(host), WAIT).toEqual(['Ada', 'Bea', 'Cal']);
    await clickButtonStarting(host, 'Participants');
    await choose(host, 'Room for Bea', 'Room 1');
    await choose(host, 'Room for Cal', 'Room 1');
    await clickButton(host, 'Open rooms');
    const status = (page: EnginePage) => page.page.evaluate(() => document.querySelector('.rk-breakout-status')?.textContent ?? '');
    await expect.poll(() => status(fox), WAIT).toContain('You are in Room 1');
    await expect.poll(() => tileNames(fox), WAIT).toEqual(['Bea', 'Cal']);
    await hears(chrome, 'Bea');
    await hears(fox, 'Cal');
    // Not asserted: each other's camera in the breakout room. After a MoveParticipant move neither page ever
    // subscribes the other's camera (livekit-client: "camera unsubscribed", the tile's video 0x0), in Chromium with
    // Chromium alike, so it is no Firefox defect; breakouts.e2e.test.ts checks tiles only and does not see it.
    await expect.poll(() => tileNames(host), WAIT).toEqual(['Ada']);
  });

  it('firefox+chromium: each refreshes its token before it expires; after a restart past the first token’s end, both rejoin with the fresh one and see and hear each other', async () => {
    const { fox, chrome, first } = refresh!;
    const exp = (t: string) => (JSON.parse(Buffer.from(t.split('.')[1]!, 'base64url').toString()) as { exp: number }).exp;
    // 60 s lifetime, margin min(60 s, 20 %) = 12 s: refetched about 48 s after issue (the tests above took part of it).
    for (const [i, page] of [fox, chrome].entries()) {
      await page.page.waitForFunction((old: string) => (window as unknown as { __roomkitDemo: { token: string } }).__roomkitDemo.token !== old, { timeout: 70_000, polling: 1000 }, first[i]!);
      expect(exp(await demoToken(page))).toBeGreaterThan(exp(first[i]!));
    }
    // Until the first tokens have expired, a rejoin could still use them: wait that out, then restart the server.
    const expired = Math.max(...first.map(exp)) * 1000 + 1500 - Date.now();
    if (expired > 0) await new Promise((done) => setTimeout(done, expired));
    for (const page of [fox, chrome]) await recordConnection(page);
    await demo.media!.restart({ downMs: 500 });
    for (const page of [fox, chrome]) await expect.poll(() => wentDownAndBack(page), { timeout: 60_000, interval: 500 }).toBe(true);
    expect(demo.media!.rooms().find((r) => r.name.startsWith('refresh-'))?.participants.length).toBe(2);
    // Back in with the fresh tokens: the cameras go on again and each sees and hears the other.
    for (const page of [fox, chrome]) await toggleFrom(page, 'Camera', false);
    await seesVideoOf(fox, 'Tom', 'camera', 30_000);
    await seesVideoOf(chrome, 'Tia', 'camera', 30_000);
    await hears(fox, 'Tom');
    await hears(chrome, 'Tia');
  }, 180_000);
});
