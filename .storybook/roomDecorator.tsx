import type { Decorator } from '@storybook/react-vite';
import { DisconnectReason } from 'livekit-client';
import { useEffect, useMemo, useRef, type ReactNode } from 'react';
import { RoomProvider, type BrowserSupport, type RoomKitLabels } from '@roomkit/react';
import { createTestRoom, type TestParticipantInit } from '@roomkit/react/testing';

/** Story args every room story understands; the Controls panel edits them. */
export interface RoomArgs {
  canPublish: boolean;
  canSubscribe: boolean;
  canPublishData: boolean;
  hidden: boolean;
  roomAdmin: boolean;
  roomRecord: boolean;
  participants: number;
  connectionState: 'connected' | 'connecting' | 'reconnecting' | 'signalReconnecting' | 'disconnected';
  recording: boolean;
  screenShare: boolean;
  /** The screen share carries its sound (`screen_share_audio`). */
  screenShareAudio?: boolean;
  audioPlaybackBlocked: boolean;
  ambient: boolean;
  /** A phone's front and back cameras instead of one webcam. */
  phone?: boolean;
  /** An end-to-end encrypted room (RoomProvider's `e2ee`). */
  encrypted?: boolean;
  /** In an encrypted room: the second participant uses another passphrase (its media cannot be decrypted). */
  undecryptable?: boolean;
  /** What the simulated browser can do, over Chromium's own answer (`createTestRoom({ browserSupport })`): `{ join: 'no' }`… */
  browserSupport?: Partial<BrowserSupport>;
}

export const defaultRoomArgs: RoomArgs = {
  canPublish: true,
  canSubscribe: true,
  canPublishData: true,
  hidden: false,
  roomAdmin: false,
  roomRecord: false,
  participants: 4,
  connectionState: 'connected',
  recording: false,
  screenShare: false,
  audioPlaybackBlocked: false,
  ambient: true,
};

export const roomArgTypes = {
  canPublish: { control: 'boolean', table: { category: 'Grants' } },
  canSubscribe: { control: 'boolean', table: { category: 'Grants' } },
  canPublishData: { control: 'boolean', table: { category: 'Grants' } },
  hidden: { control: 'boolean', table: { category: 'Grants' } },
  roomAdmin: { control: 'boolean', table: { category: 'Grants' } },
  roomRecord: { control: 'boolean', table: { category: 'Grants' } },
  participants: { control: { type: 'range', min: 0, max: 200, step: 1 }, table: { category: 'Room' } },
  connectionState: { control: 'inline-radio', options: ['connected', 'connecting', 'reconnecting', 'signalReconnecting', 'disconnected'], table: { category: 'Room' } },
  recording: { control: 'boolean', table: { category: 'Room' } },
  screenShare: { control: 'boolean', table: { category: 'Room' } },
  screenShareAudio: { control: 'boolean', name: 'the share has sound', table: { category: 'Room' } },
  audioPlaybackBlocked: { control: 'boolean', table: { category: 'Room' } },
  ambient: { control: 'boolean', name: 'speakers come and go', table: { category: 'Room' } },
  phone: { control: 'boolean', name: 'front and back cameras', table: { category: 'Devices' } },
  encrypted: { control: 'boolean', name: 'end-to-end encrypted', table: { category: 'Room' } },
  undecryptable: { control: 'boolean', name: 'someone uses another passphrase', table: { category: 'Room' } },
  browserSupport: { control: 'object', name: 'what the browser can do', table: { category: 'Browser' } },
} as const;

const NAMES = ['Ada', 'Grace', 'Linus', 'Margaret', 'Ken', 'Barbara', 'Dennis', 'Frances', 'Alan', 'Radia'];

function people(count: number, screenShare: boolean, screenShareAudio: boolean): TestParticipantInit[] {
  return Array.from({ length: count }, (_, i) => ({
    identity: `p${i + 1}`,
    name: i < NAMES.length ? NAMES[i]! : `Guest ${i + 1}`,
    camera: i % 5 !== 3,
    microphone: i % 3 === 1 ? ('muted' as const) : true,
    screenShare: screenShare && i === 0,
    screenShareAudio: screenShare && screenShareAudio && i === 0,
    connectionQuality: i % 7 === 4 ? ('poor' as const) : ('excellent' as const),
  }));
}

/** Each story root's next speaker's turn, by its `.rk-root` (see {@link nextSpeaker}). */
const turns = new WeakMap<Element, () => void>();

/**
 * Passes the turn to the next speaker in the room decorator's fixed order (Ada, Grace, Linus, …), as its timer does
 * every 1.8 s: a story that shows speakers changing calls this instead of waiting for the timer, so what it asserts
 * (and its picture) never depends on how long it took. Needs the `ambient` arg.
 */
export function nextSpeaker(canvasElement: HTMLElement): void {
  const root = canvasElement.querySelector('.rk-root');
  const next = root ? turns.get(root) : undefined;
  if (!next) throw new Error('nextSpeaker: no room decorator with speakers taking turns (the ambient arg) in this story');
  next();
}

