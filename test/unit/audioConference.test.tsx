import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Track, TrackEvent, type RemoteTrackPublication } from 'livekit-client';
import { memo, Profiler } from 'react';
import { AudioConference, ParticipantAudioTile, useAudioRoomParticipants } from '../../src/audio-room/index';
import { RoomProvider, type RoomKitLabels } from '../../src/index';
import { createTestRoom, type TestParticipantInit, type TestRoom, type TestRoomInit } from '../../src/testing/index';
import { axeViolations } from '../helpers/axe';
import { renderInRoom } from '../helpers/render';

/** Two speakers (one muted) and three listeners, with you as a speaker unless `local` says otherwise. */
const PEOPLE: TestParticipantInit[] = [
  { identity: 'ada', name: 'Ada', microphone: true },
  { identity: 'grace', name: 'Grace', microphone: 'muted' },
  { identity: 'linus', name: 'Linus', canPublish: false },
  { identity: 'ken', name: 'Ken', canPublish: false },
  { identity: 'barbara', name: 'Barbara', canPublish: false },
];

function mount(init: TestRoomInit = {}, props: Parameters<typeof AudioConference>[0] = {}) {
  return renderInRoom(<AudioConference {...props} />, { local: { identity: 'me', name: 'Me' }, participants: PEOPLE, ...init });
}
const speakers = () => screen.getByRole('region', { name: /^Speakers/ });
const listeners = () => screen.getByRole('region', { name: /^Listeners/ });
const tileNames = () => within(speakers()).getAllByRole('group').map((tile) => tile.getAttribute('aria-label'));
const listenerRows = (container: HTMLElement) => [...container.querySelectorAll<HTMLElement>('.rk-listener-row')];
const listenerNames = (container: HTMLElement) =>
  listenerRows(container).map((row) => row.querySelector('.rk-participant-row-name')!.firstChild!.textContent);
const tile = (name: string) => within(speakers()).getByRole('group', { name });

