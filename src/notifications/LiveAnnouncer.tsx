import { ConnectionState } from 'livekit-client';
import { useEffect, useRef, useState } from 'react';
import { getDeviceErrors } from '../media/devices/deviceErrors.js';
import { onAnnouncement } from './announcements.js';
import { getHandStore, getReactionStore } from '../hands/index.js';
import { getNotificationStore, type NotificationKinds, type RoomNotification } from './notificationStore.js';
import { defaultPictureInPictureLabels, getPictureInPictureStore } from '../picture-in-picture/index.js';
import { useRoomStore } from '../room/RoomContext.js';
import { useLabels, type RoomKitLabels } from '../ui/labels.js';
import { notificationText, notificationTextDefaults } from './notificationText.js';
import { displayName } from '../room/displayName.js';

/** The notification texts' English defaults, and picture-in-picture's. */
const DEFAULTS = { ...notificationTextDefaults, ...defaultPictureInPictureLabels };

/** Props of {@link LiveAnnouncer}. */
export interface LiveAnnouncerProps {
  labels?: Partial<RoomKitLabels> | undefined;
  /**
   * Notification kinds not to say (`{ participantJoined: false }`); every kind is said by default. `<Notifications>`
   * passes its own `kinds`, so what it does not show is not said either.
   */
  kinds?: NotificationKinds | undefined;
}

/**
 * A visually hidden polite live region (`aria-live="polite"`) for screen readers. It says the room's notifications
 * (the ones `useNotifications()` lists: joins and leaves, grouped, raised hands, recording started or stopped, a lost
 * camera or microphone, a chat message while no `<Chat>` is on screen) and what is no notification: reconnecting and
 * reconnected, a hand lowered (by its owner, or yours by a moderator), reactions, picture-in-picture opening and
 * closing, and device problems other than a lost device (a camera refused on join, in `labels.deviceProblem`'s
 * words), and what a keyboard shortcut did ("Microphone off", `useMeetingShortcuts`). Each thing is said once: `<Notifications>` renders one and shows the same notifications as toasts, and
 * `VideoConference` renders that. Render it yourself in custom layouts without `<Notifications>`.
 */
export function LiveAnnouncer({ labels: overrides, kinds }: LiveAnnouncerProps) {
  const labels = useLabels(overrides, DEFAULTS);
  const store = useRoomStore('LiveAnnouncer');
  // Everything said before the next commit is said together: one event must not overwrite another of the same
  // moment (a join and a raised hand in one burst). A new object each time, so saying the same words again renders.
  const [said, setSaid] = useState({ text: '' });
  const pending = useRef<string[]>([]);
  useEffect(() => {
    pending.current = [];
  }, [said]);
  const labelsRef = useRef(labels);
  labelsRef.current = labels;
  const kindsRef = useRef(kinds);
  kindsRef.current = kinds;

  useEffect(() => {
    const setMessage = (text: string) => {
      pending.current.push(text);
      setSaid({ text: pending.current.join('. ') });
    };
    const notifications = getNotificationStore(store.room);
    let known = new Set<RoomNotification>(notifications.getNotifications());
    const unsubscribeNotifications = notifications.subscribe(() => {
      const list = notifications.getNotifications();
      // New items, and grouped ones that grew (a new object with the same id): "3 people joined". One that shrank (a
      // knock let in) is not news.
      const before = new Map([...known].map((n) => [n.id, n]));
      const shrank = (n: RoomNotification) => {
        const was = before.get(n.id);
        return !!was && 'people' in was && 'people' in n && n.people.length < was.people.length;
      };
      const fresh = list.filter((n) => !known.has(n) && !shrank(n) && kindsRef.current?.[n.kind] !== false);
      known = new Set(list);
      if (fresh.length) setMessage(fresh.map((n) => notificationText(n, labelsRef.current)).join('. '));
    });
    let prev = store.getState();
    const unsubscribeRoom = store.subscribe(() => {
      const next = store.getState();
      const l = labelsRef.current;
      if (next.connectionState !== prev.connectionState) {
        if (next.connectionState === ConnectionState.Reconnecting) setMessage(l.reconnecting);
        else if (prev.connectionState === ConnectionState.Reconnecting && next.connectionState === ConnectionState.Connected) setMessage(l.reconnected);
      }
      prev = next;
    });
    const nameOf = (identity: string) => {
      const p = store.getParticipant(identity);
      return p ? displayName(p) : identity;
    };
    // A hand going up is a notification; going down is said here.
    const unsubscribeHands = getHandStore(store.room).onEvent((event) => {
      const l = labelsRef.current;
      if (event.type === 'lowered-by-admin') setMessage(l.handLoweredForYou);
      else if (event.type === 'lowered' && kindsRef.current?.handRaised !== false) setMessage(l.handLoweredBy(nameOf(event.identity)));
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
    // A device problem that arrives while nobody pressed anything (refused on join) is said once; a lost device is
    // a notification.
    const devices = getDeviceErrors(store.room);
    const said = new Map<string, unknown>();
    const unsubscribeDevices = devices.subscribe(() => {
      for (const source of ['microphone', 'camera', 'screen_share'] as const) {
        const error = devices.get(source);
        if (said.get(source) === error) continue;
        said.set(source, error);
        if (error && error.code !== 'not-permitted' && error.code !== 'device-lost') {
          setMessage(labelsRef.current.deviceProblem(source === 'screen_share' ? 'screen' : source, error.code));
        }
      }
    });
    // What the user's own keyboard shortcuts did (`announce`).
    const unsubscribeAnnouncements = onAnnouncement(store.room, setMessage);
    return () => {
      unsubscribeAnnouncements();
      unsubscribeNotifications();
      unsubscribePip();
      unsubscribeDevices();
      unsubscribeRoom();
      unsubscribeHands();
      unsubscribeReactions();
    };
  }, [store]);

  return (
    <div className="rk-visually-hidden" aria-live="polite" aria-atomic="true" data-testid="rk-announcer">
      {said.text}
    </div>
  );
}
