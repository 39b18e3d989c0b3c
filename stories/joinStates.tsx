import { useState, type ReactNode } from 'react';
import { createEncryption, RoomKitError, RoomProvider } from '@roomkit/react';
import { createTestRoom } from '@roomkit/react/testing';
import { storyDevices } from './storyDevices';

const base64url = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');

/** An unsigned token of the right shape (RoomKit checks claims, the media server checks signatures). */
const token = `${base64url({ alg: 'HS256', typ: 'JWT' })}.${base64url({
  sub: 'me',
  name: 'Me',
  exp: Math.floor(Date.now() / 1000) + 24 * 3600,
  video: { roomJoin: true, room: 'storybook' },
})}.c2lnbmF0dXJl`;

/** A provider still waiting for its connection (`connection={null}`): nothing has been tried yet. */
export function BeforeConnection({ children }: { children: ReactNode }) {
  return <RoomProvider connection={null}>{children}</RoomProvider>;
}

/** A provider whose join the media server refuses (as with HTTP 401): the room stays disconnected. */
export function RefusedJoin({ children }: { children: ReactNode }) {
  const [room] = useState(() => {
    const r = createTestRoom({ connectionState: 'disconnected', local: { identity: 'me', name: 'Me' }, participants: 2, devices: storyDevices });
    r.connect = async () => {
      throw new RoomKitError('unauthorized', 'The media server refused the connection token (HTTP 401).', {
        details: { status: 401 },
      });
    };
    return r;
  });
  return (
    <RoomProvider room={room} connection={{ token, url: 'wss://media.example.com' }}>
      {children}
    </RoomProvider>
  );
}

/**
 * A provider in a browser that cannot join calls (no WebRTC: `browserSupport: { join: 'no' }`): the session refuses with
 * `browser-unsupported` before connecting; the room stays disconnected.
 */
export function BrowserCannotJoin({ children }: { children: ReactNode }) {
  const [room] = useState(() =>
    createTestRoom({ connectionState: 'disconnected', local: { identity: 'me', name: 'Me' }, participants: 2, devices: storyDevices, browserSupport: { join: 'no' } }),
  );
  return (
    <RoomProvider room={room} connection={{ token, url: 'wss://media.example.com' }}>
      {children}
    </RoomProvider>
  );
}

/**
 * A provider asked to encrypt (`e2ee`) that cannot: here because it was given its own room (the same state as a
 * browser without encoded transforms). It never joins unencrypted; the room stays disconnected.
 */
export function EncryptionRefused({ children }: { children: ReactNode }) {
  const [room] = useState(() => createTestRoom({ connectionState: 'disconnected', local: { identity: 'me', name: 'Me' }, participants: 2, devices: storyDevices }));
  const [e2ee] = useState(() => createEncryption({ passphrase: 'storybook' }));
  return (
    <RoomProvider room={room} connection={{ token, url: 'wss://media.example.com' }} e2ee={e2ee}>
      {children}
    </RoomProvider>
  );
}
