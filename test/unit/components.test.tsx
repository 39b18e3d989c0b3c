import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RemoteTrackPublication} from 'livekit-client';
import { DisconnectReason, Track } from 'livekit-client';
import type { ReactElement } from 'react';
import {
  Chat,
  ConnectionQualityIndicator,
  ConnectionStateToast,
  ControlBar,
  defaultLabels,
  FocusLayout,
  GridLayout,
  LeaveButton,
  MediaDeviceSelect,
  MeetingShortcutsDialog,
  DEFAULT_MEETING_SHORTCUTS,
  parseShortcut,
  type MeetingShortcutAction,
  ParticipantAdminMenu,
  ParticipantName,
  ParticipantTile,
  PreJoin,
  RecordingControl,
  RecordingIndicator,
  RoomProvider,
  StartAudio,
  TrackMutedIndicator,
  TrackToggle,
  VideoConference,
  type RoomKitLabels,
} from '../../src/index';
import { createTestRoom, type TestRoomInit } from '../../src/testing/index';
import { axeViolations } from '../helpers/axe';
import { getRoomStore } from '../../src/room/state/roomStore';
import { renderInRoom } from '../helpers/render';
import { french } from '../../stories/frenchLabels';

describe('GridLayout', () => {
  it('mounts one page of tiles in a 200-participant room and pages with labelled buttons', async () => {
    const { container } = renderInRoom(<GridLayout />, { participants: 200 });
    expect(container.querySelectorAll('.rk-tile')).toHaveLength(25);
    const layout = container.querySelector('.rk-grid-layout')!;
    expect(layout).toHaveAttribute('data-pages', '9');
    expect(screen.getByText('Page 1 of 9')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(screen.getByText('Page 2 of 9')).toBeInTheDocument();
    expect(container.querySelectorAll('.rk-tile')).toHaveLength(25);
    expect(screen.getByRole('group', { name: 'Participant 25' })).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Participant 1' })).toBeNull();
  });

  it('stops receiving video that is off the page and resumes it when shown', async () => {
    const { room } = renderInRoom(<GridLayout />, { participants: 60 });
    const cameras = () =>
      [...room.remoteParticipants.values()].map((p) => p.getTrackPublication(Track.Source.Camera) as RemoteTrackPublication);
    await waitFor(() => expect(cameras().filter((p) => p.isDesired)).toHaveLength(24));
    const p30 = room.remoteParticipants.get('participant-30')!.getTrackPublication(Track.Source.Camera) as RemoteTrackPublication;
    expect(p30.isDesired).toBe(false);
    expect(p30.track).toBeUndefined(); // the simulated server stopped sending it
    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(p30.isDesired).toBe(true);
    expect(p30.track).toBeDefined();
    await waitFor(() => expect(cameras().filter((p) => p.isDesired)).toHaveLength(25));
  });

  it('stops receiving video of a tile scrolled out of view and resumes when it scrolls back', async () => {
    const observers: Array<{ callback: IntersectionObserverCallback; elements: Element[] }> = [];
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        elements: Element[] = [];
        constructor(public callback: IntersectionObserverCallback) {
          observers.push(this);
        }
        observe(el: Element) {
          this.elements.push(el);
        }
        disconnect() {}
        unobserve() {}
        takeRecords() {
          return [];
        }
      },
    );
    const { room } = renderInRoom(<GridLayout />, { participants: [{ identity: 'a', name: 'Ann', camera: true }] });
    const publication = room.remoteParticipants.get('a')!.getTrackPublication(Track.Source.Camera) as RemoteTrackPublication;
    const video = screen.getByRole('group', { name: 'Ann' }).querySelector('video')!;
    const observer = observers.find((o) => o.elements.includes(video))!;
    const scroll = (isIntersecting: boolean) =>
      act(() => observer.callback([{ isIntersecting, target: video } as unknown as IntersectionObserverEntry], observer as never));
    scroll(false);
    await waitFor(() => expect(publication.isDesired).toBe(false));
    expect(publication.track).toBeUndefined();
    expect(screen.getByRole('group', { name: 'Ann' }).querySelector('video')).toBe(video);
    scroll(true);
    expect(publication.isDesired).toBe(true);
    await waitFor(() => expect(publication.track).toBeDefined());
    vi.unstubAllGlobals();
  });

  it('picks columns from the tile count', () => {
    const { container, room } = renderInRoom(<GridLayout />, { participants: 3 });
    const grid = container.querySelector<HTMLElement>('.rk-grid')!;
    expect(grid.style.gridTemplateColumns).toBe('repeat(2, minmax(0, 1fr))');
    act(() => void room.addParticipants(5));
    expect(grid.style.gridTemplateColumns).toBe('repeat(3, minmax(0, 1fr))');
  });
});

