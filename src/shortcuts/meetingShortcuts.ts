import { Track, type Room } from 'livekit-client';
import { getHandStore } from '../hands/index.js';
import { isPublishing, switchTrack } from '../media/switchTrack.js';
import { announce } from '../notifications/index.js';
import { canPublishSource, canSendToTiles, type Grants } from '../room/state/grants.js';
import { getRoomStore } from '../room/state/roomStore.js';
import { RoomKitError } from '../room/RoomKitError.js';
import { isTypingTarget, matchesShortcut, parseShortcut, type Shortcut } from './parseShortcut.js';

/** What a meeting's keyboard shortcuts do. */
export type MeetingShortcutAction = 'toggleMicrophone' | 'toggleCamera' | 'pushToTalk' | 'raiseHand' | 'openChat' | 'showShortcuts';

/**
 * The meeting's keys unless the app rebinds them: Alt+Shift and a letter, which is Option+Shift (⌥⇧) on a Mac.
 * Every one holds two modifiers, so none fires while someone types (WCAG 2.1.4), and Alt+Shift is a pair the
 * browsers and screen readers leave to pages: Chrome and Edge take Ctrl+D, Ctrl+E, Ctrl+Shift+M and Alt+D, Alt+E,
 * Alt+F, and of Alt+Shift only A, B, I and T; Firefox opens its menus with Alt and a letter; Ctrl+Alt is AltGr on
 * many European layouts; NVDA and JAWS use Insert and Caps Lock, VoiceOver Control+Option, and a Mac's Command keys
 * are the browser's. The letters say what they do: M microphone, V video, P push to talk, H hand, C chat, K keys.
 */
export const DEFAULT_MEETING_SHORTCUTS: Readonly<Record<MeetingShortcutAction, string>> = {
  toggleMicrophone: 'Alt+Shift+M',
  toggleCamera: 'Alt+Shift+V',
  pushToTalk: 'Alt+Shift+P',
  raiseHand: 'Alt+Shift+H',
  openChat: 'Alt+Shift+C',
  showShortcuts: 'Alt+Shift+K',
};

/**
 * An app's keys for the meeting's shortcuts, over {@link DEFAULT_MEETING_SHORTCUTS}: a combo (`'Alt+Shift+U'`, read
 * by `parseShortcut`) rebinds an action, `false` turns it off, an action left out keeps its default.
 */
export type MeetingShortcuts = Partial<Record<MeetingShortcutAction, string | false>>;

/** One bound shortcut: the action, the combo as the app wrote it, and its parsed keys. */
export interface MeetingShortcut {
  readonly action: MeetingShortcutAction;
  readonly combo: string;
  readonly shortcut: Shortcut;
}

/** @internal What the shortcuts need from the component that shows the meeting. */
export interface MeetingShortcutHandlers {
  bindings: readonly MeetingShortcut[];
  onOpenChat?: (() => void) | undefined;
  onShowShortcuts?: (() => void) | undefined;
  /** What an action did, in words: "Microphone off". */
  say: (action: MeetingShortcutAction, on: boolean) => string;
}

/**
 * @internal Each action's shortcut: the app's `shortcuts` over the defaults, in the defaults' order. Throws
 * `invalid-shortcut` for a combo `parseShortcut` refuses and for two actions on the same keys.
 */
export function bindMeetingShortcuts(shortcuts: MeetingShortcuts | false | undefined, apple: boolean): MeetingShortcut[] {
  const bound: MeetingShortcut[] = [];
  if (shortcuts === false) return bound;
  for (const action of Object.keys(DEFAULT_MEETING_SHORTCUTS) as MeetingShortcutAction[]) {
    const combo = shortcuts?.[action] ?? DEFAULT_MEETING_SHORTCUTS[action];
    if (combo === false) continue;
    const shortcut = parseShortcut(combo, { apple });
    const same = bound.find((b) => (['key', 'ctrl', 'alt', 'shift', 'meta'] as const).every((k) => b.shortcut[k] === shortcut[k]));
    if (same) {
      throw new RoomKitError('invalid-shortcut', `Shortcut "${combo}": ${same.action} and ${action} both use it. Give each action keys of its own, or turn one off with false.`, {
        details: { combo },
      });
    }
    bound.push({ action, combo, shortcut });
  }
  return bound;
}

