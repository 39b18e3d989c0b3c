import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Track } from 'livekit-client';
import {
  Chat,
  ControlBar,
  MediaDeviceSelect,
  ParticipantAdminMenu,
  PreJoin,
  RecordingControl,
  RecordingIndicator,
  RoomAudioRenderer,
  TrackToggle,
  VideoConference,
} from '../../src/index';
import { renderInRoom } from '../helpers/render';

const publishButtons = () => screen.queryAllByRole('button', { name: /microphone|camera|share screen/i });

describe('canPublish', () => {
  it('false: no microphone, camera or screen-share toggles anywhere in the conference', () => {
    renderInRoom(<VideoConference />, { local: { grants: { canPublish: false } }, participants: 2 });
    expect(publishButtons()).toEqual([]);
    expect(screen.queryByRole('combobox')).toBeNull();
    expect(screen.getByRole('button', { name: 'Leave' })).toBeInTheDocument();
  });

  it('true: all three toggles with aria-pressed', () => {
    renderInRoom(<ControlBar />);
    for (const name of ['Microphone', 'Camera', 'Share screen']) {
      expect(screen.getByRole('button', { name })).toHaveAttribute('aria-pressed', 'false');
    }
  });

  it('canPublishSources limits the toggles per source', () => {
    renderInRoom(<ControlBar />, { local: { grants: { canPublishSources: ['microphone'] } } });
    expect(screen.getByRole('button', { name: 'Microphone' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Camera' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Share screen' })).toBeNull();
  });

  it('an explicit prop cannot switch on a forbidden control; a development warning says why', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    renderInRoom(
      <>
        <ControlBar controls={{ camera: true, screenShare: true }} />
        <TrackToggle source={Track.Source.ScreenShare} />
      </>,
      { local: { grants: { canPublish: false } } },
    );
    expect(publishButtons()).toEqual([]);
    const messages = warn.mock.calls.map((c) => String(c[0]));
    expect(messages.some((m) => /controls\.camera is ignored/.test(m))).toBe(true);
    expect(messages.some((m) => /<TrackToggle source="screen_share"> is not rendered/.test(m))).toBe(true);
  });

  it('PreJoin joins as a viewer with no device preview', async () => {
    const onSubmit = vi.fn();
    renderInRoom(<PreJoin onSubmit={onSubmit} />, { local: { name: 'Val', grants: { canPublish: false } } });
    expect(screen.queryByLabelText('Camera preview')).toBeNull();
    expect(publishButtons()).toEqual([]);
    expect(screen.getByText(/You will join as a viewer/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Join as viewer' }));
    expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ viewer: true, audioEnabled: false, videoEnabled: false, displayName: 'Val' }));
  });

  it('PreJoin for a publisher shows the preview and toggles, and reports the choices', async () => {
    const onSubmit = vi.fn();
    renderInRoom(<PreJoin onSubmit={onSubmit} />, { local: { name: 'Pat' } });
    expect(screen.getByLabelText('Camera preview')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Microphone' }));
    await userEvent.clear(screen.getByLabelText('Display name'));
    await userEvent.type(screen.getByLabelText('Display name'), 'Patricia');
    await userEvent.click(screen.getByRole('button', { name: 'Join' }));
    expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ viewer: false, audioEnabled: false, videoEnabled: true, displayName: 'Patricia' }));
  });

  it('a live revocation removes the toggles at once and stops the local tracks', async () => {
    const { room } = renderInRoom(<ControlBar />);
    await userEvent.click(screen.getByRole('button', { name: 'Camera' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Camera' })).toHaveAttribute('aria-pressed', 'true'));
    const track = room.localParticipant.getTrackPublication(Track.Source.Camera)!.track!;
    act(() => void room.setPermissions('me', { canPublish: false }));
    expect(publishButtons()).toEqual([]);
    expect(room.localParticipant.trackPublications.size).toBe(0);
    expect(track.mediaStreamTrack.readyState).toBe('ended');
  });

  it('device selects follow the grants', () => {
    // The speaker select needs a browser that can choose the audio output (jsdom, taken for Safari, cannot): be Chromium.
    Object.defineProperty(HTMLMediaElement.prototype, 'setSinkId', { configurable: true, value: async () => {} });
    const ua = vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue('Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36');
    onTestFinished(() => {
      delete (HTMLMediaElement.prototype as { setSinkId?: unknown }).setSinkId;
      ua.mockRestore();
    });
    renderInRoom(
      <>
        <MediaDeviceSelect kind="videoinput" />
        <MediaDeviceSelect kind="audiooutput" />
      </>,
      { local: { grants: { canPublish: false } } },
    );
    expect(screen.queryByLabelText(/choose camera/i)).toBeNull();
    expect(screen.getByLabelText(/choose speaker/i)).toBeInTheDocument();
  });
});

describe('canPublishData', () => {
  it('false: history readable, the send box disabled with a visible reason', async () => {
    const { room } = renderInRoom(<Chat />, { local: { grants: { canPublishData: false } }, participants: [{ identity: 'amy', name: 'Amy' }] });
    act(() => void room.deliverChat('amy', 'welcome'));
    expect(within(screen.getByRole('log')).getByText('welcome')).toBeInTheDocument();
    const input = screen.getByLabelText('Message');
    expect(input).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
    const reason = screen.getByText('You can read the chat, but this session may not send messages.');
    expect(reason).toBeVisible();
    expect(input).toHaveAccessibleDescription(reason.textContent!);
  });

  it('true: a message is sent and shown', async () => {
    const { room } = renderInRoom(<Chat />);
    await userEvent.type(screen.getByLabelText('Message'), 'hello{Enter}');
    await waitFor(() => expect(within(screen.getByRole('log')).getByText('hello')).toBeInTheDocument());
    expect(JSON.parse(room.sentData[0]!.text).message).toBe('hello');
  });

  it('renders names and messages as text, never as HTML', () => {
    const { room, container } = renderInRoom(<Chat />, { participants: [{ identity: 'x', name: '<img src=x onerror=alert(1)>' }] });
    act(() => void room.deliverChat('x', '<script>alert(1)</script><b>bold</b>'));
    expect(container.querySelector('script, img, b')).toBeNull();
    expect(screen.getByText('<script>alert(1)</script><b>bold</b>')).toBeInTheDocument();
    expect(screen.getByText('<img src=x onerror=alert(1)>')).toBeInTheDocument();
  });
});

describe('canSubscribe', () => {
  it('false: tiles show a named placeholder instead of black boxes, and no audio elements exist', () => {
    const { container } = renderInRoom(
      <>
        <VideoConference />
        <RoomAudioRenderer />
      </>,
      { local: { grants: { canSubscribe: false } }, participants: [{ identity: 'a', name: 'Ann', camera: true, microphone: true }] },
    );
    const tile = screen.getByRole('group', { name: 'Ann' });
    expect(within(tile).getByText('Video unavailable: this session may not receive media')).toBeInTheDocument();
    expect(tile.querySelector('video')).toBeNull();
    expect(container.querySelector('audio')).toBeNull();
  });

  it('true: remote video and audio elements are rendered', () => {
    const { container } = renderInRoom(<VideoConference />, { participants: [{ identity: 'a', name: 'Ann', camera: true, microphone: true }] });
    expect(within(screen.getByRole('group', { name: 'Ann' })).getByText('', { selector: 'video' })).toBeInTheDocument();
    expect(container.querySelectorAll('audio')).toHaveLength(1);
  });
});

describe('hidden', () => {
  it('local hidden: observer mode with no self tile, a badge and no publish controls', () => {
    renderInRoom(<VideoConference />, { local: { identity: 'me', name: 'Me', grants: { hidden: true } }, participants: 2 });
    expect(screen.queryByRole('group', { name: /Me/ })).toBeNull();
    expect(screen.getByText('Watching as a hidden observer')).toBeVisible();
    expect(publishButtons()).toEqual([]);
    expect(screen.getAllByRole('group')).toHaveLength(2);
  });

  it('hidden remote participants are never listed', () => {
    renderInRoom(<VideoConference />, { participants: [{ identity: 'ghost', name: 'Ghost', hidden: true, camera: true }, { identity: 'a', name: 'Ann' }] });
    expect(screen.queryByRole('group', { name: 'Ghost' })).toBeNull();
    expect(screen.getByRole('group', { name: 'Ann' })).toBeInTheDocument();
  });
});

describe('roomAdmin', () => {
  it('without it, the admin menu does not exist, even when asked for', () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    renderInRoom(
      <>
        <VideoConference onRemoveParticipant={async () => {}} />
        <ParticipantAdminMenu identity="a" onRemoveParticipant={async () => {}} />
      </>,
      { participants: [{ identity: 'a', name: 'Ann' }] },
    );
    expect(screen.queryByRole('button', { name: /Manage/ })).toBeNull();
  });

  it('with it, each remote tile has a keyboard-operable menu whose actions show pending and failed states', async () => {
    const user = userEvent.setup();
    let finish!: () => void;
    const onRemoveParticipant = vi.fn(() => new Promise<void>((r) => (finish = r)));
    const onMuteParticipant = vi.fn(async () => {
      throw new Error('server said no');
    });
    renderInRoom(<VideoConference onRemoveParticipant={onRemoveParticipant} onMuteParticipant={onMuteParticipant} onUpdatePermissions={async () => {}} />, {
      local: { identity: 'me', grants: { roomAdmin: true } },
      participants: [
        { identity: 'a', name: 'Ann', microphone: true },
        { identity: 'b', name: 'Bob' },
      ],
    });
    expect(screen.getAllByRole('button', { name: /^Manage/ }).map((b) => b.getAttribute('aria-label'))).toEqual(['Manage Ann', 'Manage Bob']);
    const trigger = screen.getByRole('button', { name: 'Manage Ann' });
    trigger.focus();
    await user.keyboard('{Enter}');
    const menu = screen.getByRole('menu', { name: 'Manage Ann' });
    expect(trigger).toHaveAttribute('aria-expanded', 'true');
    // Focus is on the first action as soon as the menu shows: no frame or timer to wait for.
    expect(within(menu).getByRole('menuitem', { name: 'Mute microphone' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(within(menu).getByRole('menuitem', { name: 'Revoke publishing' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).toBeNull();
    expect(trigger).toHaveFocus();

    await user.keyboard('{ArrowUp}');
    const again = screen.getByRole('menu');
    expect(within(again).getByRole('menuitem', { name: 'Remove from room' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(onRemoveParticipant).toHaveBeenCalledWith('a');
    expect(await screen.findByText('Working…')).toBeInTheDocument();
    await act(async () => finish());
    await waitFor(() => expect(screen.queryByText('Working…')).toBeNull());

    await user.click(screen.getByRole('button', { name: 'Manage Ann' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Mute microphone' }));
    expect(onMuteParticipant).toHaveBeenCalledWith('a', expect.stringMatching(/^TR_/));
    expect(await screen.findByRole('alert')).toHaveTextContent('Action failed: server said no');
  });
});

describe('roomRecord', () => {
  it('RecordingControl exists only with roomRecord and drives the app callbacks', async () => {
    const start = vi.fn(async () => {});
    const { room } = renderInRoom(<RecordingControl onStartRecording={start} onStopRecording={async () => {}} />, { local: { grants: { roomRecord: true } } });
    await userEvent.click(screen.getByRole('button', { name: 'Start recording' }));
    expect(start).toHaveBeenCalledTimes(1);
    act(() => void room.setRecording(true));
    expect(screen.getByRole('button', { name: 'Stop recording' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('RecordingControl is absent without roomRecord', () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    renderInRoom(<RecordingControl onStartRecording={async () => {}} onStopRecording={async () => {}} />);
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('RecordingIndicator shows for everyone while the room records', () => {
    const { room } = renderInRoom(<RecordingIndicator />, { local: { grants: { canPublish: false } } });
    expect(screen.queryByText('Recording')).toBeNull();
    act(() => void room.setRecording(true));
    expect(screen.getByRole('status')).toHaveTextContent('Recording');
  });
});
