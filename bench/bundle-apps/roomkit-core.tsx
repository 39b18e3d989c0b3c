// RoomKit: the provider and one hook, nothing else.
import { RoomProvider, useParticipants } from '@roomkit/react';
import { createRoot } from 'react-dom/client';
import { readConnection } from './connection';

function People() {
  const people = useParticipants();
  return (
    <ul>
      {people.map((p) => (
        <li key={p.identity}>{p.name || p.identity}</li>
      ))}
    </ul>
  );
}

const { token, url } = readConnection();
createRoot(document.getElementById('root')!).render(
  <RoomProvider token={token} url={url}>
    <People />
  </RoomProvider>,
);
