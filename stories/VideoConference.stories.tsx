import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { useEffect, type ReactNode } from 'react';
import { EffectsControl, useRoom, VideoConference, type BackgroundEffectsConfig } from '@roomkit/react';
import { fakeBackgroundProcessors, type TestRoom } from '@roomkit/react/testing';
import '@roomkit/react/styles.css';
import { defaultRoomArgs, roomArgTypes, withRoom, type RoomArgs } from '../.storybook/roomDecorator';
import { french } from './frenchLabels';
import { arabic } from './arabicLabels';
import { BeforeConnection as BeforeConnectionProvider, BrowserCannotJoin as BrowserCannotJoinProvider, RefusedJoin } from './joinStates';
import { barControls, expectNoBlankControls } from './blankControls';
import { phoneViewports, viewportGlobals } from './smallScreens';
import { expectOffered } from './engineSupport';

const meta = {
  title: 'Prefabs/VideoConference',
  decorators: [withRoom],
  args: { ...defaultRoomArgs },
  argTypes: roomArgTypes,
  // Pictures right to left and in forced colours too (.storybook/pictures.ts), as for every prefab and the tile.
  parameters: { layoutHeight: '640px', pictures: { variants: 'all' } },
  render: () => (
    <VideoConference
      style={{ height: 600 }}
      onMuteParticipant={async () => {}}
      onRemoveParticipant={async () => {}}
      onUpdatePermissions={async () => {}}
      onStartRecording={async () => {}}
      onStopRecording={async () => {}}
    />
  ),
} satisfies Meta<RoomArgs>;
export default meta;
type Story = StoryObj<typeof meta>;

const tiles = (canvas: HTMLElement) => within(canvas).queryAllByRole('group');
/** The conference's control bar, whatever its labels. */
const bar = (canvas: HTMLElement) => canvas.querySelector<HTMLElement>('.rk-control-bar')!;

export const Publisher: Story = {
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByRole('button', { name: 'Microphone' })).toBeVisible();
    await expect(c.getByRole('button', { name: 'Camera' })).toHaveAttribute('aria-pressed', 'true');
    await expect(c.getByRole('button', { name: 'Share screen' })).toBeVisible();
    // Chromium chooses the speaker and has picture-in-picture; WebKitGTK has neither (as NoSpeakerChoiceNorPictureInPicture).
    await expectOffered('speakerSelection', canvasElement.querySelector('[data-kind="audiooutput"]'));
    await expectOffered('pictureInPicture', c.queryByRole('button', { name: /Picture-in-picture/ }));
    await expect(tiles(canvasElement)).toHaveLength(5);
    await expectNoBlankControls(bar(canvasElement));
  },
};

export const Viewer: Story = {
  args: { canPublish: false },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.queryByRole('button', { name: 'Microphone' })).toBeNull();
    await expect(c.queryByRole('button', { name: 'Camera' })).toBeNull();
    await expect(c.queryByRole('button', { name: 'Share screen' })).toBeNull();
    await expect(c.getByRole('button', { name: 'Leave' })).toBeVisible();
    await expectNoBlankControls(bar(canvasElement));
  },
};

export const NoData: Story = {
  args: { canPublishData: false },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await userEvent.click(c.getByRole('button', { name: 'Chat' }));
    await expect(c.getByLabelText('Message')).toBeDisabled();
    await expect(c.getByRole('button', { name: 'Send' })).toBeDisabled();
    await expect(c.getByText('You can read the chat, but this session may not send messages.')).toBeVisible();
  },
};

export const NoSubscribe: Story = {
  args: { canSubscribe: false },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    const ada = c.getByRole('group', { name: 'Ada' });
    await expect(within(ada).getByText('Video unavailable: this session may not receive media')).toBeVisible();
    await expect(canvasElement.querySelectorAll('audio')).toHaveLength(0);
  },
};

export const HiddenObserver: Story = {
  args: { hidden: true, canPublish: false },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.queryByRole('group', { name: /Me/ })).toBeNull();
    await expect(c.getByText('Watching as a hidden observer')).toBeVisible();
    await expect(c.queryByRole('button', { name: 'Microphone' })).toBeNull();
  },
};

