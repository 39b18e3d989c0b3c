import { useCallback, useEffect, useRef } from 'react';
import { getDataBus, sendData, type DataMessage, type SendDataOptions } from '../state/dataBus.js';
import { useRoomStore } from '../RoomContext.js';
import type { RoomHookOptions } from '../useRoom.js';
import { useStoreValue } from '../useStoreValue.js';

/** What {@link useDataChannel} returns. */
export interface DataChannel {
  /**
   * Sends on the hook's topic. Rejects with `invalid-message` for anything but a `Uint8Array` or a string (called from
   * JavaScript), and `not-permitted` without `canPublishData`; nothing is sent then.
   */
  send: (payload: Uint8Array | string, options?: Omit<SendDataOptions, 'topic'>) => Promise<void>;
  /** The effective grants allow sending data. */
  canSend: boolean;
}

/**
 * Receives data messages on `topic` (every topic when undefined) and sends on it. `onMessage` may be an
 * inline function: only the latest one is called, and changing it never resubscribes.
 */
export function useDataChannel(
  topic: string | undefined,
  onMessage?: (message: DataMessage) => void,
  options: RoomHookOptions = {},
): DataChannel {
  const store = useRoomStore('useDataChannel', options.room);
  const { room } = store;
  const handler = useRef(onMessage);
  useEffect(() => {
    handler.current = onMessage;
  });
  useEffect(() => getDataBus(room).subscribe(topic, (m) => handler.current?.(m)), [room, topic]);
  const canSend = useStoreValue(store.subscribe, () => store.getState().grants.canPublishData);
  const send = useCallback(
    (payload: Uint8Array | string, sendOptions: Omit<SendDataOptions, 'topic'> = {}) =>
      sendData(room, payload, { ...sendOptions, ...(topic === undefined ? {} : { topic }) }),
    [room, topic],
  );
  return { send, canSend };
}
