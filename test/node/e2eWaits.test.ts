/**
 * No wait falls back to vitest's 1 s `expect.poll` default (a busy machine failed a right test that way): every
 * `expect.poll` in the tests and stories names its bound at the call (`WAIT`, the node tests' `POLL`, a constant of its
 * file with a `timeout`, or options with a `timeout`), whatever the project's default; the e2e project's default is
 * the suite's bound too. Playwright's waits get theirs from each browser context (`boundWaits` in test/e2e/support.ts).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import config from '../../vitest.config';
import { TEMPLATE_LOAD_MS } from '../../dev/media-server/egressBrowser';
import { WAIT } from '../e2e/wait';

const root = resolve(import.meta.dirname, '../..');

/**
 * The suite's shared bounds: `WAIT` (test/e2e/wait.ts), `EGRESS_START` (a recording's start, test/e2e/support.ts:
 * the template's load bound plus WAIT) and `POLL` (test/node/support/poll.ts).
 */
const SHARED_BOUNDS = new Set(['WAIT', 'EGRESS_START', 'POLL']);

/** Whether `object` is an object literal with a `timeout`, or spreads a bound. */
function objectNamesTimeout(object: ts.ObjectLiteralExpression, bounds: Set<string>): boolean {
  return object.properties.some(
    (p) => (ts.isSpreadAssignment(p) && ts.isIdentifier(p.expression) && bounds.has(p.expression.text)) || (ts.isPropertyAssignment(p) && p.name.getText() === 'timeout'),
  );
}

/**
 * True when `options`, an `expect.poll` call's second argument, names a timeout: a shared bound, a constant of the
 * file declared as an object with a `timeout`, `{ ...bound }` or `{ timeout }`.
 */
function namesTimeout(options: ts.Expression | undefined, bounds: Set<string>): boolean {
  if (!options) return false;
  if (ts.isIdentifier(options)) return bounds.has(options.text);
  return ts.isObjectLiteralExpression(options) && objectNamesTimeout(options, bounds);
}

/** The `expect.poll` calls of a source text, each with its line and whether it names its timeout. */
function pollCalls(source: string, file = 'test.ts'): Array<{ line: number; bounded: boolean }> {
  const sf = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const calls: Array<{ line: number; bounded: boolean }> = [];
  // The file's own bounds: `const NAME = { timeout: … }` (with or without `as const`).
  const bounds = new Set(SHARED_BOUNDS);
  const collect = (node: ts.Node) => {
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.initializer) {
      const value = ts.isAsExpression(node.initializer) ? node.initializer.expression : node.initializer;
      if (ts.isObjectLiteralExpression(value) && objectNamesTimeout(value, bounds)) bounds.add(node.name.text);
    }
    ts.forEachChild(node, collect);
  };
  collect(sf);
  const visit = (node: ts.Node) => {
    if (
      ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      node.expression.name.text === 'poll' &&
      ts.isIdentifier(node.expression.expression) &&
      node.expression.expression.text === 'expect'
    ) {
      calls.push({ line: sf.getLineAndCharacterOfPosition(node.getStart()).line + 1, bounded: namesTimeout(node.arguments[1], bounds) });
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return calls;
}

/** Every TypeScript file under `dir`, leaving out installed packages and build output. */
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(entry.parentPath, entry.name);
    if (entry.isDirectory()) return ['node_modules', '.next', 'dist', '__screenshots__'].includes(entry.name) ? [] : sources(path);
    return entry.isFile() && /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** The e2e project's settings in vitest.config.ts. */
interface ProjectTest {
  name?: string;
  testTimeout?: number;
  expect?: { poll?: { timeout?: number } };
}

function e2eProject(): ProjectTest {
  const projects = ((config as { test?: { projects?: unknown[] } }).test?.projects ?? []) as Array<{ test?: ProjectTest }>;
  const project = projects.find((p) => p.test?.name === 'e2e')?.test;
  if (!project) throw new Error('vitest.config.ts has no e2e project');
  return project;
}

describe('expect.poll waits', () => {
  it('tells a bounded expect.poll from one that takes the default', () => {
    const calls = pollCalls(`
      const OWN = { timeout: 60_000, interval: 100 };
      const LOOSE = { interval: 100 } as const;
      await expect.poll(f).toBe(1);
      await expect.poll(f, { interval: 5 }).toBe(1);
      await expect.poll(f, options).toBe(1);
      await expect.poll(f, WAIT).toBe(1);
      await expect.poll(f, { ...WAIT, message: 'm' }).toBe(1);
      await expect
        .poll(f, { timeout: 60_000, interval: 500 })
        .toBe(1);
      await expect.poll(f, OWN).toBe(1);
      await expect.poll(f, LOOSE).toBe(1);
      await expect.poll(f, POLL).toBe(1);
    `);
    expect(calls).toEqual([
      { line: 4, bounded: false },
      { line: 5, bounded: false },
      { line: 6, bounded: false },
      { line: 7, bounded: true },
      { line: 8, bounded: true },
      { line: 9, bounded: true },
      { line: 12, bounded: true },
      { line: 13, bounded: false },
      { line: 14, bounded: true },
    ]);
  });

  it('every expect.poll in the tests and stories names its bound at the call', () => {
    const files = ['test', 'stories', '.storybook'].flatMap((dir) => sources(join(root, dir)));
    const calls = files.flatMap((file) => pollCalls(readFileSync(file, 'utf8'), file).map((call) => ({ ...call, at: `${relative(root, file)}:${call.line}` })));
    // The scan sees the suites (well over a hundred polls), so an empty result means something.
    expect(calls.length).toBeGreaterThan(150);
    expect(calls.filter((call) => !call.bounded).map((call) => call.at)).toEqual([]);
  });

  it('the e2e project polls with WAIT by default, and a test outlasts it', () => {
    const project = e2eProject();
    expect(project.expect?.poll).toEqual(WAIT);
    expect(project.testTimeout).toBeGreaterThan(WAIT.timeout);
    // EGRESS_START, the longest shared bound, fits in a test too.
    expect(project.testTimeout).toBeGreaterThan(TEMPLATE_LOAD_MS + WAIT.timeout);
  });
});
