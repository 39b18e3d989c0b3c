import { createRoot, type Root } from 'react-dom/client';
import { PreJoin, RoomProvider, type PreJoinChoices } from '@roomkit/react';
import '@roomkit/react/styles.css';

declare global {
  interface Window {
    preJoinApp: { open(url: string, token: string): void; close(): void; joined: PreJoinChoices[] };
  }
}

let root: Root | undefined;

// The screen before joining as an app builds it: RoomProvider with the backend's connection, not connecting yet.
window.preJoinApp = {
  joined: [],
  open(url, token) {
    root ??= createRoot(document.getElementById('root')!);
    root.render(
      <RoomProvider connection={{ url, token }} connect={false} onError={(e) => console.error(e.code, e.message)}>
        <PreJoin onSubmit={(choices) => window.preJoinApp.joined.push(choices)} />
      </RoomProvider>,
    );
  },
  close() {
    root?.unmount();
    root = undefined;
  },
};