describe('AudioConference: speakers and listeners', () => {
  it('shows speakers (canPublish) as tiles and listeners (no canPublish) as rows, in two sections counted in their headings', () => {
    const { container } = mount();
    expect(screen.getByRole('region', { name: 'Audio room' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Speakers (3)' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Listeners (3)' })).toBeInTheDocument();
    expect(speakers()).toHaveAttribute('data-count', '3');
    expect(listeners()).toHaveAttribute('data-section', 'listeners');
    expect(tileNames()).toEqual(['Me (you)', 'Ada', 'Grace']);
    expect(listenerNames(container)).toEqual(['Linus', 'Ken', 'Barbara']);
    expect(within(listeners()).getByRole('list', { name: 'Listeners (3)' })).toBeInTheDocument();
  });

  it('puts a local listener among the listeners, marked (you), with a listener badge and no microphone', () => {
    const { container } = mount({ local: { identity: 'me', name: 'Me', grants: { canPublish: false } } });
    expect(tileNames()).toEqual(['Ada', 'Grace']);
    expect(listenerNames(container)).toEqual(['Me', 'Linus', 'Ken', 'Barbara']);
    expect(within(listenerRows(container)[0]!).getByText('(you)')).toBeInTheDocument();
    expect(screen.getByText('You are listening')).toBeInTheDocument();
    expect(container.querySelector('.rk-audio-conference')).toHaveAttribute('data-listener');
    const bar = screen.getByRole('toolbar', { name: 'Meeting controls' });
    expect(within(bar).queryByRole('button', { name: /microphone/i })).toBeNull();
    expect(within(bar).getByRole('button', { name: 'Raise hand' })).toBeInTheDocument();
    expect(within(bar).getByRole('button', { name: 'Leave' })).toBeInTheDocument();
  });

  it('gives a speaker the microphone, raise hand, chat and leave, and never a camera or screen-share control', () => {
    mount({ local: { identity: 'me', name: 'Me', microphone: true } });
    const bar = screen.getByRole('toolbar', { name: 'Meeting controls' });
    expect(within(bar).getByRole('button', { name: 'Microphone' })).toBeInTheDocument();
    expect(within(bar).getByRole('button', { name: 'Raise hand' })).toBeInTheDocument();
    expect(within(bar).getByRole('button', { name: 'Chat' })).toBeInTheDocument();
    expect(within(bar).getByRole('button', { name: 'Leave' })).toBeInTheDocument();
    expect(within(bar).queryByRole('button', { name: /camera/i })).toBeNull();
    expect(within(bar).queryByRole('button', { name: /share/i })).toBeNull();
    expect(container().querySelector('[data-control="camera"], [data-control="screenShare"]')).toBeNull();
  });

  it('follows live permissions: a listener allowed to publish moves on stage and gets the microphone', () => {
    const { room, container } = mount({ local: { identity: 'me', name: 'Me', grants: { canPublish: false } } });
    act(() => void room.setPermissions('linus', { canPublish: true }));
    expect(tileNames()).toEqual(['Ada', 'Grace', 'Linus']);
    expect(listenerNames(container)).toEqual(['Me', 'Ken', 'Barbara']);
    act(() => void room.setPermissions('me', { canPublish: true }));
    expect(tileNames()).toEqual(['Me (you)', 'Ada', 'Grace', 'Linus']);
    expect(screen.getByRole('button', { name: 'Microphone' })).toBeInTheDocument();
    expect(screen.queryByText('You are listening')).toBeNull();
  });

  it('never shows a hidden participant, nor a hidden local observer', () => {
    const { container } = mount({
      local: { identity: 'me', name: 'Me', grants: { hidden: true } },
      participants: [...PEOPLE, { identity: 'ghost', name: 'Ghost', hidden: true }, { identity: 'shade', name: 'Shade', hidden: true, canPublish: false }],
    });
    expect(tileNames()).toEqual(['Ada', 'Grace']);
    expect(listenerNames(container)).toEqual(['Linus', 'Ken', 'Barbara']);
    expect(screen.queryByText(/Ghost|Shade|\(you\)/)).toBeNull();
    expect(screen.getByRole('status', { name: '' })).toHaveTextContent('Watching as a hidden observer');
  });

  it('lists raised hands first among listeners, in the order raised', () => {
    const { room, container } = mount();
    act(() => void room.raiseHand('barbara', 1000));
    act(() => void room.raiseHand('ken', 2000));
    expect(listenerNames(container)).toEqual(['Barbara', 'Ken', 'Linus']);
    expect(within(listenerRows(container)[0]!).getByRole('img', { name: 'Hand raised' })).toBeInTheDocument();
    act(() => void room.lowerHand('barbara'));
    expect(listenerNames(container)).toEqual(['Ken', 'Linus', 'Barbara']);
  });

  it('says so when no one is on stage or no one listens', () => {
    mount({ local: { identity: 'me', grants: { canPublish: false } }, participants: [{ identity: 'l', canPublish: false }] });
    expect(screen.getByRole('heading', { name: 'Speakers (0)' })).toBeInTheDocument();
    expect(screen.getByText('No one is on stage yet')).toBeInTheDocument();
    renderInRoom(<AudioConference />, { participants: [{ identity: 's' }] });
    expect(screen.getByText('No listeners yet')).toBeInTheDocument();
  });

  it('shows the connection state in words instead of sections until the session is live', () => {
    mount({ connectionState: 'connecting' });
    expect(screen.queryByRole('region', { name: /^Speakers/ })).toBeNull();
    expect(screen.getByText('Connecting…')).toBeInTheDocument();
  });
});

function container() {
  return document.body;
}

