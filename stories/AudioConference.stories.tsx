import type { Decorator, Meta, StoryObj } from '@storybook/react-vite';
import { useEffect, useMemo, type ReactNode } from 'react';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { AudioConference } from '@roomkit/react/audio-room';
import { RoomProvider, useRoom, type RoomKitLabels } from '@roomkit/react';
import { createTestRoom, type TestParticipantInit, type TestRoom, type TestRoomInit } from '@roomkit/react/testing';
import '@roomkit/react/styles.css';
import '@roomkit/react/audio-room.css';
import { french } from './frenchLabels';
import { arabic } from './arabicLabels';
import { storyDevices } from './storyDevices';

/** What an audio room story builds: the test room, and what happens in it once the story shows. */
interface AudioRoomParameters {
  init?: TestRoomInit;
  script?: (room: TestRoom) => void;
  labels?: Partial<RoomKitLabels>;
  /** RoomProvider's `meetingName`: the meeting as the app names it. */
  meetingName?: string;
}

/** Four people on stage (Grace muted) and eight listeners. */
const STAGE: TestParticipantInit[] = [
  { identity: 'ada', name: 'Ada', microphone: true },
  { identity: 'grace', name: 'Grace', microphone: 'muted' },
  { identity: 'linus', name: 'Linus', microphone: true },
];
const LISTENERS: TestParticipantInit[] = ['Margaret', 'Ken', 'Barbara', 'Dennis', 'Frances', 'Alan', 'Radia', 'Edsger'].map((name) => ({
  identity: name.toLowerCase(),
  name,
  canPublish: false,
}));

function AudioRoom({ parameters, theme, children }: { parameters: AudioRoomParameters; theme: string; children: ReactNode }) {
  const { init, script, labels, meetingName } = parameters;
  const room = useMemo(
    () => createTestRoom({ name: 'audio-room', devices: storyDevices, local: { identity: 'me', name: 'Me', microphone: true }, participants: [...STAGE, ...LISTENERS], ...init }),
    [init],
  );
  useEffect(() => script?.(room), [room, script]);
  return (
    <RoomProvider room={room} meetingName={meetingName} {...(labels ? { labels } : {})}>
      <div className="rk-root" data-rk-theme={theme} style={{ padding: 12, height: 640, boxSizing: 'border-box' }}>
        {children}
      </div>
    </RoomProvider>
  );
}

/** Builds the story's simulated audio room from `parameters.audioRoom`. */
const withAudioRoom: Decorator = (Story, context) => (
  <AudioRoom parameters={(context.parameters.audioRoom as AudioRoomParameters | undefined) ?? {}} theme={(context.globals.theme as string | undefined) ?? 'light'}>
    <Story />
  </AudioRoom>
);

/** Admin actions performed by the simulated server, as an app's backend would through the Room API. */
function AdminAudioConference() {
  const room = useRoom() as TestRoom;
  return (
    <AudioConference
      onUpdatePermissions={async (identity, permissions) => void room.setPermissions(identity, permissions)}
      onRemoveParticipant={async (identity) => void room.removeParticipant(identity)}
    />
  );
}

const meta = {
  title: 'Prefabs/AudioConference',
  component: AudioConference,
  decorators: [withAudioRoom],
  parameters: { pictures: { variants: 'all' } },
} satisfies Meta<typeof AudioConference>;
export default meta;
type Story = StoryObj<typeof meta>;

const speakersOf = (canvasElement: HTMLElement) => within(canvasElement).getByRole('region', { name: /^Speakers/ });
const listenerNames = (canvasElement: HTMLElement) =>
  [...canvasElement.querySelectorAll('.rk-listener-row .rk-participant-row-name')].map((el) => el.firstChild?.textContent);

