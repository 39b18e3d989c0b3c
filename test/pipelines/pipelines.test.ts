// @roomkit/react/styles.css as a user's app gets it, after each mainstream CSS pipeline, checked the way issue 37
// broke: a Vite 8 app built with its production defaults (lightningcss lowers light-dark() for its targets),
// PostCSS with autoprefixer, and the raw file. Each is opened in Chromium in four theme modes, and the computed
// colours of a button, a pressed toggle, Leave, the focus ring, a speaking tile and the name input are compared
// with the documented ones (expectedColours.ts; Next.js is checked the same way in ../nextjs-app/nextjs.test.ts).
// Run after `npm run build`: `npm run test:pipelines`.
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { extname, join, normalize, resolve } from 'node:path';
import autoprefixer from 'autoprefixer';
import postcss from 'postcss';
import { chromium, type Browser, type Page } from 'playwright-core';
import { CHROMIUM_PATH, HEADLESS_ARGS } from '../chromium';
import { startServer, type TestServer } from '../helpers/httpServers';
import { installPackedPackage } from '../nextjs-app/nextApp';
import { colourTests, openStatesPage } from './colourCheck';

const APP_DIR = resolve(import.meta.dirname, 'vite-app');
const OUT_DIR = join(APP_DIR, 'dist');
const VITE_BIN = resolve(import.meta.dirname, '../../node_modules/vite/bin/vite.js');

/**
 * `vite build` in the app's folder, as its user runs it: the environment without vitest's own variables (its
 * NODE_ENV=test would make Vite bundle React's development build).
 */
function viteBuild(): Promise<void> {
  const env = Object.fromEntries(Object.entries(process.env).filter(([key]) => key !== 'NODE_ENV' && key !== 'TEST' && !key.startsWith('VITEST')));
  return new Promise((resolveBuild, reject) => {
    const child = spawn(process.execPath, [VITE_BIN, 'build'], { cwd: APP_DIR, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code, signal) => (code === 0 ? resolveBuild() : reject(new Error(`vite build failed (${signal ?? `exit ${code}`}):\n${output}`))));
  });
}

const TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css' };

/** The built app's files, on 127.0.0.1. */
function serveBuild(): Promise<TestServer> {
  return startServer(({ path }, res) => {
    const file = normalize(join(OUT_DIR, path === '/' ? 'index.html' : decodeURIComponent(path.split('?')[0]!)));
    if (!file.startsWith(OUT_DIR)) return void res.writeHead(404).end();
    try {
      const body = readFileSync(file);
      res.writeHead(200, { 'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream' }).end(body);
    } catch {
      res.writeHead(404).end();
    }
  });
}

let browser: Browser;
let server: TestServer;
/** The stylesheet the package ships, as the app's node_modules has it. */
let rawCss: string;

beforeAll(async () => {
  installPackedPackage(APP_DIR);
  rawCss = readFileSync(join(APP_DIR, 'node_modules/@roomkit/react/dist/styles.css'), 'utf8');
  await viteBuild();
  server = await serveBuild();
  browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: HEADLESS_ARGS });
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

interface Pipeline {
  name: string;
  /** The stylesheet the pipeline makes of styles.css. */
  css(): Promise<string>;
  /** Whether the page's own stylesheet (Vite's) is replaced by this one. */
  replaces: boolean;
}

const PIPELINES: Pipeline[] = [
  {
    name: 'Vite 8, vite build with its defaults (lightningcss minifier)',
    css: async () => {
      const assets = readdirSync(join(OUT_DIR, 'assets')).filter((f) => f.endsWith('.css'));
      expect(assets).toHaveLength(1);
      return readFileSync(join(OUT_DIR, 'assets', assets[0]!), 'utf8');
    },
    replaces: false,
  },
  {
    name: 'PostCSS with autoprefixer, browserslist "defaults"',
    css: async () => (await postcss([autoprefixer({ overrideBrowserslist: ['defaults'] })]).process(rawCss, { from: 'styles.css' })).css,
    replaces: true,
  },
  { name: 'the raw file', css: async () => rawCss, replaces: true },
];

for (const pipeline of PIPELINES) {
  describe(pipeline.name, () => {
    let css: string;
    let page: Page;
    beforeAll(async () => {
      css = await pipeline.css();
      page = await openStatesPage(browser, server.url, pipeline.replaces ? css : undefined);
    });
    afterAll(() => page?.context().close());

    colourTests(() => ({ page, css }), '@layer roomkit');
  });
}
