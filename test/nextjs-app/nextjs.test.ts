// A Next.js App Router app built with `next build` and served by `next start`, using the packed @roomkit/react
// (see nextApp.ts). Run after `npm run build`: `npm run test:nextjs`.
import { DisconnectReason } from '@livekit/protocol';
import { chromium, type Browser, type Page } from 'playwright-core';
import { startMediaServer, type MediaServer } from '../../dev/media-server/index';
import { verifyToken, type RoomApiHandle } from '../../dev/room-api/index';
import { RawSignalClient } from '../node/support/rawClient';
import { CHROMIUM_PATH, HEADLESS_ARGS } from '../chromium';
import { API_KEY, startTestRoomApi } from '../helpers/httpServers';
import { colourTests, openStatesPage } from '../pipelines/colourCheck';
import { buildApp, installPackedPackage, startApp, writeDocPages, writeStatesPage, type NextServer } from './nextApp';

let roomApi: RoomApiHandle;
let media: MediaServer;
let app: NextServer;

beforeAll(async () => {
  installPackedPackage();
  writeDocPages();
  writeStatesPage();
  await buildApp();
  roomApi = await startTestRoomApi();
  // The room actions route's media server: it checks the Room API's connection tokens and knows the app's key.
  media = await startMediaServer({ port: 0, tokenSecret: roomApi.tokenSigningSecret, apiKeys: `shop=${API_KEY}`, logLevel: 'silent', egressChromium: false });
  app = await startApp({ ROOM_API_URL: roomApi.baseUrl, ROOM_API_KEY: API_KEY, ROOM_MEDIA_URL: media.url });
});

afterAll(async () => {
  await app?.stop();
  await media?.close();
  await roomApi?.close();
});

async function page(query: string): Promise<string> {
  const response = await fetch(`${app.url}/${query}`);
  expect(response.status).toBe(200);
  return response.text();
}

describe('the page (a Server Component rendering a client meeting)', () => {
  test('renders the request on the server, and the client meeting through SSR', async () => {
    const html = await page('?name=Ada');
    // DEFAULT_GRANTS from @roomkit/react/server is a plain value in a Server Component, not a client reference.
    expect(html).toContain('default canPublish: boolean true');
    expect(html).toContain('server canPublish: true');
    // VideoConference's grid, server-rendered: the local tile named from the request, the simulated participants.
    expect(html).toMatch(/<div role="group" aria-label="Ada \(you\)" class="rk-tile"/);
    expect(html).toContain('aria-label="Participant 1"');
    expect(html).toContain('aria-label="Participant 2"');
    expect(html).toMatch(/<button[^>]*data-source="microphone"/);
  });

  test('grants decided on the server reach the client component', async () => {
    const html = await page('?name=Vi&role=viewer');
    expect(html).toContain('server canPublish: false');
    expect(html).toMatch(/aria-label="Vi \(you\)"/);
    expect(html).not.toMatch(/<button[^>]*data-source="microphone"/);
    expect(html).not.toMatch(/<button[^>]*data-source="camera"/);
  });

  test('looksLikeApiKey on the server keeps a pasted key out of the page and its client props', async () => {
    const html = await page(`?name=${encodeURIComponent(API_KEY)}`);
    expect(html).toContain('That name looks like an API key; it was not used.');
    expect(html).toMatch(/aria-label="Guest \(you\)"/);
    // Next.js echoes the request's own URL into its router state; apart from that the secret is nowhere,
    // and the client component's props (in the flight data) carry the replacement name.
    expect(html.replaceAll(`?name=${API_KEY}`, '')).not.toContain(API_KEY.split('.')[1]);
    expect(html).toContain(String.raw`{\"name\":\"Guest\",\"canPublish\":true}`);
  });

  test('serves @roomkit/react/styles.css, imported by the layout', async () => {
    const html = await page('');
    const hrefs = [...html.matchAll(/<link rel="stylesheet" href="([^"]+)"/g)].map((m) => m[1]!);
    expect(hrefs.length).toBeGreaterThan(0);
    const css = (await Promise.all(hrefs.map((href) => fetch(`${app.url}${href}`).then((r) => r.text())))).join('\n');
    expect(css).toContain('@layer roomkit');
    expect(css).toContain('.rk-tile');
  });
});

