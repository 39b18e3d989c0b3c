import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeCycle, findCycles, forbiddenImports, importGraph, longFiles } from './support/importGraph';

const graph = (edges: Record<string, string[]>) => new Map(Object.entries(edges));

describe('findCycles', () => {
  it('finds none in a graph without cycles', () => {
    expect(findCycles(graph({ 'a.ts': ['b.ts', 'c.ts'], 'b.ts': ['c.ts'], 'c.ts': [] }))).toEqual([]);
  });

  it('names each cycle as a closed path from its first file', () => {
    const cycles = findCycles(
      graph({
        'server.ts': ['control.ts', 'log.ts'],
        'control.ts': ['server.ts'],
        'room.ts': ['participant.ts'],
        'participant.ts': ['peer.ts'],
        'peer.ts': ['room.ts'],
        'log.ts': [],
        'self.ts': ['self.ts'],
      }),
    );
    expect(cycles.map(describeCycle)).toEqual([
      'control.ts → server.ts → control.ts',
      'participant.ts → peer.ts → room.ts → participant.ts',
      'self.ts → self.ts',
    ]);
  });

  it('gives the shortest cycle through a tangle', () => {
    const cycles = findCycles(graph({ 'a.ts': ['b.ts', 'c.ts'], 'b.ts': ['c.ts'], 'c.ts': ['d.ts', 'a.ts'], 'd.ts': ['b.ts'] }));
    expect(cycles.map(describeCycle)).toEqual(['a.ts → c.ts → a.ts']);
  });
});

describe('importGraph on files', () => {
  let dir: string;

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'import-graph-'));
    mkdirSync(join(dir, 'lib'));
    mkdirSync(join(dir, 'ui'));
    // a type-only import closes a cycle as much as a value import does
    writeFileSync(join(dir, 'lib', 'a.ts'), "import type { B } from './b';\nexport type A = B;\n");
    writeFileSync(
      join(dir, 'lib', 'b.ts'),
      "import { c } from './c';\nimport { e } from './e.js';\nexport type B = string;\nexport { type A } from './a';\nvoid c; void e;\n",
    );
    writeFileSync(join(dir, 'lib', 'e.ts'), 'export const e = 1;\n');
    mkdirSync(join(dir, 'lib', 'c'));
    writeFileSync(
      join(dir, 'lib', 'c', 'index.ts'),
      "import { useState } from 'react';\nimport { x } from '../../ui/x';\nexport const c = () => import('../d');\nvoid useState; void x;\n",
    );
    writeFileSync(join(dir, 'lib', 'd.tsx'), "// import './a';\nexport const d = 'import \"./b\"';\n");
    writeFileSync(join(dir, 'ui', 'x.ts'), 'export const x = 1;\n');
  });

  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('resolves relative imports (type-only, re-exports, .js, index, dynamic) and ignores comments and strings', () => {
    expect(Object.fromEntries(importGraph(join(dir, 'lib')))).toEqual({
      'a.ts': ['b.ts'],
      'b.ts': ['a.ts', 'c/index.ts', 'e.ts'],
      'c/index.ts': ['d.tsx'],
      'd.tsx': [],
      'e.ts': [],
    });
    expect(findCycles(importGraph(join(dir, 'lib'))).map(describeCycle)).toEqual(['a.ts → b.ts → a.ts']);
  });

  it('reports forbidden packages and folders', () => {
    expect(forbiddenImports(join(dir, 'lib'), { packages: /^react(-dom)?(\/|$)/, folders: [join(dir, 'ui')] })).toEqual([
      'lib/c/index.ts → react',
      'lib/c/index.ts → ui/x.ts',
    ]);
  });
});

describe('the project', () => {
  it.each(['dev/media-server', 'dev/room-api', 'dev/customer-backend', 'src'])('%s has no import cycles', (folder) => {
    expect(findCycles(importGraph(folder)).map(describeCycle)).toEqual([]);
  });

  it('src/core imports neither React nor the hooks, components or prefabs', () => {
    expect(
      forbiddenImports('src/core', { packages: /^react(-dom)?(\/|$)/, folders: ['src/hooks', 'src/components', 'src/prefabs'] }),
    ).toEqual([]);
  });

  it.each(['dev', 'src'])('%s/ has no source file over 400 lines', (folder) => {
    expect(longFiles(folder, 400)).toEqual([]);
  });
});
