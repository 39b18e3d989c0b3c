import { useMemo } from 'react';
import { createTranscriptMerger, type ConversationEntry } from './agentConversationStore.js';
import { getChatStore } from '../chat/index.js';
import { getTranscriptionStore } from '../captions/index.js';
import { useRoomStore } from '../room/RoomContext.js';
import type { RoomHookOptions } from '../room/useRoom.js';
import { shallowArrayEqual, useStoreValue } from '../room/useStoreValue.js';
import { showAgentOnTiles } from '../tile/index.js';

// An app that shows an agent's transcript shows the agent on its tiles too (tile/agentOnTiles.tsx).
showAgentOnTiles();

/**
 * One transcript of a conversation with an agent, oldest first: the agent's speech (its transcriptions), the
 * person's own speech (transcriptions of this session's microphone, which agents send with the person as speaker
 * through `lk.transcribed_track_id`), and typed messages both ways on `lk.chat`. An interim line is replaced in
 * place by its updates and its final version; unchanged lines keep their identity, so a memoised line component
 * re-renders only when its own line changes. While it is used, the room's transcription and chat handlers are
 * registered.
 */
export function useAgentTranscript(options: RoomHookOptions = {}): readonly ConversationEntry[] {
  const store = useRoomStore('useAgentTranscript', options.room);
  const { subscribe, select } = useMemo(() => {
    const transcriptions = getTranscriptionStore(store.room);
    const chat = getChatStore(store.room);
    const merge = createTranscriptMerger();
    return {
      subscribe: (listener: () => void) => {
        const offs = [transcriptions.subscribe(listener), chat.subscribe(listener), store.subscribe(listener)];
        return () => offs.forEach((off) => off());
      },
      select: () => merge(transcriptions.getSegments(), chat.getMessages(), store.getState().local.identity),
    };
  }, [store]);
  return useStoreValue(subscribe, select, shallowArrayEqual);
}