/** You may speak (`canPublish`): you are on stage with the microphone; no camera or screen share anywhere. */
export const Speaker: Story = {
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByRole('heading', { name: 'Speakers (4)' })).toBeVisible();
    await expect(c.getByRole('heading', { name: 'Listeners (8)' })).toBeVisible();
    await expect(within(speakersOf(canvasElement)).getByRole('group', { name: 'Me (you)' })).toBeVisible();
    const bar = c.getByRole('toolbar', { name: 'Meeting controls' });
    await expect(within(bar).getByRole('button', { name: 'Microphone' })).toBeVisible();
    await expect(within(bar).getByRole('button', { name: 'Raise hand' })).toBeVisible();
    await expect(within(bar).queryByRole('button', { name: /camera|share/i })).toBeNull();
    await expect(canvasElement.querySelector('video')).toBeNull();
    await expect(within(speakersOf(canvasElement)).getByRole('group', { name: 'Grace' })).toHaveAttribute('data-muted');
  },
};

/** You listen (no `canPublish`): you are among the listeners, marked (you), and the bar has no microphone. */
export const Listener: Story = {
  parameters: { audioRoom: { init: { local: { identity: 'me', name: 'Me', grants: { canPublish: false } } } } },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByRole('heading', { name: 'Speakers (3)' })).toBeVisible();
    await expect(c.getByRole('heading', { name: 'Listeners (9)' })).toBeVisible();
    await expect(c.getByText('You are listening')).toBeVisible();
    await expect(listenerNames(canvasElement)[0]).toBe('Me');
    await expect(c.queryByRole('button', { name: 'Microphone' })).toBeNull();
    await userEvent.click(c.getByRole('button', { name: 'Raise hand' }));
    await expect(c.getByRole('button', { name: 'Raise hand' })).toHaveAttribute('aria-pressed', 'true');
  },
};

/** A `roomAdmin` session: a menu on every remote tile and listener row; "Allow publishing" brings a listener on stage. */
export const Admin: Story = {
  parameters: { audioRoom: { init: { local: { identity: 'me', name: 'Me', microphone: true, grants: { roomAdmin: true } } } } },
  render: () => <AdminAudioConference />,
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(within(speakersOf(canvasElement)).getByRole('button', { name: 'Manage Ada' })).toBeVisible();
    const trigger = c.getByRole('button', { name: 'Manage Margaret' });
    trigger.focus();
    await userEvent.keyboard('{Enter}');
    await expect(await c.findByRole('menuitem', { name: 'Allow publishing' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(await within(speakersOf(canvasElement)).findByRole('group', { name: 'Margaret' })).toBeVisible();
    await expect(c.getByRole('heading', { name: 'Listeners (7)' })).toBeVisible();
  },
};

/**
 * A guest waiting to be let in to an audio room: words with the meeting's name as the app names it (not the media
 * server's `audio-room`), Leave, and no chat to read.
 */
export const Waiting: Story = {
  parameters: {
    audioRoom: { meetingName: 'Radio hour', init: { local: { identity: 'me', name: 'Me', grants: { canPublish: false, canSubscribe: false, canPublishData: false } } } },
  },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByRole('status')).toHaveTextContent('Waiting for the host to let you in to Radio hour.');
    await expect(c.queryByRole('button', { name: 'Chat' })).toBeNull();
    await expect(c.queryByRole('heading', { name: /^Speakers/ })).toBeNull();
  },
};

/** A `roomAdmin` of an audio room with a guest waiting: the queue on the stage, above the speakers. */
export const WaitingQueue: Story = {
  parameters: {
    audioRoom: {
      init: { local: { identity: 'me', name: 'Me', microphone: true, grants: { roomAdmin: true } } },
      script: (room: TestRoom) => void room.addParticipant({ identity: 'ann', name: 'Ann', waiting: true }),
    },
  },
  render: () => <AudioConference onAdmit={async () => {}} onDeny={async () => {}} />,
  play: async ({ canvasElement }) => {
    const queue = await within(canvasElement).findByRole('region', { name: 'Waiting (1)' });
    await expect(within(queue).getByRole('button', { name: 'Admit Ann' })).toBeVisible();
  },
};

/** Ada speaks: her tile has the speaking ring (`data-speaking`), and no one else's. */
export const SomeoneSpeaking: Story = {
  parameters: { audioRoom: { script: (room: TestRoom) => void room.setSpeaking('ada', true) } },
  play: async ({ canvasElement }) => {
    const stage = within(speakersOf(canvasElement));
    await waitFor(() => expect(stage.getByRole('group', { name: 'Ada' })).toHaveAttribute('data-speaking'));
    await expect(stage.getByRole('group', { name: 'Linus' })).not.toHaveAttribute('data-speaking');
  },
};

