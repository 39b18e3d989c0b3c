/**
 * Type-checks every TypeScript block of the docs as a user would paste it: README.md, `docs/**\/*.md(x)` and
 * `stories/**\/*.mdx` (fenced ```ts / ```tsx blocks, and MDX `<Source language="ts" code={"…"} />` elements).
 * Each block is compiled as a new app compiles it: with create-vite's react-ts settings (`noUnusedLocals`,
 * `noUnusedParameters`, `erasableSyntaxOnly`, `verbatimModuleSyntax`, `strict`…), so a name declared and never read
 * fails, as it would in the app it is pasted into.
 * Each block becomes a module of its own in a folder of its own, with no prelude, and imports RoomKit through
 * its public entry points (`@roomkit/react`, `/testing`, `/server`, `/styles.css`), resolved to the sources with
 * the `paths` of `tsconfig.json`; an import of a subpath missing from package.json `exports` is an error too.
 * All blocks are checked in one TypeScript program, written as `<out>/tsconfig.json`, so
 * `npx tsc -p .docs-check` reproduces a failure. One program means one thing is shared, as in a user's project:
 * a global augmentation (jest-dom's matchers from a setup-file block) reaches the other blocks.
 *
 * Conventions:
 * - ```tsx no-check (any fence info containing `no-check`), or `{/* no-check *\/}` on the line before a
 *   `<Source>`: shown, not compiled. Say why next to it.
 * - A first line `// app/api/meeting-token/route.ts` checks the block as that file (in its own folder still).
 * - Pages whose first line says "Generated … do not edit" are skipped: their generator owns them.
 *
 * Usage: `tsx test/docs/check-snippets.ts [files…]` (default: the docs above). Exit code 1 on any error; the
 * folder is kept then, and removed after a clean run.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

/** One fenced code block that is to be type-checked. */
export interface Snippet {
  /** The document, relative to the repository root. */
  doc: string;
  /** 1-based line in `doc` of the block's first code line. */
  line: number;
  /** The fence's language: `ts` or `tsx`. */
  lang: 'ts' | 'tsx';
  /** The file the block is checked as, relative to its own folder (`snippet.tsx` unless the block names one). */
  fileName: string;
  code: string;
  /**
   * True for an MDX `<Source code={"…"} />` element: its code sits on one line of the document, so a place in it
   * is reported as the element's line plus the line and column inside the block.
   */
  inline?: boolean;
}

/** A block the docs show but do not compile, by choice (`no-check`). */
export interface SkippedSnippet {
  doc: string;
  line: number;
  info: string;
}

/** One type error, placed in the document. */
export interface SnippetError {
  /** `README.md:42:7`, or the generated/source path for errors outside any block. */
  location: string;
  code: string;
  message: string;
  /** The block's first line (`README.md:40`) and the file it was checked as. */
  block?: string;
}

export interface CheckResult {
  snippets: Snippet[];
  skipped: SkippedSnippet[];
  errors: SnippetError[];
  /** The folder the modules and tsconfig were written to. */
  outDir: string;
}

const LANGS: Record<string, 'ts' | 'tsx'> = { ts: 'ts', typescript: 'ts', mts: 'ts', tsx: 'tsx' };
/** `// some/dir/file.tsx`, optionally followed by a space and a remark. */
const NAMED_FILE = /^\/\/\s*((?:[\w.@[\]()-]+\/)*[\w.@[\]()-]+\.(?:ts|tsx|mts|cts))(?:\s|$)/;

