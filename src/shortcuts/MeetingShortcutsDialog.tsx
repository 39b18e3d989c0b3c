import { Fragment, useId, useRef, type HTMLAttributes, type KeyboardEvent } from 'react';
import { cx } from '../ui/dev.js';
import { CloseIcon } from '../ui/icons.js';
import { useLabels, type RoomKitLabels } from '../ui/labels.js';
import { useIsoLayoutEffect } from '../ui/useElementSize.js';
import type { MeetingShortcut } from './meetingShortcuts.js';
import { shortcutKeys } from './parseShortcut.js';
import { defaultShortcutsLabels } from './shortcutsLabels.js';

/** Props of {@link MeetingShortcutsDialog}. */
export interface MeetingShortcutsDialogProps extends HTMLAttributes<HTMLDivElement> {
  /** The shortcuts to list: `useMeetingShortcuts().shortcuts`. */
  shortcuts: readonly MeetingShortcut[];
  /** Shows keys as on an Apple keyboard (⌥ Option, ⌘ Command, no "+"): `useMeetingShortcuts().apple`. */
  apple?: boolean;
  /** Called when the person closes it (Escape, the close button, a press outside); render it no more then. */
  onClose: () => void;
  labels?: Partial<RoomKitLabels>;
}

const SYMBOLS: Record<string, string> = { Ctrl: '⌃', Alt: '⌥', Shift: '⇧', Meta: '⌘' };

/**
 * A modal dialog listing the meeting's keyboard shortcuts, each action with its keys (`<kbd>`; on an Apple
 * keyboard ⌥ ⇧ ⌃ ⌘ with the key's name for screen readers). Render it while it is open: it takes focus on mount,
 * keeps Tab and Shift+Tab inside, closes on Escape, its close button or a press outside, and gives focus back to
 * where it was (the More button when that place is gone with a closed menu). `VideoConference` opens it from its
 * "Keyboard shortcuts" button and the `showShortcuts` shortcut. Each row has `data-action`.
 */
export function MeetingShortcutsDialog({ shortcuts, apple = false, onClose, labels: overrides, className, ...rest }: MeetingShortcutsDialogProps) {
  const labels = useLabels(overrides, defaultShortcutsLabels);
  const titleId = useId();
  const dialog = useRef<HTMLDivElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);
  const opener = useRef<{ element: HTMLElement | null; menu: HTMLElement | null | undefined }>(null);
  useIsoLayoutEffect(() => {
    // Once: StrictMode's second run would find the dialog itself focused.
    if (!opener.current) {
      const element = document.activeElement as HTMLElement | null;
      opener.current = { element, menu: element?.closest('.rk-more')?.querySelector<HTMLElement>('.rk-more-toggle') };
    }
    dialog.current?.focus();
  }, []);
  const close = () => {
    const { element, menu } = opener.current ?? {};
    (element?.isConnected ? element : menu?.isConnected ? menu : null)?.focus();
    onClose();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    rest.onKeyDown?.(event);
    if (event.defaultPrevented || (event.key !== 'Escape' && event.key !== 'Tab')) return;
    event.preventDefault();
    // Its one control is the close button: Tab and Shift+Tab stay on it.
    if (event.key === 'Tab') closeButton.current?.focus();
    else close();
  };
  return (
    <div className="rk-shortcuts-backdrop" onPointerDown={(event) => event.target === event.currentTarget && close()}>
      <div
        ref={dialog}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        {...rest}
        className={cx('rk-shortcuts-dialog', className)}
        onKeyDown={onKeyDown}
      >
        <h2 id={titleId} className="rk-shortcuts-title">
          {labels.keyboardShortcuts}
        </h2>
        <button ref={closeButton} type="button" className="rk-button rk-icon-button rk-shortcuts-close" aria-label={labels.closePanel(labels.keyboardShortcuts)} onClick={close}>
          <CloseIcon />
        </button>
        <dl className="rk-shortcuts-list">
          {shortcuts.map(({ action, shortcut }) => (
            <div key={action} className="rk-shortcut" data-action={action}>
              <dt>{labels.shortcutAction(action)}</dt>
              <dd>
                {shortcutKeys(shortcut).map((key, i) => (
                  <Fragment key={key}>
                    {i > 0 && !apple ? '+' : null}
                    {apple && SYMBOLS[key] ? (
                      <kbd>
                        <span aria-hidden="true">{SYMBOLS[key]}</span>
                        <span className="rk-visually-hidden">{labels.keyName(key, true)}</span>
                      </kbd>
                    ) : (
                      <kbd>{labels.keyName(key, apple)}</kbd>
                    )}
                  </Fragment>
                ))}
              </dd>
            </div>
          ))}
        </dl>
        <p className="rk-shortcuts-hint">{labels.shortcutsHint}</p>
      </div>
    </div>
  );
}
