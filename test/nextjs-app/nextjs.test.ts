// A Next.js App Router app built with `next build` and served by `next start`, using the packed @roomkit/react
// (see nextApp.ts). Run after `npm run build`: `npm run test:nextjs`.
import type { RoomApiHandle } from '../../dev/room-api/index';
import { API_KEY, startTestRoomApi } from '../helpers/httpServers';
import { buildApp, installPackedPackage, startApp, type NextServer } from './nextApp';

let roomApi: RoomApiHandle;
let app: NextServer;

beforeAll(async () => {
  installPackedPackage();
  await buildApp();
  roomApi = await startTestRoomApi();
  app = await startApp({ ROOM_API_URL: roomApi.baseUrl, ROOM_API_KEY: API_KEY });
});

afterAll(async () => {
  await app?.stop();
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

  test('serves @roomkit/react/styles.css, imported by the layout', async () => {
    const html = await page('');
    const hrefs = [...html.matchAll(/<link rel="stylesheet" href="([^"]+)"/g)].map((m) => m[1]!);
    expect(hrefs.length).toBeGreaterThan(0);
    const css = (await Promise.all(hrefs.map((href) => fetch(`${app.url}${href}`).then((r) => r.text())))).join('\n');
    expect(css).toContain('@layer roomkit');
    expect(css).toContain('.rk-tile');
  });
});
