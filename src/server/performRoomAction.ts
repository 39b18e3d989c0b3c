import type { RoomAction, RoomActionResult } from '../room/connection/roomAction.js';
import { RoomKitError } from '../room/RoomKitError.js';
import { Reply } from './replies.js';
import type { TwirpClient } from './twirp.js';
import type { WaitingRoomStore } from './waitingRoom.js';
import type { BreakoutAction } from './breakoutActions.js';

/**
 * The outputs of a recording, as LiveKit's `RoomCompositeEgressRequest` takes them in protobuf JSON (camelCase field
 * names): at least one list with at least one output. For example a file in your S3 bucket:
 * `{ fileOutputs: [{ filepath: 'recordings/{room_name}-{time}.mp4', s3: { bucket, region, accessKey, secret } }] }`.
 * The values are passed through unchanged; LiveKit Egress documents them.
 */
export interface RecordingOutput {
  /** `EncodedFileOutput`s: one file each (MP4, OGG …), local to the egress or uploaded (`s3`, `gcp`, `azure`, `aliOSS`). */
  fileOutputs?: readonly object[];
  /** `StreamOutput`s: RTMP or SRT streams (`{ protocol: 'RTMP', urls: ['rtmp://…'] }`). */
  streamOutputs?: readonly object[];
  /** `SegmentedFileOutput`s: HLS segments and playlists. */
  segmentOutputs?: readonly object[];
  /** `ImageOutput`s: thumbnails at an interval. */
  imageOutputs?: readonly object[];
}

/** How the room actions route starts a recording (LiveKit `StartRoomCompositeEgress`). */
export interface RecordingOptions {
  /**
   * Your recording template's address, Egress's `customBaseUrl`: the page that renders `RecordingView`
   * (`@roomkit/react/recording`), e.g. `https://app.example.com/recording`. Egress appends `url`, `token` and `layout`.
   * Without it Egress records with its own default template.
   */
  templateUrl?: string;
  /** The layout when the action names none (default `grid`). */
  layout?: string;
  /**
   * Where the recording goes. Required: LiveKit refuses an egress without one (`invalid_argument`, "request has
   * missing or invalid field: output"). A function gets the room and may choose per room.
   */
  output: RecordingOutput | ((room: string) => RecordingOutput | Promise<RecordingOutput>);
}

/** The participant attribute of RoomKit's spotlight (`SPOTLIGHT_ATTRIBUTE` of `@roomkit/react`). */
export const SPOTLIGHT_ATTRIBUTE = 'roomkit.spotlight';

/** The participant attribute that tells a waiting person they were turned away (`WAITING_ATTRIBUTE` of `@roomkit/react`). */
export const WAITING_ATTRIBUTE = 'roomkit.waiting';

/** The topic of RoomKit's raised hands (`HAND_TOPIC` of `@roomkit/react`), and the body that asks a client to lower its hand. */
export const HAND_TOPIC = 'roomkit.hand';
const LOWER_REQUEST = '{"type":"lower-request"}';

interface TrackInfo {
  sid?: string;
  source?: string | number;
}
interface ParticipantInfo {
  identity?: string;
  tracks?: TrackInfo[];
  /** Absent fields are false (protobuf JSON may leave defaults out). */
  permission?: Record<string, unknown>;
  attributes?: Record<string, string>;
}
/** `egressId` or, as Twirp's Go servers answer by default, `egress_id`. */
type EgressInfo = Record<string, unknown> & {
  /** Absent: `EGRESS_STARTING`, the enum's zero value. */
  status?: string | number;
};

/**
 * An object's fields under their protobuf JSON names (`canPublish`), whichever spelling the server answered in:
 * LiveKit's Twirp server may use the proto names (`can_publish`), and a request must not carry both.
 */
const camelCased = (value: Record<string, unknown>): Record<string, unknown> =>
  Object.fromEntries(Object.entries(value).map(([key, field]) => [key.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase()), field]));

const egressIdOf = (info: EgressInfo): unknown => info.egressId ?? info.egress_id;

const OUTPUT_FIELDS = ['fileOutputs', 'streamOutputs', 'segmentOutputs', 'imageOutputs'] as const;

/** True when `output` names at least one output. */
export function hasOutput(output: RecordingOutput): boolean {
  return OUTPUT_FIELDS.some((field) => Array.isArray(output?.[field]) && output[field]!.length > 0);
}

