/**
 * The jsdom suite runs in two halves per React version (vitest.config.ts): `unit` and `react18` share a module
 * registry and a jsdom between files (`isolate: false`), `unit-isolated` and `react18-isolated` give each of their
 * files its own. Each test/unit file runs exactly once per React version: in exactly one half, found with the globs
 * the config gives Vitest (matched as Vitest matches them, with tinyglobby).
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { globSync } from 'tinyglobby';
import { describe, expect, it } from 'vitest';
import { configDefaults } from 'vitest/config';
import config from '../../vitest.config';
import pkg from '../../package.json' with { type: 'json' };

const root = resolve(import.meta.dirname, '../..');

interface ProjectTest {
  name?: string;
  include?: string[];
  exclude?: string[];
  isolate?: boolean;
  [key: string]: unknown;
}
interface Project {
  test?: ProjectTest;
  [key: string]: unknown;
}

const projects = ((config as { test?: { projects?: unknown[] } }).test?.projects ?? []) as Project[];

function project(name: string): Project & { test: ProjectTest } {
  const found = projects.find((p) => p.test?.name === name);
  if (!found?.test) throw new Error(`vitest.config.ts has no project named ${name}`);
  return found as Project & { test: ProjectTest };
}

/** The files Vitest runs in project `name`: its include globs, less its exclude globs (Vitest's defaults where unset). */
function filesOf(name: string): string[] {
  const { include = configDefaults.include, exclude = configDefaults.exclude } = project(name).test;
  return globSync(include, { cwd: root, dot: true, ignore: exclude, expandDirectories: false }).sort();
}

/** Every test file under test/unit, whatever its extension. */
const unitFiles = globSync('test/unit/**/*.test.*', { cwd: root, dot: true }).sort();

/** The project names an npm script passes to `vitest run --project`. */
function projectsRunBy(script: keyof typeof pkg.scripts): string[] {
  return [...pkg.scripts[script].matchAll(/--project[ =](\S+)/g)].map((m) => m[1]!);
}

/** A project without what tells its half apart: the rest is the same in both halves of one React version. */
function settings(name: string) {
  const { test, ...rest } = project(name);
  const { name: _name, include: _include, exclude: _exclude, isolate: _isolate, ...others } = test;
  return { ...rest, test: others };
}

describe.each([
  { shared: 'unit', isolated: 'unit-isolated', script: 'test:unit' as const },
  { shared: 'react18', isolated: 'react18-isolated', script: 'test:react18' as const },
])('the jsdom suite in $shared and $isolated', ({ shared, isolated, script }) => {
  it('runs each test/unit file in exactly one of the two', () => {
    expect(unitFiles.length).toBeGreaterThan(40);
    const sharedFiles = filesOf(shared);
    const isolatedFiles = filesOf(isolated);
    // A file in both halves appears twice here, a file in neither is missing.
    expect([...sharedFiles, ...isolatedFiles].sort()).toEqual(unitFiles);
    expect(isolatedFiles.length).toBeGreaterThan(0);
  });

  it('shares the registry in one, isolates each file in the other, and is otherwise configured the same', () => {
    expect(project(shared).test.isolate).toBe(false);
    expect(project(isolated).test.isolate).not.toBe(false);
    expect(settings(isolated)).toEqual(settings(shared));
  });

  it('isolates every file that mocks a module (a module mock holds for the whole registry)', () => {
    const mocking = unitFiles.filter((file) => /\bvi\.(mock|doMock)\(/.test(readFileSync(join(root, file), 'utf8')));
    expect(mocking.length).toBeGreaterThan(0);
    expect(mocking.filter((file) => !filesOf(isolated).includes(file))).toEqual([]);
  });

  it(`is run whole by npm run ${script}`, () => {
    expect(projectsRunBy(script)).toEqual(expect.arrayContaining([shared, isolated]));
  });
});