describe('in Chromium, hydration keeps the server markup', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: HEADLESS_ARGS });
  });
  afterAll(() => browser?.close());

  /** React's hydration failures: its messages in development, its minified error numbers in production. */
  const HYDRATION = /hydrat|did not match|server rendered|#418|#419|#423|#425/i;

  /**
   * Opens `path` and waits until React has hydrated the conference (or PreJoin) the server rendered: the element the HTML
   * parser made is the one React now holds (a mismatch makes React throw the server markup away and render anew,
   * leaving that element detached). Returns what went wrong, if anything.
   */
  async function hydrate(path: string): Promise<{ kept: boolean; problems: string[] }> {
    const page = await browser.newPage();
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
    page.on('console', (message) => {
      if ((message.type() === 'error' || message.type() === 'warning') && HYDRATION.test(message.text())) problems.push(`${message.type()}: ${message.text()}`);
    });
    // Before any script: remember the conference element the parser creates from the server's HTML.
    await page.addInitScript(() => {
      const w = window as unknown as { __ssrConference?: Element };
      new MutationObserver((_, observer) => {
        const found = document.querySelector('.rk-conference, .rk-prejoin');
        if (found) {
          w.__ssrConference = found;
          observer.disconnect();
        }
      }).observe(document, { childList: true, subtree: true });
    });
    try {
      await page.goto(`${app.url}${path}`);
      const settled = await page.waitForFunction(() => {
        const node = (window as unknown as { __ssrConference?: Element }).__ssrConference;
        if (!node) return false;
        if (!node.isConnected) return 'replaced';
        return Object.keys(node).some((key) => key.startsWith('__reactFiber$')) ? 'hydrated' : false;
      });
      return { kept: (await settled.jsonValue()) === 'hydrated', problems };
    } finally {
      await page.close();
    }
  }

  test("the devices guide's join flow: PreJoin knows the viewer's grants from the fetched connection, and hydrates", async () => {
    // The token route's stand-in session: a viewer (see app/api/meeting-token/session.ts).
    const context = await browser.newContext({ extraHTTPHeaders: { 'x-demo-user': 'vic:viewer' } });
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
    page.on('console', (message) => HYDRATION.test(message.text()) && problems.push(`${message.type()}: ${message.text()}`));
    try {
      await page.goto(`${app.url}/join`);
      // The connection arrived (the token's grants say viewer): PreJoin offers to join as a viewer.
      await page.getByRole('button', { name: 'Join as viewer' }).waitFor();
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  test('end-to-end encryption: the default worker is bundled by Next.js and runs, with nothing configured in the app', async () => {
    const page = await browser.newPage();
    try {
      const started = page.waitForEvent('worker');
      await page.goto(`${app.url}/encrypted`);
      const worker = await started;
      // The emitted file is served, and the worker runs it: it evaluates, and livekit-client's worker answers.
      const response = await page.request.get(worker.url());
      expect(response.status()).toBe(200);
      expect(worker.url()).toContain('/_next/');
      expect(await worker.evaluate(() => typeof self.postMessage)).toBe('function');
    } finally {
      await page.close();
    }
  });

  test.each(['/quickstart', '/join', '/encrypted', '/?name=Ada', '/?name=Vi&role=viewer'])('%s hydrates without an error or warning', async (path) => {
    const { kept, problems } = await hydrate(path);
    expect(problems).toEqual([]);
    expect(kept).toBe(true);
  });
});

describe("in Chromium, styles.css after Next.js's CSS pipeline shows the documented colours (as test/pipelines checks Vite's)", () => {
  let browser: Browser;
  let page: Page;
  /** The stylesheets the page links, as the browser gets them. */
  let css: string;
  beforeAll(async () => {
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: HEADLESS_ARGS });
    page = await openStatesPage(browser, `${app.url}/colours`);
    const hrefs = await page.locator('link[rel="stylesheet"]').evaluateAll((links) => links.map((l) => (l as HTMLLinkElement).href));
    css = (await Promise.all(hrefs.map((href) => fetch(href).then((r) => r.text())))).join('\n');
  });
  afterAll(() => browser?.close());

  colourTests(() => ({ page, css }), '.rk-button');
});

function requestToken(body: unknown, user?: string): Promise<Response> {
  return requestTokenAt(app.url, body, user);
}

function requestTokenAt(base: string, body: unknown, user?: string): Promise<Response> {
  return fetch(`${base}/api/meeting-token`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(user !== undefined && { 'x-demo-user': user }) },
    body: JSON.stringify(body),
  });
}

