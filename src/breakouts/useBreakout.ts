import { useEffect, useState } from 'react';
import { BREAKOUT_TOPIC, parseBreakoutMetadata, type BreakoutRoomInfo } from '../room/connection/breakoutWire.js';
import { useRoomStore } from '../room/RoomContext.js';
import { getDataBus } from '../room/state/dataBus.js';
import type { RoomHookOptions } from '../room/useRoom.js';
import { sameValue } from '../room/sameValue.js';
import { useStoreValue } from '../room/useStoreValue.js';
import { addBreakoutsToSessions } from './breakoutFollow.js';

// The modules that show breakout rooms import this one: the sessions of those apps follow their assignments.
addBreakoutsToSessions();

/** A host's message to every room of the meeting (room action `broadcast`). */
export interface BreakoutBroadcast {
  readonly message: string;
  /** The identity of the host who sent it, when the route named them. */
  readonly from: string | undefined;
  /** When it arrived (epoch milliseconds, this browser's clock). */
  readonly time: number;
}

/** Where this session stands in a meeting's breakout rooms: what {@link useBreakout} returns. */
export interface BreakoutState {
  /**
   * This room, when it is a breakout room (its metadata says so): its name, its main room's slug, and when it closes
   * once a host closes the rooms (epoch milliseconds, the server's clock). `undefined` in a main room.
   */
  readonly room: BreakoutRoomInfo | undefined;
  /** The latest broadcast a host sent to every room while this session was in this room. */
  readonly broadcast: BreakoutBroadcast | undefined;
}

const decoder = new TextDecoder();

/**
 * The breakout room this session is in, and the hosts' broadcasts. RoomKit follows the moves itself: with a
 * connection query (`useConnection`), the session joins the room the token route answers whenever the server asks
 * it to (or LiveKit moves it), and returns to the main room when the rooms close. Re-renders only when the room's
 * breakout information or the latest broadcast changes.
 *
 * @example
 * ```tsx
 * const { room } = useBreakout();
 * return room ? <p>You are in {room.name}</p> : null;
 * ```
 */
export function useBreakout(options: RoomHookOptions = {}): BreakoutState {
  const store = useRoomStore('useBreakout', options.room);
  const room = useStoreValue(store.subscribe, () => parseBreakoutMetadata(store.getState().info.metadata), sameValue);
  const name = useStoreValue(store.subscribe, () => store.getState().info.name);
  const [broadcast, setBroadcast] = useState<(BreakoutBroadcast & { room: string }) | undefined>(undefined);
  useEffect(
    () =>
      getDataBus(store.room).subscribe(BREAKOUT_TOPIC, ({ payload }) => {
        try {
          const body = JSON.parse(decoder.decode(payload)) as { type?: unknown; message?: unknown; from?: unknown };
          if (body.type !== 'broadcast' || typeof body.message !== 'string') return;
          const from = typeof body.from === 'string' ? body.from : undefined;
          setBroadcast({ message: body.message, from, time: Date.now(), room: store.room.name });
        } catch {
          // not ours
        }
      }),
    [store],
  );
  return { room, broadcast: broadcast?.room === name ? broadcast : undefined };
}
