/** A sequenced reliable packet as the room forwarded it, kept for participants whose channel opens later. */
export interface SentReliable {
  /** The sender's sid. */
  sender: string;
  /** The sender's sequence number (livekit-client numbers each reliable packet from 1). */
  seq: number;
  /** Identities it is for; everyone when empty. */
  destinations: readonly string[];
  bytes: Uint8Array;
}

/**
 * The room's most recent sequenced reliable packets. A participant joins the room (the others see it and send to
 * it) before its data channel is open; what was sent to it in between is held by sequence number and replayed
 * from here when the channel opens, as LiveKit's SFU does (a participant's `joiningMessageFirstSeqs`, replayed from
 * the room's cache once its transport is established). Without it, a chat message or a text stream's header sent
 * in the first second of someone's session never reaches them.
 */
export class ReliableHistory {
  private readonly entries: SentReliable[] = [];
  constructor(readonly limit = 512) {}

  record(entry: SentReliable): void {
    this.entries.push(entry);
    if (this.entries.length > this.limit) this.entries.shift();
  }

  /** What was sent by each sender in `firstSeqs` from that sequence number on, in the order it was sent. */
  since(firstSeqs: ReadonlyMap<string, number>): SentReliable[] {
    return this.entries.filter((e) => e.seq >= (firstSeqs.get(e.sender) ?? Infinity));
  }
}

/**
 * One participant's side of {@link ReliableHistory}: until its reliable channel opens it records, per sender, the
 * first sequence number it missed; when the channel opens it takes the packets to replay, and from then on
 * everything is sent as it comes.
 */
export class JoiningReliable {
  private open = false;
  private readonly firstSeqs = new Map<string, number>();

  /** Whether a packet can be sent now; if not, it is remembered for the replay. */
  canSend(sender: string, seq: number): boolean {
    if (this.open) return true;
    if (!this.firstSeqs.has(sender)) this.firstSeqs.set(sender, seq);
    return false;
  }

  /** The channel opened: what `identity` missed since it joined, to send before anything else. */
  opened(history: ReliableHistory, identity: string): SentReliable[] {
    if (this.open) return [];
    this.open = true;
    const missed = history.since(this.firstSeqs).filter((e) => e.destinations.length === 0 || e.destinations.includes(identity));
    this.firstSeqs.clear();
    return missed;
  }
}