/**
 * @internal Whether `action` can act now: the microphone and camera need the grants to publish them, a hand
 * `canPublishData` (and no hidden observer), chat and the list the app's callbacks.
 */
export function canAct(action: MeetingShortcutAction, grants: Grants, handlers: Pick<MeetingShortcutHandlers, 'onOpenChat' | 'onShowShortcuts'>): boolean {
  switch (action) {
    case 'toggleCamera':
      return canPublishSource(grants, 'camera');
    case 'raiseHand':
      return canSendToTiles(grants);
    case 'openChat':
      return !!handlers.onOpenChat;
    case 'showShortcuts':
      return !!handlers.onShowShortcuts;
    default:
      return canPublishSource(grants, 'microphone');
  }
}

const MIC = Track.Source.Microphone;

/**
 * @internal Listens to the document's keys for the room's meeting shortcuts (one listener for all of them) until the
 * returned function is called. `latest()` gives the current bindings and callbacks at each key press, so changing
 * them needs no new listener. A key press in a field, during an IME composition, already handled
 * (`defaultPrevented`) or bound to an action that cannot act goes on untouched; a bound one is prevented, and its
 * auto-repeats do nothing more. Each action is said politely once it is done. Hold to talk: while its keys are held
 * a muted microphone is live; letting go of the key, leaving the window or hiding the page mutes it again. With
 * the microphone already on, holding does nothing. The microphone's switches run one after another.
 */
export function listenForMeetingShortcuts(room: Room, latest: () => MeetingShortcutHandlers): () => void {
  const store = getRoomStore(room);
  const hands = getHandStore(room);
  /** The code of the key held to talk, while hold to talk keeps the microphone live. */
  let talking: string | undefined;
  let queue: Promise<unknown> = Promise.resolve();
  const run = (task: () => Promise<string>) => {
    queue = queue.then(task).then(
      (words) => announce(room, words),
      () => undefined, // a device problem is said by LiveAnnouncer from the device errors
    );
  };
  /** Switches `source` to `force` (else the other way) and says what it did. */
  const toggle = (source: typeof MIC | Track.Source.Camera, say: (on: boolean) => string, force?: boolean) =>
    run(async () => {
      const on = force ?? !isPublishing(store, source);
      await switchTrack(store, source, on);
      return say(on);
    });
  const release = () => {
    if (talking === undefined) return;
    talking = undefined;
    toggle(MIC, (on) => latest().say('pushToTalk', on), false);
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.defaultPrevented || event.isComposing || isTypingTarget(event.composedPath()[0] ?? event.target)) return;
    const handlers = latest();
    const grants = store.getState().grants;
    const action = handlers.bindings.find((b) => matchesShortcut(event, b.shortcut) && canAct(b.action, grants, handlers))?.action;
    if (!action) return;
    event.preventDefault();
    if (event.repeat) return;
    const say = (on: boolean) => handlers.say(action, on);
    if (action === 'toggleMicrophone' || action === 'toggleCamera') {
      if (action === 'toggleMicrophone') talking = undefined;
      toggle(action === 'toggleCamera' ? Track.Source.Camera : MIC, say);
    } else if (action === 'pushToTalk') {
      if (talking !== undefined || isPublishing(store, MIC)) return;
      talking = event.code;
      toggle(MIC, say, true);
    } else if (action === 'raiseHand') {
      run(async () => {
        const up = !hands.getHands().some((h) => h.isLocal);
        await (up ? hands.raise() : hands.lower());
        return say(up);
      });
    } else if (action === 'openChat') {
      handlers.onOpenChat?.();
      announce(room, say(true));
    } else {
      // The dialog takes focus, and its name is said then.
      handlers.onShowShortcuts?.();
    }
  };
  const onKeyUp = (event: KeyboardEvent) => {
    if (talking !== undefined && (talking === '' || event.code === talking)) release();
  };
  const onHidden = () => {
    if (document.visibilityState === 'hidden') release();
  };
  document.addEventListener('keydown', onKeyDown);
  document.addEventListener('keyup', onKeyUp);
  document.addEventListener('visibilitychange', onHidden);
  window.addEventListener('blur', release);
  return () => {
    release();
    document.removeEventListener('keydown', onKeyDown);
    document.removeEventListener('keyup', onKeyUp);
    document.removeEventListener('visibilitychange', onHidden);
    window.removeEventListener('blur', release);
  };
}
