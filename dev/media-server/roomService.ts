import {
  CreateRoomRequest,
  DataPacket_Kind,
  DeleteRoomRequest,
  DeleteRoomResponse,
  DisconnectReason,
  ListParticipantsRequest,
  ListParticipantsResponse,
  ListRoomsRequest,
  ListRoomsResponse,
  MuteRoomTrackRequest,
  MuteRoomTrackResponse,
  MuteTrackRequest,
  MoveParticipantRequest,
  MoveParticipantResponse,
  RemoveParticipantResponse,
  RoomParticipantIdentity,
  SendDataRequest,
  SendDataResponse,
  UpdateParticipantRequest,
  UpdateRoomMetadataRequest,
} from '@livekit/protocol';
import type { Participant } from './participant';
import { MAX_ATTRIBUTES_BYTES, MAX_METADATA_BYTES } from './requests';
import type { Room } from './room';
import type { RoomRegistry } from './rooms';
import { seatOf } from './seat';
import { ensureAdmin, ensureCreate, ensureDestinationRoom, ensureList, type ServerCaller } from './serverAuth';
import { TwirpError, twirpMethod, type TwirpMethod } from './twirp';
import { refreshToken } from './tokenRefresh';

type Caller = ServerCaller | undefined;

/** LiveKit's default limit on a participant's name (`limit.max_participant_name_length`). */
const MAX_NAME_LENGTH = 256;
const bytes = (text: string) => Buffer.byteLength(text, 'utf8');

// LiveKit's psrpc errors (pkg/service/errors.go), which Twirp answers as not_found (404) and so on
export const roomNotFound = () => new TwirpError('not_found', 'requested room does not exist');
const participantNotFound = () => new TwirpError('not_found', 'participant does not exist');

function requireRoom(rooms: RoomRegistry, name: string): Room {
  const room = rooms.existingRoom(name);
  if (!room) throw roomNotFound();
  return room;
}

/** `roomAndParticipantForReq`: the room, then the participant, else not_found. */
function requireParticipant(rooms: RoomRegistry, roomName: string, identity: string): { room: Room; participant: Participant } {
  const room = requireRoom(rooms, roomName);
  const participant = room.participant(identity);
  if (!participant) throw participantNotFound();
  return { room, participant };
}

function checkMetadata(metadata: string): void {
  if (bytes(metadata) > MAX_METADATA_BYTES) throw new TwirpError('invalid_argument', 'metadata size exceeds limits');
}

/**
 * Applies an UpdateParticipant as LiveKit's `RoomManager.UpdateParticipant` does: name and metadata change only when
 * given (not empty), attributes are merged (an empty value deletes one), and a permission, when present, replaces the
 * whole permission (protobuf leaves out false fields, so an absent flag is false): tracks it no longer allows are
 * unpublished. Used by the RoomService and by Egress's UpdateLayout.
 */
export function updateParticipant(rooms: RoomRegistry, request: UpdateParticipantRequest): Participant {
  if (request.name.length > MAX_NAME_LENGTH) throw new TwirpError('invalid_argument', 'name length exceeds limits');
  checkMetadata(request.metadata);
  const attributeBytes = Object.entries(request.attributes).reduce((sum, [k, v]) => sum + bytes(k) + bytes(v), 0);
  if (attributeBytes > MAX_ATTRIBUTES_BYTES) throw new TwirpError('invalid_argument', 'attribute size exceeds limits');
  const { participant } = requireParticipant(rooms, request.room, request.identity);
  const update: { name?: string; metadata?: string; attributes?: Record<string, string> } = {};
  if (request.name !== '') update.name = request.name;
  if (request.metadata !== '') update.metadata = request.metadata;
  if (Object.keys(request.attributes).length > 0) update.attributes = request.attributes;
  if (Object.keys(update).length > 0) participant.applyMetadata(update);
  if (request.permission) participant.setPermission(request.permission.clone());
  // Its claims changed: as LiveKit, a fresh token for its next full reconnect.
  if (Object.keys(update).length > 0 || request.permission) refreshToken(participant);
  return participant;
}

/** How the RoomService behaves where LiveKit deployments differ. */
export interface RoomServiceOptions {
  /**
   * Whether MoveParticipant moves (as LiveKit Cloud) or answers `unimplemented` (as open-source LiveKit). Default true.
   */
  moveParticipant?: boolean;
}

