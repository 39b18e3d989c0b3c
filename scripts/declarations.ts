/**
 * The package's declaration files, as it ships them. `tsc -p tsconfig.build.json` writes a `.d.ts` beside every
 * module of `src/`, also for modules no published type mentions (a store, a hook the components use inside, the
 * session's loop). Nothing can read those: `exports` lets an app import only the entries, and a type checker reaches
 * a declaration file only through an entry's `types` and the relative imports from there. They were 64 kB of
 * declarations, 22 kB of the packed tarball's 323 (issue 53). The build removes them.
 *
 * A declaration file is kept when an entry's `types` (package.json `exports`) reaches it by relative specifiers:
 * `from '…'`, `import '…'`, `import('…')` and `declare module '…'` (the label interfaces' augmentations). A relative
 * specifier that resolves to no file stops the build: it would be a broken published type.
 *
 * `tsx scripts/declarations.ts [outDir]` removes the unreached ones (the `build` script; `outDir` defaults to `dist`).
 */
import { existsSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');

/** The `types` of every entry in package.json `exports`, as paths inside `outDir`. */
export function entryDeclarations(outDir: string, manifest = resolve(root, 'package.json')): string[] {
  const { exports } = JSON.parse(readFileSync(manifest, 'utf8')) as { exports: Record<string, string | { types?: string }> };
  return Object.values(exports)
    .flatMap((entry) => (typeof entry === 'object' && entry.types ? [entry.types] : []))
    .map((types) => resolve(outDir, relative('dist', types)));
}

const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+|\bdeclare\s+module\s+)['"](\.{1,2}\/[^'"]+)['"]/g;

/** Every declaration file the entries reach (absolute paths). */
export function reachedDeclarations(entries: string[]): Set<string> {
  const reached = new Set<string>();
  const queue = [...entries];
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (reached.has(file)) continue;
    if (!existsSync(file)) throw new Error(`declarations: ${file} does not exist`);
    reached.add(file);
    for (const [, specifier] of readFileSync(file, 'utf8').matchAll(SPECIFIER)) {
      const target = resolve(dirname(file), specifier!);
      const found = [target.replace(/\.js$/, '.d.ts'), `${target}.d.ts`, join(target, 'index.d.ts')].find((f) => existsSync(f));
      if (!found) throw new Error(`declarations: '${specifier}' in ${relative(root, file)} resolves to no declaration file`);
      queue.push(found);
    }
  }
  return reached;
}

function declarationFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return declarationFiles(path);
    return entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

/** Removes the declaration files of `outDir` that no entry reaches; returns them. */
export function pruneDeclarations(outDir: string, manifest?: string): string[] {
  const reached = reachedDeclarations(entryDeclarations(outDir, manifest));
  const unreached = declarationFiles(outDir).filter((file) => !reached.has(file));
  for (const file of unreached) rmSync(file);
  return unreached;
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  pruneDeclarations(resolve(root, process.argv[2] ?? 'dist'));
}
