// @livekit/components-react: the provider and one hook, nothing else.
import { LiveKitRoom, useParticipants } from '@livekit/components-react';
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
  <LiveKitRoom token={token} serverUrl={url}>
    <People />
  </LiveKitRoom>,
);