/** Extracts the TypeScript blocks of a Markdown or MDX text. `doc` is the name used in reports. */
export function extractSnippets(text: string, doc: string): { snippets: Snippet[]; skipped: SkippedSnippet[] } {
  const lines = text.split(/\r?\n/);
  const snippets: Snippet[] = [];
  const skipped: SkippedSnippet[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = /^(\s*)(`{3,}|~{3,})\s*([^`]*)$/.exec(lines[i] ?? '');
    if (!open) continue;
    const [, indent = '', fence = '', rawInfo = ''] = open;
    const info = rawInfo.trim();
    const body: string[] = [];
    let j = i + 1;
    for (; j < lines.length; j++) {
      const line = lines[j] ?? '';
      const close = /^\s*(`{3,}|~{3,})\s*$/.exec(line);
      if (close && close[1]?.[0] === fence[0] && (close[1]?.length ?? 0) >= fence.length) break;
      body.push(line.startsWith(indent) ? line.slice(indent.length) : line.trimStart());
    }
    const words = info.split(/[\s,{}]+/).filter(Boolean);
    const lang = LANGS[(words[0] ?? '').toLowerCase()];
    if (lang) {
      if (words.includes('no-check')) skipped.push({ doc, line: i + 1, info });
      else {
        const named = NAMED_FILE.exec((body.find((l) => l.trim() !== '') ?? '').trim())?.[1];
        if (named && named.split('/').includes('..')) throw new Error(`${doc}:${i + 2}: a block may not name a file outside its folder (${named}).`);
        snippets.push({ doc, line: i + 2, lang, fileName: named ?? `snippet.${lang}`, code: body.join('\n') + '\n' });
      }
    }
    i = j;
  }
  if (/\.mdx$/i.test(doc)) extractSourceElements(text, doc, snippets, skipped);
  snippets.sort((a, b) => a.line - b.line);
  return { snippets, skipped };
}

/** A JSX attribute value: a string, or an expression in braces holding strings and no nested braces. */
const ATTRIBUTES = /<Source\b((?:[^>"'{}]|"[^"]*"|'[^']*'|\{(?:"(?:[^"\\]|\\.)*"|`(?:[^`\\]|\\.)*`|[^{}"`])*\})*)\/?>/g;

/**
 * MDX `<Source language="ts" code={"…"} />` (Storybook's doc block): checked like a fenced block. `{/* no-check *\/}`
 * on the same line or the line before opts it out. The code must be a plain string literal (JSON-style, or a
 * template literal without `${}`); anything else is reported as an error rather than silently passed.
 */
function extractSourceElements(text: string, doc: string, snippets: Snippet[], skipped: SkippedSnippet[]): void {
  const lines = text.split(/\r?\n/);
  for (const match of text.matchAll(ATTRIBUTES)) {
    const attrs = match[1] ?? '';
    const lang = LANGS[(/\blanguage=(?:"([^"]*)"|'([^']*)'|\{["'`]([^"'`]*)["'`]\})/.exec(attrs)?.slice(1).find(Boolean) ?? '').toLowerCase()];
    if (!lang) continue;
    const line = text.slice(0, match.index).split(/\r?\n/).length;
    const around = `${lines[line - 2] ?? ''}\n${lines[line - 1] ?? ''}`;
    if (/\{\s*\/\*\s*no-check\b/.test(around)) {
      skipped.push({ doc, line, info: `<Source language="${lang}"> no-check` });
      continue;
    }
    const literal = /\bcode=\{\s*("(?:[^"\\]|\\.)*"|`(?:[^`\\$]|\\.)*`)\s*\}/.exec(attrs)?.[1];
    let code: string;
    if (literal?.startsWith('"')) code = JSON.parse(literal) as string;
    else if (literal) code = literal.slice(1, -1).replace(/\\(.)/g, '$1');
    else throw new Error(`${doc}:${line}: <Source language="${lang}"> needs code={"…"} as a string literal to be checked, or {/* no-check */} before it.`);
    const named = NAMED_FILE.exec(code.trimStart().split('\n')[0]?.trim() ?? '')?.[1];
    if (named && named.split('/').includes('..')) throw new Error(`${doc}:${line}: a block may not name a file outside its folder (${named}).`);
    snippets.push({ doc, line, lang, fileName: named ?? `snippet.${lang}`, code: code.endsWith('\n') ? code : `${code}\n`, inline: true });
  }
}

function walk(dir: string, accept: (name: string) => boolean): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && accept(entry.name))
    .map((entry) => join(entry.parentPath, entry.name))
    .filter((path) => !path.split(sep).includes('node_modules'))
    .sort();
}

/**
 * Generated pages (a first line saying "Generated … do not edit", like the API reference from the TSDoc) are not
 * the docs' own snippets: their generator checks them, and they exist only after it ran.
 */
function isGenerated(path: string): boolean {
  return /generated\b.*do not edit/i.test(readFileSync(path, 'utf8').slice(0, 300).split('\n')[0] ?? '');
}

/** The documents checked by default: README.md, docs/**\/*.md(x), stories/**\/*.mdx. */
export function defaultDocs(root: string): string[] {
  return [
    join(root, 'README.md'),
    ...walk(join(root, 'docs'), (name) => /\.mdx?$/.test(name)),
    ...walk(join(root, 'stories'), (name) => name.endsWith('.mdx')),
  ].filter((path) => existsSync(path));
}

/** The public entry points, as `tsconfig.json` maps them to the sources, plus the server entry when present. */
function entryPaths(root: string): Record<string, string[]> {
  const read = ts.readConfigFile(join(root, 'tsconfig.json'), ts.sys.readFile);
  const declared = ((read.config as { compilerOptions?: { paths?: Record<string, string[]> } } | undefined)?.compilerOptions?.paths ?? {});
  const paths: Record<string, string[]> = {};
  for (const [key, targets] of Object.entries(declared)) {
    if (key === '@roomkit/react' || key.startsWith('@roomkit/react/')) paths[key] = targets.map((t) => resolve(root, t));
  }
  const server = ['src/server/index.ts', 'src/server.ts'].map((p) => join(root, p)).find((p) => existsSync(p));
  if (server && !paths['@roomkit/react/server']) paths['@roomkit/react/server'] = [server];
  return paths;
}

/** The subpaths of the package's `exports` map (`.`, `./testing`, `./styles.css`, …). */
function packageExports(root: string): Set<string> {
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { exports?: Record<string, unknown> };
  return new Set(Object.keys(pkg.exports ?? {}));
}

/** Where a 0-based line and column of a block lie in its document. */
function place(snippet: Snippet, line: number, column: number): string {
  return snippet.inline
    ? `${snippet.doc}:${snippet.line} (line ${line + 1}, column ${column + 1} of its <Source> code)`
    : `${snippet.doc}:${snippet.line + line}:${column + 1}`;
}

const slug = (text: string) => text.replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '');

