import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import ts from 'typescript';

/** Files (relative to the graph's root folder) and, for each, the files it imports, sorted. */
export type ImportGraph = Map<string, string[]>;

/** One file's imports: relative ones resolved to files, and bare package specifiers as written. */
export interface FileImports {
  /** Absolute paths of the `.ts`/`.tsx` files its relative imports resolve to. */
  files: string[];
  /** Package specifiers (`react`, `node:http`, `@livekit/protocol`, …). */
  packages: string[];
}

const EXTENSIONS = ['.ts', '.tsx'];

/** Every `.ts`/`.tsx` file under `folder`, recursively, as absolute paths in a stable order. */
export function sourceFiles(folder: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(folder).sort()) {
    const path = join(folder, entry);
    if (statSync(path).isDirectory()) out.push(...sourceFiles(path));
    else if (EXTENSIONS.some((ext) => entry.endsWith(ext)) && !entry.endsWith('.d.ts')) out.push(path);
  }
  return out;
}

/** Resolves a relative specifier from `fromFile` the way the bundler does: `x`, `x.ts`, `x.tsx`, `x/index.ts(x)`, `x.js` → `x.ts`. */
function resolveRelative(fromFile: string, specifier: string): string | undefined {
  const base = resolve(dirname(fromFile), specifier);
  const stripped = base.replace(/\.(m|c)?jsx?$/, '');
  const candidates = [
    base,
    ...EXTENSIONS.map((ext) => base + ext),
    ...EXTENSIONS.map((ext) => stripped + ext),
    ...EXTENSIONS.map((ext) => join(base, `index${ext}`)),
  ];
  return candidates.find((path) => EXTENSIONS.some((ext) => path.endsWith(ext)) && existsSync(path) && statSync(path).isFile());
}

/**
 * Reads the imports of one file: `import` and `export … from` (type-only ones too: a cycle of types is still a
 * cycle of modules), `import()` and `require()`.
 */
export function readImports(file: string): FileImports {
  const info = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
  const files = new Set<string>();
  const packages = new Set<string>();
  for (const { fileName } of info.importedFiles) {
    if (fileName.startsWith('.')) {
      const target = resolveRelative(file, fileName);
      if (target) files.add(target);
    } else {
      packages.add(fileName);
    }
  }
  return { files: [...files].sort(), packages: [...packages].sort() };
}

/** The relative-import graph of every source file under `folder`; imports leaving the folder are left out. */
export function importGraph(folder: string): ImportGraph {
  const root = resolve(folder);
  const graph: ImportGraph = new Map();
  for (const file of sourceFiles(root)) {
    const inside = readImports(file).files.filter((target) => !relative(root, target).startsWith('..'));
    graph.set(
      relative(root, file),
      inside.map((target) => relative(root, target)),
    );
  }
  return graph;
}

/**
 * The import cycles of a graph, one per strongly connected component (Tarjan), each as a closed path
 * `[a, b, …, a]` starting at its alphabetically first file. A file importing itself is a cycle too.
 */
export function findCycles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];

  const visit = (node: string): void => {
    index.set(node, counter);
    low.set(node, counter);
    counter += 1;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node)!, index.get(next)!));
      }
    }
    if (low.get(node) !== index.get(node)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    const selfLoop = component.length === 1 && (graph.get(node) ?? []).includes(node);
    if (component.length > 1 || selfLoop) components.push(component);
  };
  for (const node of [...graph.keys()].sort()) if (!index.has(node)) visit(node);

  return components
    .map((component) => cycleThrough(graph, new Set(component)))
    .sort((a, b) => a[0]!.localeCompare(b[0]!));
}

/** A shortest closed path through a strongly connected set, from its first file back to it (breadth first). */
function cycleThrough(graph: ReadonlyMap<string, readonly string[]>, members: ReadonlySet<string>): string[] {
  const start = [...members].sort()[0]!;
  const previous = new Map<string, string>();
  const queue = [start];
  while (queue.length > 0) {
    const node = queue.shift()!;
    for (const next of [...(graph.get(node) ?? [])].sort()) {
      if (!members.has(next)) continue;
      if (next === start) {
        const path = [node];
        while (path[0] !== start) path.unshift(previous.get(path[0]!)!);
        return [...path, start];
      }
      if (previous.has(next)) continue;
      previous.set(next, node);
      queue.push(next);
    }
  }
  return [start, start];
}

/** `a.ts → b.ts → a.ts`. */
export function describeCycle(cycle: readonly string[]): string {
  return cycle.join(' → ');
}

/** The graph as an adjacency list, one file a line: `room.ts -> ids.ts, participant.ts`. */
export function formatGraph(graph: ImportGraph): string {
  const width = Math.max(0, ...[...graph.keys()].map((file) => file.length));
  return [...graph.keys()]
    .sort()
    .map((file) => `${file.padEnd(width)} -> ${(graph.get(file) ?? []).join(', ') || '(none)'}`)
    .join('\n');
}

/** What files under a folder may not import: packages (matched against the specifier) and folders. */
export interface ImportRules {
  /** Package specifiers that are forbidden, e.g. `/^react(-dom)?(\/|$)/`. */
  packages?: RegExp;
  /** Folders (absolute or relative to the working directory) no file may import from. */
  folders?: readonly string[];
}

/** Every import under `folder` that breaks `rules`, as `file → specifier or file`, relative to `folder`'s parent. */
export function forbiddenImports(folder: string, rules: ImportRules): string[] {
  const root = resolve(folder);
  const base = dirname(root);
  const banned = (rules.folders ?? []).map((f) => resolve(f));
  const found: string[] = [];
  for (const file of sourceFiles(root)) {
    const { files, packages } = readImports(file);
    for (const name of packages) {
      if (rules.packages?.test(name)) found.push(`${relative(base, file)} → ${name}`);
    }
    for (const target of files) {
      if (banned.some((dir) => !relative(dir, target).startsWith('..'))) found.push(`${relative(base, file)} → ${relative(base, target)}`);
    }
  }
  return found;
}

/** Files under `folder` longer than `maxLines` lines, as `path: lines`. */
export function longFiles(folder: string, maxLines: number): string[] {
  return sourceFiles(resolve(folder))
    .map((file) => ({ file, lines: readFileSync(file, 'utf8').split('\n').length - 1 }))
    .filter(({ lines }) => lines > maxLines)
    .map(({ file, lines }) => `${relative(process.cwd(), file)}: ${lines}`);
}

// `npx tsx test/node/support/importGraph.ts <folder>…` prints each folder's graph, line counts and cycles.
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  for (const folder of process.argv.slice(2)) {
    const graph = importGraph(folder);
    const cycles = findCycles(graph);
    process.stdout.write(`# ${folder}\n${formatGraph(graph)}\n\nlines:\n`);
    for (const file of graph.keys()) {
      const lines = readFileSync(join(folder, file), 'utf8').split('\n').length - 1;
      process.stdout.write(`${String(lines).padStart(5)} ${file}\n`);
    }
    process.stdout.write(`\ncycles: ${cycles.length === 0 ? 'none' : cycles.map(describeCycle).join('; ')}\n\n`);
  }
}
