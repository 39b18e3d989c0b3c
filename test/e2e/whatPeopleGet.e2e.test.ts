/**
 * What a person gets in Chromium (issue 37), checked on the demo as a production build serves it (demo/serve.ts
 * `built`: `vite build`, the stylesheet through Vite's lightningcss, which once lost every colour and the focus ring;
 * then `vite preview`): Chromium's own accessibility tree, what the polite live region says, reduced motion, text
 * spacing (WCAG 1.4.12), 200 % zoom and 320 px, forced colours, and right to left.
 *
 * One demo and one browser for the file; each test opens its own pages in a room of its own. Other people are real
 * participants: Zoe joins from Node with a token from the demo's backend, over signalling and a data channel
 * (test/node/support/rawClient.ts, dataPeer.ts). Speaking and recording are set on the dev media server, as its
 * active-speaker and recording updates would say them. Run inside test/e2e/netns.sh.
 */
import { DataPacket, DataPacket_Kind, UserPacket } from '@livekit/protocol';
import { protoInt64 } from '@bufbuild/protobuf';
import type { CDPSession, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startDemo, type Demo } from '../../demo/serve';
import { connectDataPeer } from '../node/support/dataPeer';
import { RawSignalClient } from '../node/support/rawClient';
import { launchBrowser, WAIT, type BrowserSession } from './support';

let demo: Demo;
let browser: BrowserSession;

beforeAll(async () => {
  demo = await startDemo({ port: 0, mediaPort: 0, roomApiPort: 0, quiet: true, frozen: true, built: true });
  browser = await launchBrowser();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await demo?.close();
});

/** Each test meets in a room of its own. */
let room = '';
let roomCount = 0;
const pages: Page[] = [];
/** What the current test's guests leave behind: their peer connections and sockets, closed after it. */
const cleanups: Array<() => Promise<unknown>> = [];

beforeEach(({ task }) => {
  room = `p${task.id.replace(/[^a-z0-9]/gi, '').slice(-10)}${roomCount++}`;
  browser.logs.length = 0;
});

afterEach(async ({ task }) => {
  if (task.result?.state === 'fail') console.log(`FAILED TEST "${task.name}": what the pages logged\n${browser.logs.join('\n')}`);
  for (const page of pages.splice(0)) await page.close().catch(() => {});
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => {});
});

/** The media server's room of the current test: the Room API names it `<room, lower case>-<suffix>`. */
function mediaRoom() {
  const found = demo.media!.rooms().find((r) => r.name.startsWith(`${room.toLowerCase()}-`));
  if (!found) throw new Error(`the media server has no room for ${room}`);
  return found;
}

/** The identity the media server knows `name` by, in the current room. */
function identityOf(name: string): string {
  const participant = mediaRoom().participants.find((p) => p.name === name);
  if (!participant) throw new Error(`${name} is not in ${mediaRoom().name} (${mediaRoom().participants.map((p) => p.name).join(', ')})`);
  return participant.identity;
}

/** The demo page for `name`, at the pre-join (`setup` runs before it loads: a viewport, media emulation). */
async function open(name: string, role: string, setup?: (page: Page) => Promise<void>): Promise<Page> {
  const page = await browser.newPage(name);
  pages.push(page);
  await setup?.(page);
  await page.goto(`${demo.url}?name=${encodeURIComponent(name)}&role=${role}&room=${room}&capture=small`);
  return page;
}

/** `name` joined from the demo page, microphone and camera published (their toggles pressed). */
async function join(name: string, role = 'publisher', setup?: (page: Page) => Promise<void>): Promise<Page> {
  const page = await open(name, role, setup);
  await page.getByRole('button', { name: 'Join', exact: true }).click();
  // The bar by its class: its role and name are the accessibility test's to check.
  await page.locator('.rk-control-bar').waitFor();
  await page.getByRole('button', { name: 'Microphone', exact: true, pressed: true }).waitFor();
  await page.getByRole('button', { name: 'Camera', exact: true, pressed: true }).waitFor();
  return page;
}

/** Another person in the room, from Node: signalling and a data channel, as livekit-client would open them. */
interface Guest {
  name: string;
  identity: string;
  /** Raises the hand as RoomKit does: JSON on the `roomkit.hand` topic, reliable. */
  raiseHand(): void;
}

async function guest(name: string): Promise<Guest> {
  const response = await fetch(new URL('api/meeting-token', demo.url), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ room, name, role: 'publisher' }),
  });
  if (!response.ok) throw new Error(`the demo backend gave ${name} no token: ${response.status} ${await response.text()}`);
  const { token, url } = (await response.json()) as { token: string; url: string };
  const { client, join } = await RawSignalClient.join(url, token);
  // Pings as the JoinResponse asks, so a slow test never loses the guest to the ping time-out.
  const keepAlive = setInterval(() => client.send({ case: 'ping', value: protoInt64.parse(Date.now()) }), join.pingInterval * 1000);
  cleanups.push(async () => {
    clearInterval(keepAlive);
    await client.close();
  });
  const peer = await connectDataPeer(client);
  cleanups.push(() => peer.close());
  return {
    name,
    identity: join.participant!.identity,
    raiseHand() {
      const packet = new DataPacket({
        kind: DataPacket_Kind.RELIABLE,
        value: { case: 'user', value: new UserPacket({ topic: 'roomkit.hand', payload: new TextEncoder().encode(JSON.stringify({ type: 'raise', raisedAt: Date.now() })) }) },
      });
      peer.reliable.send(Buffer.from(packet.toBinary()));
    },
  };
}

