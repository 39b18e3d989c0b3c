import { useEffect, useRef, useState, type FocusEvent, type HTMLAttributes, type KeyboardEvent, type PointerEvent } from 'react';
import type { NotificationKinds, RoomNotification } from './notificationStore.js';
import { useNotifications } from './useNotifications.js';
import { cx, flag } from '../ui/dev.js';
import { CloseIcon } from '../ui/icons.js';
import { useLabels, type RoomKitLabels } from '../ui/labels.js';
import { LiveAnnouncer } from './LiveAnnouncer.js';
import { useIsoLayoutEffect } from '../ui/useElementSize.js';
import { notificationText, notificationTextDefaults } from './notificationText.js';



/** How long a notification stays by default (milliseconds), unless the pointer is over the region or focus in it. */
export const NOTIFICATION_DURATION_MS = 8000;

/** Props of {@link Notifications}. */
export interface NotificationsProps extends HTMLAttributes<HTMLElement> {
  /** Kinds to neither show nor say (`{ participantJoined: false, participantLeft: false }`); all by default. */
  kinds?: NotificationKinds;
  /**
   * How long each notification stays on its own (milliseconds, default {@link NOTIFICATION_DURATION_MS}), counted
   * afresh whenever the pointer leaves the region or focus leaves it; `null`: until dismissed.
   */
  duration?: number | null;
  labels?: Partial<RoomKitLabels>;
}

/**
 * Dismisses each notification `duration` after it was first shown (or grew); while `paused` nothing is dismissed, and
 * every notification gets its full time again afterwards (WCAG 2.2.1). The timer only ever dismisses: which
 * notifications exist never waits on it.
 */
function useAutoDismiss(items: readonly RoomNotification[], duration: number | null, paused: boolean, dismiss: (id: string) => void) {
  const deadlines = useRef(new Map<string, { time: number; at: number }>());
  useEffect(() => {
    if (paused || duration === null || !Number.isFinite(duration)) {
      deadlines.current = new Map();
      return;
    }
    if (items.length === 0) return;
    const now = Date.now();
    const next = new Map<string, { time: number; at: number }>();
    for (const n of items) {
      const known = deadlines.current.get(n.id);
      next.set(n.id, known && known.time === n.time ? known : { time: n.time, at: now + duration });
    }
    deadlines.current = next;
    const earliest = Math.min(...[...next.values()].map((d) => d.at));
    const timer = setTimeout(() => {
      for (const [id, d] of next) if (d.at <= earliest) dismiss(id);
    }, Math.max(0, earliest - now));
    return () => clearTimeout(timer);
  }, [items, duration, paused, dismiss]);
}

/**
 * The room's notifications as toasts, for what people want to know without looking: someone joined or left
 * (grouped: "5 people joined"), a hand raised, recording started or stopped, a camera or microphone lost, a chat
 * message while no `<Chat>` is on screen. Screen readers hear each once, politely, from the `LiveAnnouncer` it renders
 * (so render no other one beside it); the toasts themselves are no live region, so a dismiss button is never read out.
 * Each toast has a dismiss button named after it ("Dismiss: Ada joined"), in the tab order; Escape in a toast dismisses
 * it too, and focus moves to the next toast (or the region). Toasts leave on their own after `duration`, never while
 * the pointer is over the region or focus is in it. `VideoConference` renders one.
 *
 * `data-paused` is present while the region holds its toasts (pointer over it, or focus in it); each toast's `data-kind`
 * is its notification kind. Build your own with `useNotifications()` and `notificationText()`.
 */
export function Notifications({
  kinds,
  duration = NOTIFICATION_DURATION_MS,
  labels: overrides,
  className,
  onPointerEnter,
  onPointerLeave,
  onFocus,
  onBlur,
  ...rest
}: NotificationsProps) {
  const labels = useLabels(overrides, notificationTextDefaults);
  const { notifications, dismiss } = useNotifications(kinds ? { kinds } : {});
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const paused = hovered || focused;
  useAutoDismiss(notifications, duration, paused, dismiss);
  const root = useRef<HTMLElement>(null);
  // A region that scrolls (the conference's lane is at most 40% of the stage) shows its newest toast.
  const newest = notifications[notifications.length - 1]?.id;
  useIsoLayoutEffect(() => {
    const region = root.current;
    if (newest !== undefined && region && region.scrollHeight > region.clientHeight) region.scrollTop = region.scrollHeight;
  }, [newest]);

  /** Dismisses one; when focus was in it, focus goes to the next toast's button, else the previous one's, else the region. */
  const dismissFromKeyboardOrClick = (id: string, toast: HTMLElement) => {
    const region = root.current;
    let target: HTMLElement | null | undefined;
    if (toast.contains(document.activeElement)) {
      const buttons = [...(region?.querySelectorAll<HTMLElement>('.rk-notification-dismiss') ?? [])];
      const at = buttons.findIndex((b) => toast.contains(b));
      target = buttons[at + 1] ?? buttons[at - 1] ?? region;
    }
    dismiss(id);
    target?.focus();
  };

  return (
    <section
      ref={root}
      aria-label={labels.notifications}
      tabIndex={-1}
      {...rest}
      className={cx('rk-notifications', className)}
      data-paused={flag(paused)}
      onPointerEnter={(e: PointerEvent<HTMLElement>) => {
        onPointerEnter?.(e);
        if (!e.defaultPrevented) setHovered(true);
      }}
      onPointerLeave={(e: PointerEvent<HTMLElement>) => {
        onPointerLeave?.(e);
        if (!e.defaultPrevented) setHovered(false);
      }}
      onFocus={(e: FocusEvent<HTMLElement>) => {
        onFocus?.(e);
        if (!e.defaultPrevented) setFocused(true);
      }}
      onBlur={(e: FocusEvent<HTMLElement>) => {
        onBlur?.(e);
        if (!e.defaultPrevented && !e.currentTarget.contains(e.relatedTarget as Node | null)) setFocused(false);
      }}
    >
      {notifications.length ? (
        <ol className="rk-notification-list">
          {notifications.map((n) => {
            const text = notificationText(n, labels);
            return (
              <li
                key={n.id}
                className="rk-notification"
                data-kind={n.kind}
                onKeyDown={(e: KeyboardEvent<HTMLLIElement>) => {
                  if (e.key !== 'Escape' || e.defaultPrevented) return;
                  e.preventDefault();
                  dismissFromKeyboardOrClick(n.id, e.currentTarget);
                }}
              >
                <p className="rk-notification-text">{text}</p>
                <button
                  type="button"
                  className="rk-button rk-icon-button rk-notification-dismiss"
                  aria-label={labels.dismissNotification(text)}
                  onClick={(e) => dismissFromKeyboardOrClick(n.id, e.currentTarget.closest('li')!)}
                >
                  <CloseIcon />
                </button>
              </li>
            );
          })}
        </ol>
      ) : null}
      <LiveAnnouncer labels={overrides} kinds={kinds} />
    </section>
  );
}
