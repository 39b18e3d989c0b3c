/**
 * No wait in the e2e suite falls back to vitest's 1 s `expect.poll` default (a busy machine failed a right test that
 * way): every `expect.poll` in test/e2e passes its bound (`WAIT`, or options with a `timeout`), or the e2e project's
 * `expect.poll` default, in vitest.config.ts, is the suite's bound. Playwright's waits get theirs from each browser
 * context (`boundWaits` in test/e2e/support.ts).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import config from '../../vitest.config';
import { WAIT } from '../e2e/wait';

const root = resolve(import.meta.dirname, '../..');
const e2e = join(root, 'test/e2e');

/** True when `options`, an `expect.poll` call's second argument, names a timeout: `WAIT`, `{ ...WAIT }` or `{ timeout }`. */
function namesTimeout(options: ts.Expression | undefined): boolean {
  if (!options) return false;
  if (ts.isIdentifier(options)) return options.text === 'WAIT';
  if (!ts.isObjectLiteralExpression(options)) return false;
  return options.properties.some(
    (p) => (ts.isSpreadAssignment(p) && ts.isIdentifier(p.expression) && p.expression.text === 'WAIT') || (ts.isPropertyAssignment(p) && p.name.getText() === 'timeout'),
  );
}

/** The `expect.poll` calls of a source text, each with its line and whether it names its timeout. */
function pollCalls(source: string, file = 'test.ts'): Array<{ line: number; bounded: boolean }> {
  const sf = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const calls: Array<{ line: number; bounded: boolean }> = [];
  const visit = (node: ts.Node) => {
    if (
      ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      node.expression.name.text === 'poll' &&
      ts.isIdentifier(node.expression.expression) &&
      node.expression.expression.text === 'expect'
    ) {
      calls.push({ line: sf.getLineAndCharacterOfPosition(node.getStart()).line + 1, bounded: namesTimeout(node.arguments[1]) });
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return calls;
}

/** Every TypeScript file under `dir`. */
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name));
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

describe('waits in the e2e suite', () => {
  it('tells a bounded expect.poll from one that takes the default', () => {
    const calls = pollCalls(`
      await expect.poll(f).toBe(1);
      await expect.poll(f, { interval: 5 }).toBe(1);
      await expect.poll(f, options).toBe(1);
      await expect.poll(f, WAIT).toBe(1);
      await expect.poll(f, { ...WAIT, message: 'm' }).toBe(1);
      await expect
        .poll(f, { timeout: 60_000, interval: 500 })
        .toBe(1);
    `);
    expect(calls).toEqual([
      { line: 2, bounded: false },
      { line: 3, bounded: false },
      { line: 4, bounded: false },
      { line: 5, bounded: true },
      { line: 6, bounded: true },
      { line: 7, bounded: true },
    ]);
  });

  it('no expect.poll falls back to vitest’s 1 s: each names its bound, or the e2e project’s default is WAIT', () => {
    const files = sources(e2e);
    const calls = files.flatMap((file) => pollCalls(readFileSync(file, 'utf8'), file).map((call) => ({ ...call, at: `${relative(root, file)}:${call.line}` })));
    // The scan sees the suite (about a hundred polls), so an empty result means something.
    expect(calls.length).toBeGreaterThan(50);
    const fallback = e2eProject().expect?.poll?.timeout ?? 1000;
    const unbounded = calls.filter((call) => !call.bounded).map((call) => call.at);
    if (fallback < WAIT.timeout) expect(unbounded, `expect.poll without a timeout, and the e2e project's default is ${fallback} ms`).toEqual([]);
  });

  it('the e2e project polls with WAIT by default, and a test outlasts it', () => {
    const project = e2eProject();
    expect(project.expect?.poll).toEqual(WAIT);
    expect(project.testTimeout).toBeGreaterThan(WAIT.timeout);
  });
});