describe('FocusLayout and VideoConference', () => {
  it('shows a screen share large and the others in a strip', () => {
    const { container, room } = renderInRoom(<VideoConference />, { participants: [{ identity: 'a', name: 'Ann', camera: true }, { identity: 'b', name: 'Bob' }] });
    expect(container.querySelector('.rk-focus-layout')).toBeNull();
    act(() => void room.publishTrack('b', 'screen_share'));
    const main = container.querySelector('.rk-focus-main')!;
    expect(main.querySelector('[data-source="screen_share"]')).not.toBeNull();
    expect(within(container.querySelector<HTMLElement>('.rk-focus-strip')!).getAllByRole('group')).toHaveLength(3);
  });

  it('FocusLayout honours an explicit focus', () => {
    const { container } = renderInRoom(<FocusLayout focus={{ identity: 'b', source: Track.Source.Camera }} />, { participants: [{ identity: 'a' }, { identity: 'b', name: 'Bob' }] });
    expect(within(container.querySelector<HTMLElement>('.rk-focus-main')!).getByRole('group', { name: 'Bob' })).toBeInTheDocument();
  });

  it('announces joins, leaves, reconnects and chat in a polite live region', () => {
    const { room } = renderInRoom(<VideoConference />, { participants: [{ identity: 'a', name: 'Ann' }] });
    const region = screen.getByTestId('rk-announcer');
    expect(region).toHaveAttribute('aria-live', 'polite');
    act(() => void room.addParticipant({ identity: 'z', name: 'Zoe' }));
    expect(region).toHaveTextContent('Zoe joined');
    act(() => void room.removeParticipant('a'));
    expect(region).toHaveTextContent('Ann left');
    act(() => void room.setConnectionState('reconnecting'));
    expect(region).toHaveTextContent('Connection lost. Reconnecting…');
    act(() => void room.setConnectionState('connected'));
    expect(region).toHaveTextContent('Reconnected');
    act(() => void room.deliverChat('z', 'hi all'));
    expect(region).toHaveTextContent('Zoe: hi all');
  });

  it('opens the chat from the control bar', async () => {
    renderInRoom(<VideoConference />);
    const toggle = screen.getByRole('button', { name: 'Chat' });
    expect(screen.queryByRole('log')).toBeNull();
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('log', { name: 'Chat messages' })).toBeInTheDocument();
  });
});

