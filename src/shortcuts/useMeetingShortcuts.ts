import { useEffect, useMemo, useRef } from 'react';
import { enforcePublishGrants } from '../room/state/enforceGrants.js';
import { useRoomStore } from '../room/RoomContext.js';
import type { RoomHookOptions } from '../room/useRoom.js';
import { useStoreValue } from '../room/useStoreValue.js';
import { useLabels, type RoomKitLabels } from '../ui/labels.js';
import { bindMeetingShortcuts, canAct, DEFAULT_MEETING_SHORTCUTS, listenForMeetingShortcuts, type MeetingShortcut, type MeetingShortcutAction, type MeetingShortcuts } from './meetingShortcuts.js';
import { isApplePlatform } from './parseShortcut.js';
import { defaultShortcutsLabels } from './shortcutsLabels.js';

const ACTIONS = Object.keys(DEFAULT_MEETING_SHORTCUTS) as MeetingShortcutAction[];

/** Options of {@link useMeetingShortcuts}. */
export interface UseMeetingShortcutsOptions extends RoomHookOptions {
  /**
   * The keys: `{ toggleMicrophone: 'Alt+Shift+U', raiseHand: false }` rebinds or turns off single actions over
   * `DEFAULT_MEETING_SHORTCUTS`; `false` turns every one off. An inline object is fine. A combo `parseShortcut`
   * refuses, or two actions on the same keys, throws `invalid-shortcut`.
   */
  shortcuts?: MeetingShortcuts | false;
  /** Opens the chat (and puts focus in it). Without it, the chat shortcut is off: give it where chat is shown. */
  onOpenChat?: () => void;
  /** Opens the list of shortcuts (`<MeetingShortcutsDialog>`). Without it, that shortcut is off. */
  onShowShortcuts?: () => void;
  labels?: Partial<RoomKitLabels>;
}

/** What {@link useMeetingShortcuts} returns. */
export interface MeetingShortcutsState {
  /**
   * The shortcuts that can act now, in the defaults' order: what a list of them shows. A shortcut the grants or the
   * app's callbacks rule out (the microphone for a viewer, chat without `onOpenChat`) is not listed and does nothing.
   */
  shortcuts: readonly MeetingShortcut[];
  /** Whether this device has an Apple keyboard (Option ⌥ for Alt, Command ⌘ for Meta), for showing keys. */
  apple: boolean;
}

/**
 * The meeting's keyboard shortcuts, listened for on the document while mounted (one listener, whatever the number
 * of shortcuts): switch the microphone and the camera, hold to talk, raise or lower your hand, open chat, list the
 * shortcuts. Each one does nothing while focus is in a field, and says what it did through the room's
 * `LiveAnnouncer`, politely, in `labels.shortcutDone`'s words. The microphone and camera act only where the grants
 * allow publishing them, the hand with `canPublishData`, chat and the list with their callbacks.
 * `VideoConference` calls it (its `shortcuts` prop); call it once per room in your own layout.
 *
 * Re-renders only when the shortcuts that can act change (a grant, a callback given or taken away), never for a key.
 *
 * @example
 * ```tsx
 * const [listOpen, setListOpen] = useState(false);
 * const { shortcuts } = useMeetingShortcuts({ shortcuts: { raiseHand: false }, onShowShortcuts: () => setListOpen(true) });
 * ```
 */
export function useMeetingShortcuts(options: UseMeetingShortcutsOptions = {}): MeetingShortcutsState {
  const store = useRoomStore('useMeetingShortcuts', options.room);
  const labels = useLabels(options.labels, defaultShortcutsLabels);
  const apple = useMemo(isApplePlatform, []);
  const config = options.shortcuts;
  // Bound again only when a combo changes, so an inline `shortcuts` object costs nothing (never stringified whole).
  const key = config === false ? '' : `${apple}\n${ACTIONS.map((a) => config?.[a]).join('\n')}`;
  const bound = useRef<{ key: string; bindings: MeetingShortcut[] }>(null);
  if (bound.current?.key !== key) bound.current = { key, bindings: bindMeetingShortcuts(config, apple) };
  const bindings = bound.current.bindings;
  const handlers = { bindings, onOpenChat: options.onOpenChat, onShowShortcuts: options.onShowShortcuts, say: labels.shortcutDone };
  const latest = useRef(handlers);
  latest.current = handlers;
  // Which shortcuts can act, as one string, so the caller re-renders only when that changes.
  const can = useStoreValue(store.subscribe, () => bindings.map((b) => (canAct(b.action, store.getState().grants, latest.current) ? 1 : 0)).join(''));
  const shortcuts = useMemo(() => bindings.filter((_, i) => can[i] === '1'), [bindings, can]);
  const active = bindings.length > 0;
  useEffect(() => (active ? enforcePublishGrants(store.room) : undefined), [store, active]);
  useEffect(() => (active ? listenForMeetingShortcuts(store.room, () => latest.current) : undefined), [store, active]);
  return useMemo(() => ({ shortcuts, apple }), [shortcuts, apple]);
}
