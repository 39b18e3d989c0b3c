import { HAND_TOPIC } from '../hands/handStore.js';
import { REACTION_TOPIC } from '../hands/reactionStore.js';
import type { SentData } from './simulatedData.js';

type Deliver = (from: string, payload: string, topic: string) => void;

/**
 * Remote participants' hands and reactions, as their RoomKit clients would send them on `roomkit.hand` and
 * `roomkit.reaction`. Their clients also answer what the local session sends: a catch-up request (`sync`) with
 * the raised hands, and an admin's `lower-request` by lowering the hand.
 */
export class SimulatedHands {
  private readonly raised = new Map<string, number>();

  constructor(private readonly deliver: Deliver) {}

  raise(identity: string, raisedAt: number): void {
    this.raised.set(identity, raisedAt);
    this.deliver(identity, JSON.stringify({ type: 'raise', raisedAt }), HAND_TOPIC);
  }

  /** A participant raised its hand before this session joined: it answers the session's catch-up request. */
  raisedBefore(identity: string, raisedAt: number): void {
    this.raised.set(identity, raisedAt);
  }

  lower(identity: string): void {
    this.raised.delete(identity);
    this.deliver(identity, JSON.stringify({ type: 'lower' }), HAND_TOPIC);
  }

  react(identity: string, emoji: string): void {
    this.deliver(identity, JSON.stringify({ emoji }), REACTION_TOPIC);
  }

  /** The participant left: its hand goes with it. */
  forget(identity: string): void {
    this.raised.delete(identity);
  }

  /** The remote clients' answers to what the local session sent, delivered after it (as over a network). */
  answer(sent: SentData): void {
    if (sent.topic !== HAND_TOPIC) return;
    let type: unknown;
    try {
      type = (JSON.parse(sent.text) as { type?: unknown }).type;
    } catch {
      return;
    }
    const to = sent.destinationIdentities;
    const addressed = (identity: string) => !to || to.length === 0 || to.includes(identity);
    queueMicrotask(() => {
      for (const [identity, raisedAt] of [...this.raised]) {
        if (!addressed(identity)) continue;
        if (type === 'sync') this.deliver(identity, JSON.stringify({ type: 'raise', raisedAt }), HAND_TOPIC);
        else if (type === 'lower-request') this.lower(identity);
      }
    });
  }
}
