import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { Chat, useRoom } from '@roomkit/react';
import type { TestRoom } from '@roomkit/react/testing';
import { useEffect } from 'react';
import '@roomkit/react/styles.css';
import { defaultRoomArgs, roomArgTypes, withRoom, type RoomArgs } from '../.storybook/roomDecorator';

function ChatWithHistory() {
  const room = useRoom() as TestRoom;
  useEffect(() => {
    room.deliverChat('p1', 'Morning all! Slides are up.');
    room.deliverChat('p2', 'Can everyone hear me?');
  }, [room]);
  return <Chat style={{ height: 360, width: 360 }} />;
}

const meta = {
  title: 'Components/Chat',
  decorators: [withRoom],
  args: { ...defaultRoomArgs, ambient: false },
  argTypes: roomArgTypes,
  render: () => <ChatWithHistory />,
} satisfies Meta<RoomArgs>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Conversation: Story = {
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(await c.findByText('Morning all! Slides are up.')).toBeVisible();
    await userEvent.type(c.getByLabelText('Message'), 'Yes, loud and clear{Enter}');
    await expect(await c.findByText('Yes, loud and clear')).toBeVisible();
  },
};

export const NoData: Story = {
  args: { canPublishData: false },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(await c.findByText('Can everyone hear me?')).toBeVisible();
    await expect(c.getByLabelText('Message')).toBeDisabled();
    await expect(c.getByText('You can read the chat, but this session may not send messages.')).toBeVisible();
  },
};

export const Empty: Story = {
  render: () => <Chat style={{ height: 240, width: 360 }} />,
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('No messages yet.')).toBeVisible();
  },
};

function ChatWithLinks() {
  const room = useRoom() as TestRoom;
  useEffect(() => {
    room.deliverChat('p1', 'Agenda: https://example.com/agenda (and the notes at http://notes.example.com/today).');
    room.deliverChat('p2', 'Not a link: javascript:alert(1), <b>nor markup</b>.');
  }, [room]);
  return <Chat style={{ height: 360, width: 360 }} />;
}

/** `http(s)` addresses become links that open a new tab; other schemes and markup stay text. */
export const Links: Story = {
  render: () => <ChatWithLinks />,
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    const agenda = await c.findByRole('link', { name: 'https://example.com/agenda' });
    await expect(agenda).toHaveAttribute('target', '_blank');
    await expect(agenda).toHaveAttribute('rel', 'noopener noreferrer');
    await expect(c.getByRole('link', { name: 'http://notes.example.com/today' })).toBeVisible();
    await expect(c.getAllByRole('link')).toHaveLength(2);
    await expect(c.getByText('Not a link: javascript:alert(1), <b>nor markup</b>.')).toBeVisible();
  },
};
