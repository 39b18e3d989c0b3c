import { listedIdentities } from '../people/index.js';
import type { RoomStore } from '../room/state/roomStore.js';

/**
 * Whether a listed participant is a speaker of an audio room: one the server lets publish. The local participant
 * is judged by the effective grants (token grants overridden by live permissions), every other one by the live
 * permission the server sent for it (`ParticipantInfo.permission.canPublish`, livekit-client's
 * `Participant.permissions`).
 */
function isSpeaker(store: RoomStore, identity: string): boolean {
  const participant = store.getParticipant(identity);
  if (!participant) return false;
  if (participant.isLocal) {
    const { grants } = store.getState();
    return grants.canPublish && !grants.hidden;
  }
  return participant.canPublish;
}

/**
 * The listed identities (local first, then join order; hidden participants never) that are speakers (`speakers`
 * true) or listeners (false). A new array each call: compare it element-wise to keep a stable reference.
 */
export function audioRoomIdentities(store: RoomStore, speakers: boolean): readonly string[] {
  return listedIdentities(store).filter((identity) => isSpeaker(store, identity) === speakers);
}
