import { listedIdentities } from '../people/index.js';
import { listenWhileHeld, refCounted } from '../room/refCounted.js';
import type { RoomStore } from '../room/state/roomStore.js';

/**
 * What a speaker view shows: one participant large and a window of the others. Identities only, so that a
 * speaking or mute change that moves nobody leaves the snapshot (and the layout) untouched.
 */
export interface SpeakerViewState {
  /** The participant shown large: the last one who spoke for at least the hold time (a remote one while any). */
  readonly main: string | null;
  /** The others on screen, in slots that stay put: nobody moves when someone else starts speaking. */
  readonly strip: readonly string[];
  /** The strip's page (0-based) and page count, in the stable order of the others (local first, then join order). */
  readonly page: number;
  readonly pages: number;
}

/** Options of {@link createSpeakerOrder}. */
export interface SpeakerOrderOptions {
  /** How long someone must keep speaking before they take the large tile or a strip slot (default 1200 ms). */
  holdMs?: number;
  /** How many others the strip shows (default 8). */
  stripSize?: number;
  /** The clock (tests). */
  now?: () => number;
}

/** A speaker view's order over one room store; React-free. */
export interface SpeakerOrder {
  subscribe(listener: () => void): () => void;
  getSnapshot(): SpeakerViewState;
  setStripSize(size: number): void;
  /** Shows another page of the strip (clamped). */
  setPage(page: number): void;
}

const EMPTY: SpeakerViewState = { main: null, strip: [], page: 0, pages: 1 };

/**
 * The policy of the speaker view, as data: who is large, who is in the strip and in which slot.
 *
 * - The large tile changes only while its speaker is silent, and only to someone who kept speaking for `holdMs`,
 *   so a cough does not flip it and two people talking at once do not flip it back and forth. The local
 *   participant is large only while nobody else is there.
 * - The strip's slots are stable: a speaker already on screen stays where they are. Someone who speaks for
 *   `holdMs` while off screen takes the slot of whoever on screen spoke least recently; the new main speaker's
 *   slot goes to the previous one. Leaves free a slot, filled from the stable order.
 * - Paging shows a slice of the stable order (local first, then join order).
 */