const tile = (page: Page, name: string) => page.locator(`.rk-conference-stage .rk-tile[aria-label="${name}"]`);

interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}
const show = (box: Box) => `[${Math.round(box.left)},${Math.round(box.top)} → ${Math.round(box.right)},${Math.round(box.bottom)}]`;

describe('Chromium accessibility tree', () => {
  interface AXValue {
    value?: unknown;
  }
  interface AXNode {
    nodeId: string;
    ignored: boolean;
    role?: AXValue;
    name?: AXValue;
    properties?: Array<{ name: string; value: AXValue }>;
    backendDOMNodeId?: number;
  }
  const NAMED_ROLES = new Set(['button', 'combobox', 'checkbox', 'switch', 'menuitem', 'menuitemcheckbox', 'menuitemradio', 'radio', 'textbox', 'searchbox', 'slider', 'tab', 'link']);
  const roleOf = (n: AXNode) => String(n.role?.value ?? '');
  const nameOf = (n: AXNode) => String(n.name?.value ?? '');
  const prop = (n: AXNode, name: string) => n.properties?.find((p) => p.name === name)?.value.value;

  async function tree(cdp: CDPSession): Promise<AXNode[]> {
    const { nodes } = (await cdp.send('Accessibility.getFullAXTree')) as { nodes: AXNode[] };
    return nodes.filter((n) => !n.ignored);
  }

  /** Chromium's backend ids of the elements `selector` matches, to find their nodes in the tree. */
  async function backendIds(cdp: CDPSession, selector: string): Promise<number[]> {
    const { root } = await cdp.send('DOM.getDocument', { depth: 0 });
    const { nodeIds } = await cdp.send('DOM.querySelectorAll', { nodeId: root.nodeId, selector });
    const ids: number[] = [];
    for (const nodeId of nodeIds) ids.push((await cdp.send('DOM.describeNode', { nodeId })).node.backendNodeId);
    return ids;
  }

  /** Controls in the tree without a name, as "role (DOM backend id)". */
  const unnamed = (nodes: AXNode[]) => nodes.filter((n) => NAMED_ROLES.has(roleOf(n)) && nameOf(n).trim() === '').map((n) => `${roleOf(n)} (node ${n.backendDOMNodeId})`);

  it('names the toolbar, every control and every tile, exposes pressed on the toggles, and keeps live regions polite', async () => {
    const page = await join('Pia');
    await guest('Zoe');
    await tile(page, 'Zoe').waitFor();
    const cdp = await page.context().newCDPSession(page);
    const nodes = await tree(cdp);

    const toolbars = nodes.filter((n) => roleOf(n) === 'toolbar');
    expect.soft(toolbars.map(nameOf), 'toolbars in the tree').toEqual(['Meeting controls']);
    expect.soft(unnamed(nodes), 'controls without a name on the meeting page').toEqual([]);

    const toggles = nodes.filter((n) => roleOf(n) === 'button' && prop(n, 'pressed') !== undefined);
    const pressed = toggles.map((n) => `${nameOf(n)}=${String(prop(n, 'pressed'))}`);
    console.log(`toggle buttons exposing pressed (${toggles.length}): ${pressed.join(', ')}`);
    expect.soft(toggles.length, `toggle buttons exposing pressed: ${pressed.join(', ')}`).toBeGreaterThanOrEqual(8);
    const meetingToggles = ['Microphone', 'Camera', 'Share screen', 'Raise hand', 'Chat', 'Participants (2)', 'Speaker view'];
    expect.soft(meetingToggles.filter((name) => !toggles.some((n) => nameOf(n) === name)), `meeting toggles that expose no pressed state (those that do: ${pressed.join(', ')})`).toEqual([]);

    const tileIds = new Set(await backendIds(cdp, '.rk-conference-stage .rk-tile'));
    const tiles = nodes.filter((n) => n.backendDOMNodeId !== undefined && tileIds.has(n.backendDOMNodeId));
    expect.soft(tiles.map((n) => `${roleOf(n)} "${nameOf(n)}"`).sort(), 'the tiles in the tree').toEqual(['group "Pia (you)"', 'group "Zoe"']);

    const live = nodes.filter((n) => prop(n, 'live') !== undefined && prop(n, 'live') !== 'off').map((n) => ({ id: n.backendDOMNodeId, text: `${roleOf(n)} "${nameOf(n)}" live=${String(prop(n, 'live'))}` }));
    expect.soft(live.filter((n) => !n.text.endsWith('live=polite')).map((n) => n.text), 'live regions that are not polite').toEqual([]);
    const [announcer] = await backendIds(cdp, '[data-testid="rk-announcer"]');
    expect.soft(live.map((n) => n.id), `the announcer among the live regions: ${live.map((n) => n.text).join('; ')}`).toContain(announcer);

    // What opens names its controls too: the More panel, the reactions, the chat and the participant list.
    const more = page.getByRole('button', { name: 'More', exact: true });
    if (await more.isVisible()) {
      await more.click();
      await page.getByRole('dialog', { name: 'More' }).waitFor();
      expect.soft(unnamed(await tree(cdp)), 'controls without a name with More open').toEqual([]);
      await page.keyboard.press('Escape');
    }
    await page.getByRole('button', { name: 'Reactions', exact: true }).click();
    await page.getByRole('group', { name: 'Reactions' }).waitFor();
    expect.soft(unnamed(await tree(cdp)), 'controls without a name with the reactions open').toEqual([]);
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Chat', exact: true }).click();
    await page.getByRole('log').waitFor();
    expect.soft(unnamed(await tree(cdp)), 'controls without a name with chat open').toEqual([]);
    await page.getByRole('button', { name: /^Participants/ }).click();
    await page.getByRole('list', { name: /participant/i }).last().waitFor();
    expect.soft(unnamed(await tree(cdp)), 'controls without a name with the participant list open').toEqual([]);
    await cdp.detach();

    // An admin's page: the menu on Zoe's tile and its items.
    const admin = await join('Ada', 'admin');
    await tile(admin, 'Zoe').getByRole('button', { name: 'Manage Zoe' }).click();
    await admin.getByRole('menu', { name: 'Manage Zoe' }).waitFor();
    const adminCdp = await admin.context().newCDPSession(admin);
    const adminNodes = await tree(adminCdp);
    const items = adminNodes.filter((n) => roleOf(n) === 'menuitem').map(nameOf);
    expect.soft(items.length, 'menu items in the admin menu').toBeGreaterThan(0);
    expect.soft(unnamed(adminNodes), `controls without a name with the admin menu open (its items: ${items.join(', ')})`).toEqual([]);
    await adminCdp.detach();
  });
});

