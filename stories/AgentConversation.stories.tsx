import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { AgentConversation, type AgentConversationProps } from '@roomkit/react/agent';
import { RoomProvider } from '@roomkit/react';
import { createTestRoom, type TestRoom } from '@roomkit/react/testing';
import '@roomkit/react/styles.css';
import '@roomkit/react/agent.css';
import { french } from './frenchLabels';
import { arabic } from './arabicLabels';
import { storyDevices } from './storyDevices';

/*
 * A conversation with an AI agent in a simulated room: one story per agent state, the wait and its timeout, a
 * whole conversation (both sides' speech and typed messages), a session that may not send, and French labels.
 */

interface Loaded {
  room: TestRoom;
}

const meta = {
  title: 'Scenarios/Agent conversation',
  parameters: { layout: 'fullscreen', pictures: { variants: 'all' } },
} satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

const withAgent = (agentState: string | undefined, grants?: { canPublishData?: boolean }) => async (): Promise<Loaded> => ({
  room: createTestRoom({
    devices: storyDevices,
    local: { identity: 'me', name: 'Me', microphone: true, ...(grants ? { grants } : {}) },
    participants: [{ identity: 'ada', name: 'Ada', kind: 'agent', microphone: true, ...(agentState ? { agentState } : {}) }],
  }),
});

const frame = (room: TestRoom, props: AgentConversationProps = {}) => (
  <RoomProvider room={room}>
    <div className="rk-root" data-rk-theme="light" style={{ height: 520 }}>
      <AgentConversation {...props} />
    </div>
  </RoomProvider>
);

const loadedRoom = (context: { loaded: unknown }) => (context.loaded as Loaded).room;

/** One story per state: the visualizer and the words below it follow `lk.agent.state`. */
function stateStory(state: string, words: string, variant: 'bar' | 'radial' = 'bar'): Story {
  return {
    loaders: [withAgent(state)],
    render: (_args, context) => frame(loadedRoom(context), { visualizer: variant }),
    play: async ({ canvasElement }) => {
      const region = within(canvasElement).getByRole('region', { name: 'Conversation with an AI agent' });
      await expect(region).toHaveAttribute('data-status', 'ready');
      await expect(region).toHaveAttribute('data-agent-state', state);
      await expect(within(region).getByText(words, { selector: '.rk-agent-presence-state' })).toBeInTheDocument();
      await expect(region.querySelector(`.rk-agent-visualizer[data-variant="${variant}"]`)).toHaveAttribute('data-agent-state', state);
    },
  };
}

export const Initializing = stateStory('initializing', 'Starting…');
export const Listening = stateStory('listening', 'Listening');
export const Thinking = stateStory('thinking', 'Thinking…', 'radial');
export const Speaking = stateStory('speaking', 'Speaking', 'radial');

/** Connected, no agent yet: the conversation says it is waiting. */
export const WaitingForAgent: Story = {
  loaders: [async (): Promise<Loaded> => ({ room: createTestRoom({ local: { identity: 'me', microphone: true }, devices: storyDevices }) })],
  render: (_args, context) => frame(loadedRoom(context), { agentTimeout: Infinity }),
  play: async ({ canvasElement }) => {
    const region = within(canvasElement).getByRole('region', { name: 'Conversation with an AI agent' });
    await expect(region).toHaveAttribute('data-status', 'waiting');
    await expect(within(region).getByText('Waiting for the agent to join…')).toBeInTheDocument();
  },
};

/** No agent joined within the timeout (0 here): the `agent-unavailable` error in words. */
export const AgentUnavailable: Story = {
  loaders: [async (): Promise<Loaded> => ({ room: createTestRoom({ local: { identity: 'me', microphone: true }, devices: storyDevices }) })],
  render: (_args, context) => frame(loadedRoom(context), { agentTimeout: 0 }),
  play: async ({ canvasElement }) => {
    const region = within(canvasElement).getByRole('region', { name: 'Conversation with an AI agent' });
    const alert = await within(region).findByRole('alert');
    await expect(alert).toHaveTextContent('The agent is not available right now. Please try again later.');
    await expect(region).toHaveAttribute('data-status', 'unavailable');
  },
};

