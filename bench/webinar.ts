/**
 * Webinar: Chromium joins the dev media server, in a loopback-only network namespace (test/e2e/netns.sh), in a
 * room of 1000 synthetic participants: 20 panelists publishing a three-layer simulcast camera and a microphone
 * (speaking in turns of 3 s), and 980 listeners who publish only a muted microphone. While the page is measured,
 * listeners raise hands (RoomKit's `roomkit.hand` topic) and chat (`lk.chat` text streams), one every 500 ms.
 * Each library's VideoConference, a fresh page each. Prints `WEBINAR {json}`.
 *
 *   bash test/e2e/netns.sh node --import tsx bench/webinar.ts
 */
import type { MediaServer } from '../dev/media-server';
import { media, pageCall, taskSeconds, until, viewerToken, type Lib } from './bigRoom';
import { heapAfterGc, openPage, type launch } from './browser';
import { namespaceMain } from './namespaceMain';

const PANELISTS = 20;
const LISTENERS = 980;
const WINDOW_MS = 5000;
const EVENT_EVERY_MS = 500;

/** One library in the webinar. */
export interface WebinarResult {
  lib: Lib;
  participants: number;
  /** From the render to every panelist's camera on the first page playing video, or null after 90 s. */
  firstVideoMs: number | null;
  /** The page wants exactly the panelists' cameras and the server forwards them. */
  settled: boolean;
  /** The renderer's main-thread task time per second over 5 s, while hands go up and chat arrives. */
  mainThreadMsPerS: number;
  /** Hands raised and chat messages sent during that window. */
  hands: number;
  chats: number;
  /** The page's JavaScript heap after forced garbage collection, MB (10⁶ bytes), after the window. */
  heapMb: number;
  /** RoomKit's participant list: click to the first rows, and a scroll to the end (components-react has none). */
  list: { openMs: number | null; scrollMs: number | null; steps: number } | null;
}

export async function runWebinar(server: MediaServer, pageUrl: string, browser: Awaited<ReturnType<typeof launch>>, lib: Lib): Promise<WebinarResult> {
  const roomName = `webinar-${lib}`;
  const identity = `viewer-${lib}`;
  server.addSyntheticParticipants(roomName, { count: PANELISTS, speaking: true, turnMs: 3000 });
  const listeners = server.addSyntheticParticipants(roomName, { count: LISTENERS, camera: false, mutedMicrophones: LISTENERS });
  const page = await openPage(browser, pageUrl);
  try {
    await page.cdp.send('Performance.enable');
    const call = pageCall(page.page);
    const join = await call<{ firstVideoMs: number | null }>('bigRoomJoin', { lib, url: server.url, token: viewerToken(identity, roomName), expectVideos: PANELISTS });
    const settled = await until(async () => {
      const state = await call<{ desiredCameras: number }>('bigRoomState');
      return state.desiredCameras === PANELISTS && media(server, roomName, identity).videoSubscriptions === PANELISTS;
    }, 60_000);

    // The window: a listener raises a hand or sends a chat message every 500 ms.
    let hands = 0;
    let chats = 0;
    const timer = setInterval(() => {
      const from = listeners[(hands + chats) * 7 % listeners.length]!;
      if ((hands + chats) % 2 === 0) {
        server.sendData(roomName, { from, topic: 'roomkit.hand', payload: JSON.stringify({ type: 'raise', raisedAt: Date.now() }) });
        hands++;
      } else {
        server.sendText(roomName, { from, text: `A question from ${from}, number ${chats + 1}` });
        chats++;
      }
    }, EVENT_EVERY_MS);
    const task0 = await taskSeconds(page.cdp);
    const t0 = Date.now();
    await new Promise((r) => setTimeout(r, WINDOW_MS));
    clearInterval(timer);
    const elapsed = (Date.now() - t0) / 1000;
    const mainThreadMsPerS = Math.round((((await taskSeconds(page.cdp)) - task0) * 1000) / elapsed);
    const heapMb = Math.round((await heapAfterGc(page.cdp)) / 1e4) / 100;

    const list = lib === 'roomkit' ? await call<WebinarResult['list']>('webinarParticipantList') : null;
    await call('bigRoomLeave');
    if (page.errors.length) throw new Error(`page errors: ${page.errors.join('; ')}`);
    const round = (ms: number | null) => (ms === null ? null : Math.round(ms));
    return {
      lib,
      participants: PANELISTS + LISTENERS,
      firstVideoMs: round(join.firstVideoMs),
      settled,
      mainThreadMsPerS,
      hands,
      chats,
      heapMb,
      list: list && { openMs: round(list.openMs), scrollMs: round(list.scrollMs), steps: list.steps },
    };
  } finally {
    await page.close();
    server.removeSyntheticParticipants(roomName);
    server.deleteRoom(roomName);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await namespaceMain('WEBINAR', async ({ media, pageUrl, browser }) => {
    const results: WebinarResult[] = [];
    for (const lib of (process.env.WEBINAR_LIBS ?? 'roomkit,livekit').split(',') as Lib[]) {
      process.stderr.write(`bench: webinar, ${lib}, ${PANELISTS + LISTENERS} participants\n`);
      results.push(await runWebinar(media, pageUrl, browser, lib));
    }
    return results;
  });
}
