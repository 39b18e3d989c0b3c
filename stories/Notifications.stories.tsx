import type { Meta, StoryObj } from '@storybook/react-vite';
import { useMemo } from 'react';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import {
  RoomProvider,
  VideoConference,
  defaultLabels,
  notificationText,
  useNotifications,
  type NotificationKinds,
  type RoomKitLabels,
} from '@roomkit/react';
import { createTestRoom, type TestRoom } from '@roomkit/react/testing';
import '@roomkit/react/styles.css';
import { french } from './frenchLabels';

/**
 * The meeting's notifications, driven through the testing kit: each story's play function makes the event happen
 * (someone joins, raises a hand, …) and checks the toast. Toasts stay until dismissed here (`duration: null`), so no
 * check ever races their timer.
 */
interface NotificationArgs {
  kinds?: NotificationKinds;
  labels?: Partial<RoomKitLabels>;
  /** Render an app's own list from `useNotifications()` beside the meeting. */
  ownList?: boolean;
}

const rooms = new WeakMap<HTMLElement, TestRoom>();

function MyList() {
  const { notifications, dismiss } = useNotifications({ kinds: { chatMessage: false } });
  return (
    <ul aria-label="My notifications" style={{ minWidth: 200 }}>
      {notifications.map((n) => (
        <li key={n.id}>
          {notificationText(n, defaultLabels)}{' '}
          <button type="button" onClick={() => dismiss(n.id)}>
            OK
          </button>
        </li>
      ))}
    </ul>
  );
}

function Meeting({ kinds, labels, ownList }: NotificationArgs) {
  const room = useMemo(
    () =>
      createTestRoom({
        name: 'notifications',
        local: { identity: 'me', name: 'Me', camera: true },
        participants: [
          { identity: 'p1', name: 'Ada', camera: true, microphone: true },
          { identity: 'p2', name: 'Grace', camera: true },
        ],
        devices: {
          audioinput: [{ deviceId: 'mic-1', label: 'Built-in microphone' }],
          videoinput: [
            { deviceId: 'cam-1', label: 'HD camera' },
            { deviceId: 'cam-2', label: 'USB camera' },
          ],
        },
      }),
    [],
  );
  return (
    <RoomProvider room={room} {...(labels ? { labels } : {})}>
      <div className="rk-root" style={{ padding: 12, display: 'flex', gap: 12 }} ref={(el) => void (el && rooms.set(el, room))}>
        <VideoConference style={{ height: 560, flex: 1 }} notifications={{ duration: null, ...(kinds ? { kinds } : {}) }} />
        {ownList ? <MyList /> : null}
      </div>
    </RoomProvider>
  );
}

const roomOf = (canvas: HTMLElement) => rooms.get(canvas.querySelector<HTMLElement>('.rk-root')!)!;
const toasts = (canvas: HTMLElement, name = 'Notifications') =>
  within(within(canvas).getByRole('region', { name })).queryAllByRole('listitem').map((li) => li.querySelector('p')?.textContent);

const meta = {
  title: 'Scenarios/Notifications',
  args: {},
  parameters: { layoutHeight: '600px' },
  render: (args) => <Meeting {...args} />,
} satisfies Meta<NotificationArgs>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Five people join at once: one toast, "5 people joined"; a later leave is its own. Dismissed from the keyboard. */
export const JoinsGrouped: Story = {
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    const room = roomOf(canvasElement);
    for (const name of ['Linus', 'Margaret', 'Ken', 'Barbara', 'Dennis']) room.addParticipant({ identity: name.toLowerCase(), name, camera: true });
    await waitFor(() => expect(toasts(canvasElement)).toEqual(['5 people joined']));
    room.removeParticipant('p2');
    await waitFor(() => expect(toasts(canvasElement)).toEqual(['5 people joined', 'Grace left']));
    await waitFor(() => expect(c.getByTestId('rk-announcer')).toHaveTextContent('Grace left'));
    const dismiss = c.getByRole('button', { name: 'Dismiss: 5 people joined' });
    dismiss.focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(toasts(canvasElement)).toEqual(['Grace left']));
    await expect(c.getByRole('button', { name: 'Dismiss: Grace left' })).toHaveFocus();
  },
};

