/**
 * Breakout rooms on the wire, shared by the room actions route (which writes them) and the browser (which follows
 * them). Pure values: no livekit-client, no React.
 */

/** The room metadata key of a breakout room: `{ "roomkit.breakout": { main, name, closesAt? } }`. */
export const BREAKOUT_METADATA_KEY = 'roomkit.breakout';
/**
 * The participant attribute the room actions route sets, where the server cannot move people itself (open-source
 * LiveKit, or a client older than livekit-client 2.12), to ask a client to join another room of its meeting: the
 * room's slug. The client asks its token route again, which answers that room.
 */
export const BREAKOUT_ATTRIBUTE = 'roomkit.breakout';
/** The data topic of a host's broadcast to every room of a meeting: `{ "type": "broadcast", "message", "from"? }`. */
export const BREAKOUT_TOPIC = 'roomkit.breakout';

/** What a breakout room's metadata says: its name, its main room's slug and, once closing, when (epoch ms). */
export interface BreakoutRoomInfo {
  readonly name: string;
  readonly mainRoom: string;
  readonly closesAt: number | undefined;
}

/** @internal A breakout room's LiveKit metadata. */
export const breakoutMetadata = (main: string, name: string, closesAt?: number): string =>
  JSON.stringify({ [BREAKOUT_METADATA_KEY]: { main, name, ...(closesAt !== undefined && { closesAt }) } });

/** @internal The breakout room a room's metadata describes, or `undefined` for any other room (or metadata). */
export function parseBreakoutMetadata(metadata: string | undefined): BreakoutRoomInfo | undefined {
  if (!metadata?.includes(BREAKOUT_METADATA_KEY)) return undefined;
  try {
    const value = (JSON.parse(metadata) as Record<string, unknown>)[BREAKOUT_METADATA_KEY] as Record<string, unknown> | undefined;
    if (typeof value?.main !== 'string' || typeof value.name !== 'string') return undefined;
    return { name: value.name, mainRoom: value.main, closesAt: typeof value.closesAt === 'number' ? value.closesAt : undefined };
  } catch {
    return undefined;
  }
}
