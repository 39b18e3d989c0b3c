import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { Captions, Chat, GridLayout, RoomProvider, VideoConference } from '@roomkit/react';
import { createTestRoom, type TestRoom } from '@roomkit/react/testing';
import '@roomkit/react/styles.css';
import { storyDevices } from './storyDevices';

/*
 * Text streams in a simulated room: captions from transcriptions, an AI agent's states, and chat with a peer
 * that speaks LiveKit's format (an lk.chat text stream plus a legacy copy flagged ignoreLegacy). Each play
 * function scripts the room step by step and asserts what is shown.
 */

interface Loaded {
  room: TestRoom;
}

const meta = {
  title: 'Scenarios/Text streams',
  parameters: { layout: 'fullscreen' },
} satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

const frame = (room: TestRoom, children: React.ReactNode) => (
  <RoomProvider room={room}>
    <div className="rk-root" data-rk-theme="light" style={{ padding: 12, minHeight: 420 }}>
      {children}
    </div>
  </RoomProvider>
);

const loadedRoom = (context: { loaded: unknown }) => (context.loaded as Loaded).room;

/** Ann and Bob take turns; each line appears as interim text and settles into its final version. */
export const CaptionsSpeakersTakingTurns: Story = {
  loaders: [
    async (): Promise<Loaded> => ({
      room: createTestRoom({
        devices: storyDevices,
        local: { identity: 'me', name: 'Me' },
        participants: [
          { identity: 'ann', name: 'Ann', camera: true, microphone: true },
          { identity: 'bob', name: 'Bob', camera: true, microphone: true },
        ],
      }),
    }),
  ],
  render: (_args, context) =>
    frame(
      loadedRoom(context),
      <div style={{ position: 'relative', height: 400 }}>
        <GridLayout />
        <Captions className="rk-conference-captions" />
      </div>,
    ),
  play: async ({ canvasElement, loaded }) => {
    const room = (loaded as Loaded).room;
    const captions = within(within(canvasElement).getByRole('region', { name: 'Captions' }));
    room.deliverTranscription('ann', 'So the plan for', { segmentId: 'a1', final: false });
    const interim = await captions.findByText('So the plan for');
    await expect(interim.closest('li')).not.toHaveAttribute('data-final');
    room.deliverTranscription('ann', 'So the plan for today is the release.', { segmentId: 'a1', final: true });
    const final = await captions.findByText('So the plan for today is the release.');
    await expect(final.closest('li')).toHaveAttribute('data-final', '');
    await expect(captions.queryByText('So the plan for')).toBeNull();
    room.deliverTranscription('bob', 'Sounds good to me.', { segmentId: 'b1', final: true });
    await expect(await captions.findByText('Sounds good to me.')).toBeVisible();
    await expect(captions.getByText('Ann')).toBeVisible();
    await expect(captions.getByText('Bob')).toBeVisible();
  },
};

/** An agent in a meeting: its tile shows its state and its voice, and its speech becomes captions. */
export const AgentStates: Story = {
  loaders: [
    async (): Promise<Loaded> => ({
      room: createTestRoom({
        devices: storyDevices,
        local: { identity: 'me', name: 'Me' },
        participants: [
          { identity: 'ada', name: 'Ada', kind: 'agent', microphone: true, agentState: 'initializing' },
          { identity: 'kim', name: 'Kim', camera: true, microphone: true },
        ],
      }),
    }),
  ],
  render: (_args, context) => frame(loadedRoom(context), <VideoConference chat={false} style={{ height: 420 }} />),
  play: async ({ canvasElement, loaded }) => {
    const room = (loaded as Loaded).room;
    const canvas = within(canvasElement);
    const tile = await canvas.findByRole('group', { name: 'Ada, AI agent' });
    await expect(tile).toHaveAttribute('data-agent-state', 'initializing');
    for (const [state, label] of [
      ['listening', 'Listening'],
      ['thinking', 'Thinking…'],
      ['speaking', 'Speaking'],
    ] as const) {
      room.setAgentState('ada', state);
      await waitFor(() => expect(tile).toHaveAttribute('data-agent-state', state));
      await expect(within(tile).getByText(label)).toBeVisible();
    }
    await expect(tile.querySelectorAll('.rk-audio-bar')).toHaveLength(5);
    room.deliverTranscription('ada', ['It looks ', 'sunny all week.'], { segmentId: 'r1' });
    await expect(await within(canvas.getByRole('region', { name: 'Captions' })).findByText('It looks sunny all week.')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Captions' })).toHaveAttribute('aria-pressed', 'true');
  },
};

/** Chat with a LiveKit components user: their messages arrive twice (text stream and copy) and show once. */
export const ChatWithLiveKitFormatPeer: Story = {
  loaders: [
    async (): Promise<Loaded> => ({
      room: createTestRoom({ local: { identity: 'me', name: 'Me' }, participants: [{ identity: 'lee', name: 'Lee', camera: true }], devices: storyDevices }),
    }),
  ],
  render: (_args, context) => frame(loadedRoom(context), <Chat style={{ height: 360, width: 380 }} />),
  play: async ({ canvasElement, loaded }) => {
    const room = (loaded as Loaded).room;
    const canvas = within(canvasElement);
    const send = (id: string, text: string) => {
      room.deliverText('lee', text, { id });
      room.deliverData('lee', JSON.stringify({ id, timestamp: Date.now(), message: text, ignoreLegacy: true }), { topic: 'lk-chat-topic' });
    };
    send('lee-1', 'Hi from the LiveKit app!');
    send('lee-2', 'Can you see this once?');
    await expect(await canvas.findByText('Can you see this once?')).toBeVisible();
    await expect(canvas.getAllByText('Hi from the LiveKit app!')).toHaveLength(1);
    await userEvent.type(canvas.getByLabelText('Message'), 'Yes, exactly once{Enter}');
    await expect(await canvas.findByText('Yes, exactly once')).toBeVisible();
    await expect(room.sentText.map((t) => [t.topic, t.text])).toEqual([['lk.chat', 'Yes, exactly once']]);
    await expect(JSON.parse(room.sentData[0]!.text)).toMatchObject({ id: room.sentText[0]!.id, ignoreLegacy: true });
  },
};
