/**
 * File names that differ only in case (`agentConversation.ts` beside `AgentConversation.tsx`) are one file on macOS
 * and Windows: a checkout there loses one, and so does an app that installs the package (their `.js` and `.d.ts` in
 * dist/ collide the same way). Each folder of src/ names its files apart. A feature's stylesheet (`chat.css` beside
 * `Chat.tsx`) is not compared: it compiles to no `.js` or `.d.ts`, ships as `dist/styles/chat.css`, and its own name
 * differs from the modules' by its extension on every file system.
 */
import { readdirSync } from 'node:fs';
import { join, parse } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '../../src');

function folders(dir: string): string[] {
  return [dir, ...readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? folders(join(dir, e.name)) : []))];
}

describe('src/ file names', () => {
  it('no two files of a folder differ only in case (extensions aside)', () => {
    const clashes = folders(root).flatMap((dir) => {
      const seen = new Map<string, string>();
      return readdirSync(dir, { withFileTypes: true })
        .filter((e) => e.isFile() && !e.name.endsWith('.css'))
        .flatMap((e) => {
          const key = parse(e.name).name.toLowerCase();
          const other = seen.get(key);
          seen.set(key, e.name);
          return other ? [`${dir.slice(root.length + 1)}: ${other} / ${e.name}`] : [];
        });
    });
    expect(clashes).toEqual([]);
  });
});
