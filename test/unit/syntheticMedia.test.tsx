import { act, render } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { ParticipantTile, RoomProvider } from '../../src/index';
import { createTestRoom } from '../../src/testing/index';

/**
 * The testing kit draws simulated cameras on canvases in a browser. jsdom has no canvas capture, so these
 * stand-ins count the frames drawn per canvas.
 */
describe('simulated cameras in a browser', () => {
  const frames = new Map<HTMLCanvasElement, number>();
  const saved = { getContext: HTMLCanvasElement.prototype.getContext, captureStream: HTMLCanvasElement.prototype.captureStream };

  beforeEach(() => {
    vi.useFakeTimers();
    frames.clear();
    HTMLCanvasElement.prototype.getContext = function getContext(this: HTMLCanvasElement) {
      const count = () => frames.set(this, (frames.get(this) ?? 0) + 1);
      return new Proxy({} as Record<string, unknown>, {
        get: (_t, key) => (key === 'fillRect' ? count : key === 'createLinearGradient' ? () => ({ addColorStop() {} }) : () => {}),
        set: () => true,
      });
    } as never;
    HTMLCanvasElement.prototype.captureStream = function captureStream() {
      const track = new EventTarget() as MediaStreamTrack & { readyState: string };
      Object.assign(track, { kind: 'video', id: `canvas-${frames.size}`, readyState: 'live', enabled: true, muted: false, stop() {} });
      Object.assign(track, { getSettings: () => ({ width: 320, height: 180 }), getConstraints: () => ({}), clone: () => track });
      return { getVideoTracks: () => [track], getTracks: () => [track] } as unknown as MediaStream;
    };
  });
  afterEach(() => {
    HTMLCanvasElement.prototype.getContext = saved.getContext;
    HTMLCanvasElement.prototype.captureStream = saved.captureStream;
    vi.useRealTimers();
  });

  it('draws one first frame per camera, then only the cameras a video element shows', () => {
    const room = createTestRoom({ participants: 30 });
    // Creating N cameras draws each one first frame.
    expect(frames.size).toBe(30);
    expect([...frames.values()].every((n) => n === 1)).toBe(true);

    render(
      <RoomProvider room={room}>
        <ParticipantTile identity="participant-2" />
        <ParticipantTile identity="participant-3" />
      </RoomProvider>,
    );
    frames.clear();
    act(() => void vi.advanceTimersByTime(1000));
    // Ten ticks of the shared timer, for the two cameras on screen only.
    expect(frames.size).toBe(2);
    expect([...frames.values()]).toEqual([10, 10]);
  });
});