describe('ParticipantAudioTile', () => {
  it('shows the initial, the name, the speaking ring, the muted microphone and a raised hand', () => {
    const { room } = mount();
    const grace = tile('Grace');
    expect(grace).toHaveAttribute('data-muted');
    expect(grace).toHaveAttribute('data-microphone', 'muted');
    expect(within(grace).getByRole('img', { name: 'Microphone muted' })).toBeInTheDocument();
    expect(grace.querySelector('.rk-avatar')).toHaveTextContent('G');
    const ada = tile('Ada');
    expect(ada).toHaveAttribute('data-microphone', 'on');
    expect(ada).not.toHaveAttribute('data-muted');
    expect(ada).not.toHaveAttribute('data-speaking');
    act(() => void room.setSpeaking('ada', true));
    expect(ada).toHaveAttribute('data-speaking', '');
    expect(within(ada).getByText('Speaking')).toBeInTheDocument();
    act(() => void room.raiseHand('ada'));
    expect(ada).toHaveAttribute('data-hand-raised', '');
    expect(within(ada).getByRole('img', { name: 'Hand raised' })).toBeInTheDocument();
  });

  it('marks an agent and shows its state', () => {
    mount({ participants: [{ identity: 'bot', name: 'Helper', kind: 'agent', microphone: true, agentState: 'listening' }] });
    const bot = tile('Helper, AI agent');
    expect(bot).toHaveAttribute('data-agent', '');
    expect(bot).toHaveAttribute('data-agent-state', 'listening');
    expect(within(bot).getByText('Listening')).toBeInTheDocument();
  });

  it('shows end-to-end encryption: a lock in the header and on each tile; undecryptable audio in words', () => {
    const { room, container } = mount({ encrypted: true });
    expect(container.querySelector('.rk-audio-conference')).toHaveAttribute('data-encrypted', '');
    expect(screen.getByText('End-to-end encrypted')).toBeInTheDocument();
    const ada = tile('Ada');
    expect(ada).toHaveAttribute('data-encrypted', '');
    expect(within(ada).getByRole('img', { name: 'End-to-end encrypted' })).toBeInTheDocument();
    expect(ada).not.toHaveAttribute('data-decryption-failed');
    act(() => void room.setDecryptionFailed('ada'));
    expect(ada).toHaveAttribute('data-decryption-failed', '');
    expect(within(ada).getByText('Can’t decrypt: a different passphrase?')).toBeInTheDocument();
    expect(within(ada).queryByRole('img', { name: 'End-to-end encrypted' })).toBeNull();
    expect(tile('Grace')).not.toHaveAttribute('data-decryption-failed');
  });

  it('shows no lock in a room without encryption', () => {
    const { container } = mount();
    expect(container.querySelector('.rk-audio-conference')).not.toHaveAttribute('data-encrypted');
    expect(screen.queryByText('End-to-end encrypted')).toBeNull();
    expect(tile('Ada')).not.toHaveAttribute('data-encrypted');
  });

  it('is memoised: one participant speaking re-renders that tile only', () => {
    const room = createTestRoom({ participants: Array.from({ length: 30 }, (_, i) => ({ identity: `s${i}`, microphone: true })) });
    const commits = new Map<string, number>();
    // The speakers array keeps its identity while only hands change, so the memoised tiles list bails out.
    const Tiles = memo(function Tiles({ speakers }: { speakers: readonly string[] }) {
      return speakers.map((identity) => (
        <Profiler key={identity} id={identity} onRender={(id) => commits.set(id, (commits.get(id) ?? 0) + 1)}>
          <ParticipantAudioTile identity={identity} />
        </Profiler>
      ));
    });
    function Stage() {
      return <Tiles speakers={useAudioRoomParticipants().speakers} />;
    }
    render(
      <RoomProvider room={room}>
        <Stage />
      </RoomProvider>,
    );
    expect(commits.size).toBe(31);
    commits.clear();
    act(() => void room.setSpeaking('s7', true));
    expect(Object.fromEntries(commits)).toEqual({ s7: 1 });
    commits.clear();
    act(() => void room.setMuted('s3', 'microphone', true));
    expect(Object.fromEntries(commits)).toEqual({ s3: 1 });
    commits.clear();
    act(() => void room.raiseHand('s9'));
    expect(Object.fromEntries(commits)).toEqual({ s9: 1 });
  });

  it('in the prefab, one speaker speaking costs one commit and remounts nothing', () => {
    const room = createTestRoom({ local: { identity: 'me' }, participants: PEOPLE });
    let commits = 0;
    render(
      <RoomProvider room={room}>
        <Profiler id="room" onRender={() => commits++}>
          <AudioConference />
        </Profiler>
      </RoomProvider>,
    );
    const rendered: string[] = [];
    const before = new Map(screen.getAllByRole('group').map((g) => [g.getAttribute('aria-label'), g]));
    commits = 0;
    act(() => void room.setSpeaking('ada', true));
    // One commit, and the same elements: nothing remounted.
    expect(commits).toBe(1);
    for (const g of screen.getAllByRole('group')) {
      if (before.get(g.getAttribute('aria-label')) !== g) rendered.push(g.getAttribute('aria-label')!);
    }
    expect(rendered).toEqual([]);
  });
});

