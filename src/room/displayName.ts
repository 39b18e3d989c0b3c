import type { ParticipantState } from './state/roomStore.js';

/** The name to show for a participant: its name, else its identity. */
export function displayName(participant: Pick<ParticipantState, 'name' | 'identity'>): string {
  return participant.name || participant.identity;
}
