import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ControlBar, PreJoin } from '../../src/index';
import { facingOf } from '../../src/media/devices/facing';
import { renderInRoom } from '../helpers/render';

const PHONE = {
  videoinput: [
    { deviceId: 'front', label: 'Camera 1', facingMode: 'user' as const },
    { deviceId: 'back', label: 'Camera 2', facingMode: 'environment' as const },
  ],
};
const device = (label: string, facingMode?: string) =>
  ({ deviceId: label, label, kind: 'videoinput', groupId: '', toJSON: () => ({}), ...(facingMode ? { getCapabilities: () => ({ facingMode: [facingMode] }) } : {}) }) as unknown as MediaDeviceInfo;

describe('facingOf', () => {
  it("reads the browser's capabilities first, then the label, and knows nothing of a webcam", () => {
    expect(facingOf(device('Camera 0', 'environment'))).toBe('environment');
    expect(facingOf(device('Front Camera'))).toBe('user');
    expect(facingOf(device('Back Dual Wide Camera'))).toBe('environment');
    expect(facingOf(device('camera2 1, facing front'))).toBe('user');
    expect(facingOf(device('camera2 0, facing back'))).toBe('environment');
    expect(facingOf(device('HD Pro Webcam C920'))).toBeUndefined();
  });
});

describe('CameraFlipButton', () => {
  it('flips a phone between its front and back cameras in the control bar', async () => {
    const { room } = renderInRoom(<ControlBar />, { local: { identity: 'me', name: 'Me' }, devices: PHONE });
    const flip = await screen.findByRole('button', { name: 'Flip camera' });
    await waitFor(() => expect(flip).toHaveAttribute('data-facing', 'user'));
    await userEvent.click(flip);
    await waitFor(() => expect(flip).toHaveAttribute('data-facing', 'environment'));
    expect(room.getActiveDevice('videoinput')).toBe('back');
    await userEvent.click(flip);
    await waitFor(() => expect(room.getActiveDevice('videoinput')).toBe('front'));
  });

  it('is offered before joining too, and not at all with one camera or without the camera grant', async () => {
    const { unmount } = renderInRoom(<PreJoin onSubmit={() => {}} />, { local: { identity: 'me', name: 'Me' }, devices: PHONE, connectionState: 'disconnected' });
    expect(await screen.findByRole('button', { name: 'Flip camera' })).toBeInTheDocument();
    unmount();

    renderInRoom(<ControlBar />, { local: { identity: 'me', name: 'Me' }, devices: { videoinput: [{ deviceId: 'cam', label: 'HD camera' }] } });
    renderInRoom(<ControlBar />, { local: { identity: 'v', name: 'V', grants: { canPublish: false } }, devices: PHONE });
    await screen.findAllByRole('combobox', { name: 'Choose camera' });
    expect(screen.queryByRole('button', { name: 'Flip camera' })).toBeNull();
  });
});