interface SimulatedRoomProps {
  args: RoomArgs;
  labels: Partial<RoomKitLabels> | undefined;
  /** RoomProvider's `meetingName` (`parameters.meetingName`): the meeting as the app names it. */
  meetingName: string | undefined;
  theme: string;
  height: string | undefined;
  /** `motion: still` (the story tests): the first speaker's turn only, no timer. */
  still: boolean;
  children: ReactNode;
}

/** A simulated room built from story args, provided to the story. */
function SimulatedRoom({ args: a, labels, meetingName, theme, height, still, children }: SimulatedRoomProps) {
  const rootRef = useRef<HTMLDivElement>(null);
  const room = useMemo(
    () =>
      createTestRoom({
        name: 'storybook',
        local: {
          identity: 'me',
          name: 'Me',
          camera: a.canPublish && !a.hidden,
          grants: {
            canPublish: a.canPublish,
            canSubscribe: a.canSubscribe,
            canPublishData: a.canPublishData,
            hidden: a.hidden,
            roomAdmin: a.roomAdmin,
            roomRecord: a.roomRecord,
          },
        },
        participants: people(a.participants, a.screenShare, a.screenShareAudio ?? false),
        connectionState: a.connectionState === 'disconnected' ? 'connected' : a.connectionState,
        recording: a.recording,
        audioPlaybackBlocked: a.audioPlaybackBlocked,
        encrypted: a.encrypted ?? false,
        ...(a.browserSupport ? { browserSupport: a.browserSupport } : {}),
        devices: {
          audioinput: [{ deviceId: 'mic-1', label: 'Built-in microphone' }, { deviceId: 'mic-2', label: 'USB headset' }],
          videoinput: a.phone
            ? [
                { deviceId: 'front', label: 'Front Camera', facingMode: 'user' },
                { deviceId: 'back', label: 'Back Camera', facingMode: 'environment' },
              ]
            : [{ deviceId: 'cam-1', label: 'HD camera' }],
          audiooutput: [{ deviceId: 'spk-1', label: 'Speakers' }],
        },
      }),
    [a.canPublish, a.canSubscribe, a.canPublishData, a.hidden, a.roomAdmin, a.roomRecord, a.participants, a.screenShare, a.screenShareAudio, a.connectionState, a.recording, a.audioPlaybackBlocked, a.phone, a.encrypted, a.browserSupport],
  );
  // Someone on another passphrase; turned off, they re-key to this one and their frames decrypt again.
  useEffect(() => {
    if (!a.encrypted || !room.remoteParticipants.has('p2')) return;
    if (a.undecryptable) room.setDecryptionFailed('p2');
    else void room.setDecryptionRecovered('p2');
  }, [room, a.encrypted, a.undecryptable]);
  useEffect(() => {
    if (a.connectionState === 'disconnected') room.setConnectionState('disconnected', DisconnectReason.SERVER_SHUTDOWN);
  }, [room, a.connectionState]);
  useEffect(() => {
    if (!a.ambient || a.participants === 0) return;
    // Speakers take turns in a fixed order (the first one at once), so a story that waits for
    // a speaking tile sees the same sequence on every run. Held still, the first one speaks and the next only when
    // the story calls nextSpeaker(): a picture must not depend on how many turns went by before it was taken.
    let current: string | undefined;
    let turn = 0;
    const next = () => {
      if (current && room.remoteParticipants.has(current)) room.setSpeaking(current, false);
      const ids = [...room.remoteParticipants.keys()].slice(0, 25);
      current = ids.length ? ids[turn++ % ids.length] : undefined;
      if (current) room.setSpeaking(current, true);
    };
    next();
    const root = rootRef.current;
    if (root) turns.set(root, next);
    const timer = still ? undefined : setInterval(next, 1800);
    return () => {
      clearInterval(timer);
      if (root) turns.delete(root);
    };
  }, [room, a.ambient, a.participants, still]);
  return (
    <RoomProvider room={room} meetingName={meetingName} {...(labels ? { labels } : {})}>
      <div ref={rootRef} className="rk-root" data-rk-theme={theme} style={{ padding: 12, minHeight: height ?? 'auto' }}>
        {children}
      </div>
    </RoomProvider>
  );
}

/** Builds a simulated room from the story's args (grants, size, state), with the toolbar's theme and motion. */
export const withRoom: Decorator = (Story, context) => (
  <SimulatedRoom
    args={{ ...defaultRoomArgs, ...(context.args as Partial<RoomArgs>) }}
    labels={context.parameters.labels as Partial<RoomKitLabels> | undefined}
    meetingName={context.parameters.meetingName as string | undefined}
    theme={(context.globals.theme as string | undefined) ?? 'light'}
    height={context.parameters.layoutHeight as string | undefined}
    still={context.globals.motion === 'still'}
  >
    <Story />
  </SimulatedRoom>
);