export const Admin: Story = {
  args: { roomAdmin: true },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    const trigger = c.getByRole('button', { name: 'Manage Ada' });
    trigger.focus();
    await userEvent.keyboard('{Enter}');
    const menu = await c.findByRole('menu', { name: 'Manage Ada' });
    await waitFor(() => expect(within(menu).getAllByRole('menuitem')[0]).toHaveFocus());
    await userEvent.keyboard('{ArrowDown}');
    await expect(within(menu).getAllByRole('menuitem')[1]).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    await expect(c.queryByRole('menu')).toBeNull();
    await expect(trigger).toHaveFocus();
  },
};

export const Recorder: Story = {
  args: { roomRecord: true, canPublish: false },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByRole('button', { name: 'Start recording' })).toHaveAttribute('aria-pressed', 'false');
    await expect(c.queryByRole('button', { name: /Manage/ })).toBeNull();
  },
};

export const Recording: Story = {
  args: { recording: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Recording')).toBeVisible();
    await expect(within(canvasElement).queryByRole('button', { name: /recording/i })).toBeNull();
  },
};

export const Connecting: Story = {
  args: { connectionState: 'connecting' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Connecting…')).toBeVisible();
  },
};

export const Reconnecting: Story = {
  args: { connectionState: 'reconnecting' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Connection lost. Reconnecting…')).toBeVisible();
  },
};

/** Only the signalling connection reconnects (media keeps flowing): a small indicator, never the banner. */
export const SignalReconnecting: Story = {
  args: { connectionState: 'signalReconnecting' },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    const indicator = c.getByText('Reconnecting…');
    await expect(indicator).toBeVisible();
    await expect(indicator).toHaveAttribute('role', 'status');
    await expect(indicator).toHaveAttribute('data-state', 'signalReconnecting');
    await expect(c.queryByText('Connection lost. Reconnecting…')).toBeNull();
    await expect(tiles(canvasElement).length).toBeGreaterThan(0);
  },
};

export const Disconnected: Story = {
  args: { connectionState: 'disconnected' },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(await c.findByText('Disconnected: the meeting server shut down')).toBeVisible();
    await expect(tiles(canvasElement)).toHaveLength(0);
  },
};

/** `connection={null}` (the app is still fetching it): words in place of the grid, no nameless "(you)" tile. */
export const BeforeConnection: Story = {
  render: () => (
    <BeforeConnectionProvider>
      <VideoConference style={{ height: 600 }} />
    </BeforeConnectionProvider>
  ),
  play: async ({ canvasElement }) => {
    const meeting = within(canvasElement).getByRole('region', { name: 'Meeting' });
    await expect(within(meeting).getByRole('status')).toHaveTextContent('Connecting…');
    await expect(within(meeting).queryAllByRole('group')).toHaveLength(0);
    await expect(meeting).not.toHaveTextContent('(you)');
  },
};

/**
 * The media server refuses the token (401): the failure in words, never its code, no tiles, and none of the meeting's
 * controls (none can work there): "Try again" and, as the app gave `onLeave`, Leave, its way back.
 */
export const JoinRefused: Story = {
  render: () => (
    <RefusedJoin>
      <VideoConference style={{ height: 600 }} onLeave={fn()} />
    </RefusedJoin>
  ),
  play: async ({ canvasElement }) => {
    const meeting = within(canvasElement).getByRole('region', { name: 'Meeting' });
    await expect(await within(meeting).findByText('You are not allowed to join this meeting.')).toBeVisible();
    await expect(within(meeting).getAllByRole('status')).toHaveLength(1);
    await expect(within(meeting).queryAllByRole('group')).toHaveLength(0);
    await expect(meeting).not.toHaveTextContent('unauthorized');
    await expect(within(meeting).queryByRole('toolbar')).toBeNull();
    await expect(within(meeting).getAllByRole('button').map((b) => b.textContent)).toEqual(['Try again', 'Leave']);
    // Refused again: the words stay, and so does the way to try.
    await userEvent.click(within(meeting).getByRole('button', { name: 'Try again' }));
    await expect(await within(meeting).findByText('You are not allowed to join this meeting.')).toBeVisible();
    await expect(within(meeting).getByRole('button', { name: 'Try again' })).toBeVisible();
  },
};

