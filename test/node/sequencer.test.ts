import { describe, expect, it } from 'vitest';
import { RUN_LAST, runLast } from '../sequencer';

const file = (moduleId: string) => ({ moduleId });

describe('the test sequencer', () => {
  it('moves the effects e2e file after the rest and keeps the order of the others', () => {
    const files = ['/r/test/e2e/demo.e2e.test.ts', '/r/test/e2e/effects.e2e.test.ts', '/r/test/e2e/media-server.e2e.test.ts', '/r/test/e2e/bigroom.e2e.test.ts'].map(file);
    expect(runLast(files).map((f) => f.moduleId)).toEqual(['/r/test/e2e/demo.e2e.test.ts', '/r/test/e2e/media-server.e2e.test.ts', '/r/test/e2e/bigroom.e2e.test.ts', '/r/test/e2e/effects.e2e.test.ts']);
  });

  it('leaves a list without such a file as it was, and finds it on Windows paths too', () => {
    const files = ['/r/test/unit/effects.test.tsx', '/r/test/e2e/demo.e2e.test.ts'].map(file);
    expect(runLast(files)).toEqual(files);
    expect(runLast(['C:\\r\\test\\e2e\\effects.e2e.test.ts', 'C:\\r\\test\\e2e\\demo.e2e.test.ts'].map(file)).map((f) => f.moduleId)).toEqual(['C:\\r\\test\\e2e\\demo.e2e.test.ts', 'C:\\r\\test\\e2e\\effects.e2e.test.ts']);
  });

  it('names a file that exists', async () => {
    const { readdir } = await import('node:fs/promises');
    const e2e = await readdir(new URL('../e2e/', import.meta.url));
    for (const pattern of RUN_LAST) expect(e2e.some((name) => pattern.test(`/x/test/e2e/${name}`))).toBe(true);
  });
});
