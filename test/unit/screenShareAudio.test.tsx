/**
 * A screen share with its sound, in the testing kit: the simulated picker gives a tab's sound only where the share
 * asks for it (`audio` in the capture options) and `screenShareAudio` says the tab has it, and the simulated
 * livekit-client refuses a source the permissions leave out, as the real one does. The browser side is measured in
 * test/e2e/screenShareAudio.e2e.test.ts.
 */
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Track, type LocalParticipant } from 'livekit-client';
import {
  DEFAULT_SCREEN_SHARE_OPTIONS,
  RoomProvider,
  TrackToggle,
  VideoConference,
  type RoomKitError,
} from '../../src/index';
import { screenCaptureOptions } from '../../src/media/screenShareOptions';
import { DEFAULT_GRANTS } from '../../src/room/state/grants';
import { createTestRoom, type TestRoomInit } from '../../src/testing/index';
import { renderInRoom } from '../helpers/render';

const sources = (lp: LocalParticipant) => [...lp.trackPublications.values()].map((p) => p.source).sort();

function shareToggle(init: TestRoomInit, props: Partial<Parameters<typeof TrackToggle>[0]> = {}) {
  const onError = vi.fn<(error: RoomKitError) => void>();
  const view = renderInRoom(<TrackToggle source={Track.Source.ScreenShare} onError={onError} {...props} />, init);
  return { ...view, onError, button: screen.getByRole('button', { name: 'Share screen' }) };
}

describe('our screen share and its sound', () => {
  it('asks for the tab’s sound and publishes it beside the picture; pressing again unpublishes both', async () => {
    const { room, button, onError } = shareToggle({ screenShareAudio: true });
    await userEvent.click(button);
    await waitFor(() => expect(button).toHaveAttribute('aria-pressed', 'true'));
    expect(sources(room.localParticipant)).toEqual([Track.Source.ScreenShare, Track.Source.ScreenShareAudio]);
    await userEvent.click(button);
    await waitFor(() => expect(button).toHaveAttribute('aria-pressed', 'false'));
    expect(sources(room.localParticipant)).toEqual([]);
    expect(onError).not.toHaveBeenCalled();
  });

  it('shares the picture alone, with no error, where the browser or the person gives no sound', async () => {
    const { room, button, onError } = shareToggle({ screenShareAudio: false });
    await userEvent.click(button);
    await waitFor(() => expect(button).toHaveAttribute('aria-pressed', 'true'));
    expect(sources(room.localParticipant)).toEqual([Track.Source.ScreenShare]);
    expect(button).not.toHaveAttribute('data-error');
    expect(onError).not.toHaveBeenCalled();
  });

  it('screenShareOptions={{ audio: false }} shares the picture alone, though the tab has sound', async () => {
    const { room, button } = shareToggle({ screenShareAudio: true }, { screenShareOptions: { audio: false } });
    await userEvent.click(button);
    await waitFor(() => expect(button).toHaveAttribute('aria-pressed', 'true'));
    expect(sources(room.localParticipant)).toEqual([Track.Source.ScreenShare]);
  });

  it('a token that allows screen_share but not screen_share_audio shares the picture, rather than failing the share', async () => {
    const grants = { canPublishSources: ['camera', 'microphone', 'screen_share'] } as const;
    // What livekit-client does when sound is asked for without its grant: it refuses the sound and gives up the share.
    const bare = createTestRoom({ screenShareAudio: true, local: { grants: { canPublishSources: [...grants.canPublishSources] } } });
    await expect(bare.localParticipant.setScreenShareEnabled(true, { audio: true })).rejects.toThrow('insufficient permissions');
    expect(sources(bare.localParticipant)).toEqual([]);

    const { room, button, onError } = shareToggle({ screenShareAudio: true, local: { grants: { canPublishSources: [...grants.canPublishSources] } } });
    await userEvent.click(button);
    await waitFor(() => expect(button).toHaveAttribute('aria-pressed', 'true'));
    expect(sources(room.localParticipant)).toEqual([Track.Source.ScreenShare]);
    expect(onError).not.toHaveBeenCalled();
  });

  it('the browser’s own “Stop sharing” unpublishes the picture and the sound, and the toggle shows it', async () => {
    const { room, button } = shareToggle({ screenShareAudio: true });
    await userEvent.click(button);
    await waitFor(() => expect(sources(room.localParticipant)).toHaveLength(2));
    act(() => void room.endScreenShare());
    await waitFor(() => expect(button).toHaveAttribute('aria-pressed', 'false'));
    expect(sources(room.localParticipant)).toEqual([]);
    // Sharing again asks the browser afresh.
    await userEvent.click(button);
    await waitFor(() => expect(sources(room.localParticipant)).toEqual([Track.Source.ScreenShare, Track.Source.ScreenShareAudio]));
  });

  it('VideoConference passes the app’s options to its Share screen button, merged over the defaults', async () => {
    const room = createTestRoom({ screenShareAudio: true });
    const share = vi.spyOn(room.localParticipant, 'setScreenShareEnabled');
    render(
      <RoomProvider room={room}>
        <VideoConference screenShareOptions={{ contentHint: 'motion', surfaceSwitching: 'exclude' }} />
      </RoomProvider>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Share screen' }));
    await waitFor(() => expect(sources(room.localParticipant)).toContain(Track.Source.ScreenShareAudio));
    expect(share).toHaveBeenCalledWith(true, {
      audio: expect.objectContaining({ echoCancellation: true, noiseSuppression: false, autoGainControl: false, restrictOwnAudio: true }),
      selfBrowserSurface: 'exclude',
      surfaceSwitching: 'exclude',
      contentHint: 'motion',
    });
  });
});

describe('screenCaptureOptions: what a share asks the browser for', () => {
  const withSupported = (constraints: Record<string, boolean>) =>
    Object.defineProperty(navigator, 'mediaDevices', { configurable: true, value: { getSupportedConstraints: () => constraints } });
  afterEach(() => {
    Reflect.deleteProperty(navigator, 'mediaDevices');
  });

  it('the sound without voice processing where the browser keeps the page’s own playback out, with echo cancellation where it cannot', () => {
    withSupported({ restrictOwnAudio: true });
    expect(screenCaptureOptions(DEFAULT_GRANTS, undefined)).toEqual(DEFAULT_SCREEN_SHARE_OPTIONS);
    expect(DEFAULT_SCREEN_SHARE_OPTIONS.audio).toEqual({ echoCancellation: false, noiseSuppression: false, autoGainControl: false, restrictOwnAudio: true });
    withSupported({});
    expect(screenCaptureOptions(DEFAULT_GRANTS, undefined).audio).toEqual({ echoCancellation: true, noiseSuppression: false, autoGainControl: false, restrictOwnAudio: true });
  });

  it('the app’s own sound constraints and audio: true are its own; suppressLocalAudioPlayback goes into them', () => {
    withSupported({});
    expect(screenCaptureOptions(DEFAULT_GRANTS, { audio: true }).audio).toBe(true);
    expect(screenCaptureOptions(DEFAULT_GRANTS, { audio: { channelCount: 2 } }).audio).toEqual({ channelCount: 2 });
    // livekit-client types suppressLocalAudioPlayback but never passes it to getDisplayMedia: the browser reads it here.
    expect(screenCaptureOptions(DEFAULT_GRANTS, { audio: true, suppressLocalAudioPlayback: true }).audio).toEqual({ suppressLocalAudioPlayback: true });
    expect(screenCaptureOptions(DEFAULT_GRANTS, { audio: false, suppressLocalAudioPlayback: true }).audio).toBe(false);
  });
});
