import {
  ListEgressRequest,
  ListEgressResponse,
  RoomCompositeEgressRequest,
  StopEgressRequest,
  UpdateLayoutRequest,
  UpdateParticipantRequest,
} from '@livekit/protocol';
import type { DevEgress } from './egress';
import type { RoomRegistry } from './rooms';
import { updateParticipant } from './roomService';
import { ensureRecord, type ServerCaller } from './serverAuth';
import { twirpMethod, type TwirpMethod } from './twirp';

type Caller = ServerCaller | undefined;

/** LiveKit's `livekit.Egress` as the dev egress serves it. Every method needs `roomRecord` (any room), as on LiveKit. */
export function egressService(egress: DevEgress, rooms: RoomRegistry): Record<string, TwirpMethod<Caller>> {
  return {
    StartRoomCompositeEgress: twirpMethod(RoomCompositeEgressRequest, (request: RoomCompositeEgressRequest, caller: Caller) => {
      ensureRecord(caller);
      return egress.start(request);
    }),

    StopEgress: twirpMethod(StopEgressRequest, (request: StopEgressRequest, caller: Caller) => {
      ensureRecord(caller);
      return egress.stop(request.egressId);
    }),

    ListEgress: twirpMethod(ListEgressRequest, (request: ListEgressRequest, caller: Caller) => {
      ensureRecord(caller);
      return new ListEgressResponse({ items: egress.list(request) });
    }),

    // As LiveKit's EgressService.UpdateLayout: `{"layout":"…"}` becomes the recorder's metadata (its identity is the
    // egress id), through UpdateParticipant; the template reads it and switches.
    UpdateLayout: twirpMethod(UpdateLayoutRequest, (request: UpdateLayoutRequest, caller: Caller) => {
      ensureRecord(caller);
      const info = egress.find(request.egressId).info;
      const metadata = JSON.stringify({ layout: request.layout });
      updateParticipant(rooms, new UpdateParticipantRequest({ room: info.roomName, identity: info.egressId, metadata }));
      return info.clone();
    }),
  };
}