describe('the token route (createConnectionHandler from @roomkit/react/server)', () => {
  test('answers a signed-in viewer with a connection the Room API signed, with the viewer grants', async () => {
    const response = await requestToken({ room: 'standup' }, 'vi:viewer');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const body = (await response.json()) as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual(['expiresAt', 'identity', 'room', 'token', 'url']);
    expect(body.url).toBe('wss://media.example.com');
    expect(body.identity).toBe('vi');
    // The route created the room on the Room API's 404: the slug is the name plus a suffix.
    expect(body.room).toMatch(/^standup-[a-z0-9]+$/);
    const claims = verifyToken(body.token as string, roomApi.tokenSigningSecret);
    expect(claims.sub).toBe('vi');
    expect(claims.name).toBe('VI');
    expect(claims.video).toMatchObject({ roomJoin: true, room: body.room, canPublish: false, canSubscribe: true, canPublishData: false });
    expect(body.expiresAt).toBe(claims.exp);
    expect(JSON.stringify(body)).not.toContain(API_KEY);
  });

  test('gives a publisher publish rights in the same room', async () => {
    const first = (await (await requestToken({ room: 'standup' }, 'vi:viewer')).json()) as { room: string };
    const response = await requestToken({ room: 'standup' }, 'ada:publisher');
    expect(response.status).toBe(200);
    const body = (await response.json()) as { token: string; room: string };
    expect(body.room).toBe(first.room);
    expect(verifyToken(body.token, roomApi.tokenSigningSecret).video).toMatchObject({ canPublish: true, canPublishData: true });
  });

  test('answers 401 without a signed-in user and 400 without a room, never cached', async () => {
    const anonymous = await requestToken({ room: 'standup' });
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get('cache-control')).toBe('no-store');
    expect(((await anonymous.json()) as { error: { code: string } }).error.code).toBe('unauthorized');

    const noRoom = await requestToken({}, 'vi:viewer');
    expect(noRoom.status).toBe(400);
    expect(noRoom.headers.get('cache-control')).toBe('no-store');
    expect(((await noRoom.json()) as { error: { code: string } }).error.code).toBe('invalid_request');
  });

  test('the status route reports a configured server (isRoomKitError on the server)', async () => {
    const response = await fetch(`${app.url}/api/roomkit-status`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ configured: true });
  });
});

describe('the room actions route (createRoomActionsHandler, on the edge runtime)', () => {
  const act = (body: unknown, token?: string) =>
    fetch(`${app.url}/api/room-actions`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...(token !== undefined && { Authorization: `Bearer ${token}` }) },
      body: JSON.stringify(body),
    });
  const tokenFor = async (user: string) => (await (await requestToken({ room: 'actions' }, user)).json()) as { token: string; url: string; room: string };

  test('removes a participant for an admin whose token the media server vouches for; refuses others', async () => {
    const ada = await tokenFor('ada:publisher');
    const { client } = await RawSignalClient.join(media.url, ada.token);
    try {
      expect((await act({ type: 'remove', identity: 'ada' })).status).toBe(401);
      const viewer = await act({ type: 'remove', identity: 'ada' }, (await tokenFor('vi:viewer')).token);
      expect(viewer.status).toBe(403);
      expect(viewer.headers.get('cache-control')).toBe('no-store');
      expect(((await viewer.json()) as { error: { code: string } }).error.code).toBe('forbidden');
      const malformed = await act({ type: 'remove' }, (await tokenFor('boss:admin')).token);
      expect(malformed.status).toBe(400);
      const removed = await act({ type: 'remove', identity: 'ada' }, (await tokenFor('boss:admin')).token);
      expect([removed.status, await removed.json()]).toEqual([200, { type: 'remove' }]);
      expect(await client.next('leave')).toMatchObject({ reason: DisconnectReason.PARTICIPANT_REMOVED });
    } finally {
      await client.close();
    }
  });
});

describe('the same build on a server without ROOM_API_KEY', () => {
  let bare: NextServer;
  beforeAll(async () => {
    bare = await startApp({ ROOM_API_URL: roomApi.baseUrl, ROOM_API_KEY: '' });
  });
  afterAll(async () => {
    await bare?.stop();
  });

  test('the status route names the problem, caught with isRoomKitError', async () => {
    const response = await fetch(`${bare.url}/api/roomkit-status`);
    expect(response.status).toBe(500);
    const body = (await response.json()) as { configured: boolean; code: string; message: string };
    expect(body).toMatchObject({ configured: false, code: 'server-misconfigured' });
    expect(body.message).toMatch(/Room API key/);
  });

  test('the room actions route answers 500 and names ROOM_API_KEY in the server log', async () => {
    const response = await fetch(`${bare.url}/api/room-actions`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"type":"stop-recording"}' });
    expect(response.status).toBe(500);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe('server_misconfigured');
    await vi.waitFor(() => expect(bare.output()).toContain('[room-actions] server-misconfigured: The room actions route has no Room API key'), { timeout: 10_000 });
  });

  test('the token route answers 500 and reports the fix to onError in the server log', async () => {
    const response = await requestTokenAt(bare.url, { room: 'standup' }, 'vi:viewer');
    expect(response.status).toBe(500);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe('server_misconfigured');
    await vi.waitFor(() => expect(bare.output()).toContain('[meeting-token] server-misconfigured: The token route has no Room API key'), { timeout: 10_000 });
  });
});