/**
 * A browser that cannot join calls (no WebRTC): the failure in words, which browsers can, and no "Try again" (no
 * attempt can succeed here), only the app's way back.
 */
export const BrowserCannotJoin: Story = {
  render: () => (
    <BrowserCannotJoinProvider>
      <VideoConference style={{ height: 600 }} onLeave={fn()} />
    </BrowserCannotJoinProvider>
  ),
  play: async ({ canvasElement }) => {
    const meeting = within(canvasElement).getByRole('region', { name: 'Meeting' });
    await expect(await within(meeting).findByText('This browser cannot join calls. Open this page in a current Chrome, Edge, Firefox or Safari.')).toBeVisible();
    await expect(meeting).not.toHaveTextContent('browser-unsupported');
    await expect(within(meeting).queryAllByRole('group')).toHaveLength(0);
    await expect(within(meeting).getAllByRole('button').map((b) => b.textContent)).toEqual(['Leave']);
  },
};

/**
 * A browser without speaker choice nor picture-in-picture (Firefox without setSinkId, Safari): neither control is
 * there, folded or not; the others are.
 */
export const NoSpeakerChoiceNorPictureInPicture: Story = {
  args: { browserSupport: { speakerSelection: 'no', pictureInPicture: 'no' } },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByRole('button', { name: 'Share screen' })).toBeVisible();
    await expect(canvasElement.querySelector('[data-kind="audiooutput"]')).toBeNull();
    await expect(c.queryByRole('button', { name: /Picture-in-picture/ })).toBeNull();
    const more = c.queryByRole('button', { name: 'More' });
    if (more) {
      await userEvent.click(more);
      await expect(c.queryByRole('menuitem', { name: /Picture-in-picture/ })).toBeNull();
      await expect(c.queryByRole('combobox', { name: 'Choose speaker' })).toBeNull();
      await userEvent.keyboard('{Escape}');
    }
  },
};

export const AutoplayBlocked: Story = {
  args: { audioPlaybackBlocked: true },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await userEvent.click(c.getByRole('button', { name: 'Allow audio' }));
    await expect(c.queryByRole('button', { name: 'Allow audio' })).toBeNull();
  },
};

/** Ada shares a tab with its sound: the share takes the stage, and its tile says it has sound. */
export const ScreenShare: Story = {
  args: { screenShare: true, screenShareAudio: true },
  play: async ({ canvasElement }) => {
    const main = canvasElement.querySelector<HTMLElement>('.rk-focus-main');
    await expect(main?.querySelector('[data-source="screen_share"]')).not.toBeNull();
    await expect(within(main!).getByRole('img', { name: 'Shared with sound' })).toBeInTheDocument();
  },
};

export const OneParticipant: Story = {
  args: { participants: 0 },
  play: async ({ canvasElement }) => {
    await expect(tiles(canvasElement)).toHaveLength(1);
  },
};

export const FourParticipants: Story = {
  args: { participants: 3 },
  play: async ({ canvasElement }) => {
    await expect(tiles(canvasElement)).toHaveLength(4);
  },
};

export const SixteenParticipants: Story = {
  args: { participants: 15 },
  play: async ({ canvasElement }) => {
    await expect(tiles(canvasElement)).toHaveLength(16);
  },
};

export const FiftyParticipants: Story = {
  args: { participants: 49 },
  play: async ({ canvasElement }) => {
    await expect(tiles(canvasElement).length).toBeLessThanOrEqual(25);
    await expect(within(canvasElement).getByRole('button', { name: 'Next page' })).toBeVisible();
  },
};

export const TwoHundredParticipants: Story = {
  args: { participants: 199 },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    const layout = canvasElement.querySelector('.rk-grid-layout')!;
    const pages = Number(layout.getAttribute('data-pages'));
    await expect(pages).toBeGreaterThanOrEqual(8);
    await expect(tiles(canvasElement).length).toBeLessThanOrEqual(25);
    await userEvent.click(c.getByRole('button', { name: 'Next page' }));
    await expect(c.getByText(`Page 2 of ${pages}`)).toBeVisible();
  },
};

