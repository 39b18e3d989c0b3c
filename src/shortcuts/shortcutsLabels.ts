import type { MeetingShortcutAction } from './meetingShortcuts.js';

/**
 * The keyboard shortcuts' strings (the dialog that lists them, its button, what each shortcut says it did). Part of
 * `RoomKitLabels` (give them to `<RoomProvider labels>` or a component's `labels`); their English defaults ship with
 * the components that show them.
 */
export interface ShortcutsLabels {
  /** The dialog's title, and the button that opens it. */
  keyboardShortcuts: string;
  /** An action's name in the dialog: "Turn microphone on or off". */
  shortcutAction: (action: MeetingShortcutAction) => string;
  /**
   * What a shortcut did, said politely: "Microphone on" / "Microphone off" (`on` is the new state; for
   * `pushToTalk`, true while held and false once let go), "Hand raised", "Chat opened".
   */
  shortcutDone: (action: MeetingShortcutAction, on: boolean) => string;
  /**
   * A key's name in the dialog, as `parseShortcut` reads it (`'Alt'`, `'Shift'`, `'Ctrl'`, `'Meta'`, `'M'`,
   * `'Space'`…); `apple` on Apple keyboards, where Alt is Option and Meta is Command.
   */
  keyName: (key: string, apple: boolean) => string;
  /** The note under the list. */
  shortcutsHint: string;
}

declare module '../ui/labels.js' {
  interface RoomKitLabels extends ShortcutsLabels {}
}

const ACTIONS: Record<MeetingShortcutAction, string> = {
  toggleMicrophone: 'Turn microphone on or off',
  toggleCamera: 'Turn camera on or off',
  pushToTalk: 'Hold to talk while muted',
  raiseHand: 'Raise or lower your hand',
  openChat: 'Open chat',
  showShortcuts: 'Show keyboard shortcuts',
};

const MODIFIERS: Record<string, [apple: string, other: string]> = {
  Ctrl: ['Control', 'Ctrl'],
  Alt: ['Option', 'Alt'],
  Meta: ['Command', 'Meta'],
};

/** English defaults of {@link ShortcutsLabels}. */
export const defaultShortcutsLabels: ShortcutsLabels = {
  keyboardShortcuts: 'Keyboard shortcuts',
  shortcutAction: (action) => ACTIONS[action],
  shortcutDone: (action, on) =>
    action === 'toggleCamera'
      ? `Camera ${on ? 'on' : 'off'}`
      : action === 'raiseHand'
        ? `Hand ${on ? 'raised' : 'lowered'}`
        : action === 'openChat'
          ? 'Chat opened'
          : action === 'showShortcuts'
            ? 'Keyboard shortcuts'
            : `Microphone ${on ? 'on' : 'off'}`,
  keyName: (key, apple) => MODIFIERS[key]?.[apple ? 0 : 1] ?? key,
  shortcutsHint: 'Shortcuts do nothing while you type in a field.',
};
