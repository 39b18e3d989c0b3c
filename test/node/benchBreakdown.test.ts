import { describe, expect, it } from 'vitest';
import { featureOf } from '../../bench/breakdown';

describe('bench breakdown: a module to its feature folder', () => {
  const pkg = '/cache/roomkit-bench/package';

  it('names the folder under the package, two levels deep for media and room', () => {
    expect(featureOf(`${pkg}/chat/Chat.js`, 'package')).toBe('chat');
    expect(featureOf(`${pkg}/media/devices/deviceStore.js`, 'package')).toBe('media/devices');
    expect(featureOf(`${pkg}/room/state/roomStore.js`, 'package')).toBe('room/state');
    expect(featureOf(`${pkg}/media/VideoTrack.js`, 'package')).toBe('media');
    expect(featureOf(`${pkg}/index.js`, 'package')).toBe('(root)');
  });

  it('keeps other packages and the app apart from the library', () => {
    expect(featureOf('/repo/node_modules/some-dep/index.js', 'package')).toBe('other packages');
    expect(featureOf('/repo/bench/bundle-apps/roomkit-conference.tsx', 'package')).toBe('app');
  });
});
