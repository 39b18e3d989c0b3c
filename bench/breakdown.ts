/**
 * The conference bundle by feature folder: the bench's conference app (bundle-apps/roomkit-conference.tsx, the
 * Vite production build of bundle.ts) built once more with source maps and rollup-plugin-visualizer (raw-data
 * template, `sourcemap: true`), which maps each minified byte of every chunk back to the package module it came
 * from. The package keeps one module per source module (vite.config.ts), so `node_modules/.cache/roomkit-bench/
 * package/chat/Chat.js` is `src/chat/Chat.tsx`: a module's folder under the package is its feature folder.
 *
 * gzip does not split by module, so each chunk's real gzip -9 size (as bundle.ts measures it) is shared among its
 * folders in proportion to their minified bytes in it. The stylesheet is one file and shows as one row.
 *
 *   npx tsx bench/breakdown.ts            # prints the table (markdown) and writes breakdown.json beside results.json
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, resolve, sep } from 'node:path';
import { visualizer } from 'rollup-plugin-visualizer';
import { buildApp, buildPackage, type BundleSize } from './bundle';

interface RawData {
  tree: { name: string; children: Array<{ name: string; children?: unknown[]; uid?: string }> };
  nodeParts: Record<string, { metaUid: string; renderedLength: number }>;
  nodeMetas: Record<string, { id: string; moduleParts: Record<string, string> }>;
}

/** A module's feature folder: its path in the package less the file name (`media/devices`, `chat`, `room/state`). */
export function featureOf(id: string, pkg: string): string {
  const at = id.indexOf(pkg);
  if (at < 0) return id.includes('node_modules') ? 'other packages' : 'app';
  const rel = id.slice(at + pkg.length + 1).split(sep).join('/');
  const parts = rel.split('/');
  if (parts.length === 1) return '(root)';
  // Two levels where the folder has sub-features (media/devices, media/effects, room/state, room/connection…).
  return ['media', 'room'].includes(parts[0]!) && parts.length > 2 ? `${parts[0]}/${parts[1]}` : parts[0]!;
}

export interface FeatureRow {
  feature: string;
  /** minified bytes in the app's chunks */
  minBytes: number;
  /** gzip bytes: each chunk's gzip shared by minified bytes */
  gzip: number;
  /** of `gzip`, what is in chunks loaded before the first paint */
  initialGzip: number;
}

export interface Breakdown {
  app: BundleSize;
  rows: FeatureRow[];
}

export async function runBreakdown(app = 'roomkit-conference'): Promise<Breakdown> {
  const pkg = await buildPackage();
  const out = resolve(pkg, '..', `breakdown-${app}.json`);
  await mkdir(dirname(out), { recursive: true });
  const size = await buildApp(app, {
    sourcemap: true,
    plugins: [visualizer({ filename: out, template: 'raw-data', sourcemap: true, projectRoot: resolve(pkg, '..') })],
  });
  const data = JSON.parse(await readFile(out, 'utf8')) as RawData;
  const rows = new Map<string, FeatureRow>();
  const row = (feature: string) => rows.get(feature) ?? rows.set(feature, { feature, minBytes: 0, gzip: 0, initialGzip: 0 }).get(feature)!;
  for (const file of size.files) {
    if (file.name.endsWith('.css')) {
      const r = row(file.initial ? 'styles.css' : `css: ${file.name}`);
      r.minBytes += file.bytes;
      r.gzip += file.gzip;
      if (file.initial) r.initialGzip += file.gzip;
      continue;
    }
    // Minified bytes per module of this chunk, from the visualizer's parts.
    const perFeature = new Map<string, number>();
    for (const meta of Object.values(data.nodeMetas)) {
      const uid = meta.moduleParts[file.name];
      if (!uid) continue;
      const feature = featureOf(meta.id, 'package');
      perFeature.set(feature, (perFeature.get(feature) ?? 0) + data.nodeParts[uid]!.renderedLength);
    }
    const mapped = [...perFeature.values()].reduce((a, b) => a + b, 0);
    // Bytes the map gives to no module (the chunk's import and export statements) stay with the chunk.
    if (mapped < file.bytes) perFeature.set('(chunk glue)', (perFeature.get('(chunk glue)') ?? 0) + file.bytes - mapped);
    const total = Math.max(mapped, file.bytes);
    for (const [feature, bytes] of perFeature) {
      const r = row(feature);
      const gz = (file.gzip * bytes) / total;
      r.minBytes += bytes;
      r.gzip += gz;
      if (file.initial) r.initialGzip += gz;
    }
  }
  return { app: size, rows: [...rows.values()].sort((a, b) => b.gzip - a.gzip) };
}

const kb = (bytes: number) => (bytes / 1000).toFixed(2);

export function breakdownTable({ app, rows }: Breakdown): string {
  const lines = ['| folder | kB gzip | of which before first paint | kB minified |', '| --- | --- | --- | --- |'];
  for (const r of rows) lines.push(`| ${r.feature} | ${kb(r.gzip)} | ${kb(r.initialGzip)} | ${kb(r.minBytes)} |`);
  lines.push(`| **all** | **${kb(app.gzipBytes)}** | **${kb(app.initialGzipBytes)}** | ${kb(app.rawBytes)} |`);
  lines.push('', 'Files:', '', '| file | kB gzip | first paint |', '| --- | --- | --- |');
  for (const f of app.files) lines.push(`| ${f.name} | ${kb(f.gzip)} | ${f.initial ? 'yes' : 'no'} |`);
  return lines.join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const result = await runBreakdown(process.argv[2]);
  console.log(breakdownTable(result));
  const dir = resolve(import.meta.dirname, '..', 'node_modules/.cache/roomkit-bench');
  await writeFile(resolve(dir, 'breakdown.json'), JSON.stringify(result, null, 2));
}