/** Both sides speak and type: one transcript in time order, interim lines replaced in place. */
export const Conversation: Story = {
  loaders: [withAgent('listening')],
  render: (_args, context) => frame(loadedRoom(context)),
  play: async ({ canvasElement, loaded }) => {
    const room = (loaded as Loaded).room;
    const transcript = within(within(canvasElement).getByRole('region', { name: 'Transcript' }));
    room.deliverTranscription('ada', 'Hi! How can', { segmentId: 'a1', final: false });
    await transcript.findByText('Hi! How can');
    room.deliverTranscription('ada', 'Hi! How can I help?', { segmentId: 'a1', final: true });
    await transcript.findByText('Hi! How can I help?');
    await waitFor(() => expect(room.localParticipant.getTrackPublication('microphone' as never)).toBeDefined());
    room.setAgentState('ada', 'listening');
    room.deliverLocalTranscription('Is it going to rain?', { segmentId: 'u1' });
    await transcript.findByText('Is it going to rain?');
    room.setAgentState('ada', 'speaking');
    room.deliverText('ada', 'No rain today.', { topic: 'lk.chat' });
    await transcript.findByText('No rain today.');
    await userEvent.type(within(canvasElement).getByRole('textbox', { name: 'Message to the agent' }), 'Thanks!{Enter}');
    await transcript.findByText('Thanks!');
    const lines = canvasElement.querySelectorAll('li.rk-agent-line');
    await expect([...lines].map((li) => li.getAttribute('data-from'))).toEqual(['agent', 'user', 'agent', 'user']);
    await expect(room.sentText.map((t) => t.text)).toEqual(['Thanks!']);
  },
};

/** A session without `canPublishData`: the text input is disabled, and says why. */
export const CannotType: Story = {
  loaders: [withAgent('listening', { canPublishData: false })],
  render: (_args, context) => frame(loadedRoom(context)),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('textbox', { name: 'Message to the agent' })).toBeDisabled();
    await expect(canvas.getByText('You can read the chat, but this session may not send messages.')).toBeInTheDocument();
  },
};

/** Every string comes from labels. */
export const FrenchLabels: Story = {
  loaders: [withAgent('thinking')],
  render: (_args, context) => frame(loadedRoom(context), { labels: french }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('region', { name: 'Conversation avec un agent IA' })).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Terminer la conversation' })).toBeInTheDocument();
    await expect(canvas.getByRole('textbox', { name: 'Message à l’agent' })).toBeInTheDocument();
  },
};

/** Right to left (the toolbar's direction) with an Arabic label set and an Arabic conversation. */
export const RightToLeft: Story = {
  loaders: [withAgent('listening')],
  globals: { direction: 'rtl' },
  render: (_args, context) => frame(loadedRoom(context), { labels: arabic }),
  play: async ({ canvasElement, loaded }) => {
    const room = (loaded as Loaded).room;
    const canvas = within(canvasElement);
    const region = canvas.getByRole('region', { name: 'محادثة مع وكيل ذكاء اصطناعي' });
    await expect(getComputedStyle(region).direction).toBe('rtl');
    const transcript = within(canvas.getByRole('region', { name: 'النص المكتوب' }));
    room.deliverTranscription('ada', 'مرحبًا! كيف أساعدك؟', { segmentId: 'a1', final: true });
    await transcript.findByText('مرحبًا! كيف أساعدك؟');
    room.deliverLocalTranscription('هل ستمطر اليوم؟', { segmentId: 'u1' });
    await transcript.findByText('هل ستمطر اليوم؟');
    await expect(canvas.getByRole('button', { name: 'إنهاء المحادثة' })).toBeInTheDocument();
    await expect(canvas.getByRole('textbox', { name: 'رسالة إلى الوكيل' })).toBeInTheDocument();
  },
};