describe('tiles and indicators', () => {
  it('marks speaking, muted microphone, camera off and connection quality', () => {
    const { room } = renderInRoom(<ParticipantTile identity="a" />, { participants: [{ identity: 'a', name: 'Ann', microphone: 'muted' }] });
    const tile = screen.getByRole('group', { name: 'Ann' });
    expect(tile).toHaveAttribute('data-video', 'off');
    expect(tile).not.toHaveAttribute('data-speaking');
    expect(within(tile).getByRole('img', { name: 'Microphone muted' })).toBeInTheDocument();
    expect(within(tile).getByText('Camera off')).toBeInTheDocument();
    act(() => {
      room.setSpeaking('a', true);
      room.setMuted('a', 'microphone', false);
      room.setConnectionQuality('a', 'poor');
      room.publishTrack('a', 'camera');
    });
    expect(tile).toHaveAttribute('data-speaking', '');
    expect(tile).toHaveAttribute('data-video', 'on');
    expect(tile).toHaveAttribute('data-quality', 'poor');
    expect(within(tile).queryByRole('img', { name: 'Microphone muted' })).toBeNull();
    expect(within(tile).getByRole('img', { name: 'Connection: poor' })).toBeInTheDocument();
    expect(tile.querySelector('video')).not.toBeNull();
  });

  it('names the local participant with (you)', () => {
    renderInRoom(<ParticipantName identity="me" />, { local: { identity: 'me', name: 'Mia' } });
    expect(screen.getByText('Mia')).toHaveTextContent('Mia (you)');
  });

  it('TrackMutedIndicator and ConnectionQualityIndicator follow the participant', () => {
    const { room } = renderInRoom(
      <>
        <TrackMutedIndicator identity="a" source={Track.Source.Microphone} />
        <ConnectionQualityIndicator identity="a" />
      </>,
      { participants: [{ identity: 'a', microphone: true, connectionQuality: 'excellent' }] },
    );
    expect(screen.queryByRole('img', { name: 'Microphone muted' })).toBeNull();
    expect(screen.getByRole('img', { name: 'Connection: excellent' })).toBeInTheDocument();
    act(() => void room.setMuted('a', 'microphone', true));
    expect(screen.getByRole('img', { name: 'Microphone muted' })).toBeInTheDocument();
  });

  it('parts compose, and the root renders as its child with asChild', () => {
    renderInRoom(
      <ParticipantTile.Root identity="a" asChild>
        <article data-testid="custom">
          <ParticipantTile.Name />
        </article>
      </ParticipantTile.Root>,
      { participants: [{ identity: 'a', name: 'Ann' }] },
    );
    const custom = screen.getByTestId('custom');
    expect(custom.tagName).toBe('ARTICLE');
    expect(custom).toHaveClass('rk-tile');
    expect(custom).toHaveTextContent('Ann');
  });
});

