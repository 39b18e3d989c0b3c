import type { RTCPeerConnection } from 'werift';

/**
 * Applies a client's offer. An offer that restarts ICE (new `a=ice-ufrag`) on a connection whose ICE has selected a pair is what
 * livekit-client sends whenever it resumes a session, even when only the signalling dropped and media still flows.
 * LiveKit (pion) restarts ICE without losing the media path. werift's restart instead drops every candidate pair and
 * this side's credentials; until the new checks complete (under load: often never) it drops incoming media, which was
 * the media lost after a quiet signal reconnect. So such an offer only renominates: this side keeps its ICE session
 * and credentials, takes the client's new ones, and lets the client nominate its new pair (werift's own
 * renomination path: the selected pair is reset, consent restarts on the new one).
 */
export async function applyOffer(pc: RTCPeerConnection, sdp: string): Promise<void> {
  const ufrag = /^a=ice-ufrag:(\S+)/m.exec(sdp)?.[1];
  for (const transport of pc.iceTransports) {
    const { remoteUsername: known, nominated } = transport.connection as unknown as { remoteUsername: string; nominated?: object };
    // `renominating` is werift's (private) switch between its renomination and restart paths in setRemoteParams.
    if (ufrag && known && ufrag !== known && nominated) (transport as unknown as { renominating: boolean }).renominating = true;
  }
  await pc.setRemoteDescription({ type: 'offer', sdp: sdp.replace(GENERATION, '') });
}

/** A candidate's ` generation N` (Chrome counts its ICE restarts in it). */
const GENERATION = / generation \d+/g;

/**
 * A client's candidate without its generation. werift adopts a nominated pair only when the remote candidate's
 * generation equals its own count of restarts, and a renomination (see {@link applyOffer}) restarts nothing on this
 * side, so Chrome's candidates of a later generation would never be nominated.
 */
export function withoutGeneration<T extends { candidate: string }>(init: T): T {
  return { ...init, candidate: init.candidate.replace(GENERATION, '') };
}