describe('AudioConference: 500 listeners', () => {
  it('mounts only a window of listener rows, and others as the list scrolls', () => {
    const { container } = mount({ participants: PEOPLE.slice(0, 2), listeners: 500 });
    expect(screen.getByRole('heading', { name: 'Listeners (500)' })).toBeInTheDocument();
    // 480px assumed in jsdom: 10 rows of 48px in view and 4 beyond.
    expect(listenerRows(container)).toHaveLength(14);
    const viewport = container.querySelector<HTMLElement>('.rk-listener-viewport')!;
    act(() => {
      viewport.scrollTop = 300 * 48;
      fireEvent.scroll(viewport);
    });
    expect(listenerRows(container)).toHaveLength(18);
    expect(listenerRows(container)[0]).toHaveAttribute('aria-posinset', '297');
    expect(listenerRows(container)[0]).toHaveAttribute('aria-setsize', '500');
    expect(screen.getByText('Listener 300')).toBeInTheDocument();
    expect(screen.queryByText('Listener 1')).toBeNull();
  });

  it('brings a raised hand from the end of 500 listeners to the top', () => {
    const { room, container } = mount({ participants: [], listeners: 500 });
    act(() => void room.raiseHand('listener-480'));
    expect(listenerNames(container)[0]).toBe('Listener 480');
  });
});

describe('AudioConference: admin', () => {
  const admin = { local: { identity: 'me', name: 'Me', grants: { roomAdmin: true } } };

  it('offers the admin menu on remote tiles and listener rows for a roomAdmin session only', () => {
    const onUpdatePermissions = vi.fn(async () => undefined);
    const { container, unmount } = mount(admin, { onUpdatePermissions });
    expect(within(tile('Ada')).getByRole('button', { name: 'Manage Ada' })).toBeInTheDocument();
    expect(within(tile('Me (you)')).queryByRole('button', { name: /Manage/ })).toBeNull();
    expect(within(listenerRows(container)[0]!).getByRole('button', { name: 'Manage Linus' })).toBeInTheDocument();
    unmount();
    mount({}, { onUpdatePermissions });
    expect(screen.queryByRole('button', { name: /Manage/ })).toBeNull();
  });

  it('brings a listener on stage with "Allow publishing", by keyboard', async () => {
    const user = userEvent.setup();
    // The app's backend would call the Room API; here the simulated server applies the change.
    const server: { room?: TestRoom } = {};
    const onUpdatePermissions = vi.fn(async (identity: string, permissions: { canPublish: boolean }) => {
      server.room!.setPermissions(identity, permissions);
    });
    const mounted = mount(admin, { onUpdatePermissions });
    server.room = mounted.room;
    const trigger = within(listenerRows(mounted.container)[0]!).getByRole('button', { name: 'Manage Linus' });
    trigger.focus();
    await user.keyboard('{Enter}');
    const item = await screen.findByRole('menuitem', { name: 'Allow publishing' });
    expect(item).toHaveFocus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(tileNames()).toContain('Linus'));
    expect(onUpdatePermissions).toHaveBeenCalledWith('linus', { canPublish: true });
    expect(listenerNames(mounted.container)).toEqual(['Ken', 'Barbara']);
  });
});

