/**
 * The spotlight end to end, on the demo: an admin's "Spotlight for everyone" in Chromium goes through
 * createRoomActions to the demo backend's room actions route, which sets the `roomkit.spotlight` attribute with the
 * dev media server's UpdateParticipant. Every other page follows, a late joiner at once, and the spotlight outlives
 * the admin who set it. Run inside test/e2e/netns.sh.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { startDemo, type Demo } from '../../demo/serve';
import { closeDemoAfterAll, joinDemoPage, launchBrowser, WAIT, type BrowserSession } from './support';

let demo: Demo;
let browser: BrowserSession;

const ROOM = 'spotlight';
const pages: Record<'admin' | 'bob' | 'cleo', Page> = {} as never;

beforeAll(async () => {
  demo = await startDemo({ port: 0, mediaPort: 0, roomApiPort: 0, quiet: true, frozen: true, built: true });
  browser = await launchBrowser();
  pages.admin = await join('Ada', 'admin');
  pages.bob = await join('Bob', 'publisher');
  pages.cleo = await join('Cleo', 'publisher');
}, 120_000);

closeDemoAfterAll(() => ({ browser, demo }));

const join = (name: string, role: string): Promise<Page> => joinDemoPage(browser, demo.url, { name, role, room: ROOM });

/** The names of the tiles a page shows large, once it shows the focus layout. */
const large = (page: Page) => page.locator('.rk-conference-stage .rk-focus-main .rk-tile').evaluateAll((tiles) => tiles.map((t) => t.getAttribute('aria-label')));
const layout = (page: Page) => page.locator('.rk-conference').first().getAttribute('data-layout');
/** The media server's copy of `name`'s attributes. */
const attributes = (name: string) => demo.media!.rooms().find((r) => r.name.startsWith(`${ROOM}-`))?.participants.find((p) => p.name === name)?.attributes;

describe('the spotlight, set by an admin for everyone', () => {
  it('the admin spotlights Bob from his tile: every page shows him large, with the badge', async () => {
    for (const page of Object.values(pages)) await expect.poll(() => layout(page), WAIT).toBe('grid');
    await pages.admin.locator('.rk-conference-stage').getByRole('button', { name: 'Manage Bob' }).click();
    await pages.admin.getByRole('menuitem', { name: 'Spotlight for everyone' }).click();
    await expect.poll(() => attributes('Bob')?.['roomkit.spotlight'] !== undefined, WAIT).toBe(true);
    for (const page of Object.values(pages)) {
      // Bob's own page names his tile "Bob (you)".
      await expect.poll(() => large(page), WAIT).toEqual([page === pages.bob ? 'Bob (you)' : 'Bob']);
      expect(await layout(page)).toBe('focus');
      expect(await page.locator('.rk-spotlight-badge').textContent()).toBe('Spotlight');
    }
  });

  it('a late joiner sees it at once', async () => {
    const dan = await join('Dan', 'publisher');
    await expect.poll(() => large(dan), WAIT).toEqual(['Bob']);
    await dan.close();
  });

  it('Cleo’s own pin wins for her only; unpinned, she follows the spotlight again', async () => {
    await pages.cleo.locator('.rk-conference-stage').getByRole('button', { name: 'Pin Ada' }).click();
    await expect.poll(() => large(pages.cleo), WAIT).toEqual(['Ada']);
    expect(await pages.cleo.locator('.rk-spotlight-badge').textContent()).toBe('Your pin replaces the spotlight');
    expect(await large(pages.bob)).toEqual(['Bob (you)']);
    await pages.cleo.locator('.rk-conference-stage').getByRole('button', { name: 'Pin Ada' }).click();
    await expect.poll(() => large(pages.cleo), WAIT).toEqual(['Bob']);
  });

  it('the admin leaves: the spotlight stays; Bob leaves: it ends with him', async () => {
    await pages.admin.getByRole('button', { name: 'Leave' }).click();
    await expect.poll(() => demo.media!.rooms().find((r) => r.name.startsWith(`${ROOM}-`))?.participants.some((p) => p.name === 'Ada'), WAIT).toBe(false);
    expect(await large(pages.cleo)).toEqual(['Bob']);
    await pages.bob.getByRole('button', { name: 'Leave' }).click();
    await expect.poll(() => layout(pages.cleo), WAIT).toBe('grid');
    expect(await pages.cleo.locator('.rk-spotlight-badge').count()).toBe(0);
  });
});