function base64(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** Twirp's `not_found` (an unknown room, participant or track) answered as a 404 saying `message`. */
async function orNotFound<T>(call: Promise<T>, message: string): Promise<T> {
  try {
    return await call;
  } catch (error) {
    if ((error as { code?: unknown }).code === 'not_found') throw Reply.error(404, 'not_found', message);
    throw error;
  }
}

const noWaitingRoom = () =>
  new RoomKitError(
    'server-misconfigured',
    'The room actions route cannot admit or deny: pass the waiting room your token route uses (`waitingRoom: createWaitingRoomStore()`, the same store) to createRoomActionsHandler.',
  );

/** Waiting to be let in, by LiveKit's permission: visible, and allowed neither to publish, subscribe nor send data. */
const isWaiting = (info: ParticipantInfo): boolean => {
  const p = camelCased(info.permission ?? {});
  return p.hidden !== true && p.canPublish !== true && p.canSubscribe !== true && p.canPublishData !== true;
};

const notConfigured = () =>
  new RoomKitError(
    'server-misconfigured',
    'The room actions route cannot start a recording: pass `recording: { templateUrl, output }` to createRoomActionsHandler, ' +
      'with at least one output (fileOutputs, streamOutputs, segmentOutputs or imageOutputs). LiveKit refuses an egress without one.',
  );

/** The egresses of `room` that still run (starting or active: stopping an ending one is refused). */
async function runningEgresses(client: TwirpClient, room: string): Promise<string[]> {
  const { items = [] } = await client.call<{ items?: EgressInfo[] }>('Egress', 'ListEgress', { roomName: room, active: true }, { roomRecord: true });
  return items
    .filter((e) => e.status === undefined || ['EGRESS_STARTING', 'EGRESS_ACTIVE', 0, 1].includes(e.status))
    .map(egressIdOf)
    .filter((id): id is string => typeof id === 'string' && id !== '');
}

/**
 * Performs `action` in `room` through LiveKit's server API. Twirp errors propagate (`TwirpError`), except the ones
 * answered here as a {@link Reply}: a participant or track that is not there (404), a room that already records (409)
 * or does not (409). Starting a recording without `recording` options (or without an output) throws
 * `server-misconfigured`.
 */
export async function performRoomAction(
  client: TwirpClient,
  room: string,
  action: Exclude<RoomAction, BreakoutAction>,
  recording: RecordingOptions | undefined,
  waitingRoom?: WaitingRoomStore,
): Promise<RoomActionResult> {
  const admin = { roomAdmin: true, room } as const;
  const absent = (identity: string) => `No participant "${identity}" in this room: they may have left.`;
  const participant = (identity: string) => orNotFound(client.call<ParticipantInfo>('RoomService', 'GetParticipant', { room, identity }, admin), absent(identity));
  const store = () => {
    if (!waitingRoom) throw noWaitingRoom();
    return waitingRoom;
  };
  const notWaiting = (identity: string, admitted: boolean) =>
    admitted
      ? Reply.error(409, 'already_admitted', `"${identity}" was already let in: remove them instead.`)
      : Reply.error(409, 'not_waiting', `"${identity}" is not waiting to be let in: only someone your token route gave \`wait: true\` waits.`);
  /** Lets `identity` in with their role's grants; a second admit (two hosts at once) finds it done. */
  const admit = async (identity: string, info?: ParticipantInfo): Promise<void> => {
    const entry = await store().get(room, identity);
    if (!entry) throw notWaiting(identity, false);
    const current = info ?? (await participant(identity));
    if (entry.state === 'admitted' || !isWaiting(current)) return;
    const { canPublish = true, canSubscribe = true, canPublishData = true } = entry.grants;
    // A permission given to UpdateParticipant replaces the whole one: keep the rest of the current one.
    const permission = { ...camelCased(current.permission ?? {}), canPublish, canSubscribe, canPublishData, hidden: false };
    await orNotFound(client.call('RoomService', 'UpdateParticipant', { room, identity, permission }, admin), absent(identity));
    await store().set(room, identity, { state: 'admitted', grants: entry.grants });
  };
  const { type } = action;
  switch (action.type) {
    case 'mute': {
      let trackSid = action.trackSid;
      if (trackSid === undefined) {
        const info = await participant(action.identity);
        trackSid = info.tracks?.find((t) => t.source === 'MICROPHONE' || t.source === 2)?.sid;
        if (!trackSid) throw Reply.error(404, 'not_found', `"${action.identity}" publishes no microphone to mute.`);
      }
      await orNotFound(
        client.call('RoomService', 'MutePublishedTrack', { room, identity: action.identity, trackSid, muted: true }, admin),
        `"${action.identity}" has no track ${trackSid} in this room.`,
      );
      return { type, trackSid };
    }
    case 'remove':
      await orNotFound(client.call('RoomService', 'RemoveParticipant', { room, identity: action.identity }, admin), absent(action.identity));
      return { type };
    case 'update-permissions': {
      // A permission given to UpdateParticipant replaces the whole one: send the current one with canPublish changed.
      const { permission = {} } = await participant(action.identity);
      const next = { ...camelCased(permission), canPublish: action.permissions.canPublish };
      await orNotFound(client.call('RoomService', 'UpdateParticipant', { room, identity: action.identity, permission: next }, admin), absent(action.identity));
      return { type };
    }
    case 'spotlight': {
      const { permission = {}, attributes = {} } = await participant(action.identity);
      const perm = camelCased(permission);
      if (action.on && (perm.hidden === true || perm.recorder === true)) {
        throw Reply.error(409, 'hidden_participant', `"${action.identity}" is hidden (an observer or a recorder): nobody sees them, so they cannot be spotlighted.`);
      }
      // LiveKit merges attributes and deletes one given empty. Spotlighting someone already in it keeps their place.
      const value = action.on ? attributes[SPOTLIGHT_ATTRIBUTE] || String(Date.now()) : '';
      await orNotFound(
        client.call('RoomService', 'UpdateParticipant', { room, identity: action.identity, attributes: { [SPOTLIGHT_ATTRIBUTE]: value } }, admin),
        absent(action.identity),
      );
      return { type };
    }
    case 'admit':
      await admit(action.identity);
      return { type, admitted: [action.identity] };
    case 'admit-all': {
      const { participants = [] } = await client.call<{ participants?: ParticipantInfo[] }>('RoomService', 'ListParticipants', { room }, admin);
      const admitted: string[] = [];
      for (const info of participants) {
        const identity = info.identity;
        if (!identity || !isWaiting(info) || (await store().get(room, identity))?.state !== 'waiting') continue;
        try {
          await admit(identity, info);
          admitted.push(identity);
        } catch (error) {
          // Gone since the list was read: nobody to let in.
          if (!(error instanceof Reply && error.status === 404)) throw error;
        }
      }
      return { type, admitted };
    }
    case 'deny': {
      const { identity } = action;
      const entry = await store().get(room, identity);
      if (entry?.state !== 'waiting') throw notWaiting(identity, entry?.state === 'admitted');
      await participant(identity);
      // Told first (their own attribute, on the signal connection before the leave), then disconnected. No entry is
      // kept: a new knock waits again.
      await orNotFound(client.call('RoomService', 'UpdateParticipant', { room, identity, attributes: { [WAITING_ATTRIBUTE]: 'denied' } }, admin), absent(identity));
      await store().set(room, identity, undefined);
      await orNotFound(client.call('RoomService', 'RemoveParticipant', { room, identity }, admin), absent(identity));
      return { type };
    }
    case 'lower-hand':
      // SendData to someone absent succeeds and reaches nobody: ask first, so the admin hears they left.
      await participant(action.identity);
      await client.call(
        'RoomService',
        'SendData',
        {
          room,
          data: base64(new TextEncoder().encode(LOWER_REQUEST)),
          kind: 'RELIABLE',
          destinationIdentities: [action.identity],
          topic: HAND_TOPIC,
          nonce: base64(crypto.getRandomValues(new Uint8Array(16))),
        },
        admin,
      );
      return { type };
    case 'start-recording': {
      if (!recording) throw notConfigured();
      const running = await runningEgresses(client, room);
      if (running.length > 0) throw Reply.error(409, 'already_recording', 'This room is already being recorded.');
      const output = typeof recording.output === 'function' ? await recording.output(room) : recording.output;
      if (!hasOutput(output)) throw notConfigured();
      const started = await client.call<EgressInfo>(
        'Egress',
        'StartRoomCompositeEgress',
        {
          ...output,
          roomName: room,
          layout: action.layout ?? recording.layout ?? 'grid',
          ...(recording.templateUrl !== undefined && { customBaseUrl: recording.templateUrl }),
        },
        { roomRecord: true },
      );
      const egressId = egressIdOf(started);
      return { type, egressIds: typeof egressId === 'string' && egressId !== '' ? [egressId] : [] };
    }
    case 'stop-recording': {
      const running = await runningEgresses(client, room);
      for (const egressId of running) await client.call('Egress', 'StopEgress', { egressId }, { roomRecord: true });
      return { type, egressIds: running };
    }
    case 'set-recording-layout': {
      const running = await runningEgresses(client, room);
      if (running.length === 0) throw Reply.error(409, 'not_recording', 'This room is not being recorded: start a recording first.');
      for (const egressId of running) await client.call('Egress', 'UpdateLayout', { egressId, layout: action.layout }, { roomRecord: true });
      return { type, egressIds: running };
    }
  }
}
