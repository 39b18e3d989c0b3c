import { DisconnectReason } from 'livekit-client';
import { useEffect, useMemo, useState } from 'react';
import { RoomProvider, SPOTLIGHT_ATTRIBUTE, VideoConference } from '@roomkit/react';
import { createTestRoom, type TestGrants } from '@roomkit/react/testing';

/** The roles the demo can play, each a different token grant set. */
export const ROLES: Record<string, { label: string; grants: TestGrants }> = {
  publisher: { label: 'Publisher', grants: {} },
  viewer: { label: 'Viewer', grants: { canPublish: false, canPublishData: false } },
  admin: { label: 'Admin', grants: { roomAdmin: true } },
  recorder: { label: 'Recorder', grants: { roomRecord: true, canPublish: false } },
  observer: { label: 'Hidden observer', grants: { hidden: true, canPublish: false, canPublishData: false } },
};

const NAMES = ['Ada', 'Grace', 'Linus', 'Margaret', 'Ken', 'Barbara', 'Dennis', 'Frances', 'Alan', 'Radia', 'Tim', 'Hedy'];

/** A meeting on a simulated room from the testing kit: no server, scripted with buttons. */
export function SimulatedMeeting({ role, theme }: { role: string; theme: 'light' | 'dark' }) {
  const room = useMemo(
    () =>
      createTestRoom({
        name: 'demo',
        local: { identity: 'you', name: 'You', grants: ROLES[role]!.grants, camera: !ROLES[role]!.grants.hidden && ROLES[role]!.grants.canPublish !== false },
        participants: NAMES.slice(0, 5).map((name, i) => ({
          identity: name.toLowerCase(),
          name,
          camera: i !== 3,
          microphone: i % 2 === 0 ? true : 'muted',
          connectionQuality: i === 4 ? 'poor' : 'excellent',
        })),
        devices: {
          audioinput: [{ deviceId: 'mic-1', label: 'Built-in microphone' }, { deviceId: 'mic-2', label: 'Headset' }],
          videoinput: [{ deviceId: 'cam-1', label: 'FaceTime HD camera' }],
          audiooutput: [{ deviceId: 'spk-1', label: 'Speakers' }],
        },
      }),
    [role],
  );
  const [count, setCount] = useState(5);

  // Someone speaks every few seconds, as in a live meeting.
  useEffect(() => {
    let current: string | undefined;
    const timer = setInterval(() => {
      const people = [...room.remoteParticipants.keys()];
      if (current && room.remoteParticipants.has(current)) room.setSpeaking(current, false);
      current = people[Math.floor(Math.random() * people.length)];
      if (current) room.setSpeaking(current, true);
    }, 2500);
    return () => clearInterval(timer);
  }, [room]);

  const actions: Array<[string, () => void]> = [
    ['Someone joins', () => {
      const name = NAMES[count % NAMES.length]! + (count >= NAMES.length ? ` ${Math.floor(count / NAMES.length) + 1}` : '');
      room.addParticipant({ identity: `guest-${count}`, name, camera: true, microphone: true });
      setCount(count + 1);
    }],
    ['Ten join', () => {
      room.addParticipants(10, count + 1);
      setCount(count + 10);
    }],
    ['Someone leaves', () => {
      const last = [...room.remoteParticipants.keys()].pop();
      if (last) room.removeParticipant(last);
    }],
    ['Ada shares her screen', () => room.publishTrack('ada', 'screen_share')],
    ['Ada stops sharing', () => room.remoteParticipants.has('ada') && room.unpublishTrack('ada', 'screen_share')],
    ['Spotlight on/off for Grace', () => {
      const grace = room.remoteParticipants.get('grace');
      if (grace) room.spotlight('grace', !grace.attributes[SPOTLIGHT_ATTRIBUTE]);
    }],
    ['Grace writes in the chat', () => room.deliverChat('grace', 'Can everyone see the slides?')],
    ['An AI agent joins', () => {
      if (room.remoteParticipants.has('agent')) return;
      room.addParticipant({ identity: 'agent', name: 'Assistant', kind: 'agent', microphone: true, agentState: 'initializing' });
      setTimeout(() => room.remoteParticipants.has('agent') && room.setAgentState('agent', 'listening'), 1000);
    }],
    ['The agent answers', () => {
      if (!room.remoteParticipants.has('agent')) return;
      const segment = `answer-${Date.now()}`;
      room.setAgentState('agent', 'thinking');
      setTimeout(() => {
        room.setAgentState('agent', 'speaking');
        room.deliverTranscription('agent', 'The slides are', { segmentId: segment, final: false });
      }, 800);
      setTimeout(() => room.deliverTranscription('agent', 'The slides are on the shared drive.', { segmentId: segment }), 1600);
      setTimeout(() => room.remoteParticipants.has('agent') && room.setAgentState('agent', 'listening'), 2600);
    }],
    ['Grace writes (LiveKit format)', () => room.deliverText('grace', 'Sent as an lk.chat text stream.')],
    ['Connection drops', () => {
      room.setConnectionState('reconnecting');
      setTimeout(() => room.setConnectionState('connected'), 3000);
    }],
    ['Removed by the server', () => room.setConnectionState('disconnected', DisconnectReason.PARTICIPANT_REMOVED)],
    ['Recording on/off', () => room.setRecording(!room.isRecording)],
    ['Revoke my publishing', () => room.setPermissions('you', { canPublish: false })],
  ];

  return (
    <RoomProvider room={room}>
      <div data-rk-theme={theme} style={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
        <div role="toolbar" aria-label="Simulate" style={{ display: 'flex', flexWrap: 'wrap', gap: 6, padding: 8 }}>
          {actions.map(([label, run]) => (
            <button key={label} type="button" className="rk-button" onClick={run}>
              {label}
            </button>
          ))}
        </div>
        <VideoConference
          style={{ flex: 1, minHeight: 0 }}
          onMuteParticipant={async (identity) => void room.setMuted(identity, 'microphone', true)}
          onRemoveParticipant={async (identity) => void room.removeParticipant(identity)}
          onUpdatePermissions={async (identity, p) => void room.setPermissions(identity, p)}
          onStartRecording={async () => void room.setRecording(true)}
          onStopRecording={async () => void room.setRecording(false)}
        />
      </div>
    </RoomProvider>
  );
}
