/**
 * The breakout rooms' part of the session (sessionFeatures.ts), added by the modules an app shows breakout rooms with
 * (`useBreakout.ts`, so `useBreakout`, `BreakoutStatus` and the prefabs; `BreakoutRooms.tsx`, the host panel). A move by
 * LiveKit itself (MoveParticipant) needs none of it: every session follows that (connectionLoop.ts).
 */
import { RoomEvent, type Participant, type Room } from 'livekit-client';
import { BREAKOUT_ATTRIBUTE, parseBreakoutMetadata } from '../room/connection/breakoutWire.js';
import { sessionHooks } from '../room/connection/sessionFeatures.js';
import { keepDevicesAcrossRooms } from '../media/devices/keptDevices.js';

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

/**
 * @internal Adds breakout rooms to every session (once): it follows its breakout room assignments and closings, and
 * takes the devices that were on from room to room.
 */
export function addBreakoutsToSessions(): void {
  sessionHooks.start = followBreakouts;
  keepDevicesAcrossRooms();
}
