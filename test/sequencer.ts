import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Test files that run after every other file of their project. `effects` segments each camera frame on the page's
 * main thread with a software GPU: alone it takes about 18 s, but in `npm test` it ran while the stories and the unit
 * suites held both cores and took about 80 s, and its page's load slowed every step beside it. Last, it runs once
 * those steps have ended (they end before the e2e project does), on a machine that has cores to spare.
 */
export const RUN_LAST: readonly RegExp[] = [/\/test\/e2e\/effects\.e2e\.test\.ts$/];

/** `files` in the same order, less those `last` names, which follow in their own order. */
export function runLast<T extends { moduleId: string }>(files: readonly T[], last: readonly RegExp[] = RUN_LAST): T[] {
  const isLast = (file: T) => last.some((pattern) => pattern.test(file.moduleId.replaceAll('\\', '/')));
  return [...files.filter((file) => !isLast(file)), ...files.filter(isLast)];
}

/** Vitest's own order (failed first, then the longest; unknown files by size), then {@link RUN_LAST}'s files. */
export class RoomKitSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    return runLast(await super.sort(files));
  }
}