describe('AudioConference: no video', () => {
  const withCameras: TestParticipantInit[] = [
    { identity: 'ada', name: 'Ada', microphone: true, camera: true },
    { identity: 'grace', name: 'Grace', microphone: true, camera: true, screenShare: true },
    { identity: 'linus', name: 'Linus', canPublish: false },
  ];
  const remote = (room: TestRoom, identity: string, source: Track.Source) =>
    room.remoteParticipants.get(identity)!.getTrackPublication(source) as RemoteTrackPublication;

  it('renders no video element, even for speakers who publish cameras', () => {
    const { container } = mount({ local: { identity: 'me', camera: true, microphone: true }, participants: withCameras });
    expect(container.querySelector('video')).toBeNull();
    expect(container.querySelector('.rk-video')).toBeNull();
  });

  it('unsubscribes every camera and screen share, never subscribes one, and keeps the microphones', async () => {
    const room = createTestRoom({ participants: withCameras });
    const requests: string[] = [];
    for (const id of ['ada', 'grace']) {
      for (const source of [Track.Source.Camera, Track.Source.ScreenShare]) {
        remote(room, id, source)?.on(TrackEvent.UpdateSubscription, (u: { subscribe: boolean }) => requests.push(`${id} ${source}: ${u.subscribe}`));
      }
    }
    expect(remote(room, 'ada', Track.Source.Camera).isSubscribed).toBe(true); // the test room auto-subscribes
    render(
      <RoomProvider room={room}>
        <AudioConference />
      </RoomProvider>,
    );
    await waitFor(() => expect(remote(room, 'ada', Track.Source.Camera).isSubscribed).toBe(false));
    expect(remote(room, 'grace', Track.Source.Camera).isDesired).toBe(false);
    expect(remote(room, 'grace', Track.Source.ScreenShare).isDesired).toBe(false);
    expect(requests.every((r) => r.endsWith('false'))).toBe(true);
    // A camera published later is never subscribed either.
    act(() => void room.publishTrack('linus', 'camera'));
    expect(remote(room, 'linus', Track.Source.Camera).isDesired).toBe(false);
    // Audio still plays: a small room's microphones are all subscribed and rendered.
    expect(remote(room, 'ada', Track.Source.Microphone).isSubscribed).toBe(true);
    expect(remote(room, 'grace', Track.Source.Microphone).isSubscribed).toBe(true);
    expect(document.querySelectorAll('audio').length).toBeGreaterThanOrEqual(2);
  });
});

describe('AudioConference: labels and accessibility', () => {
  it('takes every string from labels (the provider’s, then its own)', () => {
    const labels: Partial<RoomKitLabels> = {
      audioConference: 'Salon audio',
      audioSpeakers: (n) => `Intervenants (${n})`,
      audioListeners: (n) => `Auditeurs (${n})`,
      audioListening: 'Vous écoutez',
      you: '(vous)',
    };
    renderInRoom(<AudioConference />, { local: { identity: 'me', name: 'Moi', grants: { canPublish: false } }, participants: PEOPLE }, labels);
    expect(screen.getByRole('region', { name: 'Salon audio' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Intervenants (2)' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Auditeurs (4)' })).toBeInTheDocument();
    expect(screen.getByText('Vous écoutez')).toBeInTheDocument();
    expect(screen.getByText('(vous)')).toBeInTheDocument();
  });

  it('has no axe violations, for a speaker, a listener and an admin', async () => {
    for (const local of [{ identity: 'me' }, { identity: 'me', grants: { canPublish: false } }, { identity: 'me', grants: { roomAdmin: true } }]) {
      const { container, unmount } = mount({ local }, { onRemoveParticipant: async () => undefined });
      expect(await axeViolations(container)).toEqual([]);
      unmount();
    }
  });

  it('reaches the listener list and its admin menus with Tab', async () => {
    const user = userEvent.setup();
    mount({ local: { identity: 'me', grants: { roomAdmin: true } } }, { onRemoveParticipant: async () => undefined });
    const list = within(listeners()).getByRole('list');
    list.focus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Manage Linus' })).toHaveFocus();
  });

  it('throws a helpful error outside a RoomProvider', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => render(<AudioConference />)).toThrow(/must be used within <RoomProvider>/);
  });
});