describe('connection and audio', () => {
  it('ConnectionStateToast shows connecting, reconnecting and a disconnect reason', () => {
    const { room } = renderInRoom(<ConnectionStateToast />, { connectionState: 'connecting' });
    const status = screen.getByRole('status', { hidden: true });
    expect(status).toHaveTextContent('Connecting…');
    act(() => void room.setConnectionState('connected'));
    expect(status).not.toBeVisible();
    act(() => void room.setConnectionState('reconnecting'));
    expect(status).toHaveTextContent('Connection lost. Reconnecting…');
    act(() => void room.setConnectionState('disconnected', DisconnectReason.PARTICIPANT_REMOVED));
    expect(status).toHaveTextContent('Disconnected: you were removed from the meeting');
    expect(status).toHaveAttribute('data-state', 'disconnected');
  });

  it('between two rooms of one meeting (a breakout room joined afresh) the conference says "Connecting…", never "Disconnected"', () => {
    const { room } = renderInRoom(<VideoConference />, { participants: [{ identity: 'a', name: 'Ann' }] });
    // What the session does when it leaves for another room with the devices kept (keptDevices.ts).
    act(() => {
      getRoomStore(room).setSwitchingRooms();
      room.setConnectionState('disconnected', DisconnectReason.CLIENT_INITIATED);
    });
    const placeholder = document.querySelector('.rk-placeholder')!;
    expect(placeholder).toHaveTextContent('Connecting…');
    expect(screen.queryByText('Disconnected')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    act(() => void room.setConnectionState('connected'));
    expect(getRoomStore(room).getState().switchingRooms).toBe(false);
    // A plain leave afterwards reads as one.
    act(() => void room.setConnectionState('disconnected', DisconnectReason.CLIENT_INITIATED));
    expect(document.querySelector('.rk-placeholder')).toHaveTextContent('Disconnected');
  });

  it('a signal-only reconnect (media still flowing) is a small indicator: never the banner, nothing announced', () => {
    const { room } = renderInRoom(<VideoConference />, { participants: [{ identity: 'a', name: 'Ann' }] });
    const region = screen.getByTestId('rk-announcer');
    act(() => void room.setConnectionState('signalReconnecting'));
    const indicator = screen.getByText('Reconnecting…');
    expect(indicator).toHaveAttribute('data-state', 'signalReconnecting');
    expect(indicator).toHaveAttribute('role', 'status');
    expect(screen.queryByText('Connection lost. Reconnecting…')).toBeNull();
    expect(region).not.toHaveTextContent(/Reconnect|Connection lost/);
    expect(screen.getByRole('group', { name: /Ann/ })).toBeInTheDocument();
    act(() => void room.setConnectionState('connected'));
    expect(screen.queryByText('Reconnecting…')).toBeNull();
    expect(region).not.toHaveTextContent(/Reconnect/);
  });

  it('StartAudio appears while autoplay is blocked and unblocks on click', async () => {
    renderInRoom(<StartAudio />, { audioPlaybackBlocked: true });
    await userEvent.click(screen.getByRole('button', { name: 'Allow audio' }));
    expect(screen.queryByRole('button', { name: 'Allow audio' })).toBeNull();
  });

  it('LeaveButton disconnects and calls onLeave', async () => {
    const onLeave = vi.fn();
    const { room } = renderInRoom(<LeaveButton onLeave={onLeave} />);
    const disconnect = vi.spyOn(room, 'disconnect').mockResolvedValue();
    await userEvent.click(screen.getByRole('button', { name: 'Leave' }));
    expect(disconnect).toHaveBeenCalled();
    await waitFor(() => expect(onLeave).toHaveBeenCalled());
  });

  it('MediaDeviceSelect lists devices and switches with the keyboard', async () => {
    renderInRoom(<MediaDeviceSelect kind="audioinput" />, {
      devices: { audioinput: [{ deviceId: 'm1', label: 'Desk mic' }, { deviceId: 'm2', label: 'Headset' }] },
    });
    const select = await screen.findByLabelText('Choose microphone');
    await waitFor(() => expect(within(select).getAllByRole('option').map((o) => o.textContent)).toEqual(['Desk mic', 'Headset']));
    await userEvent.selectOptions(select, 'm2');
    await waitFor(() => expect(select).toHaveValue('m2'));
  });
});

function englishLeft(root: HTMLElement, data: string[]): string[] {
  const english = new Set<string>();
  for (const value of Object.values(defaultLabels)) if (typeof value === 'string') english.add(value);
  const fnSamples: Array<[keyof RoomKitLabels, unknown[]]> = [
    ['connectionQuality', ['excellent']],
    ['connectionQuality', ['good']],
    ['connectionQuality', ['poor']],
    ['adminMenu', ['']],
    ['selectDevice', ['']],
    ['page', [1, 9]],
  ];
  for (const [key, args] of fnSamples) english.add(((defaultLabels[key] as (...a: unknown[]) => string)(...args)).trim());
  const found: string[] = [];
  const check = (text: string | null) => {
    const t = (text ?? '').trim();
    if (!t) return;
    let rest = t;
    for (const d of data) rest = rest.split(d).join('');
    for (const e of english) if (e.length > 2 && rest.includes(e) && !Object.values(french).includes(e)) found.push(`${e} ← "${t}"`);
    if (/\b(the|you|your|page of|camera|microphone|manage|chat|send|leave|recording|connection)\b/i.test(rest)) found.push(`english word ← "${t}"`);
  };
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  while (walker.nextNode()) check(walker.currentNode.textContent);
  for (const el of root.querySelectorAll('*')) for (const attr of ['aria-label', 'title', 'placeholder', 'alt']) check(el.getAttribute(attr));
  return found;
}

test('a complete non-English label set leaves no English string in the conference', async () => {
  const room = createTestRoom({
    local: { identity: 'me', name: 'Moi', grants: { roomAdmin: true, roomRecord: true } },
    participants: [
      { identity: 'a', name: 'Anne', camera: true, microphone: 'muted', connectionQuality: 'good' },
      { identity: 'b', name: 'Bruno', screenShare: true },
    ],
    recording: true,
    devices: { audioinput: [{ deviceId: 'm', label: 'Micro USB' }], videoinput: [{ deviceId: 'c', label: 'Webcam' }], audiooutput: [{ deviceId: 's', label: 'Enceintes' }] },
    audioPlaybackBlocked: true,
  });
  const { container } = render(
    <RoomProvider room={room} labels={french}>
      <VideoConference defaultChatOpen onStartRecording={async () => {}} onStopRecording={async () => {}} onRemoveParticipant={async () => {}} onMuteParticipant={async () => {}} onUpdatePermissions={async () => {}} />
      <PreJoin onSubmit={() => {}} />
      <MediaDeviceSelect kind="audiooutput" />
    </RoomProvider>,
  );
  act(() => void room.deliverChat('a', 'Bonjour'));
  await userEvent.click(screen.getByRole('button', { name: 'Gérer Anne' }));
  // The keyboard shortcuts' list, opened with its keys, and what a shortcut says.
  act(() => void fireEvent.keyDown(document.body, { key: 'K', code: 'KeyK', altKey: true, shiftKey: true }));
  expect(screen.getByRole('dialog', { name: 'Raccourcis clavier' })).toBeInTheDocument();
  act(() => void fireEvent.keyDown(document.body, { key: 'H', code: 'KeyH', altKey: true, shiftKey: true }));
  await waitFor(() => expect(screen.getByTestId('rk-announcer')).toHaveTextContent('Main levée'), { timeout: 2_000 });
  act(() => void room.setConnectionState('reconnecting'));
  const data = ['Moi', 'Anne', 'Bruno', 'Bonjour', 'Micro USB', 'Webcam', 'Enceintes', 'A', 'B', 'M'];
  expect(englishLeft(container, data)).toEqual([]);
  expect(screen.getByRole('button', { name: 'Quitter' })).toBeInTheDocument();
});

const everyShortcut = (Object.entries(DEFAULT_MEETING_SHORTCUTS) as Array<[MeetingShortcutAction, string]>).map(([action, combo]) => ({ action, combo, shortcut: parseShortcut(combo) }));

describe('accessibility (axe) of each component', () => {
  const cases: Array<[string, ReactElement, TestRoomInit]> = [
    ['VideoConference (publisher)', <VideoConference defaultChatOpen />, { participants: 4 }],
    ['VideoConference (viewer, no data)', <VideoConference defaultChatOpen />, { local: { grants: { canPublish: false, canPublishData: false } }, participants: 3 }],
    ['VideoConference (observer, no subscribe)', <VideoConference />, { local: { grants: { hidden: true, canSubscribe: false } }, participants: 3 }],
    ['VideoConference (admin, recorder)', <VideoConference onRemoveParticipant={async () => {}} onStartRecording={async () => {}} onStopRecording={async () => {}} />, { local: { grants: { roomAdmin: true, roomRecord: true } }, participants: 3, recording: true }],
    ['GridLayout (paged)', <GridLayout />, { participants: 60 }],
    ['FocusLayout', <FocusLayout />, { participants: [{ identity: 'a', screenShare: true, camera: true }, { identity: 'b' }] }],
    ['ParticipantTile', <ParticipantTile identity="a" />, { participants: [{ identity: 'a', camera: true, connectionQuality: 'good' }] }],
    ['ControlBar', <ControlBar controls={{ chat: true }} />, { devices: { audioinput: [{ deviceId: 'm', label: 'Mic' }] } }],
    ['TrackToggle', <TrackToggle source={Track.Source.Microphone} />, {}],
    ['MediaDeviceSelect', <MediaDeviceSelect kind="videoinput" />, {}],
    ['Chat', <Chat />, {}],
    ['Chat (read only)', <Chat />, { local: { grants: { canPublishData: false } } }],
    ['ConnectionStateToast', <ConnectionStateToast />, { connectionState: 'connecting' }],
    ['RecordingIndicator', <RecordingIndicator />, { recording: true }],
    ['RecordingControl', <RecordingControl onStartRecording={async () => {}} onStopRecording={async () => {}} />, { local: { grants: { roomRecord: true } } }],
    ['ParticipantAdminMenu', <ParticipantAdminMenu identity="a" onRemoveParticipant={async () => {}} />, { local: { grants: { roomAdmin: true } }, participants: [{ identity: 'a' }] }],
    ['StartAudio', <StartAudio />, { audioPlaybackBlocked: true }],
    ['LeaveButton', <LeaveButton />, {}],
    ['PreJoin', <PreJoin onSubmit={() => {}} />, {}],
    ['PreJoin (viewer)', <PreJoin onSubmit={() => {}} />, { local: { grants: { canPublish: false } } }],
    ['MeetingShortcutsDialog', <MeetingShortcutsDialog shortcuts={everyShortcut} onClose={() => {}} />, {}],
    ['MeetingShortcutsDialog (Apple keys)', <MeetingShortcutsDialog apple shortcuts={everyShortcut} onClose={() => {}} />, {}],
  ];
  it.each(cases)('%s has no violations', async (_name, ui, init) => {
    const { container } = renderInRoom(ui, init);
    expect(await axeViolations(container)).toEqual([]);
  });
});
