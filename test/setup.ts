import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { setLogLevel } from 'livekit-client';
import { afterEach } from 'vitest';
import { resetDevWarnings } from '../src/ui/dev';

setLogLevel('silent');
// This file runs again before each test file, also where files share a module registry (the `isolate: false`
// projects of vitest.config.ts): each file starts with no development warning printed yet, as in a fresh page.
resetDevWarnings();
// findBy* and waitFor wait for a condition; their limit only guards against a hang. Testing Library's 1 s default
// decided outcomes on a loaded 2-core runner, so it is the same as the tests' own limit's order of magnitude.
configure({ asyncUtilTimeout: 15_000 });
afterEach(() => {
  cleanup();
  // RoomKit remembers choices in localStorage: each test starts with none.
  if (typeof localStorage !== 'undefined') localStorage.clear();
});
