import type { BreakoutsInfo, RoomAction, RoomActionResult } from '../room/connection/roomAction.js';
import { RoomKitError } from '../room/RoomKitError.js';
import { BREAKOUT_ATTRIBUTE, BREAKOUT_TOPIC, breakoutMetadata } from '../room/connection/breakoutWire.js';
import { isOpen, type BreakoutPlan, type BreakoutStore } from './breakouts.js';
import { Reply } from './replies.js';
import { TwirpError, type TwirpClient } from './twirp.js';

/** The breakout actions, performed by {@link performBreakoutAction}. */
export type BreakoutAction = Extract<RoomAction, { type: 'open-breakouts' | 'move' | 'broadcast' | 'close-breakouts' | 'list-breakouts' }>;

const BREAKOUT_TYPES: ReadonlySet<string> = new Set(['open-breakouts', 'move', 'broadcast', 'close-breakouts', 'list-breakouts']);
/** @internal True for the actions {@link performBreakoutAction} performs. */
export const isBreakoutAction = (action: RoomAction): action is BreakoutAction => BREAKOUT_TYPES.has(action.type);

interface Listed {
  identity?: string;
  permission?: Record<string, unknown>;
}

/** What the breakout actions need beside LiveKit's server API. */
export interface BreakoutContext {
  readonly client: TwirpClient;
  readonly store: BreakoutStore | undefined;
  /** Creates a room through the Room API (`POST /sdk/rooms`) and answers its slug. */
  readonly createRoom: (name: string) => Promise<string>;
  /** Who acts (their identity), named in a broadcast. */
  readonly from: string | undefined;
}

/** How long an empty breakout room lives on the media server before LiveKit closes it (seconds). */
const EMPTY_TIMEOUT_S = 600;

const noStore = () =>
  new RoomKitError(
    'server-misconfigured',
    'The room actions route cannot run breakout rooms: pass the store your token route uses (`breakouts: createBreakoutStore()`, the same store) to createRoomActionsHandler and createConnectionHandler.',
  );

const infoOf = (main: string, plan: BreakoutPlan | undefined): BreakoutsInfo | null =>
  isOpen(plan)
    ? {
        mainRoom: main,
        rooms: plan.rooms.map(({ slug, name }) => ({ slug, name, identities: Object.keys(plan.assignments).filter((id) => plan.assignments[id] === slug) })),
        ...(plan.closesAt !== undefined && { closesAt: plan.closesAt }),
      }
    : null;

/** Twirp answers for "this server cannot move": open-source LiveKit, an older one, or a client too old to follow. */
const cannotMove = (error: unknown) => error instanceof TwirpError && ['unimplemented', 'bad_route', 'failed_precondition'].includes(error.code);
const notFound = (error: unknown) => error instanceof TwirpError && error.code === 'not_found';