/**
 * Writes every block of `docs` as its own module under `outDir` and type-checks them all in one program.
 * `outDir` is emptied first; it must lie inside `root` (so node_modules resolve as for a user's app).
 */
export function checkSnippets({ root, docs = defaultDocs(root), outDir = join(root, '.docs-check') }: { root: string; docs?: string[]; outDir?: string }): CheckResult {
  const snippets: Snippet[] = [];
  const skipped: SkippedSnippet[] = [];
  for (const path of docs) {
    if (isGenerated(path)) continue;
    const found = extractSnippets(readFileSync(path, 'utf8'), relative(root, path));
    snippets.push(...found.snippets);
    skipped.push(...found.skipped);
  }
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  writeFileSync(join(outDir, '.gitignore'), '*\n');
  const byFile = new Map<string, Snippet>();
  snippets.forEach((snippet, index) => {
    const folder = join(outDir, `${String(index + 1).padStart(3, '0')}-${slug(snippet.doc)}-L${snippet.line}`);
    const file = join(folder, snippet.fileName);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, snippet.code);
    byFile.set(resolve(file), snippet);
  });
  const toConfig = (path: string) => relative(outDir, path).split(sep).join('/');
  const tsconfig = {
    compilerOptions: {
      // What a new app compiles with: create-vite's react-ts template (`tsconfig.app.json`, create-vite 9), whose
      // linting options fail a pasted block that declares a name it never reads, or uses syntax that is not erasable
      // (an enum, a parameter property); `strict` and `noUncheckedSideEffectImports` are TypeScript 6's defaults there.
      target: 'ES2023',
      lib: ['ES2023', 'DOM', 'DOM.Iterable'],
      module: 'ESNext',
      moduleResolution: 'Bundler',
      moduleDetection: 'force',
      allowArbitraryExtensions: true,
      allowImportingTsExtensions: true,
      jsx: 'react-jsx',
      strict: true,
      noUnusedLocals: true,
      noUnusedParameters: true,
      erasableSyntaxOnly: true,
      noFallthroughCasesInSwitch: true,
      noUncheckedSideEffectImports: true,
      // Stricter than the template: an index may be missing.
      noUncheckedIndexedAccess: true,
      skipLibCheck: true,
      isolatedModules: true,
      verbatimModuleSyntax: true,
      noEmit: true,
      // What a Vite or Next.js app has: Node's types for server code, and `declare module '*.css'` for the stylesheet.
      types: ['node', 'vite/client'],
      paths: Object.fromEntries(Object.entries(entryPaths(root)).map(([key, targets]) => [key, targets.map(toConfig)])),
    },
    files: [...byFile.keys()].map(toConfig),
  };
  const configPath = join(outDir, 'tsconfig.json');
  writeFileSync(configPath, JSON.stringify(tsconfig, null, 2) + '\n');

  const errors: SnippetError[] = [];
  // `declare module '*.css'` would accept any stylesheet path: the package's `exports` decide which exist.
  const exported = packageExports(root);
  for (const snippet of snippets) {
    snippet.code.split('\n').forEach((text, index) => {
      for (const match of text.matchAll(/(?:from\s+|import\s*\(?\s*)(['"])(@roomkit\/react(?:\/[^'"]*)?)\1/g)) {
        const specifier = match[2] ?? '';
        const subpath = `.${specifier.slice('@roomkit/react'.length)}`;
        if (exported.has(subpath)) continue;
        errors.push({
          location: place(snippet, index, (match.index ?? 0) + match[0].indexOf(match[1] ?? "'")),
          code: 'exports',
          message: `'${specifier}' is not an entry point of the package (package.json "exports": ${[...exported].join(', ')}).`,
          block: `${snippet.doc}:${snippet.line - 1} (checked as ${snippet.fileName})`,
        });
      }
    });
  }
  const parsed = ts.getParsedCommandLineOfConfigFile(configPath, {}, {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: (d) => {
      throw new Error(ts.flattenDiagnosticMessageText(d.messageText, '\n'));
    },
  });
  if (!parsed) throw new Error(`Could not read ${configPath}.`);
  // An empty `files` list is no error here: a docs folder may have no TypeScript blocks.
  const diagnostics = byFile.size > 0 ? [...parsed.errors] : [];
  if (byFile.size > 0) {
    const program = ts.createProgram({ rootNames: parsed.fileNames, options: parsed.options, projectReferences: parsed.projectReferences ?? [] });
    // Only the blocks are checked in full; the sources they import are `npm run typecheck`'s job (and twice as slow here).
    diagnostics.push(...program.getOptionsDiagnostics(), ...program.getGlobalDiagnostics());
    for (const file of program.getSourceFiles()) {
      if (!byFile.has(resolve(file.fileName))) continue;
      diagnostics.push(...program.getSyntacticDiagnostics(file), ...program.getSemanticDiagnostics(file));
    }
  }
  for (const d of diagnostics) {
    if (d.category !== ts.DiagnosticCategory.Error) continue;
    const message = ts.flattenDiagnosticMessageText(d.messageText, '\n');
    const code = `TS${d.code}`;
    if (!d.file || d.start === undefined) {
      errors.push({ location: relative(root, configPath), code, message });
      continue;
    }
    const { line, character } = d.file.getLineAndCharacterOfPosition(d.start);
    const snippet = byFile.get(resolve(d.file.fileName));
    if (snippet) {
      errors.push({
        location: place(snippet, line, character),
        code,
        message,
        block: `${snippet.doc}:${snippet.line - 1} (checked as ${snippet.fileName})`,
      });
    } else {
      errors.push({ location: `${relative(root, d.file.fileName)}:${line + 1}:${character + 1}`, code, message });
    }
  }
  errors.sort((a, b) => a.location.localeCompare(b.location, 'en', { numeric: true }));
  return { snippets, skipped, errors, outDir };
}

/** The report printed by the command line. */
export function formatResult(result: CheckResult, root: string, ms: number): string {
  const out: string[] = [];
  for (const e of result.errors) {
    out.push(`${e.location} - error ${e.code}: ${e.message.replace(/\n/g, '\n    ')}${e.block ? `\n    in the block at ${e.block}` : ''}`);
  }
  const docs = new Set(result.snippets.map((s) => s.doc)).size;
  const summary =
    `${result.snippets.length} TypeScript blocks from ${docs} document(s) checked in ${(ms / 1000).toFixed(1)} s` +
    (result.skipped.length ? `; ${result.skipped.length} marked no-check (${result.skipped.map((s) => `${s.doc}:${s.line}`).join(', ')})` : '') +
    (result.errors.length
      ? `. ${result.errors.length} error(s). Reproduce with: npx tsc -p ${relative(root, result.outDir) || '.'}`
      : '. No errors.');
  out.push(summary);
  return out.join('\n');
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
  const args = process.argv.slice(2).map((p) => resolve(p));
  const started = performance.now();
  const result = checkSnippets({ root, ...(args.length ? { docs: args } : {}) });
  const ms = performance.now() - started;
  const report = formatResult(result, root, ms);
  if (result.errors.length) {
    console.error(report);
    process.exitCode = 1;
  } else {
    console.log(report);
    rmSync(result.outDir, { recursive: true, force: true });
  }
}
