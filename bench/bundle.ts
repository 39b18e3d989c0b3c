/**
 * Bundle sizes: the same Vite build (production, minified, ES2022) of small apps using each library as an app
 * installs it, with react, react-dom, livekit-client and @tanstack/react-query external (peers an app already
 * has). RoomKit is first built as it is published (the library build of vite.config.ts, and the stylesheets as
 * scripts/stylesheets.ts writes them: styles.css, the union, and each feature's sheet as styles/<name>.css). Size is the sum over every emitted file
 * (JS chunks and CSS) of its gzip -9 size; kB = 1000 bytes. The tarball is what `npm pack` would publish after
 * `npm run build`.
 */
import { execFile } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { build, type PluginOption, type Rollup } from 'vite';
import { writeStylesheets } from '../scripts/stylesheets';

const here = import.meta.dirname;
const root = resolve(here, '..');
const apps = resolve(here, 'bundle-apps');
const pkg = resolve(root, 'node_modules/.cache/roomkit-bench/package');

/** Builds RoomKit's package (the `npm run build` library step) into a cache folder; dist/ is left alone. */
export async function buildPackage(): Promise<string> {
  await build({
    configFile: resolve(root, 'vite.config.ts'),
    logLevel: 'silent',
    build: { outDir: pkg, emptyOutDir: true, sourcemap: false },
  });
  writeStylesheets(pkg);
  // What a bundler reads from the installed package's manifest: ESM, and which files have side effects.
  const { name, type, sideEffects } = JSON.parse(await readFile(resolve(root, 'package.json'), 'utf8')) as Record<string, unknown>;
  await writeFile(resolve(pkg, 'package.json'), JSON.stringify({ name, type, sideEffects }, null, 2));
  return pkg;
}

/** Peers of both libraries, left to the app. */
export const EXTERNAL = [/^react($|\/)/, /^react-dom($|\/)/, /^livekit-client($|\/)/, /^@tanstack\/react-query($|\/)/];

export interface BundleSize {
  app: string;
  /** gzip bytes per emitted file */
  files: Array<{ name: string; bytes: number; gzip: number; initial: boolean }>;
  gzipBytes: number;
  /** Of those, what loads before the first paint: the entry chunk, its static imports and their CSS. */
  initialGzipBytes: number;
  rawBytes: number;
}

/** Extra plugins (the breakdown's visualizer) and source maps for one build; the measured figures use neither. */
export interface BuildAppOptions {
  plugins?: PluginOption[];
  sourcemap?: boolean;
}

