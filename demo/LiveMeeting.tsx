import { useEffect, useMemo, useState } from 'react';
import { BreakoutRooms, createRoomActions, EffectsControl, PreJoin, RoomProvider, useRoom, useRoomActions, VideoConference, type BackgroundEffectsConfig, type PreJoinChoices } from '@roomkit/react';
import { useConnection } from '@roomkit/react/query';
import type { RoomOptions } from 'livekit-client';

/** The roles the demo backend hands out (see dev/customer-backend ROLE_GRANTS). */
export const LIVE_ROLES = {
  publisher: 'Publisher',
  guest: 'Guest (waits to be let in)',
  viewer: 'Viewer',
  admin: 'Admin',
  recorder: 'Recorder',
  observer: 'Hidden observer',
} as const;
export type LiveRole = keyof typeof LIVE_ROLES;

/**
 * Administration and recording are server operations: the demo backend's room actions route performs them for a
 * caller whose own connection token allows them (roomAdmin, roomRecord). One client for every meeting.
 */
const roomActions = createRoomActions({ endpoint: '/api/room-actions' });

/** Background effects: @livekit/track-processors loads on first use; its files come from the demo server (vite.config.ts). */
const effects: BackgroundEffectsConfig = {
  load: () => import('@livekit/track-processors'),
  wasmUrl: '/mediapipe/wasm',
  modelUrl: '/mediapipe/selfie_segmentation.tflite',
};

/** Lets the end-to-end tests reach the page's livekit-client Room (for attempts the UI never offers). */
function ExposeRoomForTests({ token }: { token: string | undefined }) {
  const room = useRoom();
  useEffect(() => {
    (window as unknown as { __roomkitDemo?: unknown }).__roomkitDemo = { room, token };
  }, [room, token]);
  return null;
}

/** The host's breakout rooms, under the participant list (shown to roomAdmin sessions only). */
function HostBreakouts() {
  return <BreakoutRooms actions={useRoomActions(roomActions).breakouts} />;
}

/** A real meeting: the connection comes from the demo backend, media flows through the local media server. */
/**
 * `?capture=small` in the address: the camera captures 320×180 at 15 fps. The end-to-end tests use it: several
 * pages encoding livekit-client's default 720p simulcast in software on a 2-core runner cost more CPU than all the
 * other tests together, and nothing they check needs the pixels.
 */
const roomOptions: RoomOptions | undefined =
  typeof location !== 'undefined' && new URLSearchParams(location.search).get('capture') === 'small'
    ? { videoCaptureDefaults: { resolution: { width: 320, height: 180, frameRate: 15 } } }
    : undefined;

export function LiveMeeting({ name, role, room = 'demo', onLeave }: { name: string; role: LiveRole; room?: string; onLeave: () => void }) {
  const identity = useMemo(() => `${name.toLowerCase().replace(/[^a-z0-9]+/g, '-') || 'guest'}-${Math.random().toString(36).slice(2, 7)}`, [name]);
  const connection = useConnection({ endpoint: '/api/meeting-token', body: { room, identity, name, role } });
  const [choices, setChoices] = useState<PreJoinChoices | null>(null);
  const token = connection.data?.token;
  return (
    <RoomProvider
      connection={connection}
      options={roomOptions}
      connect={choices !== null}
      audio={choices?.audioEnabled ?? false}
      video={choices?.videoEnabled ?? false}
    >
      <ExposeRoomForTests token={token} />
      {choices === null ? (
        <div style={{ display: 'grid', placeItems: 'center', padding: 24 }}>
          <PreJoin onSubmit={setChoices} defaults={{ displayName: name }} effects={<EffectsControl config={effects} />} />
        </div>
      ) : (
        <VideoConference
          style={{ flex: 1, minHeight: 0 }}
          onLeave={onLeave}
          effects={<EffectsControl collapsible config={effects} />}
          actions={roomActions}
          participantsPanelExtra={<HostBreakouts />}
        />
      )}
    </RoomProvider>
  );
}

/** Name and role before the meeting; `?name=…&role=…` in the address skips it. */
export function Lobby({ onJoin }: { onJoin: (name: string, role: LiveRole) => void }) {
  const [name, setName] = useState('');
  const [role, setRole] = useState<LiveRole>('publisher');
  return (
    <form
      className="rk-prejoin"
      style={{ margin: '24px auto' }}
      onSubmit={(e) => {
        e.preventDefault();
        onJoin(name.trim() || 'Guest', role);
      }}
    >
      <label className="rk-field">
        <span className="rk-field-label">Your name</span>
        <input className="rk-input" value={name} onChange={(e) => setName(e.target.value)} autoComplete="name" />
      </label>
      <label className="rk-field">
        <span className="rk-field-label">Join as</span>
        <select className="rk-select" value={role} onChange={(e) => setRole(e.target.value as LiveRole)}>
          {Object.entries(LIVE_ROLES).map(([key, label]) => (
            <option key={key} value={key}>
              {label}
            </option>
          ))}
        </select>
      </label>
      <button type="submit" className="rk-button rk-button-primary">
        Continue
      </button>
    </form>
  );
}
