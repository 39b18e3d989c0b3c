import type { TestRoomInit } from '@roomkit/react/testing';

/**
 * The simulated browser's devices for every story's test room: device menus list these, never the machine's own
 * (which differ between machines, and arrive whenever the browser's enumeration answers).
 */
export const storyDevices: NonNullable<TestRoomInit['devices']> = {
  audioinput: [
    { deviceId: 'mic-1', label: 'Built-in microphone' },
    { deviceId: 'mic-2', label: 'USB headset' },
  ],
  videoinput: [{ deviceId: 'cam-1', label: 'HD camera' }],
  audiooutput: [{ deviceId: 'spk-1', label: 'Speakers' }],
};