export async function buildApp(app: string, options: BuildAppOptions = {}): Promise<BundleSize> {
  const result = await build({
    configFile: false,
    logLevel: 'silent',
    mode: 'production',
    root: apps,
    plugins: [react(), ...(options.plugins ?? [])],
    resolve: {
      alias: [
        { find: /^@roomkit\/react\/styles\/([\w-]+)\.css$/, replacement: resolve(pkg, 'styles/$1.css') },
        { find: /^@roomkit\/react\/(styles|audio-room|agent)\.css$/, replacement: resolve(pkg, '$1.css') },
        { find: /^@roomkit\/react\/(audio-room|agent|recording)$/, replacement: resolve(pkg, '$1.js') },
        { find: /^@roomkit\/react$/, replacement: resolve(pkg, 'index.js') },
      ],
    },
    build: {
      write: false,
      minify: true,
      cssMinify: true,
      target: 'es2022',
      sourcemap: options.sourcemap ?? false,
      reportCompressedSize: false,
      modulePreload: false,
      rollupOptions: { input: resolve(apps, `${app}.tsx`), external: EXTERNAL },
    },
  });
  const outputs = (Array.isArray(result) ? result : [result]) as Rollup.RollupOutput[];
  // Source maps, when asked for, are the visualizer's input and not part of what an app ships.
  const emitted = outputs.flatMap((o) => o.output).filter((f) => !f.fileName.endsWith('.map'));
  // What loads before the first paint: the entry chunk, what it imports statically (not `import()`), and the CSS
  // those chunks bring (Vite's `importedCss`).
  const chunks = new Map(emitted.flatMap((f) => (f.type === 'chunk' ? [[f.fileName, f] as const] : [])));
  const initial = new Set<string>();
  const visit = (name: string) => {
    const chunk = chunks.get(name);
    if (!chunk || initial.has(name)) return;
    initial.add(name);
    for (const css of (chunk as { viteMetadata?: { importedCss: Set<string> } }).viteMetadata?.importedCss ?? []) initial.add(css);
    chunk.imports.forEach(visit);
  };
  for (const chunk of chunks.values()) if (chunk.isEntry) visit(chunk.fileName);
  const files = emitted.map((f) => {
    // Without the `//# sourceMappingURL` comment a source-mapped build adds, so both builds weigh the same.
    const content = f.type === 'chunk' ? f.code.replace(/\n\/\/# sourceMappingURL=\S+\s*$/, '') : f.source;
    const bytes = Buffer.byteLength(content);
    return { name: f.fileName, bytes, gzip: gzipSync(content, { level: 9 }).length, initial: initial.has(f.fileName) };
  });
  return {
    app,
    files,
    gzipBytes: files.reduce((s, f) => s + f.gzip, 0),
    initialGzipBytes: files.reduce((s, f) => s + (f.initial ? f.gzip : 0), 0),
    rawBytes: files.reduce((s, f) => s + f.bytes, 0),
  };
}

export interface BundleResult {
  /** The packed tarball `npm pack` makes from a fresh `npm run build`, kB (10³ bytes), and its unpacked size. */
  tarballKb: number;
  tarballUnpackedKb: number;
  bundleKb: number;
  /** Of `bundleKb`, what loads before the conference first paints (all of it while nothing is loaded lazily). */
  bundleInitialKb: number;
  /**
   * What the conference's first paint shows, built alone from the package's parts (`bundle-apps/roomkit-first-paint.tsx`:
   * grid, tiles, microphone, camera, screen share, leave, connection state, audio, the stylesheet): how small a first
   * paint can be with today's parts.
   */
  firstPaintPartsKb: number;
  anchorBundleKb: number;
  bundleRatio: number;
  /**
   * A meeting composed from the package's parts with the anchor `VideoConference`'s features and no more
   * (`bundle-apps/composedMeeting.tsx`, the Layouts guide's "Build your own conference"), and its ratio to the anchor.
   */
  equalFeaturesKb: number;
  equalFeaturesRatio: number;
  coreKb: number;
  anchorCoreKb: number;
  details: BundleSize[];
}

const kb = (bytes: number) => Math.round(bytes / 100) / 10;

const execFileAsync = promisify(execFile);

/** Builds the package as `npm run build` does and asks `npm pack` what it would publish. */
export async function measureTarball(): Promise<{ tarballKb: number; tarballUnpackedKb: number }> {
  await execFileAsync('npm', ['run', 'build'], { cwd: root });
  const { stdout } = await execFileAsync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd: root });
  const [info] = JSON.parse(stdout) as Array<{ size: number; unpackedSize: number }>;
  if (!info) throw new Error(`npm pack --dry-run printed no package: ${stdout.slice(0, 300)}`);
  return { tarballKb: kb(info.size), tarballUnpackedKb: kb(info.unpackedSize) };
}

export async function runBundle(): Promise<BundleResult> {
  const tarball = await measureTarball();
  await buildPackage();
  const details: BundleSize[] = [];
  const builtApps = ['roomkit-conference', 'livekit-conference', 'roomkit-core', 'livekit-core', 'roomkit-first-paint', 'roomkit-composed'];
  for (const app of builtApps) details.push(await buildApp(app));
  const size = (app: string) => details.find((d) => d.app === app)!.gzipBytes;
  return {
    ...tarball,
    bundleKb: kb(size('roomkit-conference')),
    bundleInitialKb: kb(details.find((d) => d.app === 'roomkit-conference')!.initialGzipBytes),
    firstPaintPartsKb: kb(size('roomkit-first-paint')),
    anchorBundleKb: kb(size('livekit-conference')),
    bundleRatio: Math.round((size('roomkit-conference') / size('livekit-conference')) * 1000) / 1000,
    equalFeaturesKb: kb(size('roomkit-composed')),
    equalFeaturesRatio: Math.round((size('roomkit-composed') / size('livekit-conference')) * 1000) / 1000,
    coreKb: kb(size('roomkit-core')),
    anchorCoreKb: kb(size('livekit-core')),
    details,
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const r = await runBundle();
  for (const d of r.details) {
    console.log(d.app, d.gzipBytes, d.rawBytes);
    for (const f of d.files) console.log('   ', f.name, f.bytes, f.gzip);
  }
  console.log({ ...r, details: undefined });
}
