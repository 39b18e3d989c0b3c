import type { ParticipantState, RoomStore } from '../room/state/roomStore.js';

const listCache = new WeakMap<RoomStore, { local: ParticipantState; remote: readonly string[]; list: readonly string[] }>();

/**
 * Identities of the participants a participant list (or a speaker view) shows: the local one first (unless it is
 * a hidden observer, or not joined yet: no identity is a room not joined, not a person), then the visible remote
 * ones in join order. Hidden participants are never listed. The array keeps
 * its identity until someone joins, leaves, or becomes hidden or visible, so a speaking change costs nothing.
 */
export function listedIdentities(store: RoomStore): readonly string[] {
  const { local, remoteIdentities } = store.getState();
  const cached = listCache.get(store);
  if (cached && cached.remote === remoteIdentities && cached.local.identity === local.identity && cached.local.hidden === local.hidden) {
    return cached.list;
  }
  const list = local.hidden || !local.identity ? remoteIdentities : [local.identity, ...remoteIdentities];
  listCache.set(store, { local, remote: remoteIdentities, list });
  return list;
}

/** A search query as {@link matchesSearch} compares it: trimmed and lower-cased; empty matches everyone. */
function normalizeSearch(query: string): string {
  return query.trim().toLocaleLowerCase();
}

/** Whether a participant's display name or identity contains the (normalised) query, case-insensitively. */
function matchesSearch(participant: Pick<ParticipantState, 'name' | 'identity'>, normalizedQuery: string): boolean {
  if (normalizedQuery === '') return true;
  return (
    participant.name.toLocaleLowerCase().includes(normalizedQuery) || participant.identity.toLocaleLowerCase().includes(normalizedQuery)
  );
}

/** The listed identities whose participant matches the query, in list order (all of them for an empty query). */
export function searchParticipants(store: RoomStore, query: string): readonly string[] {
  const all = listedIdentities(store);
  const q = normalizeSearch(query);
  if (q === '') return all;
  return all.filter((identity) => {
    const participant = store.getParticipant(identity);
    return participant !== undefined && matchesSearch(participant, q);
  });
}
