import type { BreakoutRoomRequest, RoomAction, RoomActionType } from '../room/connection/roomAction.js';
import { Reply } from './replies.js';

const TYPES: readonly RoomActionType[] = [
  'mute',
  'remove',
  'update-permissions',
  'lower-hand',
  'spotlight',
  'admit',
  'admit-all',
  'deny',
  'start-recording',
  'stop-recording',
  'set-recording-layout',
  'open-breakouts',
  'move',
  'broadcast',
  'close-breakouts',
  'list-breakouts',
];
/** At most this many breakout rooms at once. */
export const MAX_BREAKOUT_ROOMS = 100;
/** LiveKit's egress layouts (`grid`, `speaker`, `single-speaker`, with `-light` / `-dark`) and a template's own names. */
const LAYOUT = /^[a-z0-9][a-z0-9_-]{0,63}$/i;

const invalid = (message: string) => Reply.error(400, 'invalid_request', message);

const got = (value: unknown): string =>
  value === undefined
    ? 'nothing'
    : value === null
      ? 'null'
      : Array.isArray(value)
        ? 'an array'
        : typeof value === 'string'
          ? JSON.stringify(value.slice(0, 40))
          : typeof value === 'object'
            ? 'an object'
            : `a ${typeof value}`;

function text(body: Readonly<Record<string, unknown>>, field: string, max: number): string {
  const value = body[field];
  if (typeof value !== 'string' || value.trim() === '' || value.length > max) {
    throw invalid(`\`${field}\` must be a non-empty string of at most ${max} characters, got ${got(value)}.`);
  }
  return value;
}

function layout(body: Readonly<Record<string, unknown>>): string {
  const value = text(body, 'layout', 64);
  if (!LAYOUT.test(value)) throw invalid(`\`layout\` must be a layout name such as "grid" or "speaker" (letters, digits, - and _), got ${got(value)}.`);
  return value;
}

function breakoutRooms(value: unknown): BreakoutRoomRequest[] {
  if (!Array.isArray(value) || value.length === 0 || value.length > MAX_BREAKOUT_ROOMS) {
    throw invalid(`\`rooms\` must list from 1 to ${MAX_BREAKOUT_ROOMS} breakout rooms such as {"name":"Room 1","identities":["ada"]}, got ${Array.isArray(value) ? `${value.length} rooms` : got(value)}.`);
  }
  const names = new Set<string>();
  const placed = new Set<string>();
  return value.map((room: unknown, index) => {
    if (typeof room !== 'object' || room === null || Array.isArray(room)) throw invalid(`\`rooms[${index}]\` must be {"name", "identities"}, got ${got(room)}.`);
    const name = text(room as Record<string, unknown>, 'name', 64).trim();
    if (names.has(name.toLowerCase())) throw invalid(`Two breakout rooms are named ${JSON.stringify(name)}: give each its own name.`);
    names.add(name.toLowerCase());
    const identities = (room as Record<string, unknown>).identities;
    if (!Array.isArray(identities) || identities.some((id) => typeof id !== 'string' || id === '' || id.length > 256)) {
      throw invalid(`\`rooms[${index}].identities\` must be a list of participant identities (possibly empty), got ${got(identities)}.`);
    }
    for (const identity of identities as string[]) {
      if (placed.has(identity)) throw invalid(`${JSON.stringify(identity)} is assigned to two breakout rooms: each person goes to one.`);
      placed.add(identity);
    }
    return { name, identities: identities as string[] };
  });
}

/**
 * Reads a room action from the request's JSON body (see {@link RoomAction}). Fields the action does not define are
 * ignored (an `authorize` callback may read them); a `room` field is never read.
 *
 * @throws {Reply} 400 `invalid_request` naming the field.
 */
export function parseRoomAction(body: Readonly<Record<string, unknown>>): RoomAction {
  const type = body.type;
  if (!TYPES.includes(type as RoomActionType)) {
    throw invalid(`\`type\` must be one of ${TYPES.join(', ')}, got ${got(type)}. Send e.g. {"type":"mute","identity":"ada"}.`);
  }
  switch (type as RoomActionType) {
    case 'mute': {
      const identity = text(body, 'identity', 256);
      return body.trackSid === undefined ? { type: 'mute', identity } : { type: 'mute', identity, trackSid: text(body, 'trackSid', 128) };
    }
    case 'update-permissions': {
      const identity = text(body, 'identity', 256);
      const permissions = body.permissions as Record<string, unknown> | undefined;
      if (typeof permissions !== 'object' || permissions === null || typeof permissions.canPublish !== 'boolean') {
        throw invalid(`\`permissions\` must be {"canPublish": true} or {"canPublish": false}, got ${got(permissions)}.`);
      }
      return { type: 'update-permissions', identity, permissions: { canPublish: permissions.canPublish } };
    }
    case 'spotlight': {
      const identity = text(body, 'identity', 256);
      if (typeof body.on !== 'boolean') throw invalid(`\`on\` must be true (spotlight ${JSON.stringify(identity)}) or false (end their spotlight), got ${got(body.on)}.`);
      return { type: 'spotlight', identity, on: body.on };
    }
    case 'remove':
    case 'lower-hand':
    case 'admit':
    case 'deny':
      return { type: type as 'remove' | 'lower-hand' | 'admit' | 'deny', identity: text(body, 'identity', 256) };
    case 'admit-all':
      return { type: 'admit-all' };
    case 'start-recording':
      return body.layout === undefined ? { type: 'start-recording' } : { type: 'start-recording', layout: layout(body) };
    case 'set-recording-layout':
      return { type: 'set-recording-layout', layout: layout(body) };
    case 'open-breakouts':
      return { type: 'open-breakouts', rooms: breakoutRooms(body.rooms) };
    case 'move':
      if (body.room !== null && typeof body.room !== 'string') throw invalid(`\`room\` must be a breakout room's slug, or null for the main room, got ${got(body.room)}.`);
      return { type: 'move', identity: text(body, 'identity', 256), room: body.room === null ? null : text(body, 'room', 256) };
    case 'broadcast':
      return { type: 'broadcast', message: text(body, 'message', 1000) };
    case 'close-breakouts': {
      const seconds = body.countdownSeconds;
      if (typeof seconds !== 'number' || !Number.isInteger(seconds) || seconds < 0 || seconds > 600) {
        throw invalid(`\`countdownSeconds\` must be a whole number of seconds from 0 (now) to 600, got ${got(seconds)}.`);
      }
      return { type: 'close-breakouts', countdownSeconds: seconds };
    }
    case 'list-breakouts':
      return { type: 'list-breakouts' };
    default:
      return { type: 'stop-recording' };
  }
}