/** A remote hand goes up: a toast (it goes when the hand comes down). */
export const HandRaised: Story = {
  play: async ({ canvasElement }) => {
    const room = roomOf(canvasElement);
    room.raiseHand('p1');
    await waitFor(() => expect(toasts(canvasElement)).toEqual(['Ada raised their hand']));
    await expect(within(canvasElement).getByRole('region', { name: 'Notifications' })).toBeVisible();
  },
};

/** The room starts recording: everyone is told, whoever started it. */
export const RecordingStarted: Story = {
  play: async ({ canvasElement }) => {
    roomOf(canvasElement).setRecording(true);
    await waitFor(() => expect(toasts(canvasElement)).toEqual(['Recording started']));
    await expect(within(canvasElement).getAllByText('Recording').length).toBeGreaterThan(0);
  },
};

/** The camera in use is unplugged: a toast that says what to do, gone once the camera works again. */
export const DeviceLost: Story = {
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    const camera = c.getByRole('button', { name: /^Camera/ });
    await waitFor(() => expect(camera).toHaveAttribute('aria-pressed', 'true'));
    roomOf(canvasElement).unplugDevice('cam-1');
    const text = 'Camera disconnected: reconnect it or choose another, then try again';
    await waitFor(() => expect(toasts(canvasElement)).toEqual([text]));
    await userEvent.click(camera);
    await waitFor(() => expect(camera).toHaveAttribute('aria-pressed', 'true'));
    await waitFor(() => expect(toasts(canvasElement)).toEqual([]));
  },
};

/** A message while chat is closed is a toast; opening chat clears it, and messages in the open chat make none. */
export const MessageWhileChatClosed: Story = {
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    const room = roomOf(canvasElement);
    room.deliverChat('p1', 'Slides are up');
    await waitFor(() => expect(toasts(canvasElement)).toEqual(['Ada: Slides are up']));
    await expect(c.getByRole('button', { name: 'Chat, 1 unread' })).toBeVisible();
    // Left on screen for axe to check; the next story opens the chat.
  },
};

/** Chat open: its log shows and says the messages, so no toast. */
export const MessageWhileChatOpen: Story = {
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await userEvent.click(c.getByRole('button', { name: 'Chat' }));
    roomOf(canvasElement).deliverChat('p1', 'Read in the log');
    await expect(await within(c.getByRole('log')).findByText('Read in the log')).toBeVisible();
    await expect(toasts(canvasElement)).toEqual([]);
  },
};

/** Joins and leaves turned off (`notifications={{ kinds: { participantJoined: false, participantLeft: false } }}`). */
export const KindsTurnedOff: Story = {
  args: { kinds: { participantJoined: false, participantLeft: false } },
  play: async ({ canvasElement }) => {
    const room = roomOf(canvasElement);
    room.addParticipant({ identity: 'linus', name: 'Linus' });
    room.raiseHand('p2');
    await waitFor(() => expect(toasts(canvasElement)).toEqual(['Grace raised their hand']));
    await expect(within(canvasElement).getByTestId('rk-announcer')).not.toHaveTextContent('Linus');
  },
};

/** An app's own list from `useNotifications()` (chat left out), beside the meeting's toasts: one store, one dismiss. */
export const OwnList: Story = {
  args: { ownList: true },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    const room = roomOf(canvasElement);
    room.raiseHand('p1');
    room.deliverChat('p2', 'Hello');
    const list = c.getByRole('list', { name: 'My notifications' });
    await waitFor(() => expect(within(list).getAllByRole('listitem').map((li) => li.firstChild?.textContent)).toEqual(['Ada raised their hand']));
    await userEvent.click(within(list).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(toasts(canvasElement)).toEqual(['Grace: Hello']));
  },
};

/** Every string from the labels: French. */
export const FrenchLabels: Story = {
  args: { labels: french },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    const room = roomOf(canvasElement);
    room.addParticipant({ identity: 'linus', name: 'Linus' });
    room.addParticipant({ identity: 'ken', name: 'Ken' });
    room.addParticipant({ identity: 'radia', name: 'Radia' });
    room.setRecording(true);
    await waitFor(() => expect(toasts(canvasElement, 'Notifications')).toEqual(['3 personnes sont arrivées', 'Enregistrement démarré']));
    await expect(c.getByRole('button', { name: 'Fermer : 3 personnes sont arrivées' })).toBeVisible();
  },
};
