import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { setLogLevel } from 'livekit-client';
import { afterEach } from 'vitest';

setLogLevel('silent');
afterEach(() => {
  cleanup();
  // RoomKit remembers choices in localStorage: each test starts with none.
  if (typeof localStorage !== 'undefined') localStorage.clear();
});
