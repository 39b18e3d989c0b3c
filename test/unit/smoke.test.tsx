import { act, render, screen } from '@testing-library/react';
import { RoomProvider, useParticipants, useGrants } from '../../src/index';
import { createTestRoom } from '../../src/testing/index';

function Names() {
  const people = useParticipants();
  const grants = useGrants();
  return (
    <ul aria-label={grants.canPublish ? 'publisher' : 'viewer'}>
      {people.map((p) => (
        <li key={p.identity}>{p.name || p.identity}</li>
      ))}
    </ul>
  );
}

test('smoke', () => {
  const room = createTestRoom({ local: { identity: 'me', grants: { canPublish: false } }, participants: 3 });
  render(
    <RoomProvider room={room}>
      <Names />
    </RoomProvider>,
  );
  expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual(['me', 'Participant 1', 'Participant 2', 'Participant 3']);
  expect(screen.getByRole('list', { name: 'viewer' })).toBeInTheDocument();
  act(() => {
    room.addParticipant({ identity: 'zed', name: 'Zed', camera: true });
  });
  expect(screen.getAllByRole('listitem')).toHaveLength(5);
  act(() => {
    room.setPermissions('me', { canPublish: true });
  });
  expect(screen.getByRole('list', { name: 'publisher' })).toBeInTheDocument();
});