export const NonEnglishLabels: Story = {
  args: { roomAdmin: true, recording: true },
  parameters: { labels: french },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByRole('button', { name: 'Micro' })).toBeVisible();
    await expect(c.getByRole('button', { name: 'Quitter' })).toBeVisible();
    await expect(c.getByRole('button', { name: 'Gérer Ada' })).toBeVisible();
    await expect(c.getByText('Enregistrement')).toBeVisible();
    await expectNoBlankControls(bar(canvasElement));
  },
};

/** The same meeting in the dark theme (axe checks colour contrast in it too). */
export const DarkTheme: Story = {
  args: { roomAdmin: true, recording: true },
  globals: { theme: 'dark' },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await userEvent.click(c.getByRole('button', { name: 'Chat' }));
    await expect(canvasElement.querySelector('[data-rk-theme="dark"]')).not.toBeNull();
    await expect(c.getByRole('log', { name: 'Chat messages' })).toBeVisible();
    await expectNoBlankControls(bar(canvasElement));
  },
};

export const LightThemeWithChat: Story = {
  args: { canPublishData: false },
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Chat' }));
    await expect(within(canvasElement).getByText('No messages yet.')).toBeVisible();
  },
};

/** The speaker view, chosen from the control bar's toggle (here the default): the last speaker large, the others in a strip. */
export const SpeakerView: Story = {
  args: { participants: 8 },
  render: () => <VideoConference style={{ height: 600 }} defaultLayout="speaker" />,
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByRole('region', { name: 'Meeting' })).toHaveAttribute('data-layout', 'speaker');
    await expect(c.getByRole('button', { name: 'Speaker view' })).toHaveAttribute('aria-pressed', 'true');
    await expect(c.getByRole('list', { name: 'Other participants' })).toBeVisible();
    await userEvent.click(c.getByRole('button', { name: 'Speaker view' }));
    await expect(c.getByRole('region', { name: 'Meeting' })).toHaveAttribute('data-layout', 'grid');
  },
};

/** A pinned tile takes the stage (focus layout) until it is unpinned. */
export const Pinned: Story = {
  args: { participants: 5, ambient: false },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await userEvent.click(c.getByRole('button', { name: 'Pin Linus' }));
    await expect(c.getByRole('region', { name: 'Meeting' })).toHaveAttribute('data-layout', 'focus');
    await expect(canvasElement.querySelector('.rk-focus-main .rk-tile')).toHaveAttribute('aria-label', 'Linus');
    await userEvent.click(c.getByRole('button', { name: 'Pin Linus' }));
    await expect(c.getByRole('region', { name: 'Meeting' })).toHaveAttribute('data-layout', 'grid');
  },
};

/** Puts `identities` in the room's spotlight once, as an admin's server would, then renders the conference. */
function Spotlit({ identities, admin = false }: { identities: readonly string[]; admin?: boolean }) {
  const room = useRoom() as TestRoom;
  useEffect(() => identities.forEach((identity) => room.spotlight(identity)), [room, identities]);
  // An admin's spotlight action, performed by the simulated server (an app's backend through the Room API).
  return <VideoConference style={{ height: 600 }} {...(admin ? { onSpotlight: async (identity: string, on: boolean) => void room.spotlight(identity, on) } : {})} />;
}

const NOBODY: string[] = [];
const GRACE = ['p2'];
const GRACE_AND_LINUS = ['p2', 'p3'];

/**
 * An admin spotlighted Grace for everyone (the `roomkit.spotlight` attribute): every conference shows her large, with
 * a Spotlight badge, whatever its layout, and over Ada's screen share.
 */
export const Spotlight: Story = {
  args: { participants: 5, ambient: false, screenShare: true },
  render: () => <Spotlit identities={GRACE} />,
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await waitFor(() => expect(c.getByRole('region', { name: 'Meeting' })).toHaveAttribute('data-layout', 'focus'));
    await waitFor(() => expect(canvasElement.querySelector('.rk-focus-main .rk-tile')).toHaveAttribute('aria-label', 'Grace'));
    await expect(canvasElement.querySelector('.rk-spotlight-badge')).toHaveTextContent('Spotlight');
    // The share goes to the strip.
    await expect(canvasElement.querySelector('.rk-focus-strip [data-source="screen_share"]')).not.toBeNull();
  },
};

