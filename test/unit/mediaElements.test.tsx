import { render } from '@testing-library/react';
import { Track, type RemoteTrack } from 'livekit-client';
import { vi } from 'vitest';
import { RoomAudioRenderer, RoomProvider } from '../../src/index';
import { createTestRoom } from '../../src/testing/index';

/**
 * Takes every element without a parent out of livekit-client's module-wide pool of detached <audio> elements, which
 * the unmounts of earlier tests (in this file, or in others sharing the module registry) fill: `attach()` reuses
 * such an element while the pool has one, and creates a new one only when it has none. The taken elements stay
 * attached to `holder` (detaching would put one back). Each round takes one element out of a finite pool, so the
 * loop ends after at most as many rounds as the pool holds.
 */
function emptyAudioPool(holder: RemoteTrack) {
  const create = vi.spyOn(document, 'createElement');
  try {
    while (!create.mock.calls.some(([tag]) => tag === 'audio')) holder.attach();
  } finally {
    create.mockRestore();
  }
}

describe('media elements on unmount', () => {
  // livekit-client pools detached <audio> elements module-wide and keeps adding to the pool while every
  // pooled element still has a parent. An unmounted element keeps its parent (React removes only the top of
  // the subtree), so each unmount used to pool one more element and, through it, the whole removed subtree:
  // 1000 mount/unmount cycles of VideoConference grew the heap by about 64 MB in Chromium.
  it('an unmounted audio element is detached from its track and left without a parent', () => {
    const room = createTestRoom({ participants: [{ identity: 'amy', microphone: true }] });
    const track = room.remoteParticipants.get('amy')!.getTrackPublication(Track.Source.Microphone)!.track!;
    const holder = createTestRoom({ participants: [{ identity: 'hal', microphone: true }] });
    emptyAudioPool(holder.remoteParticipants.get('hal')!.getTrackPublication(Track.Source.Microphone)!.track!);
    const view = render(
      <RoomProvider room={room}>
        <div>
          <RoomAudioRenderer />
        </div>
      </RoomProvider>,
    );
    const audio = view.container.querySelector('audio')!;
    expect(track.attachedElements).toContain(audio);
    expect(audio.parentElement).not.toBeNull();

    view.unmount();
    expect(track.attachedElements).not.toContain(audio);
    expect(audio.parentElement).toBeNull();
    // The pool now holds a bare element: livekit-client reuses it rather than keeping another.
    expect(track.attach()).toBe(audio);
  });

  it('a mounted audio element stays in place across re-renders', () => {
    const room = createTestRoom({ participants: [{ identity: 'amy', microphone: true }] });
    const view = render(
      <RoomProvider room={room}>
        <div>
          <RoomAudioRenderer />
        </div>
      </RoomProvider>,
    );
    const audio = view.container.querySelector('audio')!;
    expect(audio.isConnected).toBe(true);
    view.rerender(
      <RoomProvider room={room}>
        <div>
          <RoomAudioRenderer volume={0.5} />
        </div>
      </RoomProvider>,
    );
    expect(view.container.querySelector('audio')).toBe(audio);
    expect(audio.isConnected).toBe(true);
  });
});
