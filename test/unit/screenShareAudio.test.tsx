/**
 * A screen share with its sound, in the testing kit: the simulated picker gives a tab's sound only where the share
 * asks for it (`audio` in the capture options) and `screenShareAudio` says the tab has it, and the simulated
 * livekit-client refuses a source the permissions leave out, as the real one does. The browser side is measured in
 * test/e2e/screenShareAudio.e2e.test.ts.
 */
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Track, type LocalParticipant } from 'livekit-client';
import {
  DEFAULT_SCREEN_SHARE_OPTIONS,
  FocusLayout,
  ParticipantTile,
  RoomAudioRenderer,
  RoomProvider,
  TrackToggle,
  VideoConference,
  type RoomKitError,
} from '../../src/index';
import { screenCaptureOptions } from '../../src/media/screenShareOptions';
import { DEFAULT_GRANTS } from '../../src/room/state/grants';
import { RecordingView } from '../../src/recording/index';
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
    // jsdom cannot filter a page's own playback out of system sound (no restrictOwnAudio): echo cancellation stays on.
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

describe('where the library looks at screen shares', () => {
  const SHARING = [
    { identity: 'ann', name: 'Ann', camera: true, screenShare: true, screenShareAudio: true },
    { identity: 'bob', name: 'Bob', camera: true, microphone: true, screenShare: true },
  ];

  it('a share tile tells of the share’s sound, never of the sharer’s microphone', () => {
    const room = createTestRoom({ participants: SHARING });
    render(
      <RoomProvider room={room}>
        <ParticipantTile identity="ann" source={Track.Source.ScreenShare} data-testid="ann-share" />
        <ParticipantTile identity="ann" data-testid="ann-camera" />
        <ParticipantTile identity="bob" source={Track.Source.ScreenShare} data-testid="bob-share" />
      </RoomProvider>,
    );
    const annShare = screen.getByTestId('ann-share');
    // Ann has no microphone: her camera tile says so, her share tile shows the share's sound instead.
    expect(within(annShare).getByRole('img', { name: 'Shared with sound' })).toHaveAttribute('data-share-sound');
    expect(within(annShare).queryByRole('img', { name: 'Microphone muted' })).toBeNull();
    expect(within(screen.getByTestId('ann-camera')).getByRole('img', { name: 'Microphone muted' })).toBeInTheDocument();
    expect(within(screen.getByTestId('ann-camera')).queryByRole('img', { name: 'Shared with sound' })).toBeNull();
    // Bob's share has no sound: nothing claims it has.
    expect(within(screen.getByTestId('bob-share')).queryByRole('img', { name: 'Shared with sound' })).toBeNull();
    act(() => void room.unpublishTrack('ann', 'screen_share_audio'));
    expect(within(annShare).queryByRole('img', { name: 'Shared with sound' })).toBeNull();
  });

  it('the focus layout shows one tile per share, and none for a sound without a picture', () => {
    const room = createTestRoom({ participants: [SHARING[0]!, { identity: 'cy', name: 'Cy', camera: true, screenShareAudio: true }] });
    render(
      <RoomProvider room={room}>
        <FocusLayout />
      </RoomProvider>,
    );
    const tiles = [...document.querySelectorAll('.rk-tile')].map((t) => `${t.getAttribute('aria-label')}:${t.getAttribute('data-source')}`);
    expect(tiles.sort()).toEqual(['Ann:camera', 'Ann:screen_share', 'Cy:camera', 'me (you):camera'].sort());
    expect(document.querySelector('.rk-focus-main .rk-tile')).toHaveAttribute('data-source', Track.Source.ScreenShare);
  });

  it('RoomAudioRenderer plays a remote share’s sound at its own volume, and never the local share’s', async () => {
    const room = createTestRoom({ screenShareAudio: true, participants: [{ identity: 'amy', microphone: true, screenShare: true, screenShareAudio: true }] });
    await act(() => room.localParticipant.setScreenShareEnabled(true, { audio: true }));
    const { container } = render(
      <RoomProvider room={room}>
        <RoomAudioRenderer volume={0.8} screenShareVolume={0.3} />
      </RoomProvider>,
    );
    const remote = (source: Track.Source) => room.remoteParticipants.get('amy')!.getTrackPublication(source)!.track!;
    const audios = [...container.querySelectorAll('audio')];
    expect(audios.map((a) => [a.dataset.source, a.volume])).toEqual([
      [Track.Source.Microphone, 0.8],
      [Track.Source.ScreenShareAudio, 0.3],
    ]);
    expect(remote(Track.Source.ScreenShareAudio).attachedElements).toEqual([audios[1]]);
    // The local share's sound is published, and attached nowhere: its tab plays it already.
    const local = room.localParticipant.getTrackPublication(Track.Source.ScreenShareAudio)!.track!;
    expect(local.attachedElements).toEqual([]);
  });

  it('the recording view plays a share’s sound and shows its picture large', () => {
    const room = createTestRoom({
      local: { identity: 'EG_recorder', grants: { hidden: true, canPublish: false, canPublishData: false } },
      participants: [{ identity: 'ann', name: 'Ann', camera: true, screenShare: true, screenShareAudio: true }],
    });
    const { container } = render(<RecordingView room={room} emptyTimeoutMs={1000} sink={() => {}} />);
    expect(container.querySelector('.rk-focus-main [data-source="screen_share"]')).not.toBeNull();
    const sound = room.remoteParticipants.get('ann')!.getTrackPublication(Track.Source.ScreenShareAudio)!.track!;
    expect(sound.attachedElements).toEqual([container.querySelector('audio[data-source="screen_share_audio"]')]);
  });
});