/** Two people in the spotlight: both large, side by side, the first spotlighted first. */
export const SpotlightTwo: Story = {
  args: { participants: 5, ambient: false },
  render: () => <Spotlit identities={GRACE_AND_LINUS} />,
  play: async ({ canvasElement }) => {
    await waitFor(() =>
      expect([...canvasElement.querySelectorAll('.rk-focus-main .rk-tile')].map((tile) => tile.getAttribute('aria-label'))).toEqual(['Grace', 'Linus']),
    );
  },
};

/** This user pinned Ken while Grace is in the spotlight: the pin wins, for this user, and the badge says so. */
export const SpotlightAndPin: Story = {
  args: { participants: 5, ambient: false },
  render: () => <Spotlit identities={GRACE} />,
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await waitFor(() => expect(canvasElement.querySelector('.rk-focus-main .rk-tile')).toHaveAttribute('aria-label', 'Grace'));
    await userEvent.click(c.getByRole('button', { name: 'Pin Ken' }));
    await expect(canvasElement.querySelector('.rk-focus-main .rk-tile')).toHaveAttribute('aria-label', 'Ken');
    await expect(canvasElement.querySelector('.rk-spotlight-badge')).toHaveTextContent('Your pin replaces the spotlight');
  },
};

/** A `roomAdmin` spotlights from a tile's menu ("Spotlight for everyone"), and ends it the same way ("End spotlight"). */
export const SpotlightAdmin: Story = {
  args: { participants: 5, ambient: false, roomAdmin: true },
  render: () => <Spotlit identities={NOBODY} admin />,
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await userEvent.click(c.getByRole('button', { name: 'Manage Linus' }));
    await userEvent.click(await c.findByRole('menuitem', { name: 'Spotlight for everyone' }));
    await waitFor(() => expect(canvasElement.querySelector('.rk-focus-main .rk-tile')).toHaveAttribute('aria-label', 'Linus'));
    await userEvent.click(within(canvasElement.querySelector<HTMLElement>('.rk-focus-main')!).getByRole('button', { name: 'Manage Linus' }));
    await expect(await c.findByRole('menuitem', { name: 'End spotlight' })).toBeVisible();
  },
};

/** Two people knock while the story shows (a waiting room's guests), and `then` plays the host's side. */
function WithKnocks({ then, children }: { then?: (room: TestRoom) => void; children: ReactNode }) {
  const room = useRoom() as TestRoom;
  useEffect(() => {
    room.addParticipant({ identity: 'ann', name: 'Ann', waiting: true }).addParticipant({ identity: 'bo', name: 'Bo', waiting: true });
    then?.(room);
  }, [room, then]);
  return children;
}

/** The host's actions, performed by the simulated server as the room actions route does. */
function HostConference() {
  const room = useRoom() as TestRoom;
  return (
    <VideoConference
      style={{ height: 600 }}
      defaultParticipantsOpen
      notifications={{ duration: null }}
      onAdmit={async (identity) => void room.admit(identity)}
      onDeny={async (identity) => void room.deny(identity)}
      onAdmitAll={async () => void ['ann', 'bo'].forEach((identity) => room.admit(identity))}
    />
  );
}

/**
 * A guest waiting to be let in (a waiting room: the token route gave no rights): the stage says so in words, with the
 * meeting's name as the app names it (RoomProvider's `meetingName`; never the media server's room name, here
 * `storybook`), and only Cancel is offered. Nothing of the meeting shows: no tiles, no toolbar, no chat.
 */
export const Waiting: Story = {
  args: { canPublish: false, canSubscribe: false, canPublishData: false },
  parameters: { meetingName: 'Weekly standup' },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByRole('status')).toHaveTextContent(/^Waiting for the host to let you in to Weekly standup\.$/);
    await expect(c.getByRole('button', { name: 'Cancel' })).toBeVisible();
    await expect(c.queryByRole('toolbar')).toBeNull();
    await expect(tiles(canvasElement)).toHaveLength(0);
  },
};