function base64(text: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/**
 * Performs a breakout action for the main room of `callerRoom` (the caller may be in one of its breakout rooms).
 * Twirp errors propagate; refusals are {@link Reply}s: 404 for someone not in the meeting, 409 `breakouts_open` /
 * `no_breakouts` / `not_assignable`, 400 for a room that is not one of the open ones.
 */
export async function performBreakoutAction(context: BreakoutContext, callerRoom: string, action: BreakoutAction): Promise<RoomActionResult> {
  const { client } = context;
  if (!context.store) throw noStore();
  const { store } = context;
  const main = (await store.mainRoomOf(callerRoom)) ?? callerRoom;
  const admin = (room: string) => ({ roomAdmin: true, room }) as const;
  const plan = await store.get(main);
  const { type } = action;
  const needOpen = () => {
    if (!isOpen(plan)) throw Reply.error(409, 'no_breakouts', 'No breakout rooms are open in this meeting: open them first (open-breakouts).');
    return plan;
  };

  /** The room `identity` is in now, among the main room and the plan's rooms (the assigned one first). */
  async function whereIs(identity: string, rooms: readonly string[]): Promise<string | undefined> {
    for (const room of rooms) {
      try {
        await client.call('RoomService', 'GetParticipant', { room, identity }, admin(room));
        return room;
      } catch (error) {
        if (!notFound(error)) throw error;
      }
    }
    return undefined;
  }

  /** Moves `identity` from `from` to `to`: LiveKit's move, else their client is asked to join `to` afresh. */
  async function move(identity: string, from: string, to: string, result: { moved: string[]; asked: string[] }): Promise<void> {
    try {
      await client.call('RoomService', 'MoveParticipant', { room: from, identity, destinationRoom: to }, { roomAdmin: true, room: from, destinationRoom: to });
      result.moved.push(identity);
    } catch (error) {
      if (!cannotMove(error)) throw error;
      await client.call('RoomService', 'UpdateParticipant', { room: from, identity, attributes: { [BREAKOUT_ATTRIBUTE]: to } }, admin(from));
      result.asked.push(identity);
    }
  }

  switch (action.type) {
    case 'list-breakouts':
      return { type, breakouts: infoOf(main, plan) };
    case 'open-breakouts': {
      if (isOpen(plan)) throw Reply.error(409, 'breakouts_open', 'Breakout rooms are already open in this meeting: close them first (close-breakouts), or move people (move).');
      const { participants = [] } = await client.call<{ participants?: Listed[] }>('RoomService', 'ListParticipants', { room: main }, admin(main));
      const present = new Map(participants.filter((p) => p.identity).map((p) => [p.identity!, p.permission ?? {}]));
      for (const identity of action.rooms.flatMap((room) => room.identities)) {
        const permission = present.get(identity);
        if (!permission) throw Reply.error(404, 'not_found', `No participant "${identity}" in the main room: they may have left. Assign people who are in the meeting.`);
        const p = Object.fromEntries(Object.entries(permission).map(([k, v]) => [k.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase()), v]));
        if (p.hidden === true || p.recorder === true || (p.canPublish !== true && p.canSubscribe !== true && p.canPublishData !== true)) {
          throw Reply.error(409, 'not_assignable', `"${identity}" cannot go to a breakout room: hidden participants, recorders and people still in the waiting room stay where they are.`);
        }
      }
      const rooms: { slug: string; name: string }[] = [];
      for (const request of action.rooms) {
        const slug = await context.createRoom(request.name);
        await client.call('RoomService', 'CreateRoom', { name: slug, metadata: breakoutMetadata(main, request.name), emptyTimeout: EMPTY_TIMEOUT_S }, { roomCreate: true });
        rooms.push({ slug, name: request.name });
      }
      const assignments = Object.fromEntries(action.rooms.flatMap((request, i) => request.identities.map((id) => [id, rooms[i]!.slug])));
      const opened: BreakoutPlan = { rooms, assignments };
      await store.set(main, opened);
      const result = { moved: [] as string[], asked: [] as string[] };
      for (const [identity, slug] of Object.entries(assignments)) await move(identity, main, slug, result);
      return { type, breakouts: infoOf(main, opened), ...result };
    }
    case 'move': {
      const open = needOpen();
      const to = action.room ?? main;
      if (action.room !== null && !open.rooms.some((room) => room.slug === action.room)) {
        throw Reply.error(400, 'invalid_request', `\`room\` must be one of this meeting's breakout rooms (${open.rooms.map((r) => r.slug).join(', ')}), or null for the main room.`);
      }
      const current = open.assignments[action.identity];
      const from = await whereIs(action.identity, [current ?? main, main, ...open.rooms.map((r) => r.slug)]);
      if (from === undefined) throw Reply.error(404, 'not_found', `No participant "${action.identity}" in this meeting's rooms: they may have left.`);
      const { [action.identity]: _, ...others } = open.assignments;
      const next: BreakoutPlan = { ...open, assignments: action.room === null ? others : { ...others, [action.identity]: action.room } };
      await store.set(main, next);
      const result = { moved: [] as string[], asked: [] as string[] };
      if (from !== to) await move(action.identity, from, to, result);
      return { type, breakouts: infoOf(main, next), ...result };
    }
    case 'broadcast': {
      const open = needOpen();
      const data = base64(JSON.stringify({ type: 'broadcast', message: action.message, ...(context.from !== undefined && { from: context.from }) }));
      for (const room of [main, ...open.rooms.map((r) => r.slug)]) {
        try {
          await client.call('RoomService', 'SendData', { room, data, kind: 'RELIABLE', topic: BREAKOUT_TOPIC }, admin(room));
        } catch (error) {
          // A room nobody has joined yet has nobody to tell.
          if (!notFound(error)) throw error;
        }
      }
      return { type, breakouts: infoOf(main, open) };
    }
    case 'close-breakouts': {
      const open = needOpen();
      const closesAt = Date.now() + action.countdownSeconds * 1000;
      const closing: BreakoutPlan = { ...open, closesAt };
      await store.set(main, closing);
      // Each room shows the countdown, and its people return when it ends (the token route answers the main room).
      for (const room of open.rooms) {
        try {
          await client.call('RoomService', 'UpdateRoomMetadata', { room: room.slug, metadata: breakoutMetadata(main, room.name, closesAt) }, admin(room.slug));
        } catch (error) {
          if (!notFound(error)) throw error;
        }
      }
      return { type, breakouts: action.countdownSeconds === 0 ? null : infoOf(main, closing) };
    }
  }
}
