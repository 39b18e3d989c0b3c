import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Track } from 'livekit-client';
import { describe, expect, it, vi } from 'vitest';
import { TrackToggle, type RoomKitError } from '../../src/index';
import { renderInRoom } from '../helpers/render';

const DEVICES = {
  audioinput: [
    { deviceId: 'mic-1', label: 'Built-in microphone' },
    { deviceId: 'mic-2', label: 'USB headset' },
  ],
  videoinput: [
    { deviceId: 'cam-1', label: 'HD camera' },
    { deviceId: 'cam-2', label: 'USB camera' },
  ],
  audiooutput: [{ deviceId: 'spk-1', label: 'Speakers' }],
};

describe('device problems on the toggles', () => {
  it.each([
    ['permission-denied', 'Camera blocked: allow it in the address bar, then try again'],
    ['device-not-found', 'No camera found: connect one, then try again'],
    ['device-in-use', 'Camera in use by another app: close that app, then try again'],
    ['device-error', 'Camera could not start: try again'],
  ] as const)('a camera the browser refuses with %s shows the fix; pressing again retries', async (code, words) => {
    const onError = vi.fn<(error: RoomKitError) => void>();
    const { room } = renderInRoom(<TrackToggle source={Track.Source.Camera} onError={onError} />, {
      devices: DEVICES,
      deviceFailures: { videoinput: code },
    });
    const camera = screen.getByRole('button', { name: 'Camera' });
    await userEvent.click(camera);
    await waitFor(() => expect(camera).toHaveAttribute('data-error', code));
    expect(camera).toHaveAccessibleDescription(words);
    expect(camera).toHaveAttribute('aria-pressed', 'false');
    expect(onError).toHaveBeenCalledWith(expect.objectContaining({ code, details: { kind: 'videoinput' } }));
    // The person fixed it and tries again.
    room.setDeviceFailure('videoinput', undefined);
    await userEvent.click(camera);
    await waitFor(() => expect(camera).toHaveAttribute('aria-pressed', 'true'));
    expect(camera).not.toHaveAttribute('data-error');
    expect(camera).not.toHaveAccessibleDescription();
  });

  it('a denied camera leaves the microphone working', async () => {
    renderInRoom(
      <>
        <TrackToggle source={Track.Source.Microphone} />
        <TrackToggle source={Track.Source.Camera} />
      </>,
      { devices: DEVICES, deviceFailures: { videoinput: 'permission-denied' } },
    );
    await userEvent.click(screen.getByRole('button', { name: 'Camera' }));
    await userEvent.click(screen.getByRole('button', { name: 'Microphone' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Microphone' })).toHaveAttribute('aria-pressed', 'true'));
    expect(screen.getByRole('button', { name: 'Microphone' })).not.toHaveAttribute('data-error');
    expect(screen.getByRole('button', { name: 'Camera' })).toHaveAttribute('data-error', 'permission-denied');
  });

  it('cancelling the screen-share picker is no error', async () => {
    const onError = vi.fn();
    renderInRoom(<TrackToggle source={Track.Source.ScreenShare} onError={onError} />, {
      deviceFailures: { screen: 'permission-denied' },
    });
    const share = screen.getByRole('button', { name: 'Share screen' });
    await userEvent.click(share);
    await waitFor(() => expect(share).not.toHaveAttribute('aria-busy'));
    expect(share).not.toHaveAttribute('data-error');
    expect(share).toHaveAttribute('aria-pressed', 'false');
    expect(onError).not.toHaveBeenCalled();
  });

  it('an unplugged camera shows device-lost, reports it, and pressing again switches to the other camera', async () => {
    const onError = vi.fn<(error: RoomKitError) => void>();
    const { room } = renderInRoom(<TrackToggle source={Track.Source.Camera} onError={onError} />, {
      devices: DEVICES,
      local: { camera: true },
    });
    const camera = screen.getByRole('button', { name: 'Camera' });
    await waitFor(() => expect(camera).toHaveAttribute('aria-pressed', 'true'));
    act(() => void room.unplugDevice('cam-1'));
    await waitFor(() => expect(camera).toHaveAttribute('data-error', 'device-lost'));
    expect(camera).toHaveAccessibleDescription('Camera disconnected: reconnect it or choose another, then try again');
    expect(camera).toHaveAttribute('aria-pressed', 'false');
    expect(onError).toHaveBeenCalledWith(expect.objectContaining({ code: 'device-lost', details: { kind: 'videoinput' } }));
    await userEvent.click(camera);
    await waitFor(() => expect(camera).toHaveAttribute('aria-pressed', 'true'));
    expect(camera).not.toHaveAttribute('data-error');
    expect(room.getActiveDevice('videoinput')).toBe('cam-2');
  });

  it('unplugging a camera that is not in use changes nothing on the toggle', async () => {
    const { room } = renderInRoom(<TrackToggle source={Track.Source.Camera} />, { devices: DEVICES, local: { camera: true } });
    const camera = screen.getByRole('button', { name: 'Camera' });
    await waitFor(() => expect(camera).toHaveAttribute('aria-pressed', 'true'));
    act(() => void room.unplugDevice('cam-2'));
    await new Promise((r) => setTimeout(r, 20));
    expect(camera).not.toHaveAttribute('data-error');
    expect(camera).toHaveAttribute('aria-pressed', 'true');
  });
});