describe('announcements', () => {
  it('says "Zoe joined" and her raised hand in the polite live region', async () => {
    const page = await join('Pia');
    const announcer = page.getByTestId('rk-announcer');
    expect(await announcer.getAttribute('aria-live')).toBe('polite');
    // When the page heard of Zoe (livekit-client's events) and when the live region changed, for the delays printed.
    await page.evaluate(() => {
      type Room = { on(event: string, listener: (...args: never[]) => void): void };
      const { room } = (window as unknown as { __roomkitDemo: { room: Room } }).__roomkitDemo;
      const w = window as unknown as { __heard: Record<string, number>; __said: Array<{ at: number; text: string }> };
      w.__heard = {};
      w.__said = [];
      room.on('participantConnected', ((p: { name?: string }) => void (w.__heard[`${p.name} joined`] = performance.now())) as never);
      room.on('dataReceived', ((_payload: Uint8Array, p: { name?: string } | undefined, _kind: unknown, topic?: string) => {
        if (topic === 'roomkit.hand') w.__heard[`${p?.name} raised their hand`] = performance.now();
      }) as never);
      const region = document.querySelector('[data-testid="rk-announcer"]')!;
      new MutationObserver(() => w.__said.push({ at: performance.now(), text: region.textContent ?? '' })).observe(region, { childList: true, characterData: true, subtree: true });
    });
    const delay = (text: string) =>
      page.evaluate((t) => {
        const w = window as unknown as { __heard: Record<string, number>; __said: Array<{ at: number; text: string }> };
        const said = w.__said.find((s) => s.text.includes(t));
        return said && w.__heard[t] !== undefined ? said.at - w.__heard[t] : undefined;
      }, text);

    const zoe = await guest('Zoe');
    await expect.poll(() => announcer.textContent(), WAIT).toBe('Zoe joined');
    zoe.raiseHand();
    await expect.poll(() => announcer.textContent(), WAIT).toBe('Zoe raised their hand');
    await tile(page, 'Zoe').getByRole('img', { name: 'Hand raised' }).waitFor();
    const joined = await delay('Zoe joined');
    const hand = await delay('Zoe raised their hand');
    console.log(`announcement delays (livekit-client event → polite live region): "Zoe joined" ${joined?.toFixed(1)} ms, "Zoe raised their hand" ${hand?.toFixed(1)} ms`);
  });
});

