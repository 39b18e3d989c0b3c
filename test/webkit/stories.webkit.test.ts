/**
 * Every story, in WebKit: the built Storybook (`npm run build-storybook`, storybook-static/) opened in WebKitGTK's
 * MiniBrowser (test/webkit/webkit.ts), each story with the tag `test` (the ones `npm run test:stories` runs in
 * Chromium) rendered at its viewport, its play function run and axe checked (the story's `a11y` parameters, through
 * @storybook/addon-a11y as in Storybook's own UI). Each test is named `webkit: <title> › <story>`.
 *
 * No pictures: those stay Chromium's (one engine's rendering is the reviewed baseline). So the pixel check of a bar's
 * controls (stories/blankControls.ts) has no probe here and is left out, as in Storybook's UI; the DOM checks of the
 * same stories run. A story about a control WebKit lacks asserts here that the control is absent
 * (`useBrowserSupport`'s answer), never skips.
 *
 * The stories run one after another in one page, switched through Storybook's channel (`setCurrentStory`), as
 * Storybook's UI switches them: a page load per story cost a second each.
 */
import { readFileSync, existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { MINIMAL_VIEWPORTS } from 'storybook/viewport';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveStatic } from '../e2e/support';
import { launchWebKit, type WebKit } from './webkit';

const STATIC = resolve(import.meta.dirname, '../../storybook-static');
/**
 * What a story may take, render to the end of axe, before it fails: a guard against a hang, not a performance check.
 * Twice the Chromium story tests' 60 s: the 200-participant conference took 21 s in WebKitGTK on a quiet machine and
 * 42 to 73 s beside the other suites (two hundred simulated cameras, each a canvas stream).
 */
const STORY_MS = 120_000;

interface IndexEntry {
  id: string;
  title: string;
  name: string;
  type: string;
  tags: string[];
}

function storiesToRun(): IndexEntry[] {
  const index = resolve(STATIC, 'index.json');
  if (!existsSync(index)) throw new Error(`${index} is missing: run \`npm run build-storybook\` first (npm test does).`);
  const entries = Object.values((JSON.parse(readFileSync(index, 'utf8')) as { entries: Record<string, IndexEntry> }).entries);
  return entries.filter((e) => e.type === 'story' && e.tags.includes('test'));
}

/** The viewport @storybook/addon-vitest gives a story in the Chromium runs (its `setViewport`): 1200×900 unless the story names one. */
export function storyViewport(parameters: { viewport?: Record<string, unknown> } | undefined, globals: { viewport?: { value?: string } } | undefined): { width: number; height: number } {
  const param = (parameters?.viewport ?? {}) as { disable?: boolean; disabled?: boolean; defaultViewport?: string; viewports?: object; options?: object };
  const disabled = param.disable || param.disabled;
  const name = globals?.viewport?.value && !disabled ? globals.viewport.value : disabled ? undefined : param.defaultViewport;
  const options = { ...MINIMAL_VIEWPORTS, ...param.viewports, ...param.options } as Record<string, { styles?: { width?: string; height?: string } }>;
  const styles = name ? options[name]?.styles : undefined;
  if (!styles?.width || !styles.height) return { width: 1200, height: 900 };
  const px = (value: string) => {
    if (!/^\d+(px)?$/.test(value)) throw new Error(`viewport ${name}: ${value} is not in pixels (the WebKit run sizes viewports in pixels only)`);
    return Number.parseInt(value, 10);
  };
  return { width: px(styles.width), height: px(styles.height) };
}

/** What a story's run told: its status, what threw, and axe's report. */
interface StoryOutcome {
  status: string;
  /** Whether the story's frame had the page's focus when the story began and when it finished. */
  focus: [boolean, boolean];
  errors: string[];
  a11y: Array<{ status: string; violations: string[] }>;
}

/** In the page: loads the story and returns what sizes its viewport. */
async function loadStory(storyId: string): Promise<{ parameters: object; globals: object }> {
  type Store = { loadStory(o: { storyId: string }): Promise<unknown>; getStoryContext(s: unknown): { parameters: { viewport?: unknown }; globals: { viewport?: unknown } } };
  const w = window as unknown as { __STORYBOOK_PREVIEW__?: { storyStoreValue?: Store } };
  // The preview sets its store up after the page's scripts run (the driver's script time-out bounds this).
  while (!w.__STORYBOOK_PREVIEW__?.storyStoreValue) await new Promise((r) => setTimeout(r, 20));
  const store = w.__STORYBOOK_PREVIEW__.storyStoreValue;
  const context = store.getStoryContext(await store.loadStory({ storyId }));
  return { parameters: { viewport: context.parameters.viewport }, globals: { viewport: context.globals.viewport } };
}