/** LiveKit's `livekit.RoomService`, on the dev media server's rooms. Each method checks the caller's grant first. */
export function roomService(rooms: RoomRegistry, options: RoomServiceOptions = {}): Record<string, TwirpMethod<Caller>> {
  return {
    CreateRoom: twirpMethod(CreateRoomRequest, (request: CreateRoomRequest, caller: Caller) => {
      ensureCreate(caller);
      if (request.name === '') throw new TwirpError('invalid_argument', 'no room name');
      checkMetadata(request.metadata);
      const existed = rooms.existingRoom(request.name);
      const room = rooms.ensureRoom(request.name);
      // as LiveKit: creating a room that exists returns it, its metadata unchanged
      if (!existed && request.metadata !== '') room.setMetadata(request.metadata);
      return room.info();
    }),

    ListRooms: twirpMethod(ListRoomsRequest, (request: ListRoomsRequest, caller: Caller) => {
      ensureList(caller);
      const listed = rooms.list().filter((room) => request.names.length === 0 || request.names.includes(room.name));
      return new ListRoomsResponse({ rooms: listed.map((room) => room.info()) });
    }),

    DeleteRoom: twirpMethod(DeleteRoomRequest, (request: DeleteRoomRequest, caller: Caller) => {
      ensureCreate(caller);
      requireRoom(rooms, request.room);
      rooms.deleteRoom(request.room);
      return new DeleteRoomResponse();
    }),

    ListParticipants: twirpMethod(ListParticipantsRequest, (request: ListParticipantsRequest, caller: Caller) => {
      ensureAdmin(caller, request.room);
      // open-source LiveKit reads its store: an unknown room has no participants, not an error
      const participants = rooms.existingRoom(request.room)?.participants ?? [];
      return new ListParticipantsResponse({ participants: participants.map((p) => p.info()) });
    }),

    GetParticipant: twirpMethod(RoomParticipantIdentity, (request: RoomParticipantIdentity, caller: Caller) => {
      ensureAdmin(caller, request.room);
      const participant = rooms.existingRoom(request.room)?.participant(request.identity);
      if (!participant) throw participantNotFound();
      return participant.info();
    }),

    RemoveParticipant: twirpMethod(RoomParticipantIdentity, (request: RoomParticipantIdentity, caller: Caller) => {
      ensureAdmin(caller, request.room);
      const participant = rooms.existingRoom(request.room)?.participant(request.identity);
      if (!participant) throw participantNotFound();
      requireRoom(rooms, request.room).removeParticipant(participant, DisconnectReason.PARTICIPANT_REMOVED, { sendLeave: true });
      return new RemoveParticipantResponse();
    }),

    // As LiveKit's RoomService.MoveParticipant and ParticipantImpl.SupportsMoving; the participant continues in the
    // destination on the same connection (Room.moveIn), and its client gets RoomMovedResponse.
    MoveParticipant: twirpMethod(MoveParticipantRequest, (request: MoveParticipantRequest, caller: Caller) => {
      ensureDestinationRoom(caller, request.room, request.destinationRoom);
      if (request.room === request.destinationRoom) throw new TwirpError('invalid_argument', 'destination room cannot be the same as source room');
      if (options.moveParticipant === false) throw new TwirpError('unimplemented', 'MoveParticipant is not implemented by this server');
      if (request.destinationRoom === '') throw new TwirpError('invalid_argument', 'no room name');
      const { room, participant } = requireParticipant(rooms, request.room, request.identity);
      if (!participant.synthetic && (seatOf(participant)?.protocol ?? 0) <= 15) {
        throw new TwirpError('failed_precondition', 'participant client version does not support moving');
      }
      if (participant.kind === 'egress' || participant.kind === 'agent') {
        throw new TwirpError('failed_precondition', `${participant.kind} participants cannot be moved`);
      }
      if (rooms.existingRoom(request.destinationRoom)?.participant(request.identity)) {
        throw new TwirpError('already_exists', 'identity already in use in the destination room');
      }
      rooms.moveParticipant(room, participant, request.destinationRoom);
      return new MoveParticipantResponse();
    }),

    MutePublishedTrack: twirpMethod(MuteRoomTrackRequest, (request: MuteRoomTrackRequest, caller: Caller) => {
      ensureAdmin(caller, request.room);
      const { participant } = requireParticipant(rooms, request.room, request.identity);
      // LiveKit's default (`room.enable_remote_unmute: false`): only a participant unmutes itself
      if (!request.muted) throw new TwirpError('failed_precondition', 'remote unmute not enabled');
      // As `SetTrackMuted(fromAdmin)`: the client is told, and the server's copy changes at once (the others see
      // the mute). An unknown track answers no track, as LiveKit does.
      participant.requestMute(request.trackSid, true);
      participant.setTrackMuted(new MuteTrackRequest({ sid: request.trackSid, muted: true }));
      return new MuteRoomTrackResponse({ track: participant.publications.get(request.trackSid)?.info });
    }),

    UpdateParticipant: twirpMethod(UpdateParticipantRequest, (request: UpdateParticipantRequest, caller: Caller) => {
      ensureAdmin(caller, request.room);
      return updateParticipant(rooms, request).info();
    }),

    UpdateRoomMetadata: twirpMethod(UpdateRoomMetadataRequest, (request: UpdateRoomMetadataRequest, caller: Caller) => {
      checkMetadata(request.metadata);
      ensureAdmin(caller, request.room);
      const room = requireRoom(rooms, request.room);
      room.setMetadata(request.metadata);
      return room.info();
    }),

    SendData: twirpMethod(SendDataRequest, (request: SendDataRequest, caller: Caller) => {
      ensureAdmin(caller, request.room);
      if (request.nonce.length !== 0 && request.nonce.length !== 16) {
        throw new TwirpError('invalid_argument', `nonce should be 16-bytes or not present, got: ${request.nonce.length} bytes`);
      }
      const room = requireRoom(rooms, request.room);
      // destination sids name participants too (livekit-server-sdk's older `destinationSids`)
      const bySid = request.destinationSids.flatMap((sid) => room.participants.filter((p) => p.sid === sid).map((p) => p.identity));
      const destinations = [...request.destinationIdentities, ...bySid];
      room.sendServerData({
        payload: request.data,
        reliable: request.kind !== DataPacket_Kind.LOSSY,
        ...(request.topic !== undefined ? { topic: request.topic } : {}),
        ...(destinations.length > 0 ? { destinationIdentities: destinations } : {}),
      });
      return new SendDataResponse();
    }),
  };
}