describe('reduced motion', () => {
  /** Every transition and animation duration on the page (elements and their ::before, ::after) over `limitMs`. */
  const moving = (page: Page, limitMs: number) =>
    page.evaluate((limit) => {
      const ms = (list: string) => list.split(',').map((v) => (v.trim().endsWith('ms') ? parseFloat(v) : v.trim() === 'auto' ? 0 : parseFloat(v) * 1000));
      const out: string[] = [];
      for (const el of document.querySelectorAll('*')) {
        for (const pseudo of [null, '::before', '::after']) {
          const style = getComputedStyle(el, pseudo);
          if (pseudo && (style.content === 'none' || style.content === 'normal')) continue;
          const transition = Math.max(...ms(style.transitionDuration));
          const animation = style.animationName === 'none' ? 0 : Math.max(...ms(style.animationDuration));
          if (transition > limit || animation > limit) {
            out.push(`${el.tagName.toLowerCase()}.${[...el.classList].join('.')}${pseudo ?? ''}: transition ${style.transitionDuration} (${style.transitionProperty}), animation ${style.animationName} ${style.animationDuration}`);
          }
        }
      }
      return out;
    }, limitMs);

  it('moves nothing for more than 10 ms while a tile speaks, a reaction shows and recording starts', async () => {
    const page = await join('Pia', 'publisher', (p) => p.emulateMedia({ reducedMotion: 'reduce' }));
    // Every transition or animation that starts from here on, with its longest duration as computed then.
    await page.evaluate(() => {
      const w = window as unknown as { __started: Array<{ what: string; ms: number }> };
      w.__started = [];
      const ms = (list: string) => Math.max(...list.split(',').map((v) => (v.trim().endsWith('ms') ? parseFloat(v) : v.trim() === 'auto' ? 0 : parseFloat(v) * 1000)));
      for (const type of ['transitionrun', 'animationstart'] as const) {
        document.addEventListener(type, (event) => {
          const target = event.target as Element;
          const pseudo = (event as TransitionEvent).pseudoElement;
          const style = getComputedStyle(target, pseudo || null);
          const duration = type === 'transitionrun' ? style.transitionDuration : style.animationDuration;
          w.__started.push({ what: `${type} ${target.tagName.toLowerCase()}.${[...target.classList].join('.')}${pseudo}: ${duration}`, ms: ms(duration) });
        });
      }
    });
    const started = async () => (await page.evaluate(() => (window as unknown as { __started: Array<{ what: string; ms: number }> }).__started)).filter((s) => s.ms > 10).map((s) => s.what);

    demo.media!.setActiveSpeakers(mediaRoom().name, [{ identity: identityOf('Pia') }]);
    await expect.poll(() => tile(page, 'Pia (you)').getAttribute('data-speaking'), WAIT).toBe('');
    expect.soft(await moving(page, 10), 'moving over 10 ms with a tile speaking').toEqual([]);

    await page.getByRole('button', { name: 'Reactions', exact: true }).click();
    await page.getByRole('group', { name: 'Reactions' }).getByRole('button', { name: 'Applause' }).click();
    await tile(page, 'Pia (you)').locator('.rk-reaction').waitFor();
    expect.soft(await moving(page, 10), 'moving over 10 ms with a reaction shown').toEqual([]);

    demo.media!.setRecording(mediaRoom().name, true);
    await page.locator('.rk-recording-indicator .rk-recording-dot').waitFor();
    expect.soft(await moving(page, 10), 'moving over 10 ms with the recording dot shown').toEqual([]);

    demo.media!.setActiveSpeakers(mediaRoom().name, []);
    await expect.poll(() => tile(page, 'Pia (you)').getAttribute('data-speaking'), WAIT).toBeNull();
    expect.soft(await moving(page, 10), 'moving over 10 ms after the tile fell silent').toEqual([]);
    expect.soft(await started(), 'transitions and animations over 10 ms that ran').toEqual([]);
  });
});

