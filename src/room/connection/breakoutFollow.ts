import { RoomEvent, type Participant, type Room } from 'livekit-client';
import { BREAKOUT_ATTRIBUTE, parseBreakoutMetadata } from './breakoutWire.js';

/**
 * @internal Follows a meeting's breakout rooms where the server does not move the session itself: calls `ask` (the
 * session fetches its connection again; the token route answers the room it belongs in now) when
 *
 * - the server asks this participant to join another room of the meeting (`BREAKOUT_ATTRIBUTE`, set where LiveKit's
 *   MoveParticipant is missing), and
 * - the breakout room it is in closes (its metadata's `closesAt`: everyone returns to the main room).
 *
 * Returns the function that stops.
 */
export function followBreakouts(room: Room, ask: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let closing: number | undefined;
  const onAttributes = (changed: Record<string, string>, participant: Participant) => {
    const to = changed[BREAKOUT_ATTRIBUTE];
    if (participant === room.localParticipant && to && to !== room.name) ask();
  };
  const onRoom = () => {
    const closesAt = parseBreakoutMetadata(room.metadata)?.closesAt;
    if (closesAt === closing) return;
    clearTimeout(timer);
    closing = closesAt;
    // The server's deadline; the token route answers the main room from then on.
    if (closesAt !== undefined) timer = setTimeout(ask, Math.max(0, closesAt - Date.now()));
  };
  room.on(RoomEvent.ParticipantAttributesChanged, onAttributes).on(RoomEvent.RoomMetadataChanged, onRoom).on(RoomEvent.Connected, onRoom);
  if (RoomEvent.Moved) room.on(RoomEvent.Moved, onRoom);
  onRoom();
  return () => {
    clearTimeout(timer);
    room.off(RoomEvent.ParticipantAttributesChanged, onAttributes).off(RoomEvent.RoomMetadataChanged, onRoom).off(RoomEvent.Connected, onRoom);
    if (RoomEvent.Moved) room.off(RoomEvent.Moved, onRoom);
  };
}