/** The host turned this guest away: the page says so, and the session ended. */
export const Denied: Story = {
  args: { canPublish: false, canSubscribe: false, canPublishData: false },
  render: () => <DeniedConference />,
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(within(canvasElement).getByRole('status')).toHaveTextContent('The host did not let you in.'));
  },
};

function DeniedConference() {
  const room = useRoom() as TestRoom;
  useEffect(() => void room.deny(room.localParticipant.identity), [room]);
  return <VideoConference style={{ height: 600 }} />;
}

/**
 * A `roomAdmin` with two guests waiting: the participant list's "Waiting (2)" section with Admit, Deny and Admit all,
 * and a notification of the knocks. Admitting Ann brings her into the meeting.
 */
export const WaitingQueue: Story = {
  args: { roomAdmin: true, participants: 2, ambient: false },
  render: () => (
    <WithKnocks>
      <HostConference />
    </WithKnocks>
  ),
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    const queue = await c.findByRole('region', { name: 'Waiting (2)' });
    await expect(within(queue).getByRole('button', { name: 'Admit all' })).toBeVisible();
    await expect(within(queue).getByRole('button', { name: 'Deny Bo' })).toBeVisible();
    await expect(c.getByText('Ann and Bo are waiting to join')).toBeVisible();
    await userEvent.click(within(queue).getByRole('button', { name: 'Admit Ann' }));
    await expect(await c.findByRole('group', { name: 'Ann' })).toBeVisible();
    await expect(c.getByRole('region', { name: 'Waiting (1)' })).toBeVisible();
  },
};

/** Someone who is not a `roomAdmin` sees nobody waiting: not in the list, not on the stage. */
export const WaitingQueueNotAdmin: Story = {
  args: { participants: 2, ambient: false },
  render: () => (
    <WithKnocks>
      <VideoConference style={{ height: 600 }} defaultParticipantsOpen />
    </WithKnocks>
  ),
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByRole('button', { name: 'Participants (3)' })).toBeVisible();
    await expect(c.queryByRole('region', { name: /^Waiting/ })).toBeNull();
    await expect(c.queryByText('Ann')).toBeNull();
  },
};

/**
 * Right to left (the toolbar's direction) with an Arabic label set: the first control sits at the right, Leave at the
 * left, the chat panel opens on the left, and every string is Arabic.
 */
export const RightToLeft: Story = {
  args: { roomAdmin: true, recording: true },
  globals: { direction: 'rtl' },
  parameters: { labels: arabic },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    const meeting = c.getByRole('region', { name: 'الاجتماع' });
    await expect(getComputedStyle(meeting).direction).toBe('rtl');
    await userEvent.click(c.getByRole('button', { name: 'الدردشة' }));
    await expect(c.getByRole('log', { name: 'الرسائل' })).toBeVisible();
    const leave = c.getByRole('button', { name: 'مغادرة' }).getBoundingClientRect();
    const microphone = c.getByRole('button', { name: 'الميكروفون' }).getBoundingClientRect();
    await expect(leave.right).toBeLessThan(microphone.left);
    await expect(c.getByRole('button', { name: 'إدارة Ada' })).toBeVisible();
    await expectNoBlankControls(bar(canvasElement));
  },
};

/** The testing kit's stand-in for @livekit/track-processors (no MediaPipe), as in the EffectsControl stories. */
const effectsConfig: BackgroundEffectsConfig = {
  load: () => fakeBackgroundProcessors(),
  wasmUrl: '/mediapipe/wasm',
  modelUrl: '/mediapipe/selfie_segmenter.tflite',
};

/** The conference with background effects in its bar (`effects`), `width` wide (the frame's width by default). */
const withEffects = (width?: number | string, height: number | string = 600) =>
  function EffectsConference() {
    return (
      <div style={width === undefined ? undefined : { width }}>
        <VideoConference style={{ height }} effects={<EffectsControl collapsible config={effectsConfig} />} />
      </div>
    );
  };