describe('text spacing (WCAG 1.4.12)', () => {
  const SPACING = '* { line-height: 1.5 !important; letter-spacing: 0.12em !important; word-spacing: 0.16em !important } p { margin-bottom: 2em !important }';

  /**
   * In each of `scopes`: text cut by a box that hides its overflow, text outside its control's box or over another
   * control, and controls over each other. Cut is allowed for a tile's name whose whole text is the tile's accessible
   * name (it shows whole on hover and focus), and for a name cut with an ellipsis at normal spacing already (a
   * truncation by design, not the spacing's doing: listed under `truncated`, the first call of a page records them).
   */
  const problems = (page: Page, scopes: string[], spacing: boolean) =>
    page.evaluate(
      ([selectors, spaced]) => {
        const out: string[] = [];
        const truncated: string[] = [];
        const w = window as unknown as { __cutAtNormalSpacing?: WeakSet<Element> };
        const cutAtNormalSpacing = (w.__cutAtNormalSpacing ??= new WeakSet());
        const box = (r: DOMRect) => `[${Math.round(r.left)},${Math.round(r.top)} → ${Math.round(r.right)},${Math.round(r.bottom)}]`;
        const describe = (el: Element) => `${el.tagName.toLowerCase()}${el.getAttribute('aria-label') ? `[${el.getAttribute('aria-label')}]` : ''}.${[...el.classList].join('.')} "${(el.textContent ?? '').trim().slice(0, 40)}"`;
        // Not shown (a closed disclosure's content, display none, invisible, transparent) or visually hidden by design.
        const hiddenByDesign = (el: Element) => {
          if (!el.checkVisibility({ contentVisibilityAuto: true, opacityProperty: true, visibilityProperty: true })) return true;
          for (let e: Element | null = el; e; e = e.parentElement) {
            const s = getComputedStyle(e);
            if (s.clip !== 'auto' || s.clipPath !== 'none') return true;
          }
          return false;
        };
        const overlap = (a: DOMRect, b: DOMRect) => Math.max(0, Math.min(a.right, b.right) - Math.max(a.left, b.left)) * Math.max(0, Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top));
        for (const selector of selectors) {
          const scope = document.querySelector(selector);
          if (!scope) {
            out.push(`${selector}: not on the page`);
            continue;
          }
          const controls = [...scope.querySelectorAll<HTMLElement>('button, select, input, textarea, summary, a[href], [role="menuitem"]')].filter((c) => !hiddenByDesign(c) && c.getClientRects().length > 0);
          // Controls over each other (one inside the other is no overlap).
          for (let i = 0; i < controls.length; i++) {
            for (let j = i + 1; j < controls.length; j++) {
              const a = controls[i]!;
              const b = controls[j]!;
              if (a.contains(b) || b.contains(a)) continue;
              const ra = a.getBoundingClientRect();
              const rb = b.getBoundingClientRect();
              if (overlap(ra, rb) > 1) out.push(`${selector}: ${describe(a)} ${box(ra)} overlaps ${describe(b)} ${box(rb)}`);
            }
          }
          // Text: each visible text node's lines.
          const walker = document.createTreeWalker(scope, NodeFilter.SHOW_TEXT);
          for (let node = walker.nextNode(); node; node = walker.nextNode()) {
            const parent = node.parentElement;
            if (!parent || (node.textContent ?? '').trim() === '' || hiddenByDesign(parent)) continue;
            const range = document.createRange();
            range.selectNodeContents(node);
            const lines = [...range.getClientRects()].filter((r) => r.width > 0 && r.height > 0);
            const text = (node.textContent ?? '').trim().slice(0, 40);
            const own = parent.closest('button, select, summary, a[href], [role="menuitem"]');
            for (const line of lines) {
              if (own && own.contains(parent)) {
                const r = own.getBoundingClientRect();
                if (line.left < r.left - 1 || line.right > r.right + 1 || line.top < r.top - 1 || line.bottom > r.bottom + 1) out.push(`${selector}: text "${text}" ${box(line)} outside its control ${describe(own)} ${box(r)}`);
              }
              for (const control of controls) {
                if (control.contains(parent)) continue;
                const r = control.getBoundingClientRect();
                if (overlap(line, r) > 1) out.push(`${selector}: text "${text}" ${box(line)} over ${describe(control)} ${box(r)}`);
              }
            }
            // Cut: an ancestor inside the scope hides overflow and the text reaches past it.
            for (let e: Element | null = parent; e && scope.contains(e); e = e.parentElement) {
              const s = getComputedStyle(e);
              const hides = (v: string) => v === 'hidden' || v === 'clip';
              if (!hides(s.overflowX) && !hides(s.overflowY)) continue;
              const cut = (hides(s.overflowX) && e.scrollWidth > e.clientWidth + 1) || (hides(s.overflowY) && e.scrollHeight > e.clientHeight + 1);
              if (!cut) continue;
              const what = `${selector}: text "${text}" cut by ${describe(e)} (scroll ${e.scrollWidth}x${e.scrollHeight}, client ${e.clientWidth}x${e.clientHeight})`;
              const tileName = e.closest('[role="group"][aria-label]')?.getAttribute('aria-label');
              if (e.classList.contains('rk-participant-name') && tileName === (e.textContent ?? '').replace(/\s+/g, ' ').trim()) continue;
              if (s.textOverflow === 'ellipsis' && !spaced) cutAtNormalSpacing.add(e);
              if (s.textOverflow === 'ellipsis' && cutAtNormalSpacing.has(e)) truncated.push(what);
              else out.push(spaced ? `${what}, by the spacing` : what);
            }
          }
        }
        return { problems: [...new Set(out)], truncated: [...new Set(truncated)] };
      },
      [scopes, spacing] as const,
    );

  /** Checks `scopes` at normal spacing, then with WCAG 1.4.12's; prints the truncations by design. */
  async function spaced(page: Page, scopes: string[]) {
    await page.mouse.move(0, 0);
    await page.evaluate(() => document.getElementById('text-spacing')!.setAttribute('media', 'not all'));
    const normal = await problems(page, scopes, false);
    await page.evaluate(() => document.getElementById('text-spacing')!.setAttribute('media', 'all'));
    expect(await page.evaluate(() => getComputedStyle(document.querySelector('.rk-button')!).letterSpacing), 'the spacing is applied').not.toBe('normal');
    const withSpacing = await problems(page, scopes, true);
    if (withSpacing.truncated.length) console.log(`text spacing: cut with an ellipsis at any spacing (${scopes.join(', ')}):\n${withSpacing.truncated.join('\n')}`);
    expect.soft(normal.problems, `${scopes.join(', ')} at normal spacing`).toEqual([]);
    expect.soft(withSpacing.problems, `${scopes.join(', ')} with WCAG 1.4.12's spacing`).toEqual([]);
  }

  it('cuts no text and lays nothing over a control in the toolbar, the tiles, chat and the participant list', async () => {
    const page = await join('Pia');
    await guest('Zoe');
    await guest('Maximiliana Bartholomew-Featherstonehaugh');
    await tile(page, 'Maximiliana Bartholomew-Featherstonehaugh').waitFor();
    const style = await page.addStyleTag({ content: SPACING });
    await style.evaluate((el) => ((el as HTMLStyleElement).id = 'text-spacing'));
    await spaced(page, ['.rk-control-bar', '.rk-conference-stage']);

    await page.getByRole('button', { name: 'Chat', exact: true }).click();
    await page.getByLabel('Message', { exact: true }).fill('Spacing keeps this whole');
    await page.keyboard.press('Enter');
    await page.getByRole('log').getByText('Spacing keeps this whole').waitFor();
    await spaced(page, ['.rk-control-bar', '.rk-conference-chat']);

    await page.getByRole('button', { name: /^Participants/ }).click();
    await page.locator('.rk-participant-row').nth(2).waitFor();
    await spaced(page, ['.rk-control-bar', '.rk-conference-participants']);
  });
});

