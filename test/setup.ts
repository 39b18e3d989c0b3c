import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { setLogLevel } from 'livekit-client';
import { afterEach } from 'vitest';

setLogLevel('silent');
afterEach(() => cleanup());
