import { act, fireEvent, screen } from '@testing-library/react';
import { VideoConference } from '../../src/index';
import { renderInRoom } from '../helpers/render';

const toggle = () => screen.getByRole('button', { name: /^Chat/ });

describe('unread count on the chat toggle', () => {
  it('counts messages from others while the panel is closed, clears when opened, and never counts your own', async () => {
    const { room } = renderInRoom(<VideoConference />, { participants: 2 });
    expect(toggle()).toHaveAccessibleName('Chat');
    expect(toggle()).not.toHaveAttribute('data-unread');
    act(() => {
      room.deliverChat('participant-1', 'one');
      room.deliverChat('participant-2', 'two');
    });
    expect(toggle()).toHaveAccessibleName('Chat, 2 unread');
    expect(toggle()).toHaveAttribute('data-unread', '2');
    expect(toggle().querySelector('.rk-unread')).toHaveTextContent('2');

    fireEvent.click(toggle());
    expect(toggle()).toHaveAccessibleName('Chat');
    act(() => void room.deliverChat('participant-1', 'read as it arrives'));
    expect(toggle()).toHaveAccessibleName('Chat');
    fireEvent.change(screen.getByLabelText('Message'), { target: { value: 'mine' } });
    fireEvent.submit(screen.getByLabelText('Message').closest('form')!);
    await screen.findByText('mine');

    fireEvent.click(toggle());
    expect(toggle()).toHaveAccessibleName('Chat');
    act(() => void room.deliverChat('participant-2', 'while closed'));
    expect(toggle()).toHaveAccessibleName('Chat, 1 unread');
  });
});