describe('zoom and small screens', () => {
  /** The bar's controls a person can reach: on the bar, or in the More panel once opened; each scrolled to and inside the viewport. */
  async function reachable(page: Page): Promise<{ names: string[]; problems: string[] }> {
    const names: string[] = [];
    const problems: string[] = [];
    const check = async (scope: string) => {
      const controls = page.locator(`${scope} :is(button, select, summary):visible`);
      for (let i = 0; i < (await controls.count()); i++) {
        const control = controls.nth(i);
        await control.scrollIntoViewIfNeeded();
        const seen = await control.evaluate((el) => {
          const r = el.getBoundingClientRect();
          const labels = (el as HTMLSelectElement).labels;
          const label = el.getAttribute('aria-label') || (labels?.[0]?.textContent ?? '') || (el.textContent ?? '');
          return { name: label.trim(), box: { left: r.left, top: r.top, right: r.right, bottom: r.bottom }, width: innerWidth, height: innerHeight };
        });
        names.push(seen.name);
        const { box, width, height } = seen;
        if (box.left < -0.5 || box.top < -0.5 || box.right > width + 0.5 || box.bottom > height + 0.5) problems.push(`${seen.name} ${show(box)} is not inside the ${width}x${height} viewport`);
      }
    };
    await check('.rk-control-bar');
    const more = page.getByRole('button', { name: 'More', exact: true });
    if (await more.isVisible()) {
      await more.click();
      await page.getByRole('dialog', { name: 'More' }).waitFor();
      await check('.rk-more-panel');
      await page.keyboard.press('Escape');
    }
    return { names, problems };
  }

  const horizontalScroll = (page: Page) =>
    page.evaluate(() => {
      const root = document.scrollingElement ?? document.documentElement;
      return root.scrollWidth > root.clientWidth ? `the page scrolls sideways: ${root.scrollWidth} px wide in ${root.clientWidth}` : '';
    });

  const EVERY_CONTROL = ['Microphone', 'Camera', 'Share screen', 'Raise hand', 'Reactions', 'Chat', 'Participants', 'Speaker view', 'Leave'];
  const missing = (names: string[]) => EVERY_CONTROL.filter((want) => !names.some((n) => n === want || (want === 'Participants' && n.startsWith('Participants'))));

  /** With Zoe in the meeting: the page does not scroll sideways, and Tab reaches every control, each usable. */
  async function expectReflowed(page: Page) {
    await guest('Zoe');
    await tile(page, 'Zoe').waitFor();
    expect.soft(await horizontalScroll(page)).toBe('');
    const { names, problems } = await reachable(page);
    expect.soft(problems).toEqual([]);
    expect.soft(missing(names), `controls reached: ${names.join(', ')}`).toEqual([]);
  }

  it('at 200 % zoom (1280x720 is a 640x360 viewport at 2 device pixels per px): no sideways scroll, every control reachable', async () => {
    const page = await join('Pia', 'publisher', async (p) => {
      const cdp = await p.context().newCDPSession(p);
      await cdp.send('Emulation.setDeviceMetricsOverride', { width: 640, height: 360, deviceScaleFactor: 2, mobile: false });
    });
    expect(await page.evaluate(() => [innerWidth, innerHeight, devicePixelRatio])).toEqual([640, 360, 2]);
    await expectReflowed(page);
    expect.soft(await horizontalScroll(page)).toBe('');
  });

  it('at 320 px wide: no sideways scroll, every control reachable', async () => {
    const page = await join('Pia', 'publisher', (p) => p.setViewportSize({ width: 320, height: 640 }));
    await expectReflowed(page);
    await page.getByRole('button', { name: 'Chat', exact: true }).click();
    await page.getByRole('log').waitFor();
    expect.soft(await horizontalScroll(page)).toBe('');
  });
});