/** In the page: renders the story through Storybook's channel and reports how its play function and axe ended. */
function playStory(storyId: string, storyMs: number): Promise<StoryOutcome> {
  type Channel = { on(e: string, f: (x: unknown) => void): void; off(e: string, f: (x: unknown) => void): void; emit(e: string, x: unknown): void };
  const channel = (window as unknown as { __STORYBOOK_ADDONS_CHANNEL__: Channel }).__STORYBOOK_ADDONS_CHANNEL__;
  const errors: string[] = [];
  const offs: Array<() => void> = [];
  const on = (name: string, fn: (x: unknown) => void) => {
    channel.on(name, fn);
    offs.push(() => channel.off(name, fn));
  };
  const message = (e: unknown) => String((e as { message?: string })?.message ?? JSON.stringify(e));
  on('playFunctionThrewException', (e) => errors.push(`the play function threw: ${message(e)}`));
  on('storyThrewException', (e) => errors.push(`the story threw: ${message(e)}`));
  on('storyErrored', (e) => errors.push(`the story errored: ${JSON.stringify(e)}`));
  on('unhandledErrorsWhilePlaying', (e) => errors.push(`unhandled errors while playing: ${(e as unknown[]).map(message).join('; ')}`));
  on('storyMissing', () => errors.push('Storybook has no such story'));
  let focusBefore = false;
  return new Promise((done) => {
    const timer = setTimeout(() => {
      offs.forEach((off) => off());
      done({ status: `not finished within ${storyMs} ms`, focus: [focusBefore, document.hasFocus()], errors, a11y: [] });
    }, storyMs);
    on('storyFinished', (e) => {
      const event = e as { storyId: string; status: string; reporters?: Array<{ type: string; status: string; result?: { violations?: Array<{ id: string; help: string; nodes: Array<{ target: string[] }> }> } }> };
      if (event.storyId !== storyId) return;
      clearTimeout(timer);
      offs.forEach((off) => off());
      const a11y = (event.reporters ?? [])
        .filter((r) => r.type === 'a11y')
        .map((r) => ({ status: r.status, violations: (r.result?.violations ?? []).map((v) => `${v.id} (${v.help}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`) }));
      done({ status: event.status, focus: [focusBefore, document.hasFocus()], errors, a11y });
    });
    // The story's frame has the page's focus, as in the Chromium runs (`:focus-within` and focus rings need it).
    window.focus();
    focusBefore = document.hasFocus();
    channel.emit('setCurrentStory', { storyId, viewMode: 'story' });
  });
}

/** The page that holds the stories' frame, sized per story as Vitest's browser mode sizes it. */
const HOST_PAGE = '<!doctype html><body style="margin:0"><iframe id="frame" title="story" allow="camera; microphone; autoplay" style="border:0;display:block;width:1200px;height:900px"></iframe></body>';

const stories = storiesToRun();
let webkit: WebKit;
let site: { url: string; close(): Promise<void> };

beforeAll(async () => {
  site = await serveStatic(STATIC, { '/webkit-host.html': HOST_PAGE });
  webkit = await launchWebKit({ userAgentSuffix: 'StorybookTestRunner', scriptMs: STORY_MS + 10_000 });
  // A story id that does not exist: the preview starts and shows nothing; each test then switches to its story.
  await webkit.openFramed(`${site.url}webkit-host.html`, `${site.url}iframe.html?id=none--none&viewMode=story&globals=motion:still`);
}, 120_000);

afterAll(async () => {
  await webkit?.close();
  await site?.close();
});

const byTitle = new Map<string, IndexEntry[]>();
for (const story of stories) byTitle.set(story.title, [...(byTitle.get(story.title) ?? []), story]);

describe.each([...byTitle])('webkit: %s', (_title, inFile) => {
  it.each(inFile.map((s) => [s.name, s] as const))('%s', async (_name, story) => {
    const { parameters, globals } = await webkit.run(loadStory, story.id);
    const { width, height } = storyViewport(parameters, globals);
    await webkit.viewport(width, height);
    if (!(await webkit.run(() => document.hasFocus()))) await webkit.refocus();
    const outcome = await webkit.run(playStory, story.id, STORY_MS);
    expect(outcome.errors, `${story.id}: what threw (the frame had focus before, after: ${outcome.focus.join(', ')})`).toEqual([]);
    expect(outcome.a11y, `${story.id}: axe ran once`).toHaveLength(1);
    expect(outcome.a11y[0]!.violations, `${story.id}: axe's violations`).toEqual([]);
    expect(outcome.status, `${story.id}: Storybook's status`).toBe('success');
  });
});