/** The Effects button in the bar (not folded into More), and no control of the bar blank in pixels. */
async function effectsInBar(canvasElement: HTMLElement) {
  const toolbar = bar(canvasElement);
  const toggle = toolbar.querySelector<HTMLElement>('summary.rk-effects-toggle');
  await expect(toggle).not.toBeNull();
  await expect(barControls(toolbar)).toContain(toggle);
  await expect(toggle).toHaveTextContent('Effects');
  await expectNoBlankControls(toolbar);
  return { toolbar, toggle: toggle! };
}

/**
 * Background effects in the bar (`effects`): at the frame's width the bar is compact, icons alone, and the Effects
 * button beside the camera shows its icon (a 44 px target, never a blank box); its name shows as a tooltip on
 * keyboard focus.
 */
export const Effects: Story = {
  render: withEffects(),
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(bar(canvasElement)).toHaveAttribute('data-compact'));
    const { toolbar, toggle } = await effectsInBar(canvasElement);
    // A 44 px target, sized as the bar's other buttons.
    const box = toggle.getBoundingClientRect();
    const camera = within(toolbar).getByRole('button', { name: 'Camera' }).getBoundingClientRect();
    await expect([box.width, box.height]).toEqual([camera.width, camera.height]);
    await expect(Math.min(box.width, box.height)).toBeGreaterThanOrEqual(44);
    const tooltip = within(toggle).getByText('Effects');
    await expect(tooltip.getBoundingClientRect().width).toBeLessThan(2);
    // Focus as the keyboard gives it (:focus-visible). A script's focus counts as the keyboard's only when nothing
    // held focus before, or what did showed its ring (WebKit's rule; Chromium's is close): start from nothing focused.
    (document.activeElement as HTMLElement | null)?.blur();
    toggle.focus();
    await waitFor(() => expect(tooltip.getBoundingClientRect().width).toBeGreaterThan(40));
    await expect(tooltip.getBoundingClientRect().bottom).toBeLessThanOrEqual(toggle.getBoundingClientRect().top);
  },
};

/** Effects opened from the compact bar: the choices above the bar; Blur applies to the camera. */
export const EffectsOpen: Story = {
  render: withEffects(),
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await waitFor(() => expect(bar(canvasElement)).toHaveAttribute('data-compact'));
    const { toggle } = await effectsInBar(canvasElement);
    await userEvent.click(toggle);
    await userEvent.click(c.getByRole('radio', { name: 'Blur background' }));
    await waitFor(() => expect(canvasElement.querySelector('.rk-effects')).toHaveAttribute('data-state', 'applied'));
    // The noise filter's switch where the browser can switch noise suppression (Chromium; not WebKitGTK).
    const noiseFilter = c.queryByRole('switch', { name: 'Noise filter' });
    await expectOffered('noiseFilter', noiseFilter);
    if (noiseFilter) await expect(noiseFilter).toBeVisible();
    // The panel's controls show their names, though they sit in a compact bar (whose own buttons show icons alone).
    await expectNoBlankControls(canvasElement.querySelector<HTMLElement>('.rk-effects-panel')!);
  },
};

/** On a phone (375×667) Effects folds into More, where it shows its icon and its name. */
export const EffectsPhone: Story = {
  args: { participants: 4 },
  globals: viewportGlobals('portrait'),
  parameters: { viewport: phoneViewports },
  // The decorator pads the story by 12 px on each side.
  render: withEffects(undefined, 'calc(100vh - 24px)'),
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    const toolbar = bar(canvasElement);
    await waitFor(() => expect(toolbar).toHaveAttribute('data-compact'));
    await expectNoBlankControls(toolbar);
    await userEvent.click(await c.findByRole('button', { name: 'More' }));
    const panel = c.getByRole('dialog', { name: 'More' });
    const toggle = panel.querySelector<HTMLElement>('summary.rk-effects-toggle');
    await expect(toggle).not.toBeNull();
    await expect(toggle!.querySelector('svg')).toBeVisible();
    await expect(within(toggle!).getByText('Effects')).toBeVisible();
  },
};