describe('forced colours', () => {
  interface Look {
    pressed: string | null;
    background: string;
    border: string;
    color: string;
  }
  const look = (page: Page, name: string | RegExp) =>
    page
      .locator('.rk-control-bar')
      .getByRole('button', { name, exact: true })
      .evaluate((el): Look => {
        // What shows: the first background that is not transparent, from the button up; a border only if drawn.
        const transparent = (colour: string) => colour === 'transparent' || /^rgba\(.*, 0\)$/.test(colour);
        let background = 'transparent';
        for (let e: Element | null = el; e; e = e.parentElement) {
          const colour = getComputedStyle(e).backgroundColor;
          if (!transparent(colour)) {
            background = e === el ? colour : `${colour} (from ${e.tagName.toLowerCase()}.${[...e.classList].join('.')})`;
            break;
          }
        }
        const s = getComputedStyle(el);
        const border = s.borderTopStyle === 'none' || parseFloat(s.borderTopWidth) === 0 || transparent(s.borderTopColor) ? 'none' : `${s.borderTopStyle} ${s.borderTopWidth} ${s.borderTopColor}`;
        return { pressed: el.getAttribute('aria-pressed'), background, border, color: s.color };
      });

  /** Decoded in Chromium: the share of pixels that differ between two PNGs (sizes differing count as all). */
  const pixelDifference = (page: Page, a: Buffer, b: Buffer) =>
    page.evaluate(
      async ([first, second]) => {
        const pixels = async (base64: string) => {
          const image = await createImageBitmap(await (await fetch(`data:image/png;base64,${base64}`)).blob());
          const canvas = new OffscreenCanvas(image.width, image.height);
          const context = canvas.getContext('2d')!;
          context.drawImage(image, 0, 0);
          return context.getImageData(0, 0, image.width, image.height);
        };
        const [x, y] = [await pixels(first), await pixels(second)];
        if (x.width !== y.width || x.height !== y.height) return 1;
        let differ = 0;
        for (let i = 0; i < x.data.length; i += 4) {
          if (x.data[i] !== y.data[i] || x.data[i + 1] !== y.data[i + 1] || x.data[i + 2] !== y.data[i + 2]) differ++;
        }
        return differ / (x.width * x.height);
      },
      [a.toString('base64'), b.toString('base64')] as const,
    );

  it('keeps every pressed toggle, the speaking tile and the focus ring apart from their other state', async () => {
    const page = await join('Pia', 'publisher', (p) => p.emulateMedia({ forcedColors: 'active' }));
    expect(await page.evaluate(() => matchMedia('(forced-colors: active)').matches)).toBe(true);
    await guest('Zoe');
    await tile(page, 'Zoe').waitFor();

    const toolbar = page.locator('.rk-control-bar');
    const same: string[] = [];
    const looks: string[] = [];
    for (const name of ['Microphone', 'Camera', 'Share screen', 'Raise hand', 'Chat', /^Participants/, 'Speaker view']) {
      const button = toolbar.getByRole('button', { name, exact: true });
      // Neither hovered nor focused: forced colours draw a focused button's border in another colour.
      const still = async () => {
        await page.mouse.move(0, 0);
        await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
      };
      await still();
      const before = await look(page, name);
      await button.click();
      await expect.poll(() => button.getAttribute('aria-pressed'), WAIT).not.toBe(before.pressed);
      await still();
      const after = await look(page, name);
      const [pressed, unpressed] = after.pressed === 'true' ? [after, before] : [before, after];
      looks.push(`${String(name)}: pressed ${pressed.background}, border ${pressed.border}; unpressed ${unpressed.background}, border ${unpressed.border}`);
      if (pressed.background === unpressed.background && pressed.border === unpressed.border) {
        same.push(`${String(name)}: pressed ${JSON.stringify(pressed)} looks like unpressed ${JSON.stringify(unpressed)}`);
      }
      // Back as it was: one tile each, one side panel at a time.
      await button.click();
      await expect.poll(() => button.getAttribute('aria-pressed'), WAIT).toBe(before.pressed);
    }
    console.log(`forced colours, the toggles:\n${looks.join('\n')}`);
    expect.soft(same, 'toggles whose pressed state forced colours hide').toEqual([]);

    // The picture, not only the computed style: the speaker view toggle, unpressed then pressed.
    const speakerView = toolbar.getByRole('button', { name: 'Speaker view', exact: true });
    expect(await speakerView.getAttribute('aria-pressed')).toBe('false');
    await page.mouse.move(0, 0);
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    const unpressed = await speakerView.screenshot();
    await speakerView.click();
    await expect.poll(() => speakerView.getAttribute('aria-pressed'), WAIT).toBe('true');
    await page.mouse.move(0, 0);
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    const pressed = await speakerView.screenshot();
    const share = await pixelDifference(page, unpressed, pressed);
    console.log(`forced colours: ${(share * 100).toFixed(1)} % of the speaker view toggle's pixels differ between unpressed and pressed`);
    expect.soft(share, 'share of pixels that differ between the pressed and unpressed toggle').toBeGreaterThan(0);

    // A speaking tile and a silent one: the ring on the tile's ::after.
    await speakerView.click();
    await expect.poll(() => speakerView.getAttribute('aria-pressed'), WAIT).toBe('false');
    demo.media!.setActiveSpeakers(mediaRoom().name, [{ identity: identityOf('Pia') }]);
    await expect.poll(() => tile(page, 'Pia (you)').getAttribute('data-speaking'), WAIT).toBe('');
    const ring = (name: string) =>
      tile(page, name).evaluate((el) => {
        const s = getComputedStyle(el, '::after');
        return `${s.outlineStyle} ${s.outlineWidth} ${s.outlineColor}`;
      });
    const speaking = await ring('Pia (you)');
    const silent = await ring('Zoe');
    expect.soft(speaking, `the speaking tile's ring (the silent one's: ${silent})`).toMatch(/^solid [1-9]/);
    expect.soft(speaking, 'a speaking tile looks like a silent one').not.toBe(silent);

    // The keyboard focus ring.
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    let focused = '';
    for (let i = 0; i < 30 && !focused.startsWith('toolbar'); i++) {
      await page.keyboard.press('Tab');
      focused = await page.evaluate(() => {
        const el = document.activeElement;
        if (!el?.closest('.rk-control-bar') || !el.matches('button')) return '';
        const s = getComputedStyle(el);
        return `toolbar ${el.getAttribute('aria-label') ?? el.textContent}: ${s.outlineStyle} ${s.outlineWidth} ${s.outlineColor}`;
      });
    }
    console.log(`forced colours: focus ring of the ${focused}`);
    expect.soft(focused, 'the focus ring of the first toolbar button Tab reaches').toMatch(/: solid [1-9]\S* rgba?\(/);
    expect.soft(focused, 'the focus ring is not transparent').not.toMatch(/rgba\([^)]*, 0\)$/);
  });
});

