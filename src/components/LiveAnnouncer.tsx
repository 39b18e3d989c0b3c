import { ConnectionState } from 'livekit-client';
import { useEffect, useRef, useState } from 'react';
import { getChatStore } from '../core/chatStore.js';
import { getDeviceErrors } from '../core/deviceErrors.js';
import { getHandStore } from '../core/handStore.js';
import { getPictureInPictureStore } from '../core/pictureInPicture.js';
import { getReactionStore } from '../core/reactionStore.js';
import { useRoomStore } from '../hooks/RoomContext.js';
import { useLabels, type RoomKitLabels } from './labels.js';
import { displayName } from './ParticipantTile.js';

/**
 * A visually hidden polite live region that announces joins, leaves, reconnects, new chat messages, raised hands, reactions,
 * picture-in-picture opening and closing, and device problems (a camera refused or unplugged, in `labels.deviceProblem`'s words) to
 * screen readers. VideoConference renders one; render it yourself in custom layouts.
 */
export function LiveAnnouncer({ labels: overrides }: { labels?: Partial<RoomKitLabels> }) {
  const labels = useLabels(overrides);
  const store = useRoomStore('LiveAnnouncer');
  const [message, setMessage] = useState('');
  const labelsRef = useRef(labels);
  labelsRef.current = labels;

  useEffect(() => {
    let prev = store.getState();
    const names = new Map<string, string>();
    for (const id of prev.remoteIdentities) {
      const p = store.getParticipant(id);
      if (p) names.set(id, displayName(p));
    }
    const unsubscribeRoom = store.subscribe(() => {
      const next = store.getState();
      const l = labelsRef.current;
      const said: string[] = [];
      if (next.remoteIdentities !== prev.remoteIdentities) {
        const before = new Set(prev.remoteIdentities);
        const after = new Set(next.remoteIdentities);
        for (const id of next.remoteIdentities) {
          const p = store.getParticipant(id);
          if (p) names.set(id, displayName(p));
          if (!before.has(id)) said.push(l.participantJoined(names.get(id) ?? id));
        }
        for (const id of prev.remoteIdentities) {
          if (!after.has(id)) said.push(l.participantLeft(names.get(id) ?? id));
        }
      }
      if (next.connectionState !== prev.connectionState) {
        if (next.connectionState === ConnectionState.Reconnecting) said.push(l.reconnecting);
        else if (prev.connectionState === ConnectionState.Reconnecting && next.connectionState === ConnectionState.Connected) said.push(l.reconnected);
      }
      prev = next;
      if (said.length) setMessage(said.join('. '));
    });
    const chat = getChatStore(store.room);
    let seen = chat.getMessages().length;
    const unsubscribeChat = chat.subscribe(() => {
      const messages = chat.getMessages();
      const fresh = messages.slice(Math.min(seen, messages.length)).filter((m) => !m.isLocal);
      seen = messages.length;
      const last = fresh[fresh.length - 1];
      if (last) {
        const p = store.getParticipant(last.from);
        setMessage(labelsRef.current.newMessage(p ? displayName(p) : last.from, last.message));
      }
    });
    const nameOf = (identity: string) => {
      const p = store.getParticipant(identity);
      return p ? displayName(p) : (names.get(identity) ?? identity);
    };
    const unsubscribeHands = getHandStore(store.room).onEvent((event) => {
      const l = labelsRef.current;
      if (event.type === 'lowered-by-admin') setMessage(l.handLoweredForYou);
      else setMessage(event.type === 'raised' ? l.handRaisedBy(nameOf(event.identity)) : l.handLoweredBy(nameOf(event.identity)));
    });
    const unsubscribeReactions = getReactionStore(store.room).onReaction((reaction) => {
      if (!reaction.isLocal) setMessage(labelsRef.current.reacted(nameOf(reaction.from), reaction.emoji));
    });
    const pip = getPictureInPictureStore(store.room);
    let pipOpen = pip.get().mode !== null;
    const unsubscribePip = pip.subscribe(() => {
      const open = pip.get().mode !== null;
      if (open === pipOpen) return;
      pipOpen = open;
      setMessage(open ? labelsRef.current.pictureInPictureOpened : labelsRef.current.pictureInPictureClosed);
    });
    // A device problem that arrives while nobody pressed anything (unplugged, refused on join) is said once.
    const devices = getDeviceErrors(store.room);
    const said = new Map<string, unknown>();
    const unsubscribeDevices = devices.subscribe(() => {
      for (const source of ['microphone', 'camera', 'screen_share'] as const) {
        const error = devices.get(source);
        if (said.get(source) === error) continue;
        said.set(source, error);
        if (error && error.code !== 'not-permitted') {
          setMessage(labelsRef.current.deviceProblem(source === 'screen_share' ? 'screen' : source, error.code));
        }
      }
    });
    return () => {
      unsubscribePip();
      unsubscribeDevices();
      unsubscribeRoom();
      unsubscribeChat();
      unsubscribeHands();
      unsubscribeReactions();
    };
  }, [store]);

  return (
    <div className="rk-visually-hidden" aria-live="polite" aria-atomic="true" data-testid="rk-announcer">
      {message}
    </div>
  );
}
