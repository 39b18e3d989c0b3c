import { RoomKitError } from '../room/RoomKitError.js';

/** One breakout room: the slug the Room API gave it (its LiveKit room name) and the name people see. */
export interface BreakoutRoom {
  readonly slug: string;
  readonly name: string;
}

/**
 * The breakout rooms of one main room, as your token route and room actions route share them: the rooms, who is
 * assigned where, and when they close. The token route gives each assigned person a token for their breakout room,
 * whichever of the main room or a breakout room they ask for, and everyone else the main room's.
 */
export interface BreakoutPlan {
  readonly rooms: readonly BreakoutRoom[];
  /** Identity → the slug of their breakout room. Someone not named stays in (or returns to) the main room. */
  readonly assignments: Readonly<Record<string, string>>;
  /** When the rooms close (epoch milliseconds, the server's clock): from then on every token is for the main room. */
  readonly closesAt?: number;
}

/**
 * The server-side record of open breakout rooms, per main room. `createBreakoutStore()` keeps it in memory; with
 * several server instances, implement these three methods on your shared storage and give the same store to
 * `createConnectionHandler` and `createRoomActionsHandler`.
 */
export interface BreakoutStore {
  /** The plan of `mainRoom` (a slug), or `undefined`. */
  get(mainRoom: string): BreakoutPlan | undefined | Promise<BreakoutPlan | undefined>;
  /** Records `plan` for `mainRoom`; `undefined` deletes it. */
  set(mainRoom: string, plan: BreakoutPlan | undefined): void | Promise<void>;
  /** The main room whose plan holds the breakout room `room`, or `undefined` when `room` is no breakout room. */
  mainRoomOf(room: string): string | undefined | Promise<string | undefined>;
}

/** Options of {@link createBreakoutStore}. */
export interface BreakoutStoreOptions {
  /** Main rooms kept at most (default 1 000); past it the oldest plan goes. */
  maxPlans?: number;
}

/**
 * An in-memory {@link BreakoutStore}, for one server process: give the same store to your token route
 * (`createConnectionHandler({ breakouts })`) and your room actions route (`createRoomActionsHandler({ breakouts })`).
 *
 * @throws {RoomKitError} `server-misconfigured` unless `maxPlans` is a positive integer.
 * @example
 * ```ts
 * const breakouts = createBreakoutStore();
 * export const tokenRoute = createConnectionHandler({ authenticate, breakouts });
 * export const actionsRoute = createRoomActionsHandler({ breakouts });
 * ```
 */
export function createBreakoutStore(options: BreakoutStoreOptions = {}): BreakoutStore {
  const max = options.maxPlans ?? 1_000;
  if (!Number.isInteger(max) || max < 1) {
    throw new RoomKitError('server-misconfigured', `\`maxPlans\` must be a positive integer, got ${String(options.maxPlans)}.`);
  }
  const plans = new Map<string, BreakoutPlan>();
  const mains = new Map<string, string>();
  const forget = (main: string) => {
    for (const room of plans.get(main)?.rooms ?? []) if (mains.get(room.slug) === main) mains.delete(room.slug);
    plans.delete(main);
  };
  return {
    get: (main) => plans.get(main),
    set(main, plan) {
      forget(main);
      if (plan === undefined) return;
      if (plans.size >= max) forget(plans.keys().next().value!);
      plans.set(main, plan);
      for (const room of plan.rooms) mains.set(room.slug, main);
    },
    mainRoomOf: (room) => mains.get(room),
  };
}

/** @internal A store given as an option: its three methods, or the fix. */
export function checkBreakoutStore(store: unknown, where: string): void {
  const s = store as Partial<BreakoutStore> | null;
  if (typeof s !== 'object' || s === null || typeof s.get !== 'function' || typeof s.set !== 'function' || typeof s.mainRoomOf !== 'function') {
    throw new RoomKitError(
      'server-misconfigured',
      `${where}: \`breakouts\` must be a store with get(mainRoom), set(mainRoom, plan) and mainRoomOf(room): createBreakoutStore() makes one.`,
    );
  }
}

/** @internal The plan while its rooms are open (not yet at `closesAt`). */
export const isOpen = (plan: BreakoutPlan | undefined, now = Date.now()): plan is BreakoutPlan =>
  plan !== undefined && (plan.closesAt === undefined || now < plan.closesAt);

/**
 * @internal Where `identity` belongs when they ask for `requested` (a main room or one of its breakout rooms): their
 * breakout room while the plan is open and names them, else the main room. Never a breakout room they were not
 * assigned to.
 */
export async function placeOf(store: BreakoutStore | undefined, requested: string, identity: string): Promise<{ main: string; slug: string }> {
  if (!store) return { main: requested, slug: requested };
  const main = (await store.mainRoomOf(requested)) ?? requested;
  const plan = await store.get(main);
  return { main, slug: (isOpen(plan) ? plan.assignments[identity] : undefined) ?? main };
}
