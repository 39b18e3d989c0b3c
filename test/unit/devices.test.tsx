import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Track } from 'livekit-client';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  PreJoin,
  RoomProvider,
  TrackToggle,
  USER_CHOICES_STORAGE_KEY,
  useUserChoices,
  type PreJoinChoices,
  type RoomKitError,
} from '../../src/index';
import { createTestRoom, type TestRoomInit } from '../../src/testing/index';
import { renderInRoom } from '../helpers/render';

beforeEach(() => localStorage.clear());

const stored = () => JSON.parse(localStorage.getItem(USER_CHOICES_STORAGE_KEY) ?? 'null') as Record<string, unknown> | null;

function renderPreJoin(init: TestRoomInit = {}, rememberChoices?: boolean) {
  const onSubmit = vi.fn<(choices: PreJoinChoices) => void>();
  const room = createTestRoom({ devices: DEVICES, ...init });
  const view = render(
    <RoomProvider room={room} {...(rememberChoices === undefined ? {} : { rememberChoices })}>
      <PreJoin onSubmit={onSubmit} />
    </RoomProvider>,
  );
  return { room, onSubmit, ...view };
}

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

  it('a camera refused outside the toggle (the session publishing on join) shows on the toggle too', async () => {
    const { room } = renderInRoom(<TrackToggle source={Track.Source.Camera} />, { devices: DEVICES, deviceFailures: { videoinput: 'device-not-found' } });
    await act(() => room.localParticipant.setCameraEnabled(true).catch(() => undefined));
    const camera = screen.getByRole('button', { name: 'Camera' });
    expect(camera).toHaveAttribute('data-error', 'device-not-found');
    room.setDeviceFailure('videoinput', undefined);
    await act(() => room.localParticipant.setCameraEnabled(true));
    expect(camera).not.toHaveAttribute('data-error');
  });

  it('keeps the keyboard focus while it switches: busy, not disabled, and a press then does nothing', async () => {
    const { room } = renderInRoom(<TrackToggle source={Track.Source.Camera} />, { devices: DEVICES });
    let release: () => void = () => {};
    const start = vi.spyOn(room.localParticipant, 'setCameraEnabled').mockImplementation(
      () => new Promise((resolve) => void (release = () => resolve(undefined))),
    );
    const camera = screen.getByRole('button', { name: 'Camera' });
    await userEvent.click(camera);
    expect(camera).toHaveAttribute('aria-busy', 'true');
    // A disabled button loses focus in a browser (jsdom does not show it): this one never is.
    expect(camera).not.toBeDisabled();
    expect(camera).toHaveFocus();
    await userEvent.click(camera);
    expect(start).toHaveBeenCalledTimes(1);
    await act(async () => release());
    expect(camera).not.toHaveAttribute('aria-busy');
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

describe('remembered choices', () => {
  it('PreJoin remembers the name, switches and devices, and the next visit starts with them', async () => {
    const first = renderPreJoin({ local: { name: 'Pat' } });
    const name = screen.getByLabelText('Display name');
    await userEvent.clear(name);
    await userEvent.type(name, 'Patricia');
    await userEvent.click(screen.getByRole('button', { name: 'Microphone' }));
    const camera = screen.getByLabelText('Choose camera');
    await waitFor(() => expect(camera).toHaveValue('cam-1'));
    await userEvent.selectOptions(camera, 'cam-2');
    await userEvent.selectOptions(screen.getByLabelText('Choose microphone'), 'mic-2');
    await userEvent.click(screen.getByRole('button', { name: 'Join' }));
    expect(stored()).toEqual({ displayName: 'Patricia', audioEnabled: false, videoEnabled: true, videoDeviceId: 'cam-2', audioDeviceId: 'mic-2' });
    first.unmount();

    // A new page: a fresh room.
    const second = renderPreJoin({ local: { name: 'Pat' } });
    expect(screen.getByLabelText('Display name')).toHaveValue('Patricia');
    expect(screen.getByRole('button', { name: 'Microphone' })).toHaveAttribute('aria-pressed', 'false');
    await waitFor(() => expect(screen.getByLabelText('Choose camera')).toHaveValue('cam-2'));
    expect(screen.getByLabelText('Choose microphone')).toHaveValue('mic-2');
    expect(screen.queryByRole('status')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Join' }));
    expect(second.onSubmit).toHaveBeenCalledWith(
      expect.objectContaining({ displayName: 'Patricia', audioEnabled: false, videoEnabled: true, videoDeviceId: 'cam-2', audioDeviceId: 'mic-2' }),
    );
    // What the session publishes on join uses the remembered camera.
    await act(() => second.room.localParticipant.setCameraEnabled(true));
    expect(second.room.localParticipant.getTrackPublication(Track.Source.Camera)!.track!.mediaStreamTrack.getSettings().deviceId).toBe('cam-2');
  });

  it('a remembered camera that is gone falls back to the default, with a notice', async () => {
    localStorage.setItem(USER_CHOICES_STORAGE_KEY, JSON.stringify({ videoDeviceId: 'cam-gone', audioDeviceId: 'mic-2' }));
    const { onSubmit } = renderPreJoin();
    const notice = await screen.findByRole('status');
    expect(notice).toHaveTextContent('Your saved camera is not connected; using the default camera');
    expect(screen.getByLabelText('Choose camera')).toHaveValue('cam-1');
    expect(screen.getByLabelText('Choose microphone')).toHaveValue('mic-2');
    await userEvent.click(screen.getByRole('button', { name: 'Join' }));
    expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ videoDeviceId: 'cam-1', audioDeviceId: 'mic-2' }));
    // The remembered camera stays remembered (it may come back); choosing one replaces it and ends the notice.
    expect(stored()).toMatchObject({ videoDeviceId: 'cam-gone' });
    await userEvent.selectOptions(screen.getByLabelText('Choose camera'), 'cam-2');
    await waitFor(() => expect(screen.queryByRole('status')).toBeNull());
    expect(stored()).toMatchObject({ videoDeviceId: 'cam-2' });
  });

  it('rememberChoices={false} neither reads nor writes', async () => {
    localStorage.setItem(USER_CHOICES_STORAGE_KEY, JSON.stringify({ displayName: 'Old name', audioEnabled: false }));
    renderPreJoin({ local: { name: 'Pat' } }, false);
    expect(screen.getByLabelText('Display name')).toHaveValue('Pat');
    expect(screen.getByRole('button', { name: 'Microphone' })).toHaveAttribute('aria-pressed', 'true');
    await waitFor(() => expect(screen.getByLabelText('Choose camera')).toHaveValue('cam-1'));
    await userEvent.selectOptions(screen.getByLabelText('Choose camera'), 'cam-2');
    await userEvent.click(screen.getByRole('button', { name: 'Join' }));
    expect(stored()).toEqual({ displayName: 'Old name', audioEnabled: false });
  });

  it('stores nothing for a hidden observer, and shows it nothing remembered', async () => {
    localStorage.setItem(USER_CHOICES_STORAGE_KEY, JSON.stringify({ displayName: 'Someone' }));
    const { onSubmit } = renderPreJoin({ local: { name: 'Observer', grants: { hidden: true } } });
    expect(screen.getByLabelText('Display name')).toHaveValue('Observer');
    await userEvent.click(screen.getByRole('button', { name: 'Join as viewer' }));
    expect(onSubmit).toHaveBeenCalled();
    expect(stored()).toEqual({ displayName: 'Someone' });
  });

  it('a viewer remembers its name but not microphone or camera switches', async () => {
    localStorage.setItem(USER_CHOICES_STORAGE_KEY, JSON.stringify({ audioEnabled: true, videoEnabled: false }));
    renderPreJoin({ local: { name: 'Val', grants: { canPublish: false } } });
    await userEvent.click(screen.getByRole('button', { name: 'Join as viewer' }));
    expect(stored()).toEqual({ audioEnabled: true, videoEnabled: false, displayName: 'Val' });
  });

  it('tolerates corrupted JSON and blocked storage', async () => {
    localStorage.setItem(USER_CHOICES_STORAGE_KEY, '{not json');
    const first = renderPreJoin({ local: { name: 'Pat' } });
    expect(screen.getByLabelText('Display name')).toHaveValue('Pat');
    first.unmount();
    // Private modes throw on any use of localStorage.
    const getItem = vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('blocked', 'SecurityError');
    });
    const setItem = vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('blocked', 'SecurityError');
    });
    try {
      const { onSubmit, unmount } = renderPreJoin({ local: { name: 'Pat' } });
      await userEvent.clear(screen.getByLabelText('Display name'));
      await userEvent.type(screen.getByLabelText('Display name'), 'Private Pat');
      await userEvent.click(screen.getByRole('button', { name: 'Join' }));
      expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ displayName: 'Private Pat' }));
      unmount();
      // Remembered for this page only.
      renderPreJoin({ local: { name: 'Pat' } });
      expect(screen.getByLabelText('Display name')).toHaveValue('Private Pat');
    } finally {
      getItem.mockRestore();
      setItem.mockRestore();
    }
  });

  it('useUserChoices follows changes made elsewhere and keeps effect fields', async () => {
    function Effect() {
      const { choices, update } = useUserChoices();
      return (
        <button type="button" onClick={() => update({ backgroundEffect: { kind: 'blur' }, noiseFilter: true })}>
          {choices.backgroundEffect?.kind ?? 'none yet'}
        </button>
      );
    }
    render(
      <>
        <Effect />
        <Effect />
      </>,
    );
    const [a, b] = screen.getAllByRole('button');
    expect(b).toHaveTextContent('none yet');
    await userEvent.click(a!);
    expect(b).toHaveTextContent('blur');
    expect(stored()).toEqual({ backgroundEffect: { kind: 'blur' }, noiseFilter: true });
  });
});


describe('PreJoin with a camera the browser refuses', () => {
  it('names the fix on the camera switch, tries again on request, and still joins with the microphone', async () => {
    const { room, onSubmit } = renderPreJoin({ deviceFailures: { videoinput: 'permission-denied' } });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Camera blocked: allow it in the address bar, then try again');
    const camera = screen.getByRole('button', { name: 'Camera' });
    expect(camera).toHaveAttribute('data-error', 'permission-denied');
    expect(camera).toHaveAccessibleDescription(/Camera blocked: allow it in the address bar/);
    await userEvent.click(screen.getByRole('button', { name: 'Join' }));
    expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ audioEnabled: true }));

    room.setDeviceFailure('videoinput', undefined);
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    expect(camera).not.toHaveAttribute('data-error');
  });

  it('shows nothing once the camera is switched off', async () => {
    renderPreJoin({ deviceFailures: { videoinput: 'device-in-use' } });
    expect(await screen.findByRole('alert')).toHaveTextContent('Camera in use by another app: close that app, then try again');
    await userEvent.click(screen.getByRole('button', { name: 'Camera' }));
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