/**
 * An end-to-end encrypted room: the header's lock, a lock on each tile, and Linus, whose audio this session cannot
 * decrypt (another passphrase), says so in words instead of sitting silent.
 */
export const Encrypted: Story = {
  parameters: { audioRoom: { init: { encrypted: true }, script: (room: TestRoom) => void room.setDecryptionFailed('linus') } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('End-to-end encrypted')).toBeVisible();
    const stage = within(speakersOf(canvasElement));
    await expect(within(stage.getByRole('group', { name: 'Ada' })).getByRole('img', { name: 'End-to-end encrypted' })).toBeVisible();
    const linus = await waitFor(() => {
      const tile = stage.getByRole('group', { name: 'Linus' });
      expect(tile).toHaveAttribute('data-decryption-failed');
      return tile;
    });
    await expect(within(linus).getByText('Can’t decrypt: a different passphrase?')).toBeVisible();
    await expect(within(linus).queryByRole('img', { name: 'End-to-end encrypted' })).toBeNull();
  },
};

/** Two listeners raised their hands: they come first among the listeners, in the order raised. */
export const HandsRaised: Story = {
  parameters: {
    audioRoom: {
      script: (room: TestRoom) => {
        room.raiseHand('radia', Date.now() - 2000);
        room.raiseHand('ken', Date.now() - 1000);
      },
    },
  },
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(listenerNames(canvasElement).slice(0, 3)).toEqual(['Radia', 'Ken', 'Margaret']));
    await expect(within(canvasElement).getAllByRole('img', { name: 'Hand raised' })).toHaveLength(2);
  },
};

/** 500 listeners: only the rows in view (and a few beyond) are mounted; scrolling mounts the others. */
export const FiveHundredListeners: Story = {
  parameters: { audioRoom: { init: { participants: STAGE, listeners: 500 } } },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByRole('heading', { name: 'Listeners (500)' })).toBeVisible();
    const rows = () => canvasElement.querySelectorAll('.rk-listener-row').length;
    await expect(rows()).toBeGreaterThan(3);
    await expect(rows()).toBeLessThan(40);
    const viewport = canvasElement.querySelector<HTMLElement>('.rk-listener-viewport')!;
    viewport.scrollTop = viewport.scrollHeight;
    await expect(await c.findByText('Listener 500')).toBeVisible();
    await expect(c.queryByText('Listener 1')).toBeNull();
    await expect(rows()).toBeLessThan(40);
  },
};

/** Every string from a French label set. */
export const FrenchLabels: Story = {
  parameters: { audioRoom: { labels: french, init: { local: { identity: 'me', name: 'Moi', grants: { canPublish: false } } } } },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByRole('region', { name: 'Salon audio' })).toBeVisible();
    await expect(c.getByRole('heading', { name: 'Intervenants (3)' })).toBeVisible();
    await expect(c.getByRole('heading', { name: 'Auditeurs (9)' })).toBeVisible();
    await expect(c.getByText('Vous écoutez')).toBeVisible();
    await expect(c.getByRole('button', { name: 'Quitter' })).toBeVisible();
  },
};

/** Right to left (the toolbar's direction) with an Arabic label set. */
export const RightToLeft: Story = {
  globals: { direction: 'rtl' },
  parameters: { audioRoom: { labels: arabic, init: { local: { identity: 'me', name: 'Me', grants: { canPublish: false } } } } },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    const region = c.getByRole('region', { name: 'غرفة صوتية' });
    await expect(getComputedStyle(region).direction).toBe('rtl');
    await expect(c.getByRole('heading', { name: 'المتحدثون (3)' })).toBeVisible();
    await expect(c.getByRole('heading', { name: 'المستمعون (9)' })).toBeVisible();
    await expect(c.getByText('أنت تستمع')).toBeVisible();
    await expect(c.getByRole('button', { name: 'مغادرة' })).toBeVisible();
  },
};