export function createSpeakerOrder(store: RoomStore, options: SpeakerOrderOptions = {}): SpeakerOrder {
  const holdMs = options.holdMs ?? 1200;
  const now = options.now ?? Date.now;
  let stripSize = Math.max(1, options.stripSize ?? 8);
  const listeners = new Set<() => void>();
  let snapshot = EMPTY;
  let main: string | null = null;
  let strip: string[] = [];
  let page = 0;
  /** When each current speaker started speaking (this turn). */
  const speakingSince = new Map<string, number>();
  /** When each participant last spoke. */
  const lastSpoke = new Map<string, number>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  /** Following the store: someone is subscribed. */
  let watching = false;

  /** Local first (unless hidden or not joined), then the visible remote participants in join order. */
  const everyone = () => listedIdentities(store);

  function evaluate() {
    const t = now();
    const { local, activeSpeakers } = store.getState();
    const all = everyone();
    const present = new Set(all);
    for (const id of [...speakingSince.keys()]) if (!activeSpeakers.includes(id)) speakingSince.delete(id);
    for (const id of activeSpeakers) {
      if (!speakingSince.has(id)) speakingSince.set(id, t);
      lastSpoke.set(id, t);
    }
    const held = (id: string) => t - (speakingSince.get(id) ?? Infinity) >= holdMs;
    const remote = all.filter((id) => id !== local.identity);

    const speaking = new Set(activeSpeakers);
    // The large tile: it changes only while its speaker is silent, to someone who kept speaking for the hold.
    let nextMain = main !== null && present.has(main) && (main !== local.identity || remote.length === 0) ? main : null;
    nextMain ??= remote.find((id) => speaking.has(id)) ?? remote[0] ?? all[0] ?? null;
    if (nextMain === null || !speaking.has(nextMain)) {
      const challenger = activeSpeakers.find((id) => id !== nextMain && id !== local.identity && present.has(id) && held(id));
      if (challenger) nextMain = challenger;
    }
    let nextStrip = strip.filter((id) => present.has(id) && id !== nextMain);
    /** Puts `id` on screen: a free slot, else the slot of whoever (not speaking, not you) spoke least recently. */
    const bringIntoView = (id: string) => {
      if (nextStrip.includes(id)) return;
      if (nextStrip.length < stripSize) {
        nextStrip.push(id);
        return;
      }
      let victim = -1;
      nextStrip.forEach((candidate, i) => {
        if (speaking.has(candidate) || candidate === local.identity) return;
        if (victim < 0 || (lastSpoke.get(candidate) ?? 0) < (lastSpoke.get(nextStrip[victim]!) ?? 0)) victim = i;
      });
      if (victim >= 0) nextStrip[victim] = id;
    };
    if (main !== null && main !== nextMain && present.has(main)) {
      // The previous speaker takes the new one's slot, so that nobody else moves.
      const slot = strip.indexOf(nextMain ?? '');
      if (slot >= 0) nextStrip = strip.map((id) => (id === nextMain ? main! : id)).filter((id) => present.has(id));
      else bringIntoView(main);
    }
    // Off-screen speakers who kept speaking for the hold come into view.
    for (const id of activeSpeakers) if (id !== nextMain && present.has(id) && held(id)) bringIntoView(id);
    // Fill free slots from the stable order, and drop what no longer fits.
    for (const id of all) {
      if (nextStrip.length >= stripSize) break;
      if (id !== nextMain && !nextStrip.includes(id)) nextStrip.push(id);
    }
    nextStrip = nextStrip.slice(0, stripSize);
    commit(nextMain, nextStrip, all.length);

    // Wake up when the earliest pending speaker will have held.
    clearTimeout(timer);
    timer = undefined;
    let due = Infinity;
    for (const [id, since] of speakingSince) {
      if (id === nextMain || held(id)) continue;
      due = Math.min(due, since + holdMs - t);
    }
    if (due !== Infinity && listeners.size > 0) timer = setTimeout(evaluate, Math.max(0, due));
  }

  function commit(nextMain: string | null, nextStrip: string[], count: number) {
    const others = Math.max(0, count - (nextMain === null ? 0 : 1));
    const pages = Math.max(1, Math.ceil(others / stripSize));
    page = Math.min(page, pages - 1);
    main = nextMain;
    strip = nextStrip;
    const same =
      snapshot.main === main &&
      snapshot.page === page &&
      snapshot.pages === pages &&
      snapshot.strip.length === strip.length &&
      snapshot.strip.every((id, i) => id === strip[i]);
    if (same) return;
    snapshot = { main, strip: [...strip], page, pages };
    listeners.forEach((l) => l());
  }

  const hold = refCounted(() => {
    watching = true;
    const unsubscribe = store.subscribe(evaluate);
    evaluate();
    return () => {
      watching = false;
      unsubscribe();
      clearTimeout(timer);
      timer = undefined;
    };
  });

  return {
    subscribe: (listener) => listenWhileHeld(listeners, listener, hold),
    getSnapshot() {
      // Before anyone subscribed, compute it on demand (the first render sees the right tiles).
      if (!watching) evaluate();
      return snapshot;
    },
    setStripSize(size) {
      const next = Math.max(1, Math.floor(size));
      if (next === stripSize) return;
      stripSize = next;
      if (watching) evaluate();
    },
    setPage(next) {
      const others = everyone().filter((id) => id !== main);
      const pages = Math.max(1, Math.ceil(others.length / stripSize));
      page = Math.min(Math.max(0, Math.floor(next)), pages - 1);
      strip = others.slice(page * stripSize, (page + 1) * stripSize);
      commit(main, strip, others.length + (main === null ? 0 : 1));
    },
  };
}
