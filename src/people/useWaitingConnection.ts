import { ConnectionState } from 'livekit-client';
import { useConnectionMessage, type ConnectionMessage } from '../room/ConnectionStateToast.js';
import { useMeetingName, useRoomStore } from '../room/RoomContext.js';
import { deniedOf, waitingOf } from '../waiting-room/index.js';
import { useStoreValue } from '../room/useStoreValue.js';
import type { CommonLabels } from '../ui/labels.js';
import { defaultWaitingLabels, type WaitingLabels } from './peopleLabels.js';

/** @internal A conference's connection message, with the waiting room's: the room kinds a waiting guest may open. */
export interface WaitingConnectionMessage extends ConnectionMessage {
  /** In the room, but waiting for a host to let this session in: not in the meeting yet (`inSession` is false). */
  waiting: boolean;
}

/**
 * @internal {@link useConnectionMessage} for a conference that a waiting room may hold: while this session waits,
 * it is not in the session and the words say so (with the meeting's name as the app names it, never the media server's
 * room name); turned away, the words say that. Apart from
 * the connection message itself, so a recording template or an agent page carries none of it.
 */
const WAITING_DEFAULTS = defaultWaitingLabels();

export function useWaitingConnection(given: CommonLabels & Partial<WaitingLabels>, name: string): WaitingConnectionMessage {
  const labels = { ...WAITING_DEFAULTS, ...given };
  const connection = useConnectionMessage(labels, name);
  const store = useRoomStore(name);
  const waiting = useStoreValue(store.subscribe, () => waitingOf(store));
  const denied = useStoreValue(store.subscribe, () => deniedOf(store));
  const meeting = useMeetingName(store.room);
  if (waiting) return { ...connection, inSession: false, text: labels.waitingForHost(meeting ?? ''), waiting };
  if (denied && connection.state === ConnectionState.Disconnected) return { ...connection, text: labels.waitingDenied, waiting };
  return { ...connection, waiting };
}