describe('right to left', () => {
  const rtl = async (page: Page) => {
    await page.evaluate(() => (document.documentElement.dir = 'rtl'));
    expect(await page.evaluate(() => getComputedStyle(document.querySelector('.rk-conference')!).direction)).toBe('rtl');
  };
  const boxOf = (page: Page, selector: string) =>
    page.locator(selector).first().evaluate((el): Box => {
      const r = el.getBoundingClientRect();
      return { left: r.left, top: r.top, right: r.right, bottom: r.bottom };
    });

  it('mirrors the tile corner, the admin menu, the toasts, the reactions and the speaking bar', async () => {
    const page = await join('Rana', 'admin');
    await rtl(page);

    // A toast, measured the moment it shows, against the stage.
    const toast = page.waitForFunction(() => {
      const t = [...document.querySelectorAll('.rk-notification')].find((n) => n.textContent?.includes('Zoe joined'));
      const stage = document.querySelector('.rk-conference-stage');
      if (!t || !stage) return null;
      const [a, b] = [t.getBoundingClientRect(), stage.getBoundingClientRect()];
      return { toast: { left: a.left, top: a.top, right: a.right, bottom: a.bottom }, stage: { left: b.left, top: b.top, right: b.right, bottom: b.bottom } };
    });
    await guest('Zoe');
    const placed = (await (await toast).jsonValue())!;
    expect.soft(placed.toast.left - placed.stage.left, `the toast ${show(placed.toast)} sits at the left of the stage ${show(placed.stage)}`).toBeLessThan(placed.stage.right - placed.toast.right);

    // Gone before the tiles are measured: a toast takes room from the stage while it shows. Dismissed in one step in
    // the page, because it also leaves by itself after 8 s, which a loaded machine can spend in guest() above.
    await page.evaluate(() => document.querySelector<HTMLButtonElement>('button[aria-label="Dismiss: Zoe joined"]')?.click());
    await page.locator('.rk-notification').waitFor({ state: 'detached' });

    // The tile's action corner: pin and admin menu at the tile's left edge.
    const zoe = tile(page, 'Zoe');
    await zoe.getByRole('button', { name: 'Manage Zoe' }).waitFor();
    const tileBox = await boxOf(page, '.rk-conference-stage [role="group"][aria-label="Zoe"]');
    for (const name of ['Pin Zoe', 'Manage Zoe']) {
      const b = await zoe.getByRole('button', { name }).evaluate((el): Box => el.getBoundingClientRect().toJSON() as Box);
      expect.soft(b.left - tileBox.left, `${name} ${show(b)} at the left edge of the tile ${show(tileBox)}`).toBeLessThan(tileBox.right - b.right);
    }

    // The admin menu opens toward the inside of the tile, its items aligned to their start (the right).
    await zoe.getByRole('button', { name: 'Manage Zoe' }).click();
    const menu = zoe.getByRole('menu', { name: 'Manage Zoe' });
    await menu.waitFor();
    const menuBox = await menu.evaluate((el): Box => el.getBoundingClientRect().toJSON() as Box);
    expect.soft(menuBox.left, `the menu ${show(menuBox)} inside the tile ${show(tileBox)}`).toBeGreaterThanOrEqual(tileBox.left - 0.5);
    expect.soft(menuBox.right, `the menu ${show(menuBox)} inside the tile ${show(tileBox)}`).toBeLessThanOrEqual(tileBox.right + 0.5);
    const items = await menu.getByRole('menuitem').evaluateAll((els) =>
      els.map((el) => {
        const range = document.createRange();
        range.selectNodeContents(el);
        const [text, item] = [range.getBoundingClientRect(), el.getBoundingClientRect()];
        return { name: el.textContent ?? '', align: getComputedStyle(el).textAlign, before: text.left - item.left, after: item.right - text.right };
      }),
    );
    expect(items.length).toBeGreaterThan(0);
    for (const item of items) expect.soft(item.after, `"${item.name}" (text-align ${item.align}) right-aligned: ${item.after.toFixed(1)} px after its text, ${item.before.toFixed(1)} before`).toBeLessThan(item.before);
    await page.keyboard.press('Escape');

    // A reaction floats from the tile's right, measured the moment it shows.
    const reaction = page.waitForFunction(() => {
      const r = document.querySelector('.rk-conference-stage [aria-label="Rana (you)"] .rk-reaction');
      const t = r?.closest('[role="group"]');
      if (!r || !t) return null;
      const [a, b] = [r.getBoundingClientRect(), t.getBoundingClientRect()];
      return { reaction: { left: a.left, top: a.top, right: a.right, bottom: a.bottom }, tile: { left: b.left, top: b.top, right: b.right, bottom: b.bottom } };
    });
    await page.getByRole('button', { name: 'Reactions', exact: true }).click();
    await page.getByRole('group', { name: 'Reactions' }).getByRole('button', { name: 'Applause' }).click();
    const floated = (await (await reaction).jsonValue())!;
    expect.soft(floated.tile.right - floated.reaction.right, `the reaction ${show(floated.reaction)} at the right of its tile ${show(floated.tile)}`).toBeLessThan(floated.reaction.left - floated.tile.left);

    // The participant list's speaking bar on the row's right edge.
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: /^Participants/ }).click();
    demo.media!.setActiveSpeakers(mediaRoom().name, [{ identity: identityOf('Zoe') }]);
    const row = page.locator('.rk-participant-row', { hasText: 'Zoe' });
    await expect.poll(() => row.getAttribute('data-speaking'), WAIT).toBe('');
    const bar = await row.evaluate((el) => {
      const s = getComputedStyle(el);
      return { right: `${s.borderRightStyle} ${s.borderRightWidth} ${s.borderRightColor}`, left: `${s.borderLeftStyle} ${s.borderLeftWidth}` };
    });
    expect.soft(bar.right, `the speaking bar on the right (left: ${bar.left})`).toMatch(/^solid 3px rgb\(/);
    expect.soft(bar.left, 'nothing on the left edge').toMatch(/^(none \S+|\S+ 0px)$/);
  });
});
