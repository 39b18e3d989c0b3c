import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { setLogLevel } from 'livekit-client';
import { afterAll, afterEach, beforeEach, vi } from 'vitest';
import { resetDevWarnings } from '../src/ui/dev';

setLogLevel('silent');
// findBy* and waitFor wait for a condition; their limit only guards against a hang. Testing Library's 1 s default
// decided outcomes on a loaded 2-core runner, so it is the same as the tests' own limit's order of magnitude.
configure({ asyncUtilTimeout: 15_000 });
// RoomKit prints each development warning once per module registry, which test files share where they are not
// isolated (vitest.config.ts): each test starts with none printed yet, as in a fresh page, whatever ran before it.
beforeEach(() => resetDevWarnings());
afterEach(() => {
  cleanup();
  // RoomKit remembers choices in localStorage: each test starts with none.
  if (typeof localStorage !== 'undefined') localStorage.clear();
});
// Where files share a registry they share the jsdom too: a file leaves the page as it found it, or fails here (rather
// than the file that happens to run next).
afterAll(() => {
  if (typeof document === 'undefined') return;
  const left = [...Array.from(document.head.children), ...Array.from(document.body.children)].map((e) => e.outerHTML.slice(0, 120));
  if (left.length > 0) throw new Error(`This file left ${left.length} element(s) in the document for the next file: ${left.join('\n')}`);
  if (vi.isFakeTimers()) throw new Error('This file left fake timers installed for the next file: call vi.useRealTimers() in an afterEach.');
});
