/**
 * Connect overhead, run in its own process inside a loopback-only network namespace (test/e2e/netns.sh), so
 * every WebSocket, ICE and media packet stays on 127.0.0.1. Starts the dev media server and a page server,
 * then times, alternately, a bare `room.connect()` and a RoomProvider mount until the Room's Connected event.
 * Prints one line: `CONNECT {json}`.
 */
import { signToken } from '../dev/room-api/accessToken';
import { openPage } from './browser';
import { namespaceMain, SECRET } from './namespaceMain';

const RUNS = 15;
const WARMUP = 2;

await namespaceMain('CONNECT', async ({ media, pageUrl, browser }) => {
  const page = await openPage(browser, pageUrl);
  let n = 0;
  const token = () => {
    const now = Math.floor(Date.now() / 1000);
    return signToken({ iss: 'bench', sub: `bench-${++n}`, nbf: now - 5, exp: now + 600, video: { roomJoin: true, room: 'bench' } }, SECRET);
  };
  const once = (mode: 'bare' | 'provider') =>
    page.page.evaluate(
      (arg) => (window as unknown as { bench: { connectOnce(a: unknown): Promise<number> } }).bench.connectOnce(arg),
      { mode, url: media.url, token: token() },
    );
  const samples = { bare: [] as number[], provider: [] as number[] };
  for (let i = 0; i < WARMUP + RUNS; i++) {
    // Alternate which goes first, so drift in machine load falls on both alike.
    const order = i % 2 === 0 ? (['bare', 'provider'] as const) : (['provider', 'bare'] as const);
    for (const mode of order) {
      const ms = await once(mode);
      if (i >= WARMUP) samples[mode].push(ms);
    }
  }
  if (page.errors.length) throw new Error(`page errors: ${page.errors.join('; ')}`);
  await page.close();
  const median = (xs: number[]) => {
    const s = [...xs].sort((a, b) => a - b);
    return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
  };
  const bareMs = median(samples.bare);
  const providerMs = median(samples.provider);
  const round = (x: number) => Math.round(x * 10) / 10;
  return {
    runs: RUNS,
    bareMs: round(bareMs),
    providerMs: round(providerMs),
    connectRatio: Math.round((providerMs / bareMs) * 1000) / 1000,
    bare: samples.bare.map(round),
    provider: samples.provider.map(round),
  };
});
